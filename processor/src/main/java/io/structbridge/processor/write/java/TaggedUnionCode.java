package io.structbridge.processor.write.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import javax.lang.model.element.Modifier;

/** Code shared by the writers of tagged unions. */
public final class TaggedUnionCode {
    private TaggedUnionCode() {}

    /** {@return the Java type a discriminator is passed as: its enum, or {@code long} for an integral one} */
    public static TypeName tagType(StructModel model, TaggedUnion t) {
        return switch (model.fields().stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow().type()) {
            case FieldType.EnumCode e -> JavaTypeNames.classNameOf(e.type());
            case FieldType.Scalar s -> TypeName.LONG;
            default -> throw new IllegalStateException("discriminator " + t.tag());
        };
    }

    /** {@return {@code private static int live$u(tag)}: the index of the member the discriminator selects, -1 for none} */
    public static MethodSpec live(StructModel model, TaggedUnion t, TypeName tagType) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("live$" + t.union()).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("{@return the index of the member of {@code $L} that discriminator {@code $L} selects, -1 for none}\n", t.union(), t.tag())
                .returns(TypeName.INT).addParameter(tagType, "tag");
        boolean isEnum = model.fields().stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow().type() instanceof FieldType.EnumCode;
        if (isEnum) {
            m.addCode("return switch (tag) {\n$>");
            for (int i = 0; i < t.alternatives().size(); i++) {
                m.addCode("case $L -> $L;\n", String.join(", ", t.alternatives().get(i).constants()), i);
            }
            return m.addCode("$<};\n").build();
        }
        for (int i = 0; i < t.alternatives().size(); i++) {
            CodeBlock cond = t.alternatives().get(i).codes().stream().map(c -> CodeBlock.of("tag == $LL", c)).collect(CodeBlock.joining(" || "));
            m.beginControlFlow("if ($L)", cond).addStatement("return $L", i).endControlFlow();
        }
        return m.addStatement("return -1").build();
    }

}

package io.structbridge.processor.write.validator;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import io.structbridge.processor.write.java.JavaTypeNames;
import io.structbridge.processor.write.java.TaggedUnionCode;
import java.util.function.BiConsumer;
import javax.lang.model.element.Modifier;

/**
 * Validation of a tagged union component: only the member its discriminator selects is validated
 * (constraints and native rules), with paths such as {@code shape.circle.r}; the other members'
 * readings of the same bytes are not judged. A discriminator value that selects no member is a
 * {@code Native} violation on the discriminator; an invalid one (an unknown enum code) is reported by
 * the discriminator's own check and the union is then left alone.
 */
final class TaggedUnionValidation {
    private TaggedUnionValidation() {}

    /** Adds {@code live$u} per tagged union of {@code model}. */
    static void addMethods(TypeSpec.Builder t, StructModel model) {
        for (TaggedUnion u : model.tagged()) {
            t.addMethod(TaggedUnionCode.live(model, u, TaggedUnionCode.tagType(model, u)));
        }
    }

    private static StructModel union(StructModel model, TaggedUnion t) {
        return ((FieldType.Nested) model.fields().stream().filter(f -> f.name().equals(t.union())).findFirst()
                .orElseThrow().type()).struct();
    }

    private static String noMember(StructModel model, TaggedUnion t) {
        StringBuilder b = new StringBuilder("selects no member of union " + union(model, t).record().simpleName() + " (");
        for (TaggedUnion.Alternative a : t.alternatives()) {
            for (String v : a.constants().isEmpty() ? a.json() : a.constants()) {
                b.append(b.charAt(b.length() - 1) == '(' ? "" : ", ").append(v).append(" -> ").append(a.member());
            }
        }
        return b.append(')').toString();
    }

    /** Record validation of tagged union component {@code f}: the live member of {@code value.f()} only. */
    static void recordField(MethodSpec.Builder m, StructModel model, FieldModel f) {
        TaggedUnion t = TaggedUnion.of(model, f.name());
        StructModel union = union(model, t);
        ClassName unionRecord = JavaTypeNames.classNameOf(union.record());
        boolean isEnum = model.fields().stream().anyMatch(x -> x.name().equals(t.tag()) && x.type() instanceof FieldType.EnumCode);
        m.addCode("// $L: only the member $L selects\n{\n$>", f.name(), t.tag())
                .addStatement("$T v = value.$L()", unionRecord, f.name())
                .beginControlFlow("if (v == null)")
                .addStatement("out.add(new $T(prefix + $S, $T.NATIVE, $S, null))", ValidatorClassWriter.VIOLATION, f.name(),
                        ValidatorClassWriter.VIOLATION, "must not be null (native structs have no null)")
                .nextControlFlow(isEnum ? "else if (value." + t.tag() + "() != null)" : "else")
                .addStatement("int live = live$$$L(value.$L())", f.name(), t.tag())
                .beginControlFlow("if (live < 0)")
                .addStatement("out.add(new $T(prefix + $S, $T.NATIVE, $S, value.$L()))", ValidatorClassWriter.VIOLATION, t.tag(),
                        ValidatorClassWriter.VIOLATION, noMember(model, t), t.tag())
                .nextControlFlow("else")
                .addStatement("$T.validateMember(v, live, prefix + $S, out)", ValidatorClassWriter.validatorClass(union.record()), f.name() + ".")
                .endControlFlow()
                .endControlFlow()
                .addCode("$<}\n");
    }

    /** In-place validation of tagged union component {@code f}: the live member only. */
    static void nativeField(MethodSpec.Builder m, StructModel model, FieldModel f, ClassName struct) {
        TaggedUnion t = TaggedUnion.of(model, f.name());
        StructModel union = union(model, t);
        ClassName validator = ValidatorClassWriter.validatorClass(union.record());
        m.addCode("// $L: only the member $L selects\n{\n$>", f.name(), t.tag())
                .addStatement("int live")
                .beginControlFlow("try")
                .addStatement("live = live$$$L($T.$L(segment, offset))", f.name(), struct, t.tag())
                .nextControlFlow("catch ($T e)", ValidatorClassWriter.VALUE_EXCEPTION)
                .addCode("// an invalid discriminator: its own check reports it\n")
                .addStatement("live = -2")
                .endControlFlow()
                .beginControlFlow("if (live == -1)")
                .addStatement("out.add(new $T(prefix + $S, $T.NATIVE, $S, $T.$L(segment, offset)))", ValidatorClassWriter.VIOLATION,
                        t.tag(), ValidatorClassWriter.VIOLATION, noMember(model, t), struct, t.tag())
                .endControlFlow()
                .beginControlFlow("switch (live)");
        for (int i = 0; i < union.fields().size(); i++) {
            m.addStatement("case $L -> $T.validate$$$L(segment, offset + $T.$L, prefix + $S, out)", i, validator,
                    union.fields().get(i).name(), struct, JavaTypeNames.offsetConstant(f.name()), f.name() + ".");
        }
        m.addCode("default -> { }\n").endControlFlow().addCode("$<}\n");
    }

    /**
     * Adds, to a union's validator, {@code validateMember(value, member, prefix, out)}: the record
     * validation of one member (the live one of a tagged union) only. The other members are absent in
     * the records every reader returns (null, or zero / false) and no writer stores them, so they are
     * not judged, and neither is the untagged union's consistency (what {@code RStruct.write} of the
     * enclosing struct checks and stores is the live member alone).
     */
    static void validateMember(TypeSpec.Builder t, StructModel union, ClassName record,
                               BiConsumer<MethodSpec.Builder, FieldModel> recordField) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("validateMember").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Validates only member number {@code member} of {@code value} (the live one of a tagged union); the\n"
                        + "other members are not judged: a struct that tags the union neither reads nor stores them.\n\n")
                .addJavadoc("@param value the union\n@param member the index of the live member\n@param prefix the path of the union\n")
                .addJavadoc("@param out the violations\n")
                .addParameter(record, "value").addParameter(TypeName.INT, "member").addParameter(String.class, "prefix")
                .addParameter(ValidatorClassWriter.VIOLATIONS, "out")
                .beginControlFlow("switch (member)");
        for (int i = 0; i < union.fields().size(); i++) {
            m.addCode("case $L -> {\n$>", i);
            recordField.accept(m, union.fields().get(i));
            m.addCode("$<}\n");
        }
        m.addStatement("default -> throw new $T($S + member)", IllegalArgumentException.class, "no member ").endControlFlow();
        t.addMethod(m.build());
    }
}

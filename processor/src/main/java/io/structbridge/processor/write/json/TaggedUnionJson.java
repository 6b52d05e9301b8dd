package io.structbridge.processor.write.json;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import io.structbridge.processor.write.java.JavaTypeNames;
import javax.lang.model.element.Modifier;

/**
 * JSON of a tagged union component: an object holding only the live member, e.g.
 * {@code "shape":{"circle":{"r":1.5}}}, where the discriminator ({@code "kind":"CIRCLE"}) selects
 * {@code circle}. Writing reads the discriminator and writes that member only; reading accepts the
 * union object only with exactly one member, and (once the whole enclosing object is read, so the
 * properties may come in any order) only the member the discriminator selects.
 */
final class TaggedUnionJson {
    private TaggedUnionJson() {}

    /** {@return the tagged union held by {@code f}, or null} */
    static TaggedUnion of(StructModel model, FieldModel f) {
        return TaggedUnion.of(model, f.name());
    }

    private static StructModel union(StructModel model, TaggedUnion t) {
        return ((FieldType.Nested) field(model, t.union()).type()).struct();
    }

    private static FieldModel field(StructModel model, String name) {
        return model.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** {@return the declarations of the locals that record which member each union's JSON held} */
    static CodeBlock locals(StructModel model) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (TaggedUnion t : model.tagged()) {
            b.addStatement("int member$$$L = -1", t.union());
        }
        return b.build();
    }

    /** {@return the read of the union component {@code f}, recording the member present} */
    static CodeBlock readCall(StructModel model, FieldModel f, ClassName struct) {
        return CodeBlock.of("member$$$L = readUnion$$$L(parser, segment, offset + $T.$L, zeroed);\n",
                f.name(), f.name(), struct, JavaTypeNames.offsetConstant(f.name()));
    }

    /** {@return the checks, after the whole object is read, that each union held the member its discriminator selects} */
    static CodeBlock checks(StructModel model, ClassName struct) {
        CodeBlock.Builder b = CodeBlock.builder();
        for (TaggedUnion t : model.tagged()) {
            String u = t.union();
            String field = model.record().simpleName() + "." + u;
            b.addStatement("$T tag$$$L = $T.$L(segment, offset)", tagType(model, t), u, struct, t.tag())
                    .addStatement("int live$$$L = live$$$L(tag$$$L)", u, u, u)
                    .beginControlFlow("if (live$$$L < 0)", u)
                    .addStatement("throw $T.error(parser, $S, $S + tag$$$L + $S)", JsonCodecWriter.READING, field,
                            t.tag() + " = ", u, " selects no member of union " + union(model, t).record().simpleName() + " " + cases(model, t))
                    .endControlFlow()
                    .beginControlFlow("if (live$$$L != member$$$L)", u, u)
                    .addStatement("throw $T.error(parser, $S, $S + MEMBERS$$$L[member$$$L] + $S + tag$$$L + $S + MEMBERS$$$L[live$$$L] + $S)",
                            JsonCodecWriter.READING, field, "union '" + u + "' holds \"", u, u,
                            "\", but " + t.tag() + " = ", u, " selects \"", u, u, "\" (only the live member is accepted)")
                    .endControlFlow();
        }
        return b.build();
    }

    /** {@return the write of the union component {@code f}: only the live member} */
    static CodeBlock writeCall(StructModel model, FieldModel f, ClassName struct) {
        TaggedUnion t = of(model, f);
        return CodeBlock.of("writeUnion$$$L(segment, offset + $T.$L, generator, scratch, $T.$L(segment, offset));\n",
                f.name(), struct, JavaTypeNames.offsetConstant(f.name()), struct, t.tag());
    }

    /** Adds {@code MEMBERS$u}, {@code live$u}, {@code readUnion$u} and {@code writeUnion$u} per tagged union. */
    static void addMethods(TypeSpec.Builder type, StructModel model, ClassName struct) {
        for (TaggedUnion t : model.tagged()) {
            StructModel union = union(model, t);
            String u = t.union();
            ClassName unionStruct = JavaTypeNames.structClassOf(union.record());
            TypeName tagType = tagType(model, t);
            type.addField(FieldSpec.builder(ArrayTypeName.of(String.class), "MEMBERS$" + u, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("{$L}", union.fields().stream().map(m -> CodeBlock.of("$S", m.jsonName())).collect(CodeBlock.joining(", ")))
                    .build());
            type.addMethod(io.structbridge.processor.write.java.TaggedUnionCode.live(model, t, tagType));
            type.addMethod(read(model, t, union, unionStruct));
            type.addMethod(write(model, t, union, unionStruct, tagType));
        }
    }

    static TypeName tagType(StructModel model, TaggedUnion t) {
        return io.structbridge.processor.write.java.TaggedUnionCode.tagType(model, t);
    }

    /** {@return the cases in words, e.g. {@code (CIRCLE -> circle, RECT -> rect)}} */
    static String cases(StructModel model, TaggedUnion t) {
        StringBuilder b = new StringBuilder("(");
        for (TaggedUnion.Alternative a : t.alternatives()) {
            for (String v : a.constants().isEmpty() ? a.json() : a.constants()) {
                b.append(b.length() == 1 ? "" : ", ").append(v).append(" -> ").append(a.member());
            }
        }
        return b.append(')').toString();
    }

    private static MethodSpec read(StructModel model, TaggedUnion t, StructModel union, ClassName unionStruct) {
        String u = t.union();
        String field = model.record().simpleName() + "." + u;
        MethodSpec.Builder m = MethodSpec.methodBuilder("readUnion$" + u).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Reads the object of tagged union {@code $L}: exactly one member, into the union at {@code offset}.\n\n", u)
                .addJavadoc("@return the index of the member read\n")
                .returns(TypeName.INT)
                .addParameter(JsonCodecWriter.PARSER, "parser").addParameter(JsonCodecWriter.SEGMENT, "segment")
                .addParameter(TypeName.LONG, "offset").addParameter(TypeName.BOOLEAN, "zeroed")
                .addStatement("$T.startObject(parser, $S)", JsonCodecWriter.READING, field)
                .addStatement("int member = -1")
                .beginControlFlow("for ($T name = parser.nextName(); name != null; name = parser.nextName())", String.class)
                .addStatement("parser.nextToken()")
                .addCode("int index = switch (name) {\n$>");
        for (int i = 0; i < union.fields().size(); i++) {
            m.addCode("case $S -> $L;\n", union.fields().get(i).jsonName(), i);
        }
        m.addCode("default -> throw $T.error(parser, $S, $S + name + $S);\n", JsonCodecWriter.READING, field,
                        "unknown member \"", "\" of union " + union.record().simpleName() + " (members: "
                                + union.fields().stream().map(FieldModel::jsonName).toList() + ")")
                .addCode("$<};\n")
                .beginControlFlow("if (member >= 0)")
                .addStatement("throw $T.error(parser, $S, $S + name + $S + MEMBERS$$$L[member] + $S)", JsonCodecWriter.READING, field,
                        "a tagged union holds only its live member; got \"", "\" after \"", u, "\"")
                .endControlFlow()
                .addStatement("member = index")
                .beginControlFlow("switch (index)");
        for (int i = 0; i < union.fields().size(); i++) {
            FieldModel f = union.fields().get(i);
            String memberField = union.record().simpleName() + "." + f.name();
            m.addCode("case $L -> {\n$>", i)
                    .beginControlFlow("try")
                    .addCode(JsonCodecWriter.readField(f, memberField, unionStruct))
                    .nextControlFlow("catch ($T e)", JsonCodecWriter.VALUE_EXCEPTION)
                    .addStatement("throw $T.error(parser, $S, e)", JsonCodecWriter.READING, memberField)
                    .endControlFlow()
                    .addCode("$<}\n");
        }
        return m.addCode("default -> { }\n")
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (member < 0)")
                .addStatement("throw $T.error(parser, $S, $S)", JsonCodecWriter.READING, field,
                        "a tagged union needs its live member, got an empty object")
                .endControlFlow()
                .addStatement("return member")
                .build();
    }

    private static MethodSpec write(StructModel model, TaggedUnion t, StructModel union, ClassName unionStruct, TypeName tagType) {
        String u = t.union();
        MethodSpec.Builder m = MethodSpec.methodBuilder("writeUnion$" + u).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Writes tagged union {@code $L} at {@code offset} as an object holding only the member {@code tag} selects.\n", u)
                .addParameter(JsonCodecWriter.SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(JsonCodecWriter.GENERATOR, "generator").addParameter(ArrayTypeName.of(TypeName.BYTE), "scratch")
                .addParameter(tagType, "tag")
                .addStatement("int live = live$$$L(tag)", u)
                .beginControlFlow("if (live < 0)")
                .addStatement("throw new $T($S, $S, $S, $T.valueOf(tag), -1)", JsonCodecWriter.VALUE_EXCEPTION,
                        model.record().simpleName(), u,
                        "discriminator " + t.tag() + " selects no member of union " + union.record().simpleName() + " " + cases(model, t),
                        String.class)
                .endControlFlow()
                .addStatement("generator.writeStartObject()")
                .beginControlFlow("switch (live)");
        for (int i = 0; i < union.fields().size(); i++) {
            FieldModel f = union.fields().get(i);
            m.addCode("case $L -> {\n$>", i)
                    .addStatement("generator.writeName(MEMBERS$$$L[$L])", u, i)
                    .addCode(JsonCodecWriter.writeField(f, unionStruct))
                    .addCode("$<}\n");
        }
        return m.addCode("default -> { }\n").endControlFlow().addStatement("generator.writeEndObject()").build();
    }
}

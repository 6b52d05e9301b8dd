package io.structbridge.processor.write.java;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.ClassRef;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code RStruct}: the layout constant, size, alignment and offsets, the record codec and
 * static per-component accessors at (segment, offset).
 */
public final class StructClassWriter {
    private static final Modifier[] PUBLIC_STATIC = {Modifier.PUBLIC, Modifier.STATIC};
    private static final Modifier[] PRIVATE_STATIC = {Modifier.PRIVATE, Modifier.STATIC};

    private final StructLayoutPlan plan;
    private final StructModel model;
    private final ClassName record;
    private final ClassName self;
    private final List<io.structbridge.processor.write.Lineage.Entry> lineage;

    public StructClassWriter(StructLayoutPlan plan) {
        this.plan = plan;
        this.model = plan.model();
        this.record = JavaTypeNames.className(model.record());
        this.self = JavaTypeNames.structClass(model.record());
        this.lineage = io.structbridge.processor.write.Lineage.of(plan);
    }

    /**
     * {@return {@code LINEAGE}: the layout versions 1 to V of a record of layout version V > 1 (a record of version 1
     * has none, and its generated class is as it was before versions existed)}
     */
    private FieldSpec lineageField() {
        CodeBlock entries = lineage.stream().map(e -> CodeBlock.of("new $T($L, $LL, $LL, $S)", JavaTypeNames.LAYOUT_VERSION,
                e.version(), e.size(), e.alignment(), e.fingerprint())).collect(CodeBlock.joining(",\n"));
        return FieldSpec.builder(ParameterizedTypeName.get(JavaTypeNames.LIST, JavaTypeNames.LAYOUT_VERSION), "LINEAGE",
                        Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The layout versions 1 to $L of this struct ({@code @Since}): version k is the struct of the members\n"
                        + "of version k or older, with its size and alignment in bytes and its fingerprint. A struct file records\n"
                        + "them, and {@code StructFile} reads a file of any of them (see docs/layout-lock.md).\n", lineage.size())
                .initializer("$T.of(\n$>$L$<)", JavaTypeNames.LIST, entries).build();
    }

    /**
     * {@return the Java file}
     *
     * @param cDeclaration the C declaration, quoted in the class Javadoc
     * @param description the pahole-like description returned by {@code describe()}
     */
    public JavaFile write(String cDeclaration, String description) {
        TypeSpec.Builder t = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(generated(model.record()))
                .addJavadoc("Native layout and codec of {@link $T}: size $L bytes, alignment $L bytes.\n\n",
                        record, plan.size(), plan.alignment())
                .addJavadoc("<p>The same struct in C (see {@code $L.h}):\n<pre>{@code\n$L}</pre>\n\n",
                        model.cName(), javadocSafe(cDeclaration))
                .addJavadoc("<p>Accessors take a segment and the byte offset of the struct in it. Getters throw\n"
                        + "{@link $T} for stored bytes that are not a valid value; setters and\n"
                        + "{@link #write} check every value first and leave memory unchanged on error.\n",
                        JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc(model.union() ? UnionCode.semantics() : "")
                .addField(FieldSpec.builder(String.class, "STRUCT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$S", model.record().simpleName()).build());
        for (Member m : plan.members()) {
            accessorLayout(m, t);
        }
        if (plan.members().stream().anyMatch(Member::bitField)) {
            BitFieldCode.addLayouts(t);
        }
        t.addField(FieldSpec.builder(UnionCode.layoutType(plan), "LAYOUT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(model.union() ? "The union layout: members named as the record components, all at offset 0.\n"
                        : "The struct layout: members named as the record components, padding explicit.\n")
                .initializer(LayoutCode.structLayout(plan)).build());
        t.addField(constant("SIZE", plan.size(), "Size in bytes ({@code sizeof}), also the array stride."));
        t.addField(constant("ALIGNMENT", plan.alignment(), "Alignment in bytes ({@code _Alignof})."));
        for (Member m : plan.members()) {
            t.addField(constant(MemberCode.offsetConst(m), m.offset(), m.bitField()
                    ? "Offset of the first byte holding bit-field {@code " + MemberCode.name(m) + "} (bits " + m.bits().bitOffset()
                            + ".." + (m.bits().bitOffset() + m.bits().width() - 1) + " of the struct, bit 0 the least significant bit of byte 0; "
                            + m.size() + " bytes hold them)."
                    : "Byte offset of {@code " + MemberCode.name(m) + "} ({@code offsetof}), size " + m.size() + " bytes."));
        }
        t.addField(FieldSpec.builder(JavaTypeNames.structType(model.record()), "TYPE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("This struct type as an object.\n").initializer("new $L()", io.structbridge.processor.write.GeneratedJavaNames.STRUCT_TYPE_CLASS).build());
        new ColumnsCode(plan).addTo(t);
        t.addField(FieldSpec.builder(String.class, "FINGERPRINT", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Layout fingerprint (SHA-256 of the canonical layout, 128 bits in hex), as in the C header,\n"
                        + "the Python module and struct files.\n")
                .initializer("$S", io.structbridge.processor.write.Fingerprint.of(plan)).build());
        if (lineage.size() > 1) {
            t.addField(lineageField());
        }
        t.addField(FieldSpec.builder(String.class, "DESCRIPTION", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$L", io.structbridge.processor.write.JavaStrings.literal(description)).build());
        t.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        t.addMethod(simpleGetter("layout", UnionCode.layoutType(plan), "LAYOUT", "the " + model.cKeyword() + " layout"));
        t.addMethod(simpleGetter("sizeof", TypeName.LONG, "SIZE", "the size in bytes"));
        t.addMethod(simpleGetter("alignof", TypeName.LONG, "ALIGNMENT", "the alignment in bytes"));
        t.addMethod(simpleGetter("describe", ClassName.get(String.class), "DESCRIPTION",
                "a pahole-like description: offsets, sizes, holes and tail padding"));
        String union = io.structbridge.processor.model.Unions.firstUnion(model);
        String pointer = io.structbridge.processor.write.json.PointerRule.pointerPath(model);
        if (union != null) {
            t.addMethod(MethodSpec.methodBuilder("jsonSchema").addModifiers(PUBLIC_STATIC).returns(String.class)
                    .addJavadoc("Always throws: $L has no JSON representation ($L; the bytes of a union do not say which\n"
                            + "member is live), so no JSON Schema was generated.\n\n", model.record().simpleName(), union)
                    .addJavadoc("@return never\n@throws UnsupportedOperationException always\n")
                    .addStatement("throw new $T($S)", UnsupportedOperationException.class, model.record().simpleName()
                            + " has no JSON Schema: " + union + ", and the bytes of a union do not say which member is live")
                    .build());
        } else if (pointer != null) {
            t.addMethod(MethodSpec.methodBuilder("jsonSchema").addModifiers(PUBLIC_STATIC).returns(String.class)
                    .addJavadoc("Always throws: this struct has no JSON form.\n\n@return never\n")
                    .addJavadoc("@throws UnsupportedOperationException always: component {@code $L} is a pointer, an address that\n"
                            + "means nothing outside this process, so there is no JSON, JSON Schema or Pydantic model\n", pointer)
                    .addStatement("throw new $T($S)", UnsupportedOperationException.class, model.record().simpleName()
                            + " has no JSON Schema: component '" + pointer + "' is a pointer, an address that means nothing outside this process")
                    .build());
        } else {
            // only where the schema is written (a struct holding an untagged union or a pointer has none)
            t.addField(FieldSpec.builder(String.class, "JSON_SCHEMA_RESOURCE", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The JSON Schema (draft 2020-12) of the record's Jackson JSON: a resource beside this class.\n")
                    .initializer("$S", model.cName() + ".schema.json").build());
            t.addMethod(MethodSpec.methodBuilder("jsonSchema").addModifiers(PUBLIC_STATIC).returns(String.class)
                    .addJavadoc("{@return the JSON Schema document ({@link #JSON_SCHEMA_RESOURCE}), UTF-8 decoded}\n\n")
                    .addJavadoc("@throws java.io.UncheckedIOException if the resource cannot be read\n")
                    .beginControlFlow("try ($T stream = $T.class.getResourceAsStream(JSON_SCHEMA_RESOURCE))", java.io.InputStream.class, self)
                    .beginControlFlow("if (stream == null)")
                    .addStatement("throw new $T(new $T(JSON_SCHEMA_RESOURCE))", java.io.UncheckedIOException.class, java.io.FileNotFoundException.class)
                    .endControlFlow()
                    .addStatement("return new $T(stream.readAllBytes(), $T.UTF_8)", String.class, java.nio.charset.StandardCharsets.class)
                    .nextControlFlow("catch ($T e)", java.io.IOException.class)
                    .addStatement("throw new $T(e)", java.io.UncheckedIOException.class)
                    .endControlFlow().build());
        }
        t.addMethod(read());
        for (Member m : plan.members()) {
            TaggedRecordCode tagged = TaggedRecordCode.of(plan, m);
            if (tagged != null) {
                t.addMethods(tagged.helpers(record));
            }
        }
        t.addMethod(write());
        t.addMethod(writeUnchecked());
        t.addMethod(check());
        if (model.union()) {
            t.addField(UnionCode.masks(plan));
            t.addMethod(UnionCode.merge(plan, record));
            t.addMethod(UnionCode.consistencyCheck(plan, record));
            t.addMethod(UnionCode.disagree(plan));
            t.addMethod(UnionCode.refusing());
            t.addMethods(UnionCode.factories(plan, record));
            t.addMethods(UnionCode.liveMethods(plan, record));
        }
        for (Member m : plan.members()) {
            new AccessorWriter(m, plan).addTo(t);
        }
        t.addType(typeClass(t));
        return JavaFile.builder(self.packageName(), t.build()).skipJavaLangImports(true).indent("    ").build();
    }

    /** C block comments cannot sit inside a Javadoc comment; show them as line comments. */
    private static String javadocSafe(String c) {
        return c.replace("/* ", "// ").replace(" */", "");
    }

    static AnnotationSpec generated(ClassRef from) {
        return AnnotationSpec.builder(JavaTypeNames.GENERATED)
                .addMember("value", "$S", JavaTypeNames.PROCESSOR)
                .addMember("from", "$S", from.canonicalName()).build();
    }

    private static FieldSpec constant(String name, long value, String doc) {
        return FieldSpec.builder(TypeName.LONG, name, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("$L\n", doc).initializer("$LL", value).build();
    }

    private static MethodSpec simpleGetter(String name, TypeName type, String field, String doc) {
        return MethodSpec.methodBuilder(name).addModifiers(PUBLIC_STATIC).returns(type)
                .addJavadoc("{@return " + doc + "}\n").addStatement("return $L", field).build();
    }

    private void accessorLayout(Member m, TypeSpec.Builder t) {
        if (m.field().type() instanceof FieldType.Pointer) {
            t.addField(PointerCode.accessLayout(MemberCode.layoutConst(m)));
            return;
        }
        FieldType.Scalar s = switch (m.field().type()) {
            case FieldType.Scalar x -> x;
            case FieldType.PrimitiveArray a -> a.element();
            case FieldType.EnumCode e -> new FieldType.Scalar(io.structbridge.processor.model.JavaPrim.LONG, e.ctype(), e.order());
            default -> null;
        };
        if (s == null) {
            return;
        }
        t.addField(FieldSpec.builder(ScalarCode.layoutClass(s.ctype()), MemberCode.layoutConst(m),
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(ScalarCode.accessLayout(s.ctype(), s.order())).build());
        if (m.field().type() instanceof FieldType.EnumCode e) {
            List<FieldType.EnumConstant> sorted = new ArrayList<>(e.constants());
            sorted.sort(Comparator.comparingLong(FieldType.EnumConstant::code));
            CodeBlock codes = sorted.stream().map(c -> CodeBlock.of("$LL", c.code())).collect(CodeBlock.joining(", "));
            ClassName enumClass = JavaTypeNames.className(e.type());
            CodeBlock constants = sorted.stream().map(c -> CodeBlock.of("$T.$L", enumClass, c.name()))
                    .collect(CodeBlock.joining(", "));
            String prefix = JavaTypeNames.upperSnake(MemberCode.name(m));
            t.addField(FieldSpec.builder(ArrayTypeName.of(TypeName.LONG), prefix + "$CODES", Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer("{$L}", codes).build());
            t.addField(FieldSpec.builder(ArrayTypeName.of(enumClass), prefix + "$CONSTANTS", Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer("{$L}", constants).build());
        }
    }

    private MethodSpec read() {
        List<CodeBlock> read = new java.util.ArrayList<>(plan.members().stream()
                .map(m -> TaggedRecordCode.of(plan, m) != null ? TaggedRecordCode.of(plan, m).readArgument()
                        : CodeBlock.of("$T.$L(segment, offset)", JavaTypeNames.structClass(plan.model().record()), MemberCode.name(m)))
                .toList());
        for (io.structbridge.processor.model.StructModel.Reserved r : model.reserved()) {
            read.add(r.position(), MemberCode.javaDefault(r.field()));
        }
        CodeBlock args = read.stream().collect(CodeBlock.joining(",\n"));
        return MethodSpec.methodBuilder("read").addModifiers(PUBLIC_STATIC).returns(record)
                .addJavadoc("Decodes the struct at {@code offset}.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct in {@code segment}\n")
                .addJavadoc("@return a new record\n")
                .addJavadoc("@throws $T if a stored value is invalid (bool byte, UTF-8, NUL, enum code, uint64 range)\n",
                        JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not fit the segment\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addStatement("$T.checkFromIndexSize(offset, SIZE, segment.byteSize())", JavaTypeNames.OBJECTS)
                .addCode(model.union() ? UnionCode.readMembers(plan, record) : CodeBlock.of("return new $T(\n$>$L$<);\n", record, args)).build();
    }

    private MethodSpec write() {
        return MethodSpec.methodBuilder("write").addModifiers(PUBLIC_STATIC)
                .addJavadoc("Checks every component of {@code value}, then stores it at {@code offset}.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct in {@code segment}\n")
                .addJavadoc("@param value the record\n")
                .addJavadoc("@throws $T if a component does not fit; memory is then unchanged\n", JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not fit the segment; memory unchanged\n")
                .addJavadoc("@throws IllegalArgumentException if the address is not a multiple of {@link #ALIGNMENT}\n")
                .addJavadoc("@throws UnsupportedOperationException if the segment is read-only\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(record, "value")
                .addStatement("check(value)")
                .addStatement("$T.check(segment, offset, SIZE, ALIGNMENT, STRUCT)", JavaTypeNames.BOUNDS)
                .addStatement("writeUnchecked(segment, offset, value)").build();
    }

    private MethodSpec writeUnchecked() {
        MethodSpec.Builder b = MethodSpec.methodBuilder("writeUnchecked").addModifiers(PUBLIC_STATIC)
                .addJavadoc("Stores {@code value} without the checks of {@link #write}: for generated code that\n"
                        + "has already called {@link #check} (nested structs, bulk writes). FFM still checks\n"
                        + "each access, but a failure here may leave some members written.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param value a checked record\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(record, "value");
        if (model.union()) { // every member's bytes merged over the bits it holds (UnionBytes)
            return b.addStatement("merge$$(value).storeInto(segment, offset)").build();
        }
        for (Member m : plan.members()) {
            TaggedRecordCode tagged = TaggedRecordCode.of(plan, m);
            if (tagged != null) {
                b.addStatement(tagged.store());
            } else {
                b.addStatement("store$$$L(segment, offset, value.$L())", MemberCode.name(m), MemberCode.name(m));
            }
        }
        return b.build();
    }

    private MethodSpec check() {
        MethodSpec.Builder b = MethodSpec.methodBuilder("check").addModifiers(PUBLIC_STATIC)
                .addJavadoc("Performs every check of {@link #write} without storing anything.\n\n")
                .addJavadoc("@param value the record\n@throws $T if a component does not fit the native layout\n",
                        JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc("@throws NullPointerException if {@code value} is null\n")
                .addParameter(record, "value")
                .addStatement("$T.requireNonNull(value, STRUCT)", JavaTypeNames.OBJECTS);
        for (Member m : plan.members()) {
            TaggedRecordCode tagged = TaggedRecordCode.of(plan, m);
            if (tagged != null) {
                b.addStatement(tagged.check());
            } else if (AccessorWriter.hasCheck(m) && model.union() && !MemberCode.javaType(m.field().type()).isPrimitive()) {
                // a union member that is null does not read in the bytes: check$union judges that
                b.addStatement("if (value.$L() != null) check$$$L(value.$L())", MemberCode.name(m), MemberCode.name(m), MemberCode.name(m));
            } else if (AccessorWriter.hasCheck(m)) {
                b.addStatement("check$$$L(value.$L())", MemberCode.name(m), MemberCode.name(m));
            }
        }
        if (model.union()) {
            b.addStatement("check$$union(value)");
        }
        return b.build();
    }

    private TypeSpec typeClass(TypeSpec.Builder structClass) {
        TypeName recordClass = ParameterizedTypeName.get(ClassName.get(Class.class), record);
        TypeSpec.Builder type = TypeSpec.classBuilder(io.structbridge.processor.write.GeneratedJavaNames.STRUCT_TYPE_CLASS).addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(JavaTypeNames.structType(model.record()))
                .addMethod(override("recordClass", recordClass).addStatement("return $T.class", record).build())
                .addMethod(override("layout", UnionCode.layoutType(plan)).addStatement("return LAYOUT").build())
                .addMethod(override("size", TypeName.LONG).addStatement("return SIZE").build())
                .addMethod(override("alignment", TypeName.LONG).addStatement("return ALIGNMENT").build())
                .addMethod(override("read", record).addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment")
                        .addParameter(TypeName.LONG, "offset")
                        .addStatement("return $T.read(segment, offset)", self).build())
                .addMethod(override("write", TypeName.VOID).addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment")
                        .addParameter(TypeName.LONG, "offset").addParameter(record, "value")
                        .addStatement("$T.write(segment, offset, value)", self).build())
                .addMethod(override("check", TypeName.VOID).addParameter(record, "value")
                        .addStatement("$T.check(value)", self).build())
                .addMethod(override("describe", ClassName.get(String.class)).addStatement("return DESCRIPTION").build())
                .addMethod(override("columns", ParameterizedTypeName.get(JavaTypeNames.LIST, ColumnsCode.COLUMN)).addStatement("return COLUMNS").build())
                .addMethod(override("taggedUnions", ColumnsCode.LIST_OF_TAGGED).addStatement("return TAGGED").build())
                .addMethod(override("fingerprint", ClassName.get(String.class)).addStatement("return FINGERPRINT").build())
                .addMethod(override("toString", ClassName.get(String.class))
                        .addStatement("return $S", "StructType[" + model.record().canonicalName() + ", size "
                                + plan.size() + ", alignment " + plan.alignment() + "]").build());
        if (lineage.size() > 1) {
            type.addMethod(override("lineage", ParameterizedTypeName.get(JavaTypeNames.LIST, JavaTypeNames.LAYOUT_VERSION))
                    .addStatement("return LINEAGE").build());
        }
        if (!model.reserved().isEmpty()) {
            type.addMethod(override("reservedComponents", ParameterizedTypeName.get(JavaTypeNames.LIST, ClassName.get(String.class)))
                    .addStatement("return $T.of($L)", JavaTypeNames.LIST, model.reserved().stream()
                            .map(r -> CodeBlock.of("$S", r.field().name())).collect(CodeBlock.joining(", "))).build());
        }
        TransposeCode transpose = new TransposeCode(plan);
        if (transpose.applies()) {
            transpose.addTo(structClass, type);
        }
        return type.build();
    }

    private static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
    }
}

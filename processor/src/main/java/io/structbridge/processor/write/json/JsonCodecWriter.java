package io.structbridge.processor.write.json;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.ClassRef;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.write.java.JavaTypeNames;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code RJson}: a streaming JSON codec between Jackson 3's {@code JsonParser}/{@code
 * JsonGenerator} and the struct in native memory, with no record in between. Generated only when
 * {@code structbridge-jackson} is on the compile class path; it is the one generated class that
 * depends on Jackson. Reading follows the strict contract of {@code StrictJson}; writing produces
 * what databind writes for the equal record.
 */
public final class JsonCodecWriter {
    static final String PKG = "io.structbridge.jackson";
    static final ClassName READING = ClassName.get(PKG, "JsonReading");
    private static final ClassName CODEC = ClassName.get(PKG, "StructJsonCodec");
    static final ClassName JSON_EXCEPTION = ClassName.get(PKG, "StructJsonException");
    static final ClassName PARSER = ClassName.get("tools.jackson.core", "JsonParser");
    static final ClassName GENERATOR = ClassName.get("tools.jackson.core", "JsonGenerator");
    static final ClassName VALUE_EXCEPTION = ClassName.get("io.structbridge.runtime", "StructValueException");
    private static final ClassName JSON_WRITING = ClassName.get(PKG, "JsonWriting");
    private static final ClassName BOUNDS = ClassName.get("io.structbridge.runtime", "Bounds");
    private static final ClassName GENERATED = ClassName.get("io.structbridge.runtime", "Generated");
    static final ClassName SEGMENT = ClassName.get("java.lang.foreign", "MemorySegment");
    private static final ClassName TEXT_ENCODING = ClassName.get("io.structbridge.runtime", "TextEncoding");
    private static final ClassName SERIALIZED = ClassName.get("tools.jackson.core.io", "SerializedString");
    private static final ClassName CONTEXT = ClassName.get("tools.jackson.core", "TokenStreamContext");
    private static final ClassName NAME_MATCHER = ClassName.get("tools.jackson.core.sym", "PropertyNameMatcher");

    private final StructModel model;
    private final StructLayoutPlan plan;
    private final ClassName struct;
    private final ClassName array;
    private final ClassName self;

    public JsonCodecWriter(StructLayoutPlan plan) {
        this.plan = plan;
        this.model = plan.model();
        this.struct = JavaTypeNames.structClassOf(model.record());
        this.array = ClassName.get(model.record().packageName(), model.record().flatName() + "Array");
        this.self = jsonClass(model.record());
    }

    static ClassName jsonClass(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.flatName() + "Json");
    }

    /** {@return why no codec is generated for {@code model}, or null if one is} */
    public static String unsupportedReason(StructModel model) {
        String pointer = PointerRule.pointerPath(model);
        if (pointer != null) {
            return "component '" + pointer + "' is a pointer, an address that means nothing outside this process";
        }
        if (model.fields().size() > 64) {
            return "it has " + model.fields().size() + " components and the generated reader tracks at most 64";
        }
        if (ReservedJsonNames.names(model).size() > 64) {
            return "its reserved components have " + ReservedJsonNames.names(model).size()
                    + " JSON names and the generated reader tracks at most 64";
        }
        return supported(model) ? null : "an enum in it has a @JsonValue method, whose values are only known at run time";
    }

    /** {@return whether every component can be read and written without run-time knowledge} */
    public static boolean supported(StructModel model) {
        for (FieldModel f : model.fields()) {
            switch (f.type()) {
                case FieldType.Pointer p -> {
                    return false;
                }
                case FieldType.EnumCode e -> {
                    if (!e.jsonKnown()) {
                        return false;
                    }
                }
                case FieldType.Nested n -> {
                    if (!supported(n.struct())) {
                        return false;
                    }
                }
                case FieldType.NestedArray n -> {
                    if (!supported(n.struct())) {
                        return false;
                    }
                }
                default -> { }
            }
        }
        return model.fields().size() <= 64 && ReservedJsonNames.names(model).size() <= 64;
    }

    public JavaFile write() {
        String name = model.record().simpleName();
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(com.palantir.javapoet.AnnotationSpec.builder(GENERATED)
                        .addMember("value", "$S", "io.structbridge.processor.StructProcessor")
                        .addMember("from", "$S", model.record().canonicalName()).build())
                .addJavadoc("Streams JSON between Jackson 3 and {@link $T} structs in native memory, with no record in between.\n\n",
                        JavaTypeNames.classNameOf(model.record()))
                .addJavadoc("<p>Reading is strict ({@code StrictJson}): every property required$L, no unknown properties$L,\n"
                        + "no duplicates, no null, integers only from integral tokens and within the field's C type,\n"
                        + "strings within their byte capacity, arrays of exactly their length. Errors are\n"
                        + "{@link $T}s naming the JSON path, line, column, field and rule; the target bytes are then\n"
                        + "unchanged. Writing gives the bytes databind writes for the equal record.\n",
                        model.fields().stream().anyMatch(f -> SinceDefaults.optional(model, f)) ? " (but a member of a later layout version,"
                                + "\nwhich JSON of an older version lacks: it reads as all-zero bytes, as from an older struct file)" : "",
                        model.ignoreUnknown() ? " (this record ignores them)" : "", JSON_EXCEPTION)
                .addField(FieldSpec.builder(String.class, "STRUCT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$S", name).build())
                .addField(FieldSpec.builder(ArrayTypeName.of(String.class), "NAMES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("{$L}", model.fields().stream().map(f -> io.structbridge.processor.write.JavaStrings.literal(f.jsonName())).collect(CodeBlock.joining(", ")))
                        .build())
                .addField(FieldSpec.builder(ArrayTypeName.of(SERIALIZED), "KEYS", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The property names with their quoted UTF-8 form computed once, as databind's property writers hold them.\n")
                        .initializer("{$L}", model.fields().stream().map(f -> CodeBlock.of("new $T($L)", SERIALIZED, io.structbridge.processor.write.JavaStrings.literal(f.jsonName())))
                                .collect(CodeBlock.joining(", ")))
                        .build())
                .addField(FieldSpec.builder(NAME_MATCHER, "MATCHER", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Matches a property name to its index in {@code NAMES} from the parser's raw bytes (no symbol table\n"
                                + "lookup, no {@code String}), as databind's bean deserializers do. Immutable, so shared.\n")
                        .initializer(FormerJsonNames.of(model).isEmpty() && model.reserved().isEmpty()
                                ? CodeBlock.of("$T.construct($T.asList(NAMES))", ClassName.get("tools.jackson.core.sym", "BinaryNameMatcher"),
                                        java.util.Arrays.class)
                                : FormerJsonNames.matcher(model, ClassName.get("tools.jackson.core.sym", "BinaryNameMatcher")))
                        .build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        t.addMethod(readOne());
        t.addMethod(readValidated());
        t.addMethod(readOneBody());
        t.addMethod(checkConstraints());
        t.addMethod(readInto());
        t.addMethod(readRecord());
        t.addMethod(decode());
        t.addMethod(toRecord());
        t.addMethod(readFields());
        TaggedUnionJson.addMethods(t, model, struct);
        t.addField(textScratchConstant());
        t.addMethod(writeMethod());
        t.addMethod(writeWithScratch());
        t.addMethod(writeUnchecked());
        t.addMethod(checkStored());
        t.addMethod(writeArray());
        if (DirectJsonMethods.eligible(model)) {
            DirectJsonMethods.addTo(t, model, struct);
        }
        new JsonBatchMethods(struct, array, self).addTo(t);
        t.addField(FieldSpec.builder(com.palantir.javapoet.ParameterizedTypeName.get(CODEC, record()), "CODEC",
                        Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("This codec as an object, for {@code StructJsonModule} and other generic code.\n")
                .initializer("new $L()", io.structbridge.processor.write.GeneratedJavaNames.JSON_CODEC_CLASS).build());
        t.addType(codecClass());
        return JavaFile.builder(self.packageName(), t.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private ClassName record() {
        return JavaTypeNames.classNameOf(model.record());
    }

    private TypeSpec codecClass() {
        ClassName view = ClassName.get(model.record().packageName(), model.record().flatName() + "View");
        ClassName structArray = ClassName.get("io.structbridge.runtime", "StructArray");
        TypeName arrayOfRecord = com.palantir.javapoet.ParameterizedTypeName.get(structArray, record());
        return TypeSpec.classBuilder(io.structbridge.processor.write.GeneratedJavaNames.JSON_CODEC_CLASS).addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(com.palantir.javapoet.ParameterizedTypeName.get(CODEC, record()))
                .addMethod(override("recordClass", com.palantir.javapoet.ParameterizedTypeName.get(ClassName.get(Class.class), record()))
                        .addStatement("return $T.class", record()).build())
                .addMethod(override("arrayClass", com.palantir.javapoet.ParameterizedTypeName.get(ClassName.get(Class.class), array))
                        .addStatement("return $T.class", array).build())
                .addMethod(override("viewClass", com.palantir.javapoet.ParameterizedTypeName.get(ClassName.get(Class.class),
                        com.palantir.javapoet.WildcardTypeName.subtypeOf(Object.class)))
                        .addStatement("return $T.class", view).build())
                .addMethod(override("write", TypeName.VOID).addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                        .addParameter(GENERATOR, "generator").addStatement("$T.write(segment, offset, generator)", self).build())
                .addMethod(override("writeView", TypeName.VOID).addParameter(Object.class, "view").addParameter(GENERATOR, "generator")
                        .addStatement("$T v = ($T) view", view, view)
                        .addStatement("$T.write(v.segment(), v.offset(), generator)", self).build())
                .addMethod(override("writeArray", TypeName.VOID).addParameter(arrayOfRecord, "array").addParameter(GENERATOR, "generator")
                        .addStatement("$T.writeArray(($T) array, generator)", self, array).build())
                .addMethod(override("readAll", arrayOfRecord).addParameter(PARSER, "parser")
                        .addParameter(ClassName.get("java.lang.foreign", "Arena"), "arena")
                        .addStatement("return $T.readAll(parser, arena, false)", self).build())
                .addMethod(override("readView", TypeName.VOID).addParameter(PARSER, "parser").addParameter(Object.class, "view")
                        .addParameter(TypeName.BOOLEAN, "wholeDocument")
                        .addStatement("$T v = ($T) view", view, view)
                        .addStatement("readOne(parser, v.segment(), v.offset(), false, wholeDocument)").build())
                .addMethod(override("readRecord", record()).addParameter(PARSER, "parser")
                        .addStatement("return $T.readRecord(parser)", self).build())
                .addMethod(override("readInto", TypeName.LONG).addParameter(PARSER, "parser").addParameter(arrayOfRecord, "target")
                        .addStatement("return $T.readInto(parser, ($T) target, 0, false)", self, array).build())
                .build();
    }

    private static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
    }

    private MethodSpec readOne() {
        return MethodSpec.methodBuilder("read").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Reads one JSON object into the struct at {@code offset}: the object at the parser's current token,\n"
                        + "or the next token when the parser is new or on the {@code '}'} that ends a previous record (so\n"
                        + "consecutive calls read JSON Lines). All or nothing: the object is decoded into scratch memory and\n"
                        + "copied only if every property was valid. Leaves the parser on the object's {@code '}'}, also\n"
                        + "after an invalid value (so the next call reads the next record), but not after malformed JSON;\n"
                        + "what follows the object is not read.\n\n")
                .addJavadoc("@param parser the parser\n@param target the segment\n@param offset the byte offset of the struct\n")
                .addJavadoc("@throws $T if the JSON does not fit the struct; {@code target} is unchanged\n", JSON_EXCEPTION)
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "target").addParameter(TypeName.LONG, "offset")
                .addStatement("readOne(parser, target, offset, false, false)")
                .build();
    }

    private MethodSpec readValidated() {
        return MethodSpec.methodBuilder("readValidated").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Like {@link #read}, and in the same pass checks the record's Bean Validation constraints on the\n"
                        + "decoded bytes ({@code $T}); a violation is an error and {@code target} stays unchanged.\n\n", validator())
                .addJavadoc("@param parser the parser\n@param target the segment\n@param offset the byte offset of the struct\n")
                .addJavadoc("@throws $T if the JSON does not fit the struct or breaks a constraint\n", JSON_EXCEPTION)
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "target").addParameter(TypeName.LONG, "offset")
                .addStatement("readOne(parser, target, offset, true, false)")
                .build();
    }

    /** The body of {@code read}, {@code readValidated} and the codec's {@code readView}. */
    private MethodSpec readOneBody() {
        return MethodSpec.methodBuilder("readOne").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Decodes into scratch memory, checks constraints if {@code validate} and, if {@code wholeDocument},\n"
                        + "that nothing follows the object; only then stores. After a bad value (not malformed JSON) the\n"
                        + "parser is moved past the record, so the next read starts at the next one.\n")
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "target").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.BOOLEAN, "validate").addParameter(TypeName.BOOLEAN, "wholeDocument")
                .addStatement("$T.check(target, offset, $T.SIZE, 1, STRUCT)", BOUNDS, struct)
                .addStatement("$T scratch = $T.scratch($T.SIZE)", SEGMENT, READING, struct)
                .addStatement("toRecord(parser)")
                .addStatement("$T parent = $T.recordParent(parser)", CONTEXT, READING)
                .beginControlFlow("try")
                .addStatement("decode(parser, scratch, 0, true)")
                .beginControlFlow("if (validate)")
                .addStatement("checkConstraints(parser, scratch, 0)")
                .endControlFlow()
                .nextControlFlow("catch ($T e)", JSON_EXCEPTION)
                .beginControlFlow("if (!e.fromParser())")
                .addStatement("$T.skipRest(parser, parent)", READING)
                .endControlFlow()
                .addStatement("throw e")
                .endControlFlow()
                .beginControlFlow("if (wholeDocument)")
                .addStatement("$T.endOfDocument(parser)", READING)
                .endControlFlow()
                .addStatement("$T.copy(scratch, 0, target, offset, $T.SIZE)", SEGMENT, struct)
                .build();
    }

    private MethodSpec checkConstraints() {
        return MethodSpec.methodBuilder("checkConstraints").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Validates the struct just decoded at {@code offset} in place; every violation is listed in one error.\n\n")
                .addJavadoc("@param parser the parser, for the error's position\n@param segment the segment\n@param offset the byte offset\n")
                .addJavadoc("@throws $T if a constraint is violated\n", JSON_EXCEPTION)
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addStatement("$T<$T> violations = $T.validate(segment, offset)", java.util.List.class,
                        ClassName.get("io.structbridge.runtime", "Violation"), validator())
                .beginControlFlow("if (!violations.isEmpty())")
                .addStatement("$T b = new $T()", StringBuilder.class, StringBuilder.class)
                .beginControlFlow("for ($T v : violations)", ClassName.get("io.structbridge.runtime", "Violation"))
                .addStatement("b.append(b.isEmpty() ? $S : $S).append(v.propertyPath()).append($S).append(v.message())", "", "; ", " ")
                .endControlFlow()
                .addStatement("throw $T.error(parser, STRUCT, $S + b)", READING, "constraint violation: ")
                .endControlFlow()
                .build();
    }

    private ClassName validator() {
        return ClassName.get(model.record().packageName(), model.record().flatName() + "Validator");
    }

    private MethodSpec readRecord() {
        return MethodSpec.methodBuilder("readRecord").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(record())
                .addJavadoc("Reads the JSON object at the parser's current token as a record, by the rules of {@link #read}: the\n"
                        + "object is decoded into scratch memory and the record read from it, so it is accepted or refused\n"
                        + "exactly as {@code read} accepts or refuses it, and holds the values {@code read} would store.\n"
                        + "{@code StructJsonModule} reads the record through this method when databind meets it. Leaves the\n"
                        + "parser on the object's {@code '}'}.\n\n")
                .addJavadoc("@param parser the parser, on {@code START_OBJECT}, or a new parser (its first token is read)\n@return the record\n")
                .addJavadoc("@throws $T if the JSON does not fit the struct\n", JSON_EXCEPTION)
                .addParameter(PARSER, "parser")
                .beginControlFlow("if (!parser.hasCurrentToken())")
                .addStatement("parser.nextToken()")
                .endControlFlow()
                .addStatement("$T scratch = $T.scratch($T.SIZE)", SEGMENT, READING, struct)
                .addStatement("decode(parser, scratch, 0, true)")
                .addStatement("return $T.read(scratch, 0)", struct)
                .build();
    }

    private MethodSpec readInto() {
        return MethodSpec.methodBuilder("readInto").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Decodes the JSON object at the parser's current token straight into {@code segment}; on error\n"
                        + "the struct may be partly written (use {@link #read} for all-or-nothing).\n\n")
                .addJavadoc("@param parser the parser, on {@code START_OBJECT}, or a new parser (its first token is read)\n@param segment the segment\n@param offset the byte offset\n")
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not lie inside {@code segment}\n")
                .addJavadoc("@throws UnsupportedOperationException if {@code segment} is read-only\n")
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .beginControlFlow("if (!parser.hasCurrentToken())")
                .addStatement("parser.nextToken()")
                .endControlFlow()
                .addStatement("decode(parser, segment, offset, false)")
                .build();
    }

    private MethodSpec toRecord() {
        return MethodSpec.methodBuilder("toRecord").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Moves a new parser, or one on the end of a previous record, to the next token.\n")
                .addParameter(PARSER, "parser")
                .beginControlFlow("try")
                .beginControlFlow("if (parser.currentToken() == null || parser.currentToken() == $T.END_OBJECT)",
                        ClassName.get("tools.jackson.core", "JsonToken"))
                .addStatement("parser.nextToken()")
                .endControlFlow()
                .beginControlFlow("if (parser.currentToken() == null)")
                .addStatement("$T.noRecords(parser, STRUCT)", READING)
                .endControlFlow()
                .nextControlFlow("catch ($T e)", JSON_EXCEPTION)
                .addStatement("throw e")
                .nextControlFlow("catch ($T e)", ClassName.get("tools.jackson.core", "JacksonException"))
                .addStatement("throw $T.malformed(parser, STRUCT, e)", READING)
                .endControlFlow()
                .build();
    }

    private MethodSpec decode() {
        return MethodSpec.methodBuilder("decode").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("{@link #readInto(JsonParser, MemorySegment, long)}; {@code zeroed} says the struct's bytes are all zero\n"
                        + "(fresh or cleared scratch), so text members need no NUL padding.\n")
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.BOOLEAN, "zeroed")
                .addStatement("$T.check(segment, offset, $T.SIZE, 1, STRUCT)", BOUNDS, struct)
                .beginControlFlow("try")
                .addStatement("readFields(parser, segment, offset, zeroed)")
                .nextControlFlow("catch ($T e)", JSON_EXCEPTION)
                .addStatement("throw e")
                .nextControlFlow("catch ($T e)", ClassName.get("tools.jackson.core", "JacksonException"))
                .addStatement("throw $T.malformed(parser, STRUCT, e)", READING)
                .endControlFlow()
                .build();
    }

    private MethodSpec readFields() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("readFields").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.BOOLEAN, "zeroed")
                .addStatement("$T.startObject(parser, STRUCT)", READING)
                .addStatement("long seen = 0L")
                .addCode(model.reserved().isEmpty() ? CodeBlock.of("") : CodeBlock.of("long seenReserved = 0L;\n"))
                .addCode(TaggedUnionJson.locals(model))
                .beginControlFlow("for (int property = parser.nextNameMatch(MATCHER); property != $T.MATCH_END_OBJECT;"
                        + " property = parser.nextNameMatch(MATCHER))", NAME_MATCHER)
                .addStatement("parser.nextToken()")
                .beginControlFlow("switch (property)");
        for (int i = 0; i < model.fields().size(); i++) {
            FieldModel f = model.fields().get(i);
            String field = model.record().simpleName() + "." + f.name();
            m.addCode("case $L -> { // $L\n$>", FormerJsonNames.labels(model, i), commentText(f.jsonName()))
                    .beginControlFlow("if ((seen & $LL) != 0)", 1L << i)
                    .addStatement(f.jsonAliases().isEmpty() ? CodeBlock.of("throw $T.duplicate(parser, $S)", READING, field)
                            : CodeBlock.of("throw $T.duplicate(parser, $S, $L)", READING, field, FormerJsonNames.names(f)))
                    .endControlFlow()
                    .addStatement("seen |= $LL", 1L << i)
                    .beginControlFlow("try")
                    .addCode(TaggedUnionJson.of(model, f) != null
                            ? TaggedUnionJson.readCall(model, f, struct) : readField(f, field, struct))
                    .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                    .addStatement("throw $T.error(parser, $S, e)", READING, field)
                    .endControlFlow()
                    .addCode("$<}\n");
        }
        m.addCode(ReservedJsonNames.cases(model));
        m.addCode("default -> {\n$>");
        if (model.ignoreUnknown()) {
            m.addStatement("parser.skipChildren()");
        } else {
            m.addStatement("throw $T.unknown(parser, STRUCT, $T.valueOf(parser.currentName()))", READING, String.class);
        }
        m.addCode("$<}\n");
        long required = 0;
        for (int i = 0; i < model.fields().size(); i++) {
            if (!SinceDefaults.optional(model, model.fields().get(i))) {
                required |= 1L << i;
            }
        }
        m.endControlFlow().endControlFlow();
        if (required == (model.fields().size() == 64 ? -1L : (1L << model.fields().size()) - 1)) {
            m.beginControlFlow("if (seen != $LL)", required)
                    .addStatement(missing("~seen"))
                    .endControlFlow();
        } else {
            m.beginControlFlow("if ((seen & $LL) != $LL)", required, required)
                    .addStatement(missing("~seen & " + required + "L"))
                    .endControlFlow()
                    .addCode(sinceDefaults());
        }
        return m.addCode(TaggedUnionJson.checks(model, struct)).build();
    }

    /** {@return the statement refusing a document without the first member of {@code unseen} (a long expression)} */
    private CodeBlock missing(String unseen) {
        if (FormerJsonNames.of(model).isEmpty()) {
            return CodeBlock.of("throw $T.missing(parser, STRUCT, NAMES[$T.numberOfTrailingZeros($L)])", READING, Long.class, unseen);
        }
        CodeBlock formers = model.fields().stream().map(f -> CodeBlock.of("{$L}", f.jsonAliases().stream()
                .map(io.structbridge.processor.write.JavaStrings::literal).collect(CodeBlock.joining(", "))))
                .collect(CodeBlock.joining(", "));
        return CodeBlock.of("int first = $T.numberOfTrailingZeros($L);\nthrow $T.missing(parser, STRUCT, NAMES[first], new $T[][] {$L}[first])",
                Long.class, unseen, READING, String.class, formers);
    }

    /**
     * {@return code giving each absent member of a later layout version ({@link SinceDefaults}) the value all-zero
     * bytes hold, as a struct file of an older version gives it; nothing to do in a struct known to be zero}
     */
    private CodeBlock sinceDefaults() {
        CodeBlock.Builder b = CodeBlock.builder().beginControlFlow("if (!zeroed)");
        for (int i = 0; i < model.fields().size(); i++) {
            FieldModel f = model.fields().get(i);
            if (!SinceDefaults.optional(model, f)) {
                continue;
            }
            io.structbridge.processor.layout.Member member = plan.members().stream()
                    .filter(x -> x.field().name().equals(f.name())).findFirst().orElseThrow();
            b.add("// $L: absent from JSON of an older layout version\n", commentText(f.jsonName()))
                    .beginControlFlow("if ((seen & $LL) == 0)", 1L << i);
            if (f.type() instanceof FieldType.BitField bits) {
                JavaPrim p = bits.declared().java();
                b.addStatement("$T.$L(segment, offset, $L)", struct, f.name(),
                        p == JavaPrim.BOOLEAN ? "false" : "(" + p.keyword() + ") 0");
            } else {
                b.addStatement("segment.asSlice(offset + $T.$L, $LL).fill((byte) 0)", struct,
                        JavaTypeNames.offsetConstant(f.name()), member.size());
            }
            b.endControlFlow();
        }
        return b.endControlFlow().build();
    }

    /** {@return code reading {@code f}, a component of the struct or union {@code struct}, at {@code offset}} */
    static CodeBlock readField(FieldModel f, String field, ClassName struct) {
        String n = f.name();
        return switch (f.type()) {
            case FieldType.Pointer p -> throw new IllegalStateException("no JSON for pointer " + n); // unsupportedReason refuses first
            case FieldType.Scalar s -> CodeBlock.of("$T.$L(segment, offset, $L);\n", struct, n, readScalar(s, field));
            case FieldType.BitField b -> CodeBlock.of("$T.$L(segment, offset, $L);\n", struct, n, readBits(b, field));
            case FieldType.Text x -> CodeBlock.of("$T.readText(parser, segment, offset + $T.$L, $T.$L, $L, $L, $L, zeroed, STRUCT, $S, $S);\n",
                    READING, struct, JavaTypeNames.offsetConstant(n), TEXT_ENCODING, x.encoding().name(), x.capacity(),
                    x.nulTerminated(), x.truncate(), n, field);
            case FieldType.EnumCode e -> {
                ClassName enumClass = JavaTypeNames.classNameOf(e.type());
                CodeBlock.Builder b = CodeBlock.builder()
                        .addStatement("$T value = $T.readString(parser, $S)", String.class, READING, field)
                        .addStatement("$T.$L(segment, offset, switch (value) {\n$>$L\ndefault -> throw $T.error(parser, $S, $L + value + $L);\n$<})",
                                struct, n,
                                e.constants().stream().map(c -> CodeBlock.of("case $L -> $T.$L;", io.structbridge.processor.write.JavaStrings.literal(c.json()), enumClass, c.name()))
                                        .collect(CodeBlock.joining("\n")),
                                READING, field, io.structbridge.processor.write.JavaStrings.literal("unknown " + e.type().simpleName() + " value \""),
                                // the JSON names are user text: a U+2028 in one would break a plain $S literal
                                io.structbridge.processor.write.JavaStrings.literal(
                                        "\" (expected one of " + e.constants().stream().map(FieldType.EnumConstant::json).toList() + ")"));
                yield b.build();
            }
            case FieldType.PrimitiveArray a -> primitiveArray(a, n, field, struct);
            case FieldType.Nested x -> CodeBlock.of("$T.readInto(parser, segment, offset + $T.$L);\n",
                    jsonClass(x.struct().record()), struct, JavaTypeNames.offsetConstant(n));
            case FieldType.NestedArray x -> CodeBlock.builder()
                    .addStatement("$T.startArray(parser, $S, $L)", READING, field, x.length())
                    .beginControlFlow("for (int i = 0; i < $L; i++)", x.length())
                    .addStatement("$T.element(parser, $S, i, $L)", READING, field, x.length())
                    .addStatement("$T.readInto(parser, segment, offset + $T.$L + (long) i * $T.SIZE)",
                            jsonClass(x.struct().record()), struct, JavaTypeNames.offsetConstant(n), JavaTypeNames.structClassOf(x.struct().record()))
                    .endControlFlow()
                    .addStatement("$T.endArray(parser, $S, $L)", READING, field, x.length())
                    .build();
        };
    }

    private static CodeBlock primitiveArray(FieldType.PrimitiveArray a, String n, String field, ClassName struct) {
        if (a.element().java() == JavaPrim.BYTE) {
            return CodeBlock.of("$T.$L(segment, offset, $T.readBase64(parser, $L, $S));\n", struct, n, READING, a.length(), field);
        }
        if (a.element().java() == JavaPrim.CHAR) {
            return CodeBlock.builder()
                    .addStatement("$T value = $T.readString(parser, $S)", String.class, READING, field)
                    .beginControlFlow("if (value.length() != $L)", a.length())
                    .addStatement("throw $T.error(parser, $S, $S + value.length())", READING, field,
                            "expected a string of exactly " + a.length() + " UTF-16 units, got ")
                    .endControlFlow()
                    .addStatement("$T.$L(segment, offset, value.toCharArray())", struct, n)
                    .build();
        }
        return CodeBlock.builder()
                .addStatement("$T.startArray(parser, $S, $L)", READING, field, a.length())
                .beginControlFlow("for (int i = 0; i < $L; i++)", a.length())
                .addStatement("$T.element(parser, $S, i, $L)", READING, field, a.length())
                .addStatement("$T.$L(segment, offset, i, $L)", struct, n, readScalar(a.element(), field))
                .endControlFlow()
                .addStatement("$T.endArray(parser, $S, $L)", READING, field, a.length())
                .build();
    }

    private static CodeBlock readScalar(FieldType.Scalar s, String field) {
        if (CTypes.rawBits(s.ctype())) {
            return CodeBlock.of("$T.readUint64(parser, $S)", READING, field);
        }
        return switch (s.java()) {
            case BOOLEAN -> CodeBlock.of("$T.readBoolean(parser, $S)", READING, field);
            case CHAR -> CodeBlock.of("$T.readChar(parser, $S)", READING, field);
            case FLOAT -> CodeBlock.of("$T.readFloat(parser, $S)", READING, field);
            case DOUBLE -> CodeBlock.of("$T.readDouble(parser, $S)", READING, field);
            default -> {
                long lo = Math.max(CTypes.min(s.ctype()), s.java().min());
                long hi = Math.min(CTypes.max(s.ctype()), s.java().max());
                CodeBlock read = CodeBlock.of("$T.readLong(parser, $L, $L, $S, $S)", READING, literal(lo), literal(hi),
                        CTypes.cName(s.ctype()), field);
                yield s.java() == JavaPrim.LONG ? read : CodeBlock.of("($L) $L", s.java().keyword(), read);
            }
        };
    }

    /** A bit-field is a JSON integer (a boolean for bool): the width's range is checked while reading. */
    private static CodeBlock readBits(FieldType.BitField b, String field) {
        FieldType.Scalar s = b.declared();
        if (s.java() == JavaPrim.BOOLEAN || s.java() == JavaPrim.CHAR) {
            return readScalar(s, field);
        }
        CodeBlock read = CodeBlock.of("$T.readLong(parser, $L, $L, $S, $S)", READING, literal(b.min()), literal(b.max()),
                CTypes.cName(s.ctype()) + " : " + b.width(), field);
        return s.java() == JavaPrim.LONG ? read : CodeBlock.of("($L) $L", s.java().keyword(), read);
    }

    /** {@return {@code v} as a Java literal, with no type name (a user's type may hide {@code Long})} */
    private static String literal(long v) {
        return v + "L";
    }

    /** {@return the largest text capacity in {@code m} and the structs nested in it, 0 if none has text} */
    static int maxTextCapacity(StructModel m) {
        int max = 0;
        for (FieldModel f : m.fields()) {
            max = Math.max(max, switch (f.type()) {
                case FieldType.Text x -> x.capacity();
                case FieldType.Nested x -> maxTextCapacity(x.struct());
                case FieldType.NestedArray x -> maxTextCapacity(x.struct());
                default -> 0;
            });
        }
        return max;
    }

    /** The largest {@code byte[]} HotSpot allocates ({@code ArraysSupport.SOFT_MAX_ARRAY_LENGTH}). */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private static int textScratch(StructModel m) {
        int max = maxTextCapacity(m);
        return max == 0 ? 0 : (int) Math.min(max + 8L, MAX_ARRAY);
    }

    private FieldSpec textScratchConstant() {
        return FieldSpec.builder(TypeName.INT, "TEXT_SCRATCH", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Bytes of scratch memory {@link #write(MemorySegment, long, JsonGenerator, byte[])} needs for text members:\n"
                        + "the largest text capacity in this struct and the structs nested in it, plus 8 (text is read 8 bytes\n"
                        + "at a time), at most the largest Java array; 0 if there is no text.\n")
                .initializer("$L", textScratch(model)).build();
    }

    /** Text scratch up to this many bytes is allocated once per {@code writeArray} call; larger text goes by its length. */
    static final int ARRAY_SCRATCH_LIMIT = 4096;

    private static final String WRITE_ERRORS_DOC = "<p>Before the first token the struct's bounds and every stored value are checked (bool bytes,\n"
            + "enum codes, text NUL and encoding, nested structs): a {@code StructValueException} or\n"
            + "{@code IndexOutOfBoundsException} then leaves the generator untouched, and the caller may go on using it.\n"
            + "Any other exception (an {@code IOException} of the output) may leave a partial object: discard the output.\n\n";

    private MethodSpec writeMethod() {
        return MethodSpec.methodBuilder("write").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Writes the struct at {@code offset} as one JSON object, exactly as databind writes the equal record.\n"
                        + "Text is copied through a per-thread buffer sized by the stored text, never by the capacity.\n\n")
                .addJavadoc(WRITE_ERRORS_DOC)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param generator the generator\n")
                .addJavadoc("@throws io.structbridge.runtime.StructValueException if the stored bytes are not a valid value; nothing written\n")
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not lie inside {@code segment}; nothing written\n")
                .addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset").addParameter(GENERATOR, "generator")
                .addStatement("write(segment, offset, generator, null)")
                .build();
    }

    private MethodSpec checkStored() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("checkStored").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Checks every stored value of the struct at {@code offset} as {@link #write} reads it (bool bytes, enum\n"
                        + "codes, integer ranges, text NUL and encoding, nested structs), writing nothing.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct (its bounds already checked)\n")
                .addJavadoc("@throws io.structbridge.runtime.StructValueException for the first invalid value\n")
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not lie inside {@code segment}\n")
                .addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addStatement("$T.checkStruct(segment, offset, $T.SIZE, STRUCT)", JSON_WRITING, struct);
        for (FieldModel f : model.fields()) {
            String n = f.name();
            if (TaggedUnionJson.of(model, f) != null) {
                // The live member of a tagged union is checked as it is written (its discriminator picks it).
                continue;
            }
            switch (f.type()) {
                case FieldType.Scalar s -> m.addStatement("$T.$L(segment, offset)", struct, n);
                case FieldType.BitField b -> m.addStatement("$T.$L(segment, offset)", struct, n);
                case FieldType.Pointer p -> { } // a struct holding a pointer has no codec (SB-POINTER-NO-JSON)
                case FieldType.EnumCode e -> m.addStatement("$T.$L(segment, offset)", struct, n);
                case FieldType.Text x -> m.addStatement("$T.checkText(segment, offset + $T.$L, $T.$L, $L, $L, STRUCT, $S)", JSON_WRITING,
                        struct, JavaTypeNames.offsetConstant(n), TEXT_ENCODING, x.encoding().name(), x.capacity(), x.nulTerminated(), n);
                case FieldType.PrimitiveArray a -> {
                    if (a.element().java() != JavaPrim.BYTE && a.element().java() != JavaPrim.CHAR) {
                        m.beginControlFlow("for (int i = 0; i < $L; i++)", a.length())
                                .addStatement("$T.$L(segment, offset, i)", struct, n).endControlFlow();
                    }
                }
                case FieldType.Nested x -> m.beginControlFlow("try")
                        .addStatement("$T.checkStored(segment, offset + $T.$L)", jsonClass(x.struct().record()), struct, JavaTypeNames.offsetConstant(n))
                        .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                        .addStatement("throw e.nestedIn(STRUCT, $S)", n)
                        .endControlFlow();
                case FieldType.NestedArray x -> m.beginControlFlow("for (int i = 0; i < $L; i++)", x.length())
                        .beginControlFlow("try")
                        .addStatement("$T.checkStored(segment, offset + $T.$L + (long) i * $T.SIZE)", jsonClass(x.struct().record()),
                                struct, JavaTypeNames.offsetConstant(n), JavaTypeNames.structClassOf(x.struct().record()))
                        .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                        .addStatement("throw e.nestedIn(STRUCT, $S + i + $S)", n + "[", "]")
                        .endControlFlow()
                        .endControlFlow();
            }
        }
        return m.build();
    }

    private MethodSpec writeWithScratch() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("write").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Like {@link #write(MemorySegment, long, JsonGenerator)}, reading text members through {@code scratch}, so a\n"
                        + "caller writing many structs allocates it once.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param generator the generator\n")
                .addJavadoc(WRITE_ERRORS_DOC)
                .addJavadoc("@param scratch {@link #TEXT_SCRATCH} bytes or more, its contents overwritten; or null (or shorter): text is then\n"
                        + "    copied through a per-thread buffer sized by the stored text\n")
                .addJavadoc("@throws io.structbridge.runtime.StructValueException if the stored bytes are not a valid value; nothing written\n")
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not lie inside {@code segment}; nothing written\n")
                .addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset").addParameter(GENERATOR, "generator")
                .addParameter(ArrayTypeName.of(TypeName.BYTE), "scratch")
                .addStatement("$T.checkStruct(segment, offset, $T.SIZE, STRUCT)", JSON_WRITING, struct)
                .addStatement("checkStored(segment, offset)")
                .addStatement("writeUnchecked(segment, offset, generator, scratch)");
        return m.build();
    }

    private MethodSpec writeUnchecked() {
        MethodSpec.Builder m = MethodSpec.methodBuilder("writeUnchecked").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("{@link #write(MemorySegment, long, JsonGenerator, byte[])} without its checks first, for generated code that\n"
                        + "has called {@link #checkStored} (nested structs, arrays). A stored value that is invalid after all still\n"
                        + "throws, possibly leaving a partial object in the generator.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param generator the generator\n")
                .addJavadoc("@param scratch as for {@code write}\n")
                .addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset").addParameter(GENERATOR, "generator")
                .addJavadoc("@throws IndexOutOfBoundsException if the struct does not lie inside {@code segment}; nothing written\n")
                .addParameter(ArrayTypeName.of(TypeName.BYTE), "scratch")
                .addStatement("$T.checkStruct(segment, offset, $T.SIZE, STRUCT)", JSON_WRITING, struct);
        m.addStatement("generator.writeStartObject()");
        for (int i = 0; i < model.fields().size(); i++) {
            FieldModel f = model.fields().get(i);
            m.addStatement("generator.writeName(KEYS[$L])", i);
            m.addCode(TaggedUnionJson.of(model, f) != null ? TaggedUnionJson.writeCall(model, f, struct) : writeField(f, struct));
        }
        return m.addStatement("generator.writeEndObject()").build();
    }

    /** {@return code writing {@code f}, a component of the struct or union {@code struct} at {@code offset}} */
    static CodeBlock writeField(FieldModel f, ClassName struct) {
        String n = f.name();
        CodeBlock get = CodeBlock.of("$T.$L(segment, offset)", struct, n);
        return switch (f.type()) {
            case FieldType.BitField b -> writeScalar(b.declared(), get);
            case FieldType.Pointer p -> throw new IllegalStateException("no JSON for pointer " + n); // unsupportedReason refuses first
            case FieldType.Scalar s -> writeScalar(s, get);
            case FieldType.Text x -> CodeBlock.of("$T.writeText(generator, scratch, segment, offset + $T.$L, $T.$L, $L, $L, STRUCT, $S);\n",
                    ClassName.get(PKG, "JsonWriting"), struct, JavaTypeNames.offsetConstant(n),
                    TEXT_ENCODING, x.encoding().name(), x.capacity(), x.nulTerminated(), n);
            case FieldType.EnumCode e -> CodeBlock.of("generator.writeString(switch ($L) {\n$>$L\n$<});\n", get,
                    e.constants().stream().map(c -> CodeBlock.of("case $L -> $L;", c.name(), io.structbridge.processor.write.JavaStrings.literal(c.json()))).collect(CodeBlock.joining("\n")));
            case FieldType.PrimitiveArray a -> switch (a.element().java()) {
                case BYTE -> CodeBlock.of("generator.writeBinary($L);\n", get);
                case CHAR -> CodeBlock.builder().addStatement("char[] chars = $L", get)
                        .addStatement("generator.writeString(chars, 0, chars.length)").build();
                default -> CodeBlock.builder()
                        .addStatement("generator.writeStartArray()")
                        .beginControlFlow("for (int i = 0; i < $L; i++)", a.length())
                        .add(writeScalar(a.element(), CodeBlock.of("$T.$L(segment, offset, i)", struct, n)))
                        .endControlFlow()
                        .addStatement("generator.writeEndArray()").build();
            };
            case FieldType.Nested x -> CodeBlock.of("$T.writeUnchecked(segment, offset + $T.$L, generator, scratch);\n",
                    jsonClass(x.struct().record()), struct, JavaTypeNames.offsetConstant(n));
            case FieldType.NestedArray x -> CodeBlock.builder()
                    .addStatement("generator.writeStartArray()")
                    .beginControlFlow("for (int i = 0; i < $L; i++)", x.length())
                    .addStatement("$T.writeUnchecked(segment, offset + $T.$L + (long) i * $T.SIZE, generator, scratch)",
                            jsonClass(x.struct().record()), struct, JavaTypeNames.offsetConstant(n), JavaTypeNames.structClassOf(x.struct().record()))
                    .endControlFlow()
                    .addStatement("generator.writeEndArray()").build();
        };
    }

    private static CodeBlock writeScalar(FieldType.Scalar s, CodeBlock get) {
        if (CTypes.rawBits(s.ctype())) {
            return CodeBlock.of("$T.writeUint64(generator, $L);\n", ClassName.get(PKG, "JsonWriting"), get);
        }
        return switch (s.java()) {
            case BOOLEAN -> CodeBlock.of("generator.writeBoolean($L);\n", get);
            case CHAR -> CodeBlock.of("generator.writeString($T.valueOf($L));\n", String.class, get);
            case BYTE -> CodeBlock.of("generator.writeNumber((int) $L);\n", get);
            default -> CodeBlock.of("generator.writeNumber($L);\n", get);
        };
    }

    private MethodSpec writeArray() {
        boolean direct = DirectJsonMethods.eligible(model);
        MethodSpec.Builder m = MethodSpec.methodBuilder("writeArray").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Writes every element of {@code array} as one JSON array (use {@code array.slice} for part of it).\n"
                        + "Each element is checked before its first token: after a {@code StructValueException} (which names\n"
                        + "the element) the generator holds the array's earlier elements and is open inside the array.\n\n")
                .addJavadoc(direct ? "<p>When {@code DirectJsonWriter.open} accepts the generator (Jackson's compact UTF-8 generator over an\n"
                        + "{@code OutputStream}, see there) the elements' bytes are written straight to the stream, the same bytes\n"
                        + "the generator would write; values it does not reproduce (non-finite floats, text beyond the BMP) go\n"
                        + "through the generator.\n\n" : "")
                .addJavadoc("@param array the structs\n@param generator the generator\n")
                .addParameter(array, "array").addParameter(GENERATOR, "generator")
                .addStatement("$T segment = array.segment()", SEGMENT)
                .addStatement("byte[] scratch = $L", textScratch(model) == 0 || textScratch(model) > ARRAY_SCRATCH_LIMIT
                        ? "null" : "new byte[TEXT_SCRATCH]")
                .addStatement("generator.writeStartArray()");
        if (direct) {
            m.addStatement("$T writer = $T.open(generator, DIRECT_BYTES)", DirectJsonMethods.WRITER, DirectJsonMethods.WRITER)
                    .beginControlFlow("if (writer != null)")
                    .beginControlFlow("for (long i = 0, n = array.count(); i < n; i++)")
                    .addStatement("boolean written")
                    .beginControlFlow("try")
                    .addComment("checks every value as checkStored does; an invalid one drops the element's bytes")
                    .addStatement("written = writeDirect(segment, i * $T.SIZE, writer)", struct)
                    .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                    .addStatement("writer.dropElement()")
                    .addStatement("throw e.inElement(i)")
                    .endControlFlow()
                    .beginControlFlow("if (!written)")
                    .beginControlFlow("try")
                    .addStatement("checkStored(segment, i * $T.SIZE)", struct)
                    .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                    .addStatement("writer.finish()")
                    .addStatement("throw e.inElement(i)")
                    .endControlFlow()
                    .addStatement("writeUnchecked(segment, i * $T.SIZE, generator, scratch)", struct)
                    .endControlFlow()
                    .endControlFlow()
                    .addStatement("writer.finish()")
                    .addStatement("generator.writeEndArray()")
                    .addStatement("return")
                    .endControlFlow();
        }
        return m.beginControlFlow("for (long i = 0, n = array.count(); i < n; i++)")
                .beginControlFlow("try")
                .addStatement("checkStored(segment, i * $T.SIZE)", struct)
                .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                .addStatement("throw e.inElement(i)")
                .endControlFlow()
                .addStatement("writeUnchecked(segment, i * $T.SIZE, generator, scratch)", struct)
                .endControlFlow()
                .addStatement("generator.writeEndArray()").build();
    }

    /**
     * {@return {@code name} quoted for a line comment}: printable ASCII as is (a backslash doubled, so javac
     * sees no Unicode escape), every other character as {@code U+XXXX}, so no line break can end the comment.
     */
    static String commentText(String name) {
        StringBuilder b = new StringBuilder("\"");
        name.codePoints().forEach(c -> {
            if (c == '\\') {
                b.append("\\\\");
            } else if (c >= 0x20 && c < 0x7f) {
                b.appendCodePoint(c);
            } else {
                b.append(String.format(java.util.Locale.ROOT, "U+%04X", c));
            }
        });
        return b.append('"').toString();
    }
}

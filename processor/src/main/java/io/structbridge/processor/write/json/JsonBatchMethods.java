package io.structbridge.processor.write.json;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/** The batch readers of {@code RJson}: growing, bounded (all or nothing per record), and skipping. */
final class JsonBatchMethods {
    private static final ClassName PARSER = ClassName.get("tools.jackson.core", "JsonParser");
    private static final ClassName TOKEN = ClassName.get("tools.jackson.core", "JsonToken");
    private static final ClassName CONTEXT = ClassName.get("tools.jackson.core", "TokenStreamContext");
    private static final ClassName JSON_EXCEPTION = ClassName.get(JsonCodecWriter.PKG, "StructJsonException");
    private static final ClassName READING = ClassName.get(JsonCodecWriter.PKG, "JsonReading");
    private static final ClassName JACKSON_EXCEPTION = ClassName.get("tools.jackson.core", "JacksonException");
    private static final ClassName BATCH = ClassName.get(JsonCodecWriter.PKG, "BatchResult");
    private static final ClassName REJECTED = BATCH.nestedClass("Rejected");
    private static final ClassName SEGMENT = ClassName.get("java.lang.foreign", "MemorySegment");
    private static final ClassName ARENA = ClassName.get("java.lang.foreign", "Arena");
    private static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
    private static final ClassName RECORD_BUFFER = ClassName.get(JsonCodecWriter.PKG, "RecordBuffer");

    private final ClassName struct;
    private final ClassName array;

    JsonBatchMethods(ClassName struct, ClassName array, ClassName self) {
        this.struct = struct;
        this.array = array;
    }

    void addTo(TypeSpec.Builder t) {
        t.addMethod(first());
        t.addMethod(next());
        t.addMethod(readAll());
        t.addMethod(readIntoArray());
        t.addMethod(readSkipping());
        t.addMethod(MethodSpec.methodBuilder("readSkipping").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(BATCH)
                .addJavadoc("{@link #readSkipping(JsonParser, $T, long, boolean, int)} describing at most\n"
                        + "{@link $T#DEFAULT_DETAILS} rejected records.\n\n", array, BATCH)
                .addJavadoc("@param parser the parser\n@param target the array\n@param from the first slot\n"
                        + "@param validate whether to check constraints\n@return the outcome\n")
                .addParameter(PARSER, "parser").addParameter(array, "target").addParameter(TypeName.LONG, "from")
                .addParameter(TypeName.BOOLEAN, "validate")
                .addStatement("return readSkipping(parser, target, from, validate, $T.DEFAULT_DETAILS)", BATCH).build());
        t.addMethod(MethodSpec.methodBuilder("checkRoom").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(PARSER, "parser").addParameter(array, "target").addParameter(TypeName.LONG, "from")
                .addParameter(TypeName.LONG, "count")
                .beginControlFlow("if (from + count >= target.count())")
                .addStatement("throw $T.error(parser, $S, $S + (target.count() - from) + $S).afterAccepted(count)",
                        READING, "(batch)", "the target array has room for ", " records")
                .endControlFlow().build());
        t.addMethod(MethodSpec.methodBuilder("decodeRecord").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("Decodes one record into the zeroed scratch struct, checking constraints if asked.\n")
                .addParameter(PARSER, "parser").addParameter(SEGMENT, "scratch").addParameter(TypeName.BOOLEAN, "validate")
                .addStatement("scratch.fill((byte) 0)")
                .addStatement("decode(parser, scratch, 0, true)")
                .beginControlFlow("if (validate)")
                .addStatement("checkConstraints(parser, scratch, 0)")
                .endControlFlow().build());
        t.addMethod(MethodSpec.methodBuilder("readAll").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(array)
                .addJavadoc("{@link #readAll(JsonParser, $T, boolean)} without constraint checks.\n\n"
                        + "@param parser the parser\n@param arena the arena\n@return the structs\n", ARENA)
                .addParameter(PARSER, "parser").addParameter(ARENA, "arena")
                .addStatement("return readAll(parser, arena, false)").build());
        t.addMethod(MethodSpec.methodBuilder("readInto").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(TypeName.LONG)
                .addJavadoc("{@link #readInto(JsonParser, $T, long, boolean)} without constraint checks.\n\n"
                        + "@param parser the parser\n@param target the array\n@param from the first slot\n@return the records placed\n", array)
                .addParameter(PARSER, "parser").addParameter(array, "target").addParameter(TypeName.LONG, "from")
                .addStatement("return readInto(parser, target, from, false)").build());
        t.addMethod(MethodSpec.methodBuilder("readSkipping").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(BATCH)
                .addJavadoc("{@link #readSkipping(JsonParser, $T, long, boolean, int)} without constraint checks.\n\n"
                        + "@param parser the parser\n@param target the array\n@param from the first slot\n@return the outcome\n", array)
                .addParameter(PARSER, "parser").addParameter(array, "target").addParameter(TypeName.LONG, "from")
                .addStatement("return readSkipping(parser, target, from, false)").build());
    }

    /**
     * Closes the {@code try} around a batch loop: every error, from a record or from the parser between
     * records (malformed JSON, a limit), leaves as a {@code StructJsonException} with the accepted count.
     */
    private static com.palantir.javapoet.CodeBlock batchCatch() {
        return com.palantir.javapoet.CodeBlock.builder()
                .nextControlFlow("catch ($T e)", JSON_EXCEPTION)
                .addStatement("throw e.afterAccepted(count)")
                .nextControlFlow("catch ($T e)", JACKSON_EXCEPTION)
                .addStatement("throw $T.malformed(parser, STRUCT, e).afterAccepted(count)", READING)
                .endControlFlow()
                .build();
    }

    /** Positions on the first record: inside a JSON array, or at the first root object of NDJSON. */
    private MethodSpec first() {
        return MethodSpec.methodBuilder("firstRecord").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(TOKEN)
                .addParameter(PARSER, "parser")
                .addComment("a new parser, or one on the '}' of a record read before: the next token")
                .addStatement("$T token = parser.currentToken() == null || parser.currentToken() == $T.END_OBJECT"
                        + " ? parser.nextToken() : parser.currentToken()", TOKEN, TOKEN)
                .beginControlFlow("if (token == $T.START_ARRAY)", TOKEN)
                .addStatement("token = parser.nextToken()")
                .beginControlFlow("if (token == $T.END_ARRAY)", TOKEN)
                .addStatement("$T.endOfInput(parser)", READING)
                .addStatement("return null")
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (token == null)")
                .addStatement("$T.noRecords(parser, STRUCT)", READING)
                .endControlFlow()
                .addStatement("return token").build();
    }

    private MethodSpec next() {
        return MethodSpec.methodBuilder("nextRecord").addModifiers(Modifier.PRIVATE, Modifier.STATIC).returns(TOKEN)
                .addParameter(PARSER, "parser")
                .addStatement("$T token = parser.nextToken()", TOKEN)
                .beginControlFlow("if (token == $T.END_ARRAY)", TOKEN)
                .addStatement("$T.endOfInput(parser)", READING)
                .addStatement("return null")
                .endControlFlow()
                .addStatement("return token").build();
    }

    private MethodSpec readAll() {
        return MethodSpec.methodBuilder("readAll").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(array)
                .addJavadoc("Reads a JSON array of objects, or JSON Lines (one object per line), into a new array of structs\n"
                        + "in {@code arena}. All or nothing: records are decoded into scratch memory that grows with the records\n"
                        + "read (at most twice their bytes, see {@code RecordBuffer}), and the arena receives one allocation, only\n"
                        + "after the last record was valid. An empty or whitespace-only document is an error, as in databind.\n\n")
                .addJavadoc("@param parser the parser\n@param arena the arena for the result\n@return the structs\n")
                .addJavadoc("@throws $T for the first invalid record (it says how many were accepted before it)\n", JSON_EXCEPTION)
                .addJavadoc("@param validate whether to check the record's Bean Validation constraints in the same pass\n")
                .addParameter(PARSER, "parser").addParameter(ARENA, "arena").addParameter(TypeName.BOOLEAN, "validate")
                .addStatement("long count = 0")
                .beginControlFlow("try ($T buffer = new $T($T.SIZE, $T.ALIGNMENT, STRUCT))", RECORD_BUFFER, RECORD_BUFFER, struct, struct)
                .beginControlFlow("try")
                .beginControlFlow("for ($T token = firstRecord(parser); token != null; token = nextRecord(parser))", TOKEN)
                .addStatement("$T records = buffer.room(parser, count)", SEGMENT)
                .addStatement("decode(parser, records, count * $T.SIZE, true)", struct)
                .beginControlFlow("if (validate)")
                .addStatement("checkConstraints(parser, records, count * $T.SIZE)", struct)
                .endControlFlow()
                .addStatement("count++")
                .endControlFlow()
                .addCode(batchCatch())
                .addStatement("$T result = $T.allocate(arena, count)", array, array)
                .addStatement("buffer.copyTo(result.segment(), count)")
                .addStatement("return result")
                .endControlFlow().build();
    }

    private MethodSpec readIntoArray() {
        return MethodSpec.methodBuilder("readInto").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(TypeName.LONG)
                .addJavadoc("Reads a JSON array or JSON Lines into {@code target}, element {@code from} onwards. Each record is\n"
                        + "decoded into scratch memory and copied into its slot only when valid, so on failure the slots\n"
                        + "before {@code from} and the failing slot are unchanged, and the exception says how many records\n"
                        + "were placed.\n\n")
                .addJavadoc("@param parser the parser\n@param target the array\n@param from the first slot to fill\n")
                .addJavadoc("@return the number of records placed\n")
                .addJavadoc("@throws $T for the first invalid record, or when the input has more records than slots\n", JSON_EXCEPTION)
                .addJavadoc("@throws UnsupportedOperationException if the array's memory is read-only\n")
                .addJavadoc("@param validate whether to check the record's Bean Validation constraints in the same pass\n")
                .addParameter(PARSER, "parser").addParameter(array, "target").addParameter(TypeName.LONG, "from")
                .addParameter(TypeName.BOOLEAN, "validate")
                .addStatement("$T.checkFrom(from, target.count(), STRUCT)", ClassName.get(JsonCodecWriter.PKG, "JsonWriting"))
                .beginControlFlow("if (target.segment().isReadOnly())")
                .addStatement("throw new $T(STRUCT + $S)", UnsupportedOperationException.class, ": the segment is read-only")
                .endControlFlow()
                .addStatement("$T scratch = $T.scratch($T.SIZE)", SEGMENT, READING, struct)
                .addStatement("$T slots = target.segment()", SEGMENT)
                .addStatement("long count = 0")
                .beginControlFlow("try")
                .beginControlFlow("for ($T token = firstRecord(parser); token != null; token = nextRecord(parser))", TOKEN)
                .addStatement("checkRoom(parser, target, from, count)")
                .addStatement("decodeRecord(parser, scratch, validate)")
                .addStatement("$T.copy(scratch, 0, slots, (from + count) * $T.SIZE, $T.SIZE)", SEGMENT, struct, struct)
                .addStatement("count++")
                .endControlFlow()
                .addCode(batchCatch())
                .addStatement("return count").build();
    }

    private MethodSpec readSkipping() {
        return MethodSpec.methodBuilder("readSkipping").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(BATCH)
                .addJavadoc("Ingestion mode: like {@link #readInto(JsonParser, $T, long, boolean)}, but an invalid record is skipped and\n"
                        + "reported while the valid ones are placed in order. Every rejected record is counted; the first\n"
                        + "{@code maxDetails} are described (index, line, column, path, field, rule), without exceptions or stack\n"
                        + "traces, so memory stays bounded however many records are rejected. Malformed JSON, which cannot be\n"
                        + "resynchronised, still throws.\n\n", array)
                .addJavadoc("@param parser the parser\n@param target the array\n@param from the first slot to fill\n")
                .addJavadoc("@return how many records were placed, and the skipped ones\n")
                .addJavadoc("@param validate whether to check the record's Bean Validation constraints in the same pass\n")
                .addJavadoc("@param maxDetails how many rejected records to describe in the result (0 or more); all are counted\n")
                .addJavadoc("@throws IllegalArgumentException if {@code maxDetails} is negative\n")
                .addParameter(PARSER, "parser").addParameter(array, "target").addParameter(TypeName.LONG, "from")
                .addParameter(TypeName.BOOLEAN, "validate").addParameter(TypeName.INT, "maxDetails")
                .addStatement("$T.checkFrom(from, target.count(), STRUCT)", ClassName.get(JsonCodecWriter.PKG, "JsonWriting"))
                .beginControlFlow("if (maxDetails < 0)")
                .addStatement("throw new $T($S + maxDetails)", IllegalArgumentException.class, "maxDetails must be 0 or more, not ")
                .endControlFlow()
                .beginControlFlow("if (target.segment().isReadOnly())")
                .addStatement("throw new $T(STRUCT + $S)", UnsupportedOperationException.class, ": the segment is read-only")
                .endControlFlow()
                .addStatement("$T scratch = $T.scratch($T.SIZE)", SEGMENT, READING, struct)
                .addStatement("$T slots = target.segment()", SEGMENT)
                .addStatement("$T<$T> rejected = new $T<>()", java.util.List.class, REJECTED, ARRAY_LIST)
                .addStatement("long rejectedCount = 0")
                .addStatement("long count = 0")
                .addStatement("long index = 0")
                .beginControlFlow("try")
                .beginControlFlow("for ($T token = firstRecord(parser); token != null; token = nextRecord(parser), index++)", TOKEN)
                .addStatement("$T parent = $T.recordParent(parser)", CONTEXT, READING)
                .addStatement("checkRoom(parser, target, from, count)")
                .beginControlFlow("try")
                .addStatement("decodeRecord(parser, scratch, validate)")
                .nextControlFlow("catch ($T e)", JSON_EXCEPTION)
                .beginControlFlow("if (e.fromParser())")
                .addStatement("throw e")
                .endControlFlow()
                .beginControlFlow("if (rejected.size() < maxDetails)")
                .addStatement("rejected.add($T.of(index, e))", REJECTED)
                .endControlFlow()
                .addStatement("rejectedCount++")
                .addStatement("$T.skipRest(parser, parent)", READING)
                .addStatement("continue")
                .endControlFlow()
                .addStatement("$T.copy(scratch, 0, slots, (from + count) * $T.SIZE, $T.SIZE)", SEGMENT, struct, struct)
                .addStatement("count++")
                .endControlFlow()
                .addCode(batchCatch())
                .addStatement("return new $T(count, rejectedCount, rejected)", BATCH).build();
    }
}

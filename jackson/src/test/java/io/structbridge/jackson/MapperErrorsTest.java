package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointArray;
import io.structbridge.jackson.fixtures.PointJson;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mapper entries of {@link StrictJson} (readValue of an array, readerFor, readerForUpdating of an array or
 * a view) give the same {@link StructJsonException} as the codec for malformed documents, including those whose
 * first token is already wrong, and for empty or whitespace-only documents; databind refusing the equal record
 * types is the oracle that each document is bad.
 */
class MapperErrorsTest {
    private static final JsonMapper STRICT = StrictJson.mapper();
    private static final JsonMapper CODEC = StrictJson.codecMapper();
    private static final JsonMapper PLAIN = JsonMapper.builder().build();
    static final List<String> BAD = List.of("", " ", "  \n\t\r\n", "@", "}", "]", ",", ":", "nul", "tru", "\"x", "-",
            "[{\"x\":1,\"y\":}]", "[{\"x\":1,\"y\":1}", "{\"x\":1 \"y\":1}", "{\"x\":1,\"y\":1", "[1,]x", "{'x':1}", "[\"\\u12\"]");

    private static StructJsonException codec(Executable read) {
        return assertThrows(StructJsonException.class, read);
    }

    private static void same(StructJsonException expected, Executable read, String what) {
        Throwable actual = assertThrows(Throwable.class, read, what);
        StructJsonException e = assertInstanceOf(StructJsonException.class, actual, what + ": " + actual);
        assertEquals(expected.getMessage(), e.getMessage(), what);
        assertEquals(List.of(expected.jsonPath(), expected.field(), expected.line(), expected.column()),
                List.of(e.jsonPath(), e.field(), e.line(), e.column()), what);
    }

    @Test
    void badDocumentsAreTheCodecsErrorThroughEveryMapperEntry() {
        try (Arena arena = Arena.ofConfined()) {
            PointArray target = PointArray.fromList(arena, List.of(new Point(5, 6), new Point(7, 8)));
            byte[] before = target.segment().toArray(ValueLayout.JAVA_BYTE);
            for (String doc : BAD) {
                String what = "<" + doc + ">";
                // the oracle: databind refuses the document for the equal record types
                assertThrows(JacksonException.class, () -> PLAIN.readValue(doc, new TypeReference<List<Point>>() {}), what);
                assertThrows(JacksonException.class, () -> PLAIN.readValue(doc, Point.class), what);
                StructJsonException all = codec(() -> {
                    try (JsonParser p = CODEC.createParser(doc)) {
                        PointJson.readAll(p, arena);
                    }
                });
                byte[] utf8 = doc.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                StructJsonException allBytes = codec(() -> {
                    try (JsonParser p = CODEC.createParser(utf8)) {
                        PointJson.readAll(p, arena);
                    }
                });
                StructJsonException into = codec(() -> {
                    try (JsonParser p = CODEC.createParser(doc)) {
                        PointJson.readInto(p, target, 0);
                    }
                });
                StructJsonException one = codec(() -> {
                    try (JsonParser p = CODEC.createParser(doc)) {
                        PointJson.read(p, target.segment(), 0);
                        if (p.nextToken() != null) {
                            throw JsonReading.error(p, "(document)", "trailing");
                        }
                    }
                });
                for (JsonMapper m : List.of(STRICT, CODEC)) {
                    same(all, () -> m.readValue(doc, PointArray.class), what + " readValue");
                    same(all, () -> m.readerFor(PointArray.class).readValue(doc), what + " readerFor");
                    same(allBytes, () -> m.readValue(utf8, PointArray.class), what + " bytes");
                    same(into, () -> m.readerForUpdating(target).readValue(doc), what + " readerForUpdating(array)");
                    if (!doc.isBlank() && !doc.startsWith("[") && !doc.startsWith("{")) { // readValues: a sequence (a root array is unwrapped, empty is zero values)
                        same(all, () -> {
                            try (var values = m.readerFor(PointArray.class).readValues(doc)) {
                                values.nextValue();
                            }
                        }, what + " readValues");
                    }
                    if (!doc.startsWith("[") && !doc.startsWith("{\"x\":1,")) { // views check trailing content too
                        same(one, () -> m.readerForUpdating(target.view(1)).readValue(doc), what + " readerForUpdating(view)");
                    }
                }
                // readInto places the records before a bad one (documented); put the target back for the next document
                java.lang.foreign.MemorySegment.copy(java.lang.foreign.MemorySegment.ofArray(before), 0, target.segment(), 0, before.length);
            }
        }
    }

    @Test
    void anEmptyDocumentIsAnErrorForTheCodecAndTheMapperAndAnEmptyArrayHoldsNoRecords() {
        try (Arena arena = Arena.ofConfined()) {
            for (String doc : List.of("", " \n ")) {
                StructJsonException e = codec(() -> {
                    try (JsonParser p = CODEC.createParser(doc)) {
                        PointJson.readAll(p, arena);
                    }
                });
                assertTrue(e.getMessage().contains("no content: the document is empty or only whitespace"), e.getMessage());
                PointArray target = PointArray.allocate(arena, 1);
                StructJsonException skipping = codec(() -> {
                    try (JsonParser p = CODEC.createParser(doc)) {
                        PointJson.readSkipping(p, target, 0);
                    }
                });
                assertEquals(e.getMessage(), skipping.getMessage());
                same(e, () -> STRICT.readValue(doc, PointArray.class), "<" + doc + ">");
                // databind refuses the same document for the records
                assertThrows(JacksonException.class, () -> STRICT.readValue(doc, new TypeReference<List<Point>>() {}));
            }
            assertEquals(0, STRICT.readValue("[]", PointArray.class).count());
            assertEquals(0, STRICT.readValue(" [ ] ", new TypeReference<List<Point>>() {}).size());
        }
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Blob;
import io.structbridge.jackson.fixtures.BlobJson;
import io.structbridge.jackson.fixtures.BlobStruct;
import io.structbridge.jackson.fixtures.J6Qty;
import io.structbridge.jackson.fixtures.J6QtyArray;
import io.structbridge.jackson.fixtures.J6QtyJson;
import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderArray;
import io.structbridge.jackson.fixtures.OrderJson;
import io.structbridge.jackson.fixtures.OrderStruct;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.Status;
import io.structbridge.runtime.StructValueException;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.json.JsonMapper;

/** JSON straight into native memory and back, held to Jackson databind on the same records. */
class JsonCodecTest {
    static final JsonMapper STRICT = StrictJson.mapper();
    static final List<JsonMapper> NUMBER_MAPPERS = List.of(
            STRICT,
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder()
                    .enable(tools.jackson.core.json.JsonWriteFeature.WRITE_NUMBERS_AS_STRINGS).build())).build(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder()
                    .disable(tools.jackson.core.json.JsonWriteFeature.WRITE_NAN_AS_STRINGS).build())).build(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder()
                    .enable(tools.jackson.core.StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build())).build(),
            StrictJson.configure(JsonMapper.builder()).enable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT).build());

    static String writeFromMemory(MemorySegment s, long offset) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = STRICT.createGenerator(out)) {
            OrderJson.write(s, offset, g);
        }
        return out.toString();
    }

    static MemorySegment patterned(long size) {
        MemorySegment s = Arena.ofAuto().allocate(size, 8);
        for (long i = 0; i < size; i++) {
            s.set(ValueLayout.JAVA_BYTE, i, (byte) (0xA5 ^ i));
        }
        return s;
    }

    @Property(tries = 300)
    void writingFromMemoryIsByteIdenticalToDatabindAndReadingBackRestoresTheBytes(
            @ForAll("orders") Order order) {
        try {
            OrderStruct.check(order);
        } catch (StructValueException e) {
            return; // not storable natively: covered by the value tests
        }
        MemorySegment s = Arena.ofAuto().allocate(OrderStruct.LAYOUT);
        OrderStruct.write(s, 0, order);
        String databind = STRICT.writeValueAsString(order);
        assertEquals(databind, writeFromMemory(s, 0));
        for (JsonMapper mapper : NUMBER_MAPPERS) { // byte output too, and the settings that change how numbers are written
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (JsonGenerator g = mapper.createGenerator(bytes)) {
                OrderJson.write(s, 0, g);
            }
            assertArrayEquals(mapper.writeValueAsBytes(order), bytes.toByteArray(), mapper.writeValueAsString(order));
        }
        MemorySegment back = Arena.ofAuto().allocate(OrderStruct.LAYOUT);
        try (JsonParser p = STRICT.createParser(databind)) {
            OrderJson.read(p, back, 0);
        }
        assertArrayEquals(s.toArray(ValueLayout.JAVA_BYTE), back.toArray(ValueLayout.JAVA_BYTE));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Order> orders() {
        return new ValidatorDifferentialTest().orders();
    }

    @Test
    void arraysInEveryJacksonShapeRoundTrip() {
        Blob blob = new Blob(new byte[] {1, 2, 3, -1, 0}, new char[] {'a', '\u00e9', 'c'}, new boolean[] {true, false},
                new long[] {0, 4294967295L}, new Point[] {new Point(1, 2), new Point(3, 4)});
        String json = STRICT.writeValueAsString(blob);
        MemorySegment s = Arena.ofAuto().allocate(BlobStruct.LAYOUT);
        try (JsonParser p = STRICT.createParser(json)) {
            BlobJson.read(p, s, 0);
        }
        Blob back = BlobStruct.read(s, 0);
        assertEquals(STRICT.writeValueAsString(back), json);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = STRICT.createGenerator(out)) {
            BlobJson.write(s, 0, g);
        }
        assertEquals(json, out.toString());
    }

    static final String VALID = STRICT.writeValueAsString(InPlaceValidationTest.VALID);

    @Test
    void everyBadInputIsAClearErrorAndLeavesTheTargetUnchanged() {
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put(VALID.replace("\"qty\":3", "\"qty\":256"), "$.qty (line 1, column ");
        cases.put(VALID.replace("\"qty\":3", "\"qty\":3.0"), "Order.qty: expected an integer (uint8_t), got the non-integral number 3.0");
        cases.put(VALID.replace("\"qty\":3", "\"qty\":\"3\""), "got the string \"3\" (no coercion)");
        cases.put(VALID.replace("\"order_id\":7", "\"order_id\":9223372036854775808"), "Order.id: must fit int64_t");
        cases.put(VALID.replace("\"order_id\":7", "\"order_id\":9.007199254740993e15"), "Order.id: expected an integer");
        cases.put(VALID.replace("\"order_id\":7,", ""), "missing required property \"order_id\"");
        cases.put(VALID.replace("\"qty\":3", "\"qty\":3,\"extra\":1"), "unknown property \"extra\"");
        // Jackson's STRICT_DUPLICATE_DETECTION (part of StrictJson) reports duplicates before the codec sees them.
        cases.put(VALID.replace("\"qty\":3", "\"qty\":3,\"qty\":4"), "Duplicate Object property \"qty\"");
        cases.put(VALID.replace("\"code\":\"AB12\"", "\"code\":\"AB12345678901234\""), "$.code");
        cases.put(VALID.replace("\"tag\":\"tag\"", "\"tag\":\"abⒶⒶⒶ\""), "Order.tag: text needs 11 UTF-8 bytes");
        cases.put(VALID.replace("\"dims\":[1,2,3]", "\"dims\":[1,2]"), "array length must be exactly 3, got 2");
        cases.put(VALID.replace("\"dims\":[1,2,3]", "\"dims\":[1,2,3,4]"), "array length must be exactly 3, got more");
        cases.put(VALID.replace("\"dims\":[1,2,3]", "\"dims\":[1,2,70000]"), "$.dims[2]");
        cases.put(VALID.replace("\"status\":\"in-progress\"", "\"status\":\"IN_PROGRESS\""), "unknown Status value \"IN_PROGRESS\"");
        cases.put(VALID.replace("\"status\":\"in-progress\"", "\"status\":1"), "expected a string");
        cases.put(VALID.replace("\"at\":{\"x\":4,\"y\":5}", "\"at\":null"), "got null");
        cases.put(VALID.replace("\"at\":{\"x\":4,\"y\":5}", "\"at\":{\"x\":4}"), "missing required property \"y\"");
        cases.put(VALID.replace("\"grade\":\"B\"", "\"grade\":\"BB\""), "one-character string");
        cases.put(VALID.replace("\"confirmed\":true", "\"confirmed\":1"), "expected true or false");
        cases.put(VALID.substring(0, VALID.length() - 5), "");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            MemorySegment target = patterned(OrderStruct.SIZE + 16);
            byte[] before = target.toArray(ValueLayout.JAVA_BYTE);
            JacksonException e = assertThrows(JacksonException.class, () -> {
                try (JsonParser p = STRICT.createParser(c.getKey())) {
                    OrderJson.read(p, target, 8);
                }
            }, c.getKey());
            assertTrue(e.getMessage().contains(c.getValue()), e.getMessage() + "\n  expected to contain: " + c.getValue());
            assertArrayEquals(before, target.toArray(ValueLayout.JAVA_BYTE), "target changed by " + c.getKey());
            if (e instanceof StructJsonException s) {
                assertTrue(s.line() >= 1 && s.column() >= 1, e.getMessage());
            }
        }
    }

    @Test
    void errorsNameTheJsonPathLineAndColumnInsideABatch() {
        String ndjson = "{\"qty\":1}\n{\"qty\":2}\n{\"qty\":2.5}\n{\"qty\":4}\n";
        try (Arena arena = Arena.ofConfined()) {
            J6QtyArray target = J6QtyArray.allocate(arena, 4);
            target.setAll(0, List.of(new J6Qty(-1), new J6Qty(-1), new J6Qty(-1), new J6Qty(-1)));
            StructJsonException e = assertThrows(StructJsonException.class, () -> {
                try (JsonParser p = STRICT.createParser(ndjson)) {
                    J6QtyJson.readInto(p, target, 0);
                }
            });
            assertEquals(3, e.line());
            assertEquals(8, e.column());
            assertEquals(2, e.accepted());
            assertEquals("$.qty", e.jsonPath());
            assertEquals(List.of(new J6Qty(1), new J6Qty(2), new J6Qty(-1), new J6Qty(-1)), target.toList(),
                    "two records placed, the failing slot and the rest untouched");
        }
        String array = "[{\"qty\":1},\n {\"qty\":true}]";
        StructJsonException e = assertThrows(StructJsonException.class, () -> {
            try (JsonParser p = STRICT.createParser(array); Arena arena = Arena.ofConfined()) {
                J6QtyJson.readAll(p, arena);
            }
        });
        assertEquals("$[1].qty", e.jsonPath());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("(1 records accepted before it)"), e.getMessage());
    }

    @Test
    void skippingModeKeepsGoodRecordsAndReportsBadOnesByLine() {
        String ndjson = "{\"qty\":1}\n{\"qty\":\"x\"}\n{\"qty\":3,\"nested\":{\"a\":[1,{\"b\":2}]}}\n{\"qty\":4}\n{\"qty\":2147483648}\n{\"qty\":6}\n";
        try (Arena arena = Arena.ofConfined(); JsonParser p = STRICT.createParser(ndjson)) {
            J6QtyArray target = J6QtyArray.allocate(arena, 10);
            BatchResult r = J6QtyJson.readSkipping(p, target, 0);
            assertEquals(3, r.accepted());
            assertEquals(List.of(1L, 2L, 4L), r.rejected().stream().map(BatchResult.Rejected::index).toList());
            assertEquals(List.of(2, 3, 5), r.rejected().stream().map(BatchResult.Rejected::line).toList());
            assertEquals(List.of(new J6Qty(1), new J6Qty(4), new J6Qty(6)), target.slice(0, 3).toList());
        }
    }

    @Test
    void streamReadConstraintsAreHonoured() {
        MemorySegment target = patterned(OrderStruct.SIZE);
        byte[] before = target.toArray(ValueLayout.JAVA_BYTE);
        Map<String, StreamReadConstraints> cases = Map.of(
                // "tag" holds 7 bytes of text, so 11 characters break the string limit (10) before the capacity
                VALID.replace("\"tag\":\"tag\"", "\"tag\":\"" + "x".repeat(11) + "\""),
                StreamReadConstraints.builder().maxStringLength(10).build(),
                VALID.replace("\"order_id\":7", "\"order_id\":123456"),
                StreamReadConstraints.builder().maxNumberLength(5).build(),
                VALID, // "dims" is an array inside the object: depth 2
                StreamReadConstraints.builder().maxNestingDepth(1).build());
        for (Map.Entry<String, StreamReadConstraints> c : cases.entrySet()) {
            String json = c.getKey();
            JsonMapper mapper = StrictJson.configure(JsonMapper.builder(
                    JsonFactory.builder().streamReadConstraints(c.getValue()).build())).build();
            JacksonException e = assertThrows(JacksonException.class, () -> {
                try (JsonParser p = mapper.createParser(json)) {
                    OrderJson.read(p, target, 0);
                }
            }, json);
            // Jackson's own limit fired (not, say, the member's capacity): its message says so
            assertTrue(e.getMessage().contains("exceeds the maximum allowed"), e.getMessage());
            assertArrayEquals(before, target.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void readAllAcceptsAJsonArrayAndJsonLinesAlike() {
        String array = "[{\"qty\":1},{\"qty\":2},{\"qty\":3}]";
        String lines = "{\"qty\":1}\n{\"qty\":2}\n{\"qty\":3}";
        try (Arena arena = Arena.ofConfined()) {
            for (String json : new String[] {array, lines}) {
                try (JsonParser p = STRICT.createParser(json)) {
                    J6QtyArray a = J6QtyJson.readAll(p, arena);
                    assertEquals(List.of(new J6Qty(1), new J6Qty(2), new J6Qty(3)), a.toList());
                }
            }
        }
    }

    @Test
    void aBatchWritesWhatDatabindWritesForTheList() {
        List<Order> orders = List.of(InPlaceValidationTest.VALID,
                new Order(8, "ZZ9", 100, 0, Float.MIN_VALUE, Status.DONE, true, new int[] {0, 65535, 7},
                        new Point(1000, 0), 'Z', -999.99, -4, "abcde", -5, -9999));
        try (Arena arena = Arena.ofConfined()) {
            OrderArray array = OrderArray.fromList(arena, orders);
            StringWriter out = new StringWriter();
            try (JsonGenerator g = STRICT.createGenerator(out)) {
                OrderJson.writeArray(array, g);
            }
            assertEquals(STRICT.writeValueAsString(orders), out.toString());
        }
    }

    @Test
    void jsonTestSuiteRejectsAreErrorsAndTheTargetIsUnchanged() throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of("..", "data", "jsontestsuite", "test_parsing");
        List<java.nio.file.Path> rejects;
        try (var files = java.nio.file.Files.list(dir)) {
            rejects = files.filter(f -> f.getFileName().toString().startsWith("n_")).sorted().toList();
        }
        assertEquals(188, rejects.size());
        for (java.nio.file.Path f : rejects) {
            byte[] raw = java.nio.file.Files.readAllBytes(f);
            for (byte[] input : new byte[][] {raw, wrapped(raw)}) {
                MemorySegment target = patterned(io.structbridge.jackson.fixtures.J2MeasureStruct.SIZE);
                byte[] before = target.toArray(ValueLayout.JAVA_BYTE);
                assertThrows(JacksonException.class, () -> {
                    try (JsonParser p = STRICT.createParser(input)) {
                        io.structbridge.jackson.fixtures.J2MeasureJson.read(p, target, 0);
                        if (p.nextToken() != null) {
                            throw new StructJsonException(p, JsonReading.path(p), "(document)", "trailing content", null);
                        }
                    }
                }, f.getFileName().toString());
                assertArrayEquals(before, target.toArray(ValueLayout.JAVA_BYTE), f.getFileName().toString());
            }
        }
    }

    private static byte[] wrapped(byte[] value) {
        byte[] prefix = "{\"x\":".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = new byte[prefix.length + value.length + 1];
        System.arraycopy(prefix, 0, out, 0, prefix.length);
        System.arraycopy(value, 0, out, prefix.length, value.length);
        out[out.length - 1] = '}';
        return out;
    }

    @Test
    void constraintsCanBeCheckedInTheSamePass() {
        String tooMany = VALID.replace("\"qty\":3", "\"qty\":101").replace("\"x\":4", "\"x\":4000");
        MemorySegment target = patterned(OrderStruct.SIZE);
        byte[] before = target.toArray(ValueLayout.JAVA_BYTE);
        StructJsonException e = assertThrows(StructJsonException.class, () -> {
            try (JsonParser p = STRICT.createParser(tooMany)) {
                OrderJson.readValidated(p, target, 0);
            }
        });
        assertEquals("constraint violation: qty must be less than or equal to 100; at.x must be less than or equal to 1000", e.rule());
        assertArrayEquals(before, target.toArray(ValueLayout.JAVA_BYTE));
        try (JsonParser p = STRICT.createParser(VALID)) {
            OrderJson.readValidated(p, target, 0);
        }
        assertEquals(InPlaceValidationTest.VALID.toString().replaceAll("\\[I@\\w+", ""),
                OrderStruct.read(target, 0).toString().replaceAll("\\[I@\\w+", ""));
    }

    @Test
    void emptyArraysTrailingContentOverflowAndMalformedInputAreHandledAsTheContractSays() {
        try (Arena arena = Arena.ofConfined()) {
            // An empty array reads as no records (writeArray of an empty array writes exactly this).
            try (JsonParser p = STRICT.createParser("[]")) {
                assertEquals(0, J6QtyJson.readAll(p, arena).count());
            }
            StructJsonException trailing = assertThrows(StructJsonException.class, () -> {
                try (JsonParser p = STRICT.createParser("[{\"qty\":1}] {\"qty\":2}")) {
                    J6QtyJson.readAll(p, arena);
                }
            });
            assertTrue(trailing.getMessage().contains("unexpected content after the array of records"), trailing.getMessage());
        }
        // A finite number that a double cannot hold is refused (databind would store Infinity).
        StructJsonException overflow = assertThrows(StructJsonException.class, () -> {
            try (JsonParser p = STRICT.createParser("{\"x\":1e400}")) {
                io.structbridge.jackson.fixtures.J2MeasureJson.read(p, patterned(8), 0);
            }
        });
        assertTrue(overflow.getMessage().contains("outside the double range"), overflow.getMessage());
        // Malformed JSON and duplicate keys come out as StructJsonException with path, line and column.
        StructJsonException malformed = assertThrows(StructJsonException.class, () -> {
            try (JsonParser p = STRICT.createParser("{\"qty\":1,\n \"qty\":2}")) {
                J6QtyJson.read(p, patterned(4), 0);
            }
        });
        assertEquals(2, malformed.line());
        assertTrue(malformed.getMessage().startsWith("$.qty (line 2, column"), malformed.getMessage());
        assertTrue(malformed.rule().startsWith("malformed JSON: Duplicate Object property \"qty\""), malformed.rule());
    }

    @Test
    void aBatchIsParsedCheckedAndPlacedInOneSweep() {
        String lines = VALID + "\n" + VALID.replace("\"qty\":3", "\"qty\":101") + "\n" + VALID + "\n";
        try (Arena arena = Arena.ofConfined(); JsonParser p = STRICT.createParser(lines)) {
            OrderArray target = OrderArray.allocate(arena, 5);
            BatchResult r = OrderJson.readSkipping(p, target, 0, true);
            assertEquals(2, r.accepted());
            assertEquals(1, r.rejected().size());
            assertEquals(2, r.rejected().getFirst().line());
            assertEquals("constraint violation: qty must be less than or equal to 100", r.rejected().getFirst().rule());
        }
        try (Arena arena = Arena.ofConfined(); JsonParser p = STRICT.createParser(lines)) {
            StructJsonException e = assertThrows(StructJsonException.class, () -> OrderJson.readAll(p, arena, true));
            assertEquals(1, e.accepted());
        }
    }
}

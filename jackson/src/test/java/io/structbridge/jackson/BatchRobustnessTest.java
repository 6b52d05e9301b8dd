package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Label;
import io.structbridge.jackson.fixtures.LabelJson;
import io.structbridge.jackson.fixtures.LabelStruct;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointArray;
import io.structbridge.jackson.fixtures.PointJson;
import io.structbridge.jackson.fixtures.PointStruct;
import io.structbridge.runtime.StructValueException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Batch and single reads at the edges a new user found: records that are not objects, arrays of records
 * nested in other JSON, malformed JSON and parser limits between records, duplicate keys refused by the
 * parser, paths at an opening bracket, and messages.
 */
class BatchRobustnessTest {
    static final JsonMapper CODEC = StrictJson.codecMapper();
    static final JsonMapper STRICT = StrictJson.mapper();
    static final String R1 = "{\"x\":1,\"y\":1}";
    static final String R3 = "{\"x\":3,\"y\":3}";

    static PointArray patterned(Arena arena, int n) {
        PointArray a = PointArray.allocate(arena, n);
        for (long i = 0; i < a.segment().byteSize(); i++) {
            a.segment().set(ValueLayout.JAVA_BYTE, i, (byte) (0x5A ^ i));
        }
        return a;
    }

    @Test
    void skippingRejectsARecordThatIsAnArrayOrAScalarAndKeepsReading() {
        String[][] cases = { // input, accepted, rejected indices
            {"[" + R1 + ",[" + R1 + "]," + R3 + "," + R3 + "," + R3 + "]", "4", "[1]"},
            {"[" + R1 + ",[]," + R3 + "]", "2", "[1]"},
            {"[" + R1 + ",[[1],{\"a\":[2]}],5,\"x\",null,true," + R3 + "]", "2", "[1, 2, 3, 4, 5]"},
            {R1 + "\n[" + R1 + "]\n" + R3 + "\n" + R3 + "\n" + R3 + "\n", "4", "[1]"},
            {R1 + "\n7\n" + R3 + "\n", "2", "[1]"},
        };
        try (Arena arena = Arena.ofConfined()) {
            for (String[] c : cases) {
                PointArray target = PointArray.allocate(arena, 8);
                BatchResult r;
                try (JsonParser p = CODEC.createParser(c[0])) {
                    r = PointJson.readSkipping(p, target, 0);
                }
                assertEquals(Long.parseLong(c[1]), r.accepted(), c[0]);
                assertEquals(c[2], r.rejected().stream().map(BatchResult.Rejected::index).toList().toString(), c[0]);
                assertEquals(new Point(3, 3), target.get(r.accepted() - 1), c[0]);
            }
        }
    }

    /** A holder databind reads, with arrays of structs as properties and list elements. */
    public record Holder(PointArray points, int n, List<PointArray> more) {}

    @Test
    void theModuleReadsAnArrayOfStructsNestedInOtherJson() {
        JsonMapper mapper = StrictJson.configure(JsonMapper.builder().findAndAddModules()).build();
        Holder h = mapper.readValue("{\"points\":[" + R1 + "," + R3 + "],\"n\":5,\"more\":[[" + R3 + "],[]]}", Holder.class);
        assertEquals(2, h.points().count());
        assertEquals(new Point(3, 3), h.points().get(1));
        assertEquals(5, h.n());
        assertEquals(2, h.more().size());
        assertEquals(new Point(3, 3), h.more().get(0).get(0));
        assertEquals(0, h.more().get(1).count());
        // and written back as databind writes the records
        String back = mapper.writeValueAsString(h);
        assertEquals("{\"points\":[" + R1 + "," + R3 + "],\"n\":5,\"more\":[[" + R3 + "],[]]}", back);
        // the last property, and a list at the root
        List<PointArray> list = mapper.readValue("[[" + R1 + "]]", new TypeReference<List<PointArray>>() {});
        assertEquals(new Point(1, 1), list.get(0).get(0));
        // an object where the array belongs is an error naming the property
        StructJsonException e = assertThrows(StructJsonException.class,
                () -> mapper.readValue("{\"points\":" + R1 + ",\"n\":5,\"more\":[]}", Holder.class));
        assertTrue(e.getMessage().contains("$.points") && e.getMessage().contains("expected a JSON array of Point records"),
                e.getMessage());
    }

    @Test
    void malformedJsonAndParserLimitsBetweenRecordsAreStructErrorsWithTheAcceptedCount() {
        String deep = "[".repeat(1200) + "]".repeat(1200);
        String[][] cases = { // input, accepted before the error, words of the message
            {"[" + R1 + "," + R1 + " " + R3 + "]", "2", "malformed JSON"},
            {"[" + R1 + "," + R1 + ",]", "2", "malformed JSON"},
            {"[" + R1 + "," + R1 + ",", "2", "malformed JSON"},
            {"[" + R1 + "," + R1, "2", "malformed JSON"},
            {"[" + R1 + "," + R1 + "] x", "2", "malformed JSON"},
            {R1 + "\n" + R1 + "\n]\n", "2", "malformed JSON"},
            {"[" + R1 + ",{\"x\":" + "9".repeat(1200) + ",\"y\":1}]", "1", "JSON over a parser limit"},
            // only the skipping reader walks into a bad record (to skip it); the others stop at its '['
            {"[" + R1 + "," + R1 + "," + deep + "]", "2", "JSON over a parser limit", "2"},
        };
        try (Arena arena = Arena.ofConfined()) {
            for (String[] c : cases) {
                for (int mode = 0; mode < 3; mode++) {
                    if (c.length > 3 && c[3].indexOf('0' + mode) < 0) {
                        continue;
                    }
                    PointArray target = patterned(arena, 4);
                    byte[] before = target.segment().toArray(ValueLayout.JAVA_BYTE);
                    int m = mode;
                    StructJsonException e = assertThrows(StructJsonException.class, () -> {
                        try (JsonParser p = CODEC.createParser(c[0])) {
                            switch (m) {
                                case 0 -> PointJson.readAll(p, arena);
                                case 1 -> PointJson.readInto(p, target, 0);
                                default -> PointJson.readSkipping(p, target, 0);
                            }
                        }
                    }, c[0]);
                    assertEquals(Long.parseLong(c[1]), e.accepted(), c[0] + " mode " + mode + ": " + e.getMessage());
                    assertTrue(e.getMessage().contains(c[2]) && e.line() > 0 && e.column() > 0, e.getMessage());
                    assertFalse(e.getMessage().contains("REDACTED"), e.getMessage());
                    assertTrue(e.fromParser(), e.getMessage());
                    if (mode > 0) { // the placed records are there, the slots after them untouched
                        byte[] after = target.segment().toArray(ValueLayout.JAVA_BYTE);
                        int placed = (int) (e.accepted() * PointStruct.SIZE);
                        assertArrayEquals(java.util.Arrays.copyOfRange(before, placed, before.length),
                                java.util.Arrays.copyOfRange(after, placed, after.length), c[0]);
                    }
                }
            }
        }
    }

    @Test
    void aSingleReadWrapsEveryParserErrorAndLeavesTheTargetUnchanged() {
        try (Arena arena = Arena.ofConfined()) {
            PointArray target = patterned(arena, 1);
            byte[] before = target.segment().toArray(ValueLayout.JAVA_BYTE);
            for (String json : List.of("/*c*/" + R1, "{\"x\":" + "1".repeat(1001) + ",\"y\":1}", "{\"x\":1,", "")) {
                StructJsonException e = assertThrows(StructJsonException.class, () -> {
                    try (JsonParser p = CODEC.createParser(json)) {
                        PointJson.read(p, target.segment(), 0);
                    }
                }, json);
                assertTrue(e.line() > 0, e.getMessage());
                assertArrayEquals(before, target.segment().toArray(ValueLayout.JAVA_BYTE), json);
            }
        }
    }

    @Test
    void duplicateKeysAreRejectedPerRecordWithTheCodecMapperAndStopTheBatchWithAParserThatRefusesThem() {
        String json = "[" + R1 + ",{\"x\":2,\"x\":2,\"y\":2}," + R3 + "]";
        try (Arena arena = Arena.ofConfined()) {
            PointArray target = PointArray.allocate(arena, 4);
            try (JsonParser p = CODEC.createParser(json)) {
                BatchResult r = PointJson.readSkipping(p, target, 0);
                assertEquals(2, r.accepted());
                assertTrue(r.rejected().get(0).message().contains("duplicate"), r.rejected().get(0).message());
            }
            // StrictJson.mapper() has the parser refuse duplicates: it cannot go on after that, so the batch stops
            StructJsonException e = assertThrows(StructJsonException.class, () -> {
                try (JsonParser p = STRICT.createParser(json)) {
                    PointJson.readSkipping(p, target, 0);
                }
            });
            assertEquals(1, e.accepted(), e.getMessage());
            assertTrue(e.fromParser() && e.getMessage().contains("Duplicate"), e.getMessage());
        }
    }

    @Test
    void consecutiveReadsFollowJsonLinesAndPathsAtAnOpeningBracketNameTheValue() {
        try (Arena arena = Arena.ofConfined()) {
            PointArray target = PointArray.allocate(arena, 3);
            try (JsonParser p = CODEC.createParser(R1 + "\n" + R3 + "\n{\"x\":[1],\"y\":2}\n")) {
                PointJson.read(p, target.segment(), 0);
                PointJson.read(p, target.segment(), PointStruct.SIZE);
                StructJsonException e = assertThrows(StructJsonException.class,
                        () -> PointJson.read(p, target.segment(), 2 * PointStruct.SIZE));
                assertEquals("$.x", e.jsonPath(), e.getMessage());
                assertEquals(3, e.line());
            }
            assertEquals(List.of(new Point(1, 1), new Point(3, 3)), target.slice(0, 2).toList());
            try (JsonParser p = CODEC.createParser("[" + R1 + "]")) {
                StructJsonException e = assertThrows(StructJsonException.class, () -> PointJson.read(p, target.segment(), 0));
                assertEquals("$", e.jsonPath(), e.getMessage());
            }
            try (JsonParser p = CODEC.createParser("{\"x\":\"5\",\"y\":true}")) {
                StructJsonException e = assertThrows(StructJsonException.class, () -> PointJson.read(p, target.segment(), 0));
                assertTrue(e.getMessage().contains("got the string \"5\""), e.getMessage());
            }
            try (JsonParser p = CODEC.createParser("{\"utf8\":5,\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"\"}")) {
                MemorySegment s = arena.allocate(LabelStruct.LAYOUT);
                StructJsonException e = assertThrows(StructJsonException.class, () -> LabelJson.read(p, s, 0));
                assertTrue(e.getMessage().contains("expected a string, got the integer 5"), e.getMessage());
            }
        }
    }

    @Test
    void messagesShowControlCharactersEscapedAndSayWhereUtf8IsBroken() {
        StructValueException nul = assertThrows(StructValueException.class,
                () -> LabelStruct.check(new Label("a\0b", "", "", "")));
        assertTrue(nul.getMessage().contains("\"a\\u0000b\"") && nul.getMessage().indexOf('\0') < 0, nul.getMessage());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(LabelStruct.LAYOUT);
            LabelStruct.write(s, 0, new Label("abc", "", "", ""));
            s.set(ValueLayout.JAVA_BYTE, LabelStruct.UTF8_OFFSET + 1, (byte) 0xC3); // "a" C3 "c": C3 needs a continuation byte
            StructValueException e = assertThrows(StructValueException.class, () -> LabelStruct.read(s, 0));
            assertTrue(e.getMessage().contains("invalid UTF-8: malformed sequence of 1 byte(s) at byte 1 of the text"), e.getMessage());
            assertFalse(e.getMessage().contains("Input length"), e.getMessage());
        }
    }
    @Test
    void afterABadValueReadMovesToTheNextRecordAndBatchReadersContinueWhereReadStopped() {
        String lines = R1 + "\n{\"x\":1,\"y\":3000}\n{\"x\":[1,[2]],\"y\":1}\n" + R3 + "\n" + R3 + "\n" + R1 + "\n";
        try (Arena arena = Arena.ofConfined(); JsonParser p = CODEC.createParser(lines)) {
            PointArray target = PointArray.allocate(arena, 6);
            PointJson.read(p, target.segment(), 0);
            // y = 3000 is a constraint violation (readValidated), x = [..] a wrong token (read): both leave the parser at the record's end
            StructJsonException v = assertThrows(StructJsonException.class, () -> PointJson.readValidated(p, target.segment(), 0));
            assertTrue(v.getMessage().contains("y"), v.getMessage());
            StructJsonException w = assertThrows(StructJsonException.class, () -> PointJson.read(p, target.segment(), 0));
            assertEquals("$.x", w.jsonPath());
            PointJson.read(p, target.segment(), PointStruct.SIZE);
            assertEquals(new Point(3, 3), target.get(1));
            // a batch reader on the same parser goes on with the next record, not the '}' read() stopped at
            BatchResult r = PointJson.readSkipping(p, target, 2);
            assertEquals(2, r.accepted());
            assertEquals(List.of(), r.rejected());
            assertEquals(List.of(new Point(3, 3), new Point(1, 1)), target.slice(2, 2).toList());
        }
        try (Arena arena = Arena.ofConfined(); JsonParser p = CODEC.createParser(R1 + "\n" + R3 + "\n" + R3)) {
            PointArray target = PointArray.allocate(arena, 1);
            PointJson.read(p, target.segment(), 0);
            assertEquals(2, PointJson.readAll(p, arena).count());
        }
    }

    @Test
    void aBadBase64ValueRejectsOnlyItsRecord() {
        String ok = "{\"data\":\"AQIDBAU=\",\"letters\":\"abc\",\"flags\":[true,false],\"counters\":[1,2],"
                + "\"corners\":[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]}";
        String bad = ok.replace("AQIDBAU=", "AQ*DBAU=");
        try (Arena arena = Arena.ofConfined(); JsonParser p = CODEC.createParser(ok + "\n" + bad + "\n" + ok)) {
            io.structbridge.jackson.fixtures.BlobArray target = io.structbridge.jackson.fixtures.BlobArray.allocate(arena, 3);
            BatchResult r = io.structbridge.jackson.fixtures.BlobJson.readSkipping(p, target, 0);
            assertEquals(2, r.accepted());
            assertEquals(1, r.rejected().get(0).index());
            assertTrue(r.rejected().get(0).message().contains("invalid Base64"), r.rejected().get(0).message());
            assertFalse(r.rejected().get(0).message().contains("malformed JSON"));
        }
    }

    @Test
    void theStringLengthLimitHoldsForTextReadFromTheParsersBuffer() {
        JsonMapper limited = StrictJson.configure(JsonMapper.builder(tools.jackson.core.json.JsonFactory.builder()
                .streamReadConstraints(tools.jackson.core.StreamReadConstraints.builder().maxStringLength(5).build())
                .build())).build();
        String json = "{\"utf8\":\"abcdef\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"\"}";
        for (boolean bytes : new boolean[] {true, false}) {
            MemorySegment s = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
            StructJsonException e = assertThrows(StructJsonException.class, () -> {
                try (JsonParser p = bytes ? limited.createParser(json.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                        : limited.createParser(json)) {
                    LabelJson.read(p, s, 0);
                }
            });
            assertTrue(e.getMessage().contains("JSON over a parser limit") && e.getMessage().contains("String value length (6)"),
                    e.getMessage());
            // databind alone (no structbridge module, which would read Label through the codec) refuses it the same way
            JsonMapper plainLimited = JsonMapper.builder(tools.jackson.core.json.JsonFactory.builder()
                    .streamReadConstraints(tools.jackson.core.StreamReadConstraints.builder().maxStringLength(5).build())
                    .build()).build();
            assertThrows(tools.jackson.core.exc.StreamConstraintsException.class, () -> plainLimited.readValue(json, Label.class));
            // and the strict mapper gives the codec's error
            StructJsonException m = assertThrows(StructJsonException.class, () -> limited.readValue(json, Label.class));
            assertEquals(e.getMessage(), m.getMessage());
        }
    }

    @Test
    void theModuleReadsJsonLinesAtTheRootAndNamesTheTokenItRefuses() {
        JsonMapper mapper = StrictJson.configure(JsonMapper.builder().findAndAddModules()).build();
        PointArray all = mapper.readValue(R1 + "\n" + R3 + "\n" + R3 + "\n", PointArray.class);
        assertEquals(3, all.count());
        StructJsonException e = assertThrows(StructJsonException.class,
                () -> mapper.readValue("{\"points\":5,\"n\":1,\"more\":[]}", Holder.class));
        assertTrue(e.getMessage().contains("got the integer 5"), e.getMessage());
    }

    @Test
    void aPathThroughDeepNestingIsShortenedInTheMessage() {
        String deep = "[" + R1 + "," + "[".repeat(700) + "]".repeat(700) + "]";
        StructJsonException e = assertThrows(StructJsonException.class, () -> {
            try (Arena arena = Arena.ofConfined(); JsonParser p = CODEC.createParser(deep)) {
                PointJson.readSkipping(p, PointArray.allocate(arena, 4), 0);
            }
        });
        assertTrue(e.jsonPath().length() < 200 && e.jsonPath().contains("..."), e.jsonPath());
        assertTrue(e.getMessage().length() < 600, e.getMessage());
    }
    @Test
    void lenientParserFeaturesReadTheSameStructsAsDatabind() {
        // The features are the parser's: the codec must see the same tokens databind sees (names through the
        // name matcher too, quoted oddly or not at all), and store what databind's record holds.
        JsonMapper lenient = StrictJson.configure(JsonMapper.builder(tools.jackson.core.json.JsonFactory.builder()
                .enable(tools.jackson.core.json.JsonReadFeature.ALLOW_SINGLE_QUOTES,
                        tools.jackson.core.json.JsonReadFeature.ALLOW_UNQUOTED_PROPERTY_NAMES,
                        tools.jackson.core.json.JsonReadFeature.ALLOW_JAVA_COMMENTS,
                        tools.jackson.core.json.JsonReadFeature.ALLOW_YAML_COMMENTS,
                        tools.jackson.core.json.JsonReadFeature.ALLOW_TRAILING_COMMA,
                        tools.jackson.core.json.JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_NUMBERS,
                        tools.jackson.core.json.JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
                .build())).build();
        String json = "[ /* c */ {x: 1, 'y': +2,}, # yaml comment\n {\"x\": 3, y: 4, },\n]";
        try (Arena arena = Arena.ofConfined()) {
            List<Point> expected = lenient.readValue(json, new TypeReference<List<Point>>() {});
            PointArray fromCodec;
            try (JsonParser p = lenient.createParser(json.getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
                fromCodec = PointJson.readAll(p, arena);
            }
            assertEquals(expected, fromCodec.toList());
            try (JsonParser p = lenient.createParser(new java.io.StringReader(json))) {
                assertEquals(expected, PointJson.readAll(p, arena).toList());
            }
            // text with a raw control character, allowed by the feature, stored as databind's String holds it
            String label = "{utf8:'a\tb', latin1:'\u00e9', ascii:'x', cut:'',}";
            MemorySegment s = arena.allocate(LabelStruct.LAYOUT);
            try (JsonParser p = lenient.createParser(label)) {
                LabelJson.read(p, s, 0);
            }
            assertEquals(lenient.readValue(label, Label.class), LabelStruct.read(s, 0));
        }
    }
}

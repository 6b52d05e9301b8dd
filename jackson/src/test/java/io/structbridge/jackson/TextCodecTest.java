package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Label;
import io.structbridge.jackson.fixtures.LabelJson;
import io.structbridge.jackson.fixtures.LabelStruct;
import io.structbridge.runtime.StructValueException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.core.util.JsonpCharacterEscapes;
import tools.jackson.databind.json.JsonMapper;

/**
 * The text paths of the generated codec (bytes handed to the generator as they are, characters
 * taken from the parser's buffer) against databind writing and reading the equal {@link Label}
 * record, under every generator setting that changes how text is escaped.
 */
class TextCodecTest {
    /** Each mapper writes text differently; databind's output for the record is the oracle. */
    static final List<JsonMapper> MAPPERS = List.of(
            StrictJson.mapper(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build())).build(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES).build())).build(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder()
                    .disable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build())).build(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder().characterEscapes(new JsonpCharacterEscapes()).build())).build(),
            StrictJson.configure(JsonMapper.builder(JsonFactory.builder().highestNonEscapedChar(0x7f).build())).build(),
            StrictJson.configure(JsonMapper.builder()).enable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT).build());

    @Provide
    Arbitrary<Label> labels() {
        // ASCII controls, JSON's escaped characters, DEL, Latin-1, BMP (with U+2028, which JSONP escapes), astral.
        Arbitrary<String> mixed = Arbitraries.oneOf(
                Arbitraries.strings().ascii().ofMaxLength(14).filter(s -> s.indexOf('\0') < 0),
                Arbitraries.strings().withChars("abc /").withCharRange('\u0080', '\u00ff').ofMaxLength(12),
                Arbitraries.strings().withChars("xy\"\\/\u0001\u001f\u007f\u00e9\u00ff\u0100\u6771\u2028\ufffd").ofMaxLength(10),
                Arbitraries.of("😀", "a😀b", "São Paulo", "東京都", "Zürich", "", "<script>", "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"));
        Arbitrary<String> latin = Arbitraries.strings().withCharRange(' ', '~').withCharRange('\u00a0', '\u00ff').ofMaxLength(11);
        Arbitrary<String> ascii = Arbitraries.strings().withCharRange('\u0001', '\u007f').ofMaxLength(9);
        return Combinators.combine(mixed, latin, ascii, mixed).as(Label::new);
    }

    @Property(tries = 400)
    void writingFromMemoryEqualsDatabindUnderEveryEscapeSetting(@ForAll("labels") Label label) {
        try {
            LabelStruct.check(label);
        } catch (StructValueException e) {
            return; // too long for its member: the value tests cover that
        }
        MemorySegment s = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
        LabelStruct.write(s, 0, label);
        Label stored = LabelStruct.read(s, 0); // "cut" may have been cut
        for (int k = 0; k < MAPPERS.size(); k++) {
            JsonMapper mapper = MAPPERS.get(k);
            byte[] databind = mapper.writeValueAsBytes(stored);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (JsonGenerator g = mapper.createGenerator(bytes)) {
                LabelJson.write(s, 0, g);
            }
            assertEquals(new String(databind, StandardCharsets.UTF_8), bytes.toString(StandardCharsets.UTF_8),
                    "byte output, mapper " + k);
            StringWriter chars = new StringWriter();
            try (JsonGenerator g = mapper.createGenerator(chars)) {
                LabelJson.write(s, 0, g);
            }
            assertEquals(mapper.writeValueAsString(stored), chars.toString(), "char output, mapper " + k);
            // and back, from bytes, from a Reader and from a String: the same struct bytes
            for (Function<JsonMapper, JsonParser> source : List.<Function<JsonMapper, JsonParser>>of(
                    m -> m.createParser(new ByteArrayInputStream(databind)),
                    m -> m.createParser(new StringReader(chars.toString())),
                    m -> m.createParser(chars.toString()))) {
                MemorySegment back = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
                try (JsonParser p = source.apply(mapper)) {
                    LabelJson.read(p, back, 0);
                }
                assertArrayEquals(s.toArray(ValueLayout.JAVA_BYTE), back.toArray(ValueLayout.JAVA_BYTE));
            }
        }
    }

    @Test
    void textThatDoesNotFitIsTheSetterErrorAndLeavesTheSlotUnchanged() {
        MemorySegment s = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
        LabelStruct.write(s, 0, new Label("keep", "keep", "keep", "keep"));
        byte[] before = s.toArray(ValueLayout.JAVA_BYTE);
        String[][] cases = {
                {"{\"utf8\":\"" + "a".repeat(24) + "\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"\"}",
                        "Label.utf8", "text needs 24 UTF-8 bytes but the capacity is 24 bytes including the NUL terminator (23 for text)"},
                {"{\"utf8\":\"" + "é".repeat(12) + "\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"\"}",
                        "Label.utf8", "text needs 24 UTF-8 bytes"},
                {"{\"utf8\":\"\",\"latin1\":\"東\",\"ascii\":\"\",\"cut\":\"\"}", "Label.latin1", "cannot be encoded as ISO-8859-1"},
                {"{\"utf8\":\"\",\"latin1\":\"\",\"ascii\":\"é\",\"cut\":\"\"}", "Label.ascii", "cannot be encoded as US-ASCII"},
                {"{\"utf8\":\"\",\"latin1\":\"\",\"ascii\":\"0123456789\",\"cut\":\"\"}", "Label.ascii", "text needs 10 US-ASCII bytes but the capacity is 9 bytes"},
                {"{\"utf8\":\"a\\u0000b\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"\"}", "Label.utf8", "must not contain U+0000"},
                {"{\"utf8\":\"\\ud800\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"\"}", "Label.utf8", "unpaired surrogate"},
                {"{\"utf8\":\"\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":7}", "Label.cut", "expected a string"},
        };
        for (String[] c : cases) {
            StructJsonException e = assertThrows(StructJsonException.class, () -> {
                try (JsonParser p = StrictJson.mapper().createParser(c[0])) {
                    LabelJson.read(p, s, 0);
                }
            }, c[0]);
            assertTrue(e.getMessage().contains(c[1]) && e.getMessage().contains(c[2]), e.getMessage());
            assertArrayEquals(before, s.toArray(ValueLayout.JAVA_BYTE), c[0]);
        }
    }

    @Test
    void overlongTextIsCutOnlyWhereTheRecordSaysSo() {
        MemorySegment s = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
        try (JsonParser p = StrictJson.mapper().createParser(
                "{\"utf8\":\"\",\"latin1\":\"\",\"ascii\":\"\",\"cut\":\"abcd\u00e9\u00e9\"}")) {
            LabelJson.read(p, s, 0);
        }
        // 5 bytes of text fit a 6-byte NUL-terminated member: "abcd" + the first é would be 6, so "abcd"
        assertEquals("abcd", LabelStruct.read(s, 0).cut());
    }

    @Test
    void storedBytesThatAreNotTextAreWriteErrorsNamingTheMember() {
        MemorySegment s = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
        LabelStruct.write(s, 0, new Label("ok", "ok", "ok", "ok"));
        String[][] corruptions = { // member offset, bytes, expected message part
                {"UTF8", "c3 28", "invalid UTF-8"},
                {"UTF8", "ed a0 80", "invalid UTF-8"},
                {"UTF8", "f4 90 80 80", "invalid UTF-8"},
                {"UTF8", "e2 82", "invalid UTF-8"},
                {"ASCII", "41 c3 a9", "byte is not US-ASCII"},
        };
        for (String[] c : corruptions) {
            MemorySegment t = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
            t.copyFrom(s);
            long at = c[0].equals("UTF8") ? LabelStruct.UTF8_OFFSET : LabelStruct.ASCII_OFFSET;
            String[] hex = c[1].split(" ");
            for (int i = 0; i < hex.length; i++) {
                t.set(ValueLayout.JAVA_BYTE, at + i, (byte) Integer.parseInt(hex[i], 16));
            }
            for (JsonMapper mapper : MAPPERS) {
                StructValueException e = assertThrows(StructValueException.class, () -> {
                    try (JsonGenerator g = mapper.createGenerator(new ByteArrayOutputStream())) {
                        LabelJson.write(t, 0, g);
                    }
                }, c[1]);
                assertTrue(e.getMessage().contains(c[2]), e.getMessage());
            }
        }
    }
    @Test
    void aScratchBufferThatIsTooShortOrNullFallsBackToABufferOfTheTextsLength() throws Exception {
        Label label = new Label("añb", "b", "c", "d");
        MemorySegment s = Arena.ofAuto().allocate(LabelStruct.LAYOUT);
        LabelStruct.write(s, 0, label);
        for (JsonMapper mapper : MAPPERS) {
            // databind alone (no structbridge module) with the same factory and indentation
            tools.jackson.databind.SerializationFeature indent = tools.jackson.databind.SerializationFeature.INDENT_OUTPUT;
            String expected = JsonMapper.builder((JsonFactory) mapper.tokenStreamFactory())
                    .configure(indent, mapper.isEnabled(indent)).build().writeValueAsString(label);
            for (byte[] scratch : new byte[][] {null, new byte[0], new byte[LabelJson.TEXT_SCRATCH - 1], new byte[LabelJson.TEXT_SCRATCH]}) {
                java.io.StringWriter out = new java.io.StringWriter();
                try (JsonGenerator g = mapper.createGenerator(out)) {
                    LabelJson.write(s, 0, g, scratch);
                }
                assertEquals(expected, out.toString(), scratch == null ? "null" : scratch.length + " bytes");
            }
        }
        assertEquals(24 + 8, LabelJson.TEXT_SCRATCH); // the largest capacity (utf8, 24 bytes) + 8
    }
}

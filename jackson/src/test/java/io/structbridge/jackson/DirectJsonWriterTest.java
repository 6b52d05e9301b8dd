package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.structbridge.jackson.fixtures.Wire;
import io.structbridge.jackson.fixtures.WireArray;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated {@code writeArray} writes the bytes databind writes for the same records (databind without
 * structbridge's modules is the oracle), under the mapper settings the direct byte path reproduces (it must
 * take the direct path there) and under those it leaves to the generator (it must not): random records with
 * every escape, 1-4 byte UTF-8, text of the full capacity, NaN, infinities, negative zero, extreme integers.
 */
class DirectJsonWriterTest {
    /** Each setting, and whether the direct path must take it. */
    private record Setting(String name, boolean direct, UnaryOperator<JsonMapper.Builder> apply) {}

    private static final List<Setting> SETTINGS = List.of(
            new Setting("default", true, b -> b),
            new Setting("escape slashes", true, b -> b.enable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)),
            new Setting("no slash escapes", true, b -> b.disable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES)),
            new Setting("lower-case hex", true, b -> b.disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)),
            new Setting("fast doubles", true, b -> b.enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)),
            new Setting("NaN as numbers", true, b -> b.disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)),
            new Setting("combined surrogates", true, b -> b.enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)),
            new Setting("split surrogates", true, b -> b.disable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)),
            new Setting("escape non-ASCII", false, b -> b.enable(JsonWriteFeature.ESCAPE_NON_ASCII)),
            new Setting("numbers as strings", false, b -> b.enable(JsonWriteFeature.WRITE_NUMBERS_AS_STRINGS)),
            new Setting("indented", false, b -> b.enable(SerializationFeature.INDENT_OUTPUT)),
            new Setting("unquoted names", false, b -> b.disable(JsonWriteFeature.QUOTE_PROPERTY_NAMES)));

    private static final String PIECES_TEXT = "aZ09 \"\\/\u0001\u0008\t\n\u000b\f\r\u001b\u001f\u007f\u00e9\u00ff\u20ac\uffff\ud83d\ude00";

    @Property(tries = 300)
    void writeArrayWritesDatabindsBytes(@ForAll("wires") @Size(max = 40) List<Wire> wires) {
        for (Setting s : SETTINGS) {
            assertSame(s, wires);
        }
    }

    @Test
    void edgeValues() {
        List<Wire> wires = new ArrayList<>();
        double[] doubles = {0.0, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, 1e7, 1e-3, 9.999999999999999e22, 0.1 + 0.2, 1e21, 123456789012345678.0};
        float[] floats = {0f, -0f, Float.MIN_VALUE, Float.MAX_VALUE, Float.NaN, Float.NEGATIVE_INFINITY, 1e7f, 1e-3f, 0.1f,
            16777217f, 3.4e38f, 1.17549435E-38f, 9.999999e-4f};
        long[] longs = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1_000_000_000_000L, -999_999_999_999_999_999L, Integer.MIN_VALUE};
        int[] ints = {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 1_000_000_000, -10};
        String[] texts = {"", "x".repeat(23), "\u00e9".repeat(11) + "x", "\u20ac".repeat(7) + "ab", "\ud83d\ude00".repeat(5) + "abc",
            "\"\\/\u0001\u001f\u007f", "</script>", "\t\n\r\b\f"};
        for (int k = 0; k < 13; k++) {
            wires.add(new Wire(k % 2 == 0, (byte) (k % 2 == 0 ? -128 : 127), (short) (k % 3 == 0 ? -32768 : 32767),
                    ints[k % ints.length], longs[k % longs.length], floats[k], doubles[k], texts[k % texts.length],
                    k % 2 == 0 ? "\u007f\u0001/\"\\ab" : "", k % 3 == 0 ? "\u00ff\u00e9" : "caf/\"", k % 2 == 0 ? "ABCD" : "\u0001",
                    k - 6, k % 2 == 0 ? "x".repeat(12) : "\u00e9\u00e9\"" + k, k % 3 == 0 ? "abcdefghijk" : "ab\u00e9/\"\u0001"));
        }
        for (Setting s : SETTINGS) {
            assertSame(s, wires);
            assertSame(s, List.of());
            assertSame(s, wires.subList(0, 1));
        }
    }

    /** A generator that is not byte-based (a Writer) is written through the generator, with the same text. */
    @Test
    void writerBasedGeneratorsGoThroughTheGenerator() {
        JsonMapper mapper = StrictJson.configure(JsonMapper.builder()).build();
        StringWriter out = new StringWriter();
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            assertNull(DirectJsonWriter.open(g, 100));
            g.writeEndArray();
        }
        Wire w = new Wire(true, (byte) 1, (short) 2, 3, 4, 5f, 6.0, "t\u00e9", "a", "\u00e9", "ABCD", 7, "odd\u00e9", "elevenchars");
        try (Arena arena = Arena.ofConfined(); JsonGenerator g = mapper.createGenerator(out = new StringWriter())) {
            io.structbridge.jackson.fixtures.WireJson.writeArray(WireArray.fromList(arena, List.of(w, w)), g);
            g.close();
            assertEquals(databind(s -> s, List.of(w, w)), out.toString());
        }
    }

    /** An invalid element stops the array after the earlier elements, and the generator goes on with the right separator. */
    @Test
    void anInvalidElementLeavesTheEarlierOnesAndTheGeneratorInTheArray() {
        JsonMapper mapper = StrictJson.configure(JsonMapper.builder()).build();
        Wire w = new Wire(true, (byte) 1, (short) 2, 3, 4, 5f, Double.NaN, "t\u00e9", "a", "\u00e9", "ABCD", 7, "odd\u00e9", "elevenchars");
        Wire x = new Wire(false, (byte) 1, (short) 2, 3, 4, 5f, 6.0, "\ud83d\ude00", "a", "b", "ABCD", 7, "odd\u00e9", "elevenchars");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Arena arena = Arena.ofConfined(); JsonGenerator g = mapper.createGenerator(out)) {
            WireArray array = WireArray.fromList(arena, List.of(w, x, w));
            array.segment().set(java.lang.foreign.ValueLayout.JAVA_BYTE,
                    2 * io.structbridge.jackson.fixtures.WireStruct.SIZE + io.structbridge.jackson.fixtures.WireStruct.FLAG_OFFSET, (byte) 2);
            io.structbridge.runtime.StructValueException e = org.junit.jupiter.api.Assertions.assertThrows(
                    io.structbridge.runtime.StructValueException.class, () -> io.structbridge.jackson.fixtures.WireJson.writeArray(array, g));
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("Wire[2].flag"), e.getMessage());
            g.writeNumber(5);
            g.writeEndArray();
        }
        String both = databind(s -> s, List.of(w, x));
        assertEquals(both.substring(0, both.length() - 1) + ",5]", out.toString(StandardCharsets.UTF_8));
    }

    /** Invalid text (malformed UTF-8, a high byte in an ASCII member, no NUL) is refused with checkStored's message. */
    @Test
    void invalidTextIsRefusedAsCheckStoredRefusesIt() {
        JsonMapper mapper = StrictJson.configure(JsonMapper.builder()).build();
        Wire w = new Wire(true, (byte) 1, (short) 2, 3, 4, 5f, 6.0, "abcdefghijklmnop", "abc", "d", "ABCD", 7, "odd\u00e9", "elevenchars");
        long text = io.structbridge.jackson.fixtures.WireStruct.TEXT_OFFSET;
        long ascii = io.structbridge.jackson.fixtures.WireStruct.ASCII_OFFSET;
        long[][] corruptions = {{text + 3, 0xC3}, {text + 12, 0xFF}, {ascii, 0xE9}, {ascii + 7, 'x', ascii + 3, 'y'}};
        for (long[] c : corruptions) {
            try (Arena arena = Arena.ofConfined()) {
                WireArray array = WireArray.fromList(arena, List.of(w, w));
                WireArray expected = WireArray.fromList(arena, List.of(w));
                for (int k = 0; k < c.length; k += 2) {
                    array.segment().set(java.lang.foreign.ValueLayout.JAVA_BYTE, io.structbridge.jackson.fixtures.WireStruct.SIZE + c[k], (byte) c[k + 1]);
                }
                if (c.length > 2) { // fill the ASCII member without a NUL
                    for (int k = 0; k < 8; k++) {
                        array.segment().set(java.lang.foreign.ValueLayout.JAVA_BYTE, io.structbridge.jackson.fixtures.WireStruct.SIZE + ascii + k, (byte) 'z');
                    }
                }
                io.structbridge.runtime.StructValueException stored = org.junit.jupiter.api.Assertions.assertThrows(
                        io.structbridge.runtime.StructValueException.class,
                        () -> io.structbridge.jackson.fixtures.WireJson.checkStored(array.segment(), io.structbridge.jackson.fixtures.WireStruct.SIZE));
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (JsonGenerator g = mapper.createGenerator(out)) {
                    io.structbridge.runtime.StructValueException e = org.junit.jupiter.api.Assertions.assertThrows(
                            io.structbridge.runtime.StructValueException.class, () -> io.structbridge.jackson.fixtures.WireJson.writeArray(array, g));
                    assertEquals(stored.inElement(1).getMessage(), e.getMessage());
                    g.writeEndArray();
                }
                String one = databind(s -> s, List.of(w));
                assertEquals(one, out.toString(StandardCharsets.UTF_8));
                org.junit.jupiter.api.Assertions.assertTrue(expected.count() == 1);
            }
        }
    }

    private static void assertSame(Setting s, List<Wire> wires) {
        JsonMapper mapper = s.apply().apply(StrictJson.configure(JsonMapper.builder())).build();
        try (JsonGenerator g = mapper.createGenerator(new ByteArrayOutputStream())) {
            g.writeStartArray();
            DirectJsonWriter w = DirectJsonWriter.open(g, 100);
            if (s.direct()) {
                assertNotNull(w, s.name());
            } else {
                assertNull(w, s.name());
            }
            g.writeEndArray();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Arena arena = Arena.ofConfined(); JsonGenerator g = mapper.createGenerator(out)) {
            io.structbridge.jackson.fixtures.WireJson.writeArray(WireArray.fromList(arena, wires), g);
        }
        assertEquals(databind(s.apply(), wires), out.toString(StandardCharsets.UTF_8), s.name());
    }

    private static String databind(UnaryOperator<JsonMapper.Builder> setting, List<Wire> wires) {
        JsonMapper plain = setting.apply(StrictJson.configure(JsonMapper.builder())).removeAllModules().build();
        return new String(plain.writeValueAsBytes(wires), StandardCharsets.UTF_8);
    }

    @Provide
    Arbitrary<List<Wire>> wires() {
        Arbitrary<String> pieces = Arbitraries.of(PIECES_TEXT.codePoints().mapToObj(Character::toString).toList());
        Arbitrary<String> text = pieces.list().ofMaxSize(23).map(l -> String.join("", l))
                .filter(t -> t.getBytes(StandardCharsets.UTF_8).length <= 23);
        Arbitrary<String> ascii = Arbitraries.strings().withCharRange('\u0001', '\u007f').ofMaxLength(7);
        Arbitrary<String> latin = Arbitraries.strings().withCharRange('\u0001', '\u00ff').ofMaxLength(7);
        Arbitrary<String> code = Arbitraries.strings().withCharRange('\u0001', '\u007f').ofLength(4);
        Arbitrary<String> odd = pieces.list().ofMaxSize(12).map(l -> String.join("", l))
                .filter(t -> t.getBytes(StandardCharsets.UTF_8).length <= 12);
        // a fixed-width member without NUL: 11 bytes of text, or shorter text followed by NUL padding
        Arbitrary<String> fixed = pieces.list().ofMaxSize(11).map(l -> String.join("", l))
                .filter(t -> t.getBytes(StandardCharsets.UTF_8).length <= 11);
        Arbitrary<Double> d = Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.longs().map(Double::longBitsToDouble),
                Arbitraries.of(Double.NaN, -0.0, Double.POSITIVE_INFINITY));
        Arbitrary<Float> f = Arbitraries.oneOf(Arbitraries.floats(), Arbitraries.integers().map(Float::intBitsToFloat),
                Arbitraries.of(Float.NaN, -0f, Float.NEGATIVE_INFINITY));
        Arbitrary<Long> l = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L));
        Arbitrary<Integer> i = Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.of(Integer.MIN_VALUE, Integer.MAX_VALUE));
        Arbitrary<Wire> wire = Combinators.combine(
                        Combinators.combine(Arbitraries.of(true, false), Arbitraries.bytes(), Arbitraries.shorts(), i, l, f, d).as(Numbers::new),
                        Combinators.combine(text, ascii, latin, code, Arbitraries.integers(), odd, fixed).as(Texts::new))
                .as((a, b) -> new Wire(a.flag, a.b, a.s, a.i, a.l, a.f, a.d, b.text, b.ascii, b.latin, b.code, b.renamed, b.odd, b.fixed));
        return wire.list().ofMaxSize(40);
    }

    private record Numbers(boolean flag, byte b, short s, int i, long l, float f, double d) {}

    private record Texts(String text, String ascii, String latin, String code, int renamed, String odd, String fixed) {}
}

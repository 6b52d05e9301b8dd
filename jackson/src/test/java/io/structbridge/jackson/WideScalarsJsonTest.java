package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Wide;
import io.structbridge.jackson.fixtures.WideJson;
import io.structbridge.jackson.fixtures.WideStruct;
import io.structbridge.jackson.fixtures.WideView;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code UINT64_BITS} and {@code FLOAT16} in JSON, held to Jackson databind writing the same values
 * as {@link BigInteger} and {@code float} (a mirror record), to the networknt JSON Schema
 * validator on the generated schema, and to the generated Pydantic model.
 */
class WideScalarsJsonTest {
    static final JsonMapper STRICT = StrictJson.mapper();
    static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** What the JSON means: unsigned integers as BigInteger, halves as the floats they are. */
    record Mirror(BigInteger id, float gain, BigInteger[] ids, float[] gains) {}

    static BigInteger unsigned(long bits) {
        return new BigInteger(Long.toUnsignedString(bits));
    }

    static Mirror mirror(Wide w) {
        return new Mirror(unsigned(w.id()), w.gain(), new BigInteger[] {unsigned(w.ids()[0]), unsigned(w.ids()[1])}, w.gains());
    }

    static String writeFromMemory(MemorySegment s) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = STRICT.createGenerator(out)) {
            WideJson.write(s, 0, g);
        }
        return out.toString();
    }

    static MemorySegment read(String json) {
        MemorySegment s = Arena.ofAuto().allocate(WideStruct.LAYOUT);
        try (JsonParser p = STRICT.createParser(json)) {
            WideJson.read(p, s, 0);
        }
        return s;
    }

    static List<Wide> corpus() {
        List<Wide> out = new ArrayList<>(List.of(
                new Wide(-1L, 65504f, new long[] {Long.MIN_VALUE, Long.MAX_VALUE}, new float[] {0x1p-24f, -0f}),
                new Wide(0L, 0.0999755859375f, new long[] {1L, -2L}, new float[] {Float.MIN_NORMAL * 0 + 0x1p-14f, 2050f})));
        SplittableRandom r = new SplittableRandom(10);
        for (int i = 0; i < 300; i++) {
            out.add(new Wide(r.nextLong(), finiteHalf(r), new long[] {r.nextLong(), r.nextLong()},
                    new float[] {finiteHalf(r), finiteHalf(r)}));
        }
        return out;
    }

    static float finiteHalf(SplittableRandom r) {
        float f;
        do {
            f = Float.float16ToFloat((short) r.nextInt(65536));
        } while (!Float.isFinite(f));
        return f;
    }

    @Test
    void memoryToJsonIsDatabindOfTheUnsignedValuesAndBack() {
        for (Wide w : corpus()) {
            MemorySegment s = Arena.ofAuto().allocate(WideStruct.LAYOUT);
            WideStruct.write(s, 0, w);
            String json = writeFromMemory(s);
            assertEquals(STRICT.writeValueAsString(mirror(w)), json);
            assertArrayEquals(s.toArray(ValueLayout.JAVA_BYTE), read(json).toArray(ValueLayout.JAVA_BYTE), json);
            Mirror parsed = STRICT.readValue(json, Mirror.class);
            assertEquals(unsigned(w.id()), parsed.id(), "exact, both ways");
        }
    }

    /**
     * A record, a list of records and a record nested in a plain class, written by the mapper (databind with
     * {@code StructJsonModule}): the unsigned decimal, as databind writes the BigInteger mirror, never the
     * signed {@code -1}; read back to the same record (found by the new-user trial: {@code "id":-1}, which the
     * mapper itself then refused).
     */
    @Test
    void recordsWrittenByTheMapperAreUnsignedAndReadBack() {
        record Holder(String name, Wide wide) {}
        for (Wide w : corpus()) {
            String json = STRICT.writeValueAsString(w);
            assertEquals(STRICT.writeValueAsString(mirror(w)), json);
            Wide back = STRICT.readValue(json, Wide.class);
            assertEquals(w.id(), back.id(), json);
            assertArrayEquals(w.ids(), back.ids(), json);
            assertEquals("[" + json + "]", STRICT.writeValueAsString(List.of(w)));
            assertEquals("{\"name\":\"n\",\"wide\":" + json + "}", STRICT.writeValueAsString(new Holder("n", w)));
        }
        assertTrue(STRICT.writeValueAsString(corpus().getFirst()).startsWith("{\"id\":18446744073709551615,"));
    }

    @Test
    void theExtremesAreExactText() {
        MemorySegment s = read("{\"id\":18446744073709551615,\"gain\":65504,\"ids\":[9223372036854775808,9223372036854775807],"
                + "\"gains\":[5.9604645E-8,-0.0]}");
        WideView v = WideView.at(s, 0);
        assertEquals(-1L, v.id());
        assertEquals(Long.MIN_VALUE, v.ids(0));
        assertEquals(Long.MAX_VALUE, v.ids(1));
        assertEquals(0x1p-24f, v.gains(0));
        assertTrue(writeFromMemory(s).startsWith("{\"id\":18446744073709551615,\"gain\":65504.0,\"ids\":[9223372036854775808,"),
                writeFromMemory(s));
    }

    @Test
    void valuesOutsideTheNativeRangeAreErrorsWithTheirPath() {
        String ok = "{\"id\":1,\"gain\":1,\"ids\":[1,2],\"gains\":[1,2]}";
        String[][] bad = {
                {"{\"id\":-1,\"gain\":1,\"ids\":[1,2],\"gains\":[1,2]}", "$.id", "must fit uint64_t (0..18446744073709551615); value -1"},
                {"{\"id\":18446744073709551616,\"gain\":1,\"ids\":[1,2],\"gains\":[1,2]}", "$.id", "value 18446744073709551616"},
                {"{\"id\":1,\"gain\":1,\"ids\":[1,-9223372036854775809],\"gains\":[1,2]}", "$.ids[1]", "must fit uint64_t"},
                {"{\"id\":1.5,\"gain\":1,\"ids\":[1,2],\"gains\":[1,2]}", "$.id", "expected an integer (uint64_t"},
                {"{\"id\":\"1\",\"gain\":1,\"ids\":[1,2],\"gains\":[1,2]}", "$.id", "no coercion"},
                {"{\"id\":1,\"gain\":0.1,\"ids\":[1,2],\"gains\":[1,2]}", "$.gain", "exactly representable as _Float16"},
                {"{\"id\":1,\"gain\":1,\"ids\":[1,2],\"gains\":[1,2049]}", "$.gains[1]", "nearest half 2048.0"},
                {"{\"id\":1,\"gain\":65520,\"ids\":[1,2],\"gains\":[1,2]}", "$.gain", "_Float16"}};
        MemorySegment target = read(ok);
        byte[] before = target.toArray(ValueLayout.JAVA_BYTE);
        for (String[] b : bad) {
            StructJsonException e = assertThrows(StructJsonException.class, () -> {
                try (JsonParser p = STRICT.createParser(b[0])) {
                    WideJson.read(p, target, 0);
                }
            }, b[0]);
            assertEquals(b[1], e.jsonPath(), e.getMessage());
            assertTrue(e.getMessage().contains(b[2]), e.getMessage());
            assertArrayEquals(before, target.toArray(ValueLayout.JAVA_BYTE), "a failed read leaves the struct unchanged");
        }
    }

    static final List<String> SCHEMA_CORPUS = List.of(
            "{\"id\":18446744073709551615,\"gain\":1.5,\"ids\":[0,9223372036854775808],\"gains\":[65504,-65504]}",
            "{\"id\":18446744073709551616,\"gain\":1.5,\"ids\":[0,1],\"gains\":[0,0]}",
            "{\"id\":-1,\"gain\":1.5,\"ids\":[0,1],\"gains\":[0,0]}",
            "{\"id\":0,\"gain\":65505,\"ids\":[0,1],\"gains\":[0,0]}",
            "{\"id\":0,\"gain\":-65504,\"ids\":[0,1],\"gains\":[0,0]}",
            "{\"id\":0,\"gain\":1,\"ids\":[0,18446744073709551616],\"gains\":[0,0]}",
            "{\"id\":0,\"gain\":1,\"ids\":[0,1],\"gains\":[0,70000]}",
            "{\"id\":0.5,\"gain\":1,\"ids\":[0,1],\"gains\":[0,0]}");

    @Test
    void schemaRangeIsTheUnsignedRangeForNetworkntAndTheCodec() {
        Schema schema = Schemas.load(WideStruct.jsonSchema());
        tools.jackson.databind.JsonNode id = STRICT.readTree(WideStruct.jsonSchema()).get("properties").get("id");
        assertEquals(BigInteger.ZERO, id.get("minimum").bigIntegerValue());
        assertEquals(TWO_64.subtract(BigInteger.ONE), id.get("maximum").bigIntegerValue());
        List<String> networknt = new ArrayList<>();
        List<String> codec = new ArrayList<>();
        for (String json : SCHEMA_CORPUS) {
            networknt.add(Schemas.valid(schema, json) ? "valid" : "invalid");
            String verdict;
            try {
                read(json);
                verdict = "valid";
            } catch (StructJsonException e) {
                verdict = "invalid";
            }
            codec.add(verdict);
        }
        assertEquals(List.of("valid", "invalid", "invalid", "invalid", "valid", "invalid", "invalid", "invalid"), networknt);
        assertEquals(networknt, codec, "every value in the schema's range that is a half or a uint64_t reads");
    }

    @Test
    void generatedPydanticModelGivesTheSchemasVerdicts(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Path modules = Path.of(Wide.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("check.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import Wide
                for line in sys.stdin.read().splitlines():
                    try:
                        m = Wide.WideModel.model_validate_json(line)
                        print("valid", m.id)
                    except Exception:
                        print("invalid")
                """);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(String.join("\n", SCHEMA_CORPUS).getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        Schema schema = Schemas.load(WideStruct.jsonSchema());
        List<String> expected = new ArrayList<>();
        for (String json : SCHEMA_CORPUS) {
            expected.add(Schemas.valid(schema, json) ? "valid " + STRICT.readTree(json).get("id").bigIntegerValue() : "invalid");
        }
        assertEquals(expected, out.lines().toList());
    }

    @Test
    void theViewReadsAndWritesAll64Bits() {
        MemorySegment s = Arena.ofAuto().allocate(WideStruct.LAYOUT);
        WideView v = WideView.at(s, 0);
        v.id(-1L);
        assertEquals(-1L, s.get(ValueLayout.JAVA_LONG_UNALIGNED, 0));
        assertEquals("18446744073709551615", Long.toUnsignedString(v.id()));
        assertEquals(TWO_64.subtract(BigInteger.ONE), unsigned(WideStruct.read(s, 0).id()));
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Flags;
import io.structbridge.jackson.fixtures.FlagsJson;
import io.structbridge.jackson.fixtures.FlagsStruct;
import io.structbridge.runtime.StructValueException;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/** Bit-fields in JSON: the integer (a boolean for bool), the range of the width in the codec and the schema. */
class BitFieldJsonTest {
    private static final JsonMapper MAPPER = StrictJson.mapper();
    private static final List<Flags> SAMPLES = List.of(
            new Flags(15, 0, true, -4, (1L << 40) - 1, Short.MIN_VALUE),
            new Flags(0, 15, false, 3, 0, Short.MAX_VALUE),
            new Flags(4, 5, true, -1, 123456789012L, (short) 7));

    private static String fromMemory(MemorySegment s) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = MAPPER.createGenerator(out)) {
            FlagsJson.write(s, 0, g);
        }
        return out.toString();
    }

    @Test
    void theCodecWritesWhatDatabindWritesAndReadsItBackIntoTheSameBits() {
        try (Arena arena = Arena.ofConfined()) {
            for (Flags f : SAMPLES) {
                MemorySegment s = arena.allocate(FlagsStruct.LAYOUT);
                FlagsStruct.write(s, 0, f);
                String json = MAPPER.writeValueAsString(f);
                assertEquals(json, fromMemory(s));
                assertTrue(json.contains("\"level\":" + f.level()) && json.contains("\"stamp\":" + f.stamp()), json);
                MemorySegment back = arena.allocate(FlagsStruct.LAYOUT);
                try (JsonParser p = MAPPER.createParser(json)) {
                    FlagsJson.read(p, back, 0);
                }
                assertEquals(f, FlagsStruct.read(back, 0));
                assertEquals(f, MAPPER.readValue(json, Flags.class));
            }
        }
    }

    @Test
    void aValueOutsideTheWidthIsRefusedInJsonAndBySettersNeverMasked() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(FlagsStruct.LAYOUT);
            FlagsStruct.write(s, 0, SAMPLES.get(2));
            byte[] before = s.toArray(ValueLayout.JAVA_BYTE);
            for (String json : List.of(
                    "{\"version\":16,\"ihl\":0,\"urgent\":false,\"level\":0,\"stamp\":0,\"tail\":0}",
                    "{\"version\":0,\"ihl\":0,\"urgent\":false,\"level\":4,\"stamp\":0,\"tail\":0}",
                    "{\"version\":0,\"ihl\":0,\"urgent\":false,\"level\":0,\"stamp\":1099511627776,\"tail\":0}")) {
                StructJsonException e = assertThrows(StructJsonException.class, () -> {
                    try (JsonParser p = MAPPER.createParser(json)) {
                        FlagsJson.read(p, s, 0);
                    }
                }, json);
                assertTrue(e.getMessage().contains(" : "), e.getMessage()); // names the bit-field's C declaration
                assertArrayEquals(before, s.toArray(ValueLayout.JAVA_BYTE), json);
            }
            StructValueException e = assertThrows(StructValueException.class, () -> FlagsStruct.version(s, 0, 16));
            assertTrue(e.getMessage().contains("Flags.version") && e.getMessage().contains("uint8_t : 4 (0..15)")
                    && e.getMessage().contains("16"), e.getMessage());
            assertThrows(StructValueException.class, () -> FlagsStruct.level(s, 0, -5));
            assertThrows(StructValueException.class, () -> FlagsStruct.stamp(s, 0, -1));
            assertThrows(StructValueException.class, () -> FlagsStruct.write(s, 0, new Flags(0, 0, false, 0, 1L << 40, (short) 0)));
            assertArrayEquals(before, s.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void nestedAndArraysOfBitFieldStructsRoundTrip() {
        try (Arena arena = Arena.ofConfined()) {
            io.structbridge.jackson.fixtures.FlagsArray array = io.structbridge.jackson.fixtures.FlagsArray.fromList(arena, SAMPLES);
            for (int i = 0; i < SAMPLES.size(); i++) {
                assertEquals(SAMPLES.get(i), array.get(i));
                assertEquals(SAMPLES.get(i).level(), array.view(i).level());
            }
            io.structbridge.jackson.fixtures.FlagsPair pair = new io.structbridge.jackson.fixtures.FlagsPair((byte) -1, SAMPLES.get(0),
                    new Flags[] {SAMPLES.get(1), SAMPLES.get(2)});
            MemorySegment s = arena.allocate(io.structbridge.jackson.fixtures.FlagsPairStruct.LAYOUT);
            io.structbridge.jackson.fixtures.FlagsPairStruct.write(s, 0, pair);
            io.structbridge.jackson.fixtures.FlagsPair back = io.structbridge.jackson.fixtures.FlagsPairStruct.read(s, 0);
            assertEquals(pair.first(), back.first());
            assertEquals(List.of(pair.more()), List.of(back.more()));
            assertEquals(8, io.structbridge.jackson.fixtures.FlagsPairStruct.FIRST_OFFSET);
            String json = MAPPER.writeValueAsString(pair);
            StringWriter out = new StringWriter();
            try (JsonGenerator g = MAPPER.createGenerator(out)) {
                io.structbridge.jackson.fixtures.FlagsPairJson.write(s, 0, g);
            }
            assertEquals(json, out.toString());
        }
    }

    @Test
    void theViewAndTheValidatorUseTheWidthToo() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(FlagsStruct.LAYOUT);
            io.structbridge.jackson.fixtures.FlagsView v = io.structbridge.jackson.fixtures.FlagsView.at(s, 0);
            v.set(SAMPLES.get(0));
            v.level(-3);
            v.ihl(9);
            assertEquals(new Flags(15, 9, true, -3, (1L << 40) - 1, Short.MIN_VALUE), v.toRecord());
            byte[] before = s.toArray(ValueLayout.JAVA_BYTE);
            assertThrows(StructValueException.class, () -> v.ihl(16));
            assertArrayEquals(before, s.toArray(ValueLayout.JAVA_BYTE));
        }
        List<io.structbridge.runtime.Violation> violations =
                io.structbridge.jackson.fixtures.FlagsValidator.validate(new Flags(16, 0, false, 4, 0, (short) 0));
        assertEquals(List.of("version", "level"), violations.stream().map(io.structbridge.runtime.Violation::propertyPath).toList());
        assertTrue(violations.get(0).message().contains("uint8_t : 4 (0..15)"), violations.get(0).message());
    }

    @Test
    void theGeneratedPydanticModelAndPythonPropertiesAgree(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        java.nio.file.Path modules = java.nio.file.Path.of(Flags.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        List<String> lines = new java.util.ArrayList<>();
        List<String> verdicts = new java.util.ArrayList<>();
        for (Flags f : List.of(SAMPLES.get(0), SAMPLES.get(1), new Flags(16, 0, false, 0, 0, (short) 0),
                new Flags(0, 0, false, -5, 0, (short) 0), new Flags(0, 0, false, 0, 1L << 40, (short) 0))) {
            lines.add(MAPPER.writeValueAsString(f));
            verdicts.add(io.structbridge.jackson.fixtures.FlagsValidator.validate(f).isEmpty() ? "valid" : "invalid");
        }
        // the bytes Java wrote, decoded by the generated ctypes properties
        MemorySegment s = Arena.ofAuto().allocate(FlagsStruct.LAYOUT);
        FlagsStruct.write(s, 0, SAMPLES.get(2));
        String hex = java.util.HexFormat.of().formatHex(s.toArray(ValueLayout.JAVA_BYTE));
        java.nio.file.Path script = dir.resolve("check.py");
        java.nio.file.Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import Flags
                for line in sys.argv[3].split("\\n"):
                    try:
                        Flags.FlagsModel.model_validate_json(line)
                        print("valid")
                    except Exception:
                        print("invalid")
                o = Flags.Flags.from_buffer_copy(bytes.fromhex(sys.argv[2]))
                print(o.version, o.ihl, o.urgent, o.level, o.stamp, o.tail)
                """);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString(), hex, String.join("\n", lines))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        List<String> got = out.lines().toList();
        assertEquals(verdicts, got.subList(0, verdicts.size()), out);
        assertEquals(List.of("valid", "valid", "invalid", "invalid", "invalid"), verdicts);
        Flags f = SAMPLES.get(2);
        assertEquals(f.version() + " " + f.ihl() + " " + (f.urgent() ? "True" : "False") + " " + f.level() + " " + f.stamp() + " " + f.tail(),
                got.get(verdicts.size()), out);
    }

    @Test
    void theSchemaGivesEachBitFieldTheRangeOfItsWidth() {
        Schema schema = Schemas.load(FlagsStruct.jsonSchema());
        assertTrue(Schemas.valid(schema, "{\"version\":15,\"ihl\":0,\"urgent\":true,\"level\":-4,\"stamp\":1099511627775,\"tail\":0}"));
        for (String bad : List.of(
                "{\"version\":16,\"ihl\":0,\"urgent\":true,\"level\":0,\"stamp\":0,\"tail\":0}",
                "{\"version\":0,\"ihl\":-1,\"urgent\":true,\"level\":0,\"stamp\":0,\"tail\":0}",
                "{\"version\":0,\"ihl\":0,\"urgent\":true,\"level\":-5,\"stamp\":0,\"tail\":0}",
                "{\"version\":0,\"ihl\":0,\"urgent\":1,\"level\":0,\"stamp\":0,\"tail\":0}",
                "{\"version\":0,\"ihl\":0,\"urgent\":true,\"level\":0,\"stamp\":1099511627776,\"tail\":0}")) {
            assertTrue(!Schemas.valid(schema, bad), bad);
        }
    }
}

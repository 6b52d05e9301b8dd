package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Renamed;
import io.structbridge.jackson.fixtures.RenamedJson;
import io.structbridge.jackson.fixtures.RenamedStruct;
import io.structbridge.jackson.fixtures.SnakeRenamed;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * The declared changes of docs/layout-lock.md in JSON. A renamed component ({@code @FormerName}) is read under its
 * name or any former one by the generated codec, the Jackson module, the JSON Schema (networknt and Python's
 * jsonschema) and the Pydantic model, written under its name only, and an object holding two of its names is
 * refused by all of them; a {@code @Reserved} component is in no JSON, and its bytes are zero in a struct new code
 * creates. The verdicts of the four readers are compared with each other on one corpus.
 */
class DeclaredChangesJsonTest {
    private static final JsonMapper CODEC = StrictJson.codecMapper();
    private static final List<JsonMapper> MODULE_MAPPERS = List.of(StrictJson.mapper(),
            JsonMapper.builder().addModule(new StructJsonModule()).build(), JsonMapper.builder().findAndAddModules().build());
    private static final Renamed EXPECTED = new Renamed(1, 0, 2.5, (short) 0, "X");

    /** Documents of Renamed and whether they are valid (every name of price and market once, nothing else). */
    private static final Map<String, Boolean> CORPUS = new LinkedHashMap<>();

    static {
        CORPUS.put("{\"time\":1,\"price\":2.5,\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"px\":2.5,\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"cost\":2.5,\"venue\":\"X\"}", true);
        CORPUS.put("{\"venue\":\"X\",\"px\":2.5,\"time\":1}", true);
        CORPUS.put("{\"time\":1,\"price\":2.5,\"px\":2.5,\"market\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"px\":2.5,\"cost\":2.5,\"market\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"price\":2.5,\"market\":\"X\",\"venue\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"market\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"price\":2.5}", false);
        CORPUS.put("{\"time\":1,\"qty\":0,\"price\":2.5,\"market\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"price\":2.5,\"lots\":0,\"market\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"px\":\"2.5\",\"market\":\"X\"}", false);
    }

    private static Renamed readWithCodec(String json) {
        MemorySegment s = Arena.ofAuto().allocate(RenamedStruct.LAYOUT);
        try (JsonParser p = CODEC.createParser(json)) {
            RenamedJson.read(p, s, 0);
        }
        return RenamedStruct.read(s, 0);
    }

    private static boolean codecAccepts(String json) {
        try {
            readWithCodec(json);
            return true;
        } catch (JacksonException e) {
            return false;
        }
    }

    @Test
    void theCodecReadsEveryNameAndWritesTheNewOne() {
        for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
            assertEquals(e.getValue(), codecAccepts(e.getKey()), e.getKey());
            if (e.getValue()) {
                assertEquals(EXPECTED, readWithCodec(e.getKey()), e.getKey());
            }
        }
        MemorySegment s = Arena.ofAuto().allocate(RenamedStruct.LAYOUT);
        RenamedStruct.write(s, 0, EXPECTED);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = CODEC.createGenerator(out)) {
            RenamedJson.write(s, 0, g);
        }
        assertEquals("{\"time\":1,\"price\":2.5,\"market\":\"X\"}", out.toString());
    }

    @Test
    void twoNamesOfOneComponentAreRefusedNamingThePathAndTheNames() {
        StructJsonException e = assertThrows(StructJsonException.class,
                () -> readWithCodec("{\"time\":1,\"price\":2.5,\"cost\":2.5,\"market\":\"X\"}"));
        assertEquals("$.cost", e.jsonPath());
        assertTrue(e.getMessage().contains("\"cost\" is one of the names [price, px, cost] of one component"), e.getMessage());
    }

    @Test
    void theJacksonModuleReadsOldNamesAndWritesNewOnesWithoutReservedComponents() {
        for (JsonMapper m : MODULE_MAPPERS) {
            for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
                if (e.getValue()) {
                    assertEquals(EXPECTED, m.readValue(e.getKey(), Renamed.class), e.getKey());
                } else {
                    assertThrows(JacksonException.class, () -> m.readValue(e.getKey(), Renamed.class), e.getKey());
                }
            }
            // qty and lots hold values in the record, but are in no JSON
            String written = m.writeValueAsString(new Renamed(1, 7, 2.5, (short) 3, "X"));
            assertEquals("{\"time\":1,\"price\":2.5,\"market\":\"X\"}", written);
            assertEquals(new SnakeRenamed(4, 5), m.readValue("{\"old_count\":4,\"key\":5}", SnakeRenamed.class));
            assertEquals("{\"new_count\":4,\"k\":5}", m.writeValueAsString(new SnakeRenamed(4, 5)));
        }
    }

    @Test
    void newCodeWritesZerosIntoReservedBytes() {
        MemorySegment s = Arena.ofAuto().allocate(RenamedStruct.LAYOUT);
        RenamedStruct.write(s, 0, new Renamed(1, 7, 2.5, (short) 3, "X"));
        assertEquals(0, s.get(ValueLayout.JAVA_INT_UNALIGNED, 8), "qty's bytes");
        assertEquals(0, s.get(ValueLayout.JAVA_SHORT_UNALIGNED, 24), "lots' bytes");
        assertEquals(16, RenamedStruct.PRICE_OFFSET);
        assertEquals(40, RenamedStruct.SIZE);
        assertEquals(new Renamed(1, 0, 2.5, (short) 0, "X"), RenamedStruct.read(s, 0), "reserved components read as 0");
        assertEquals(List.of("qty", "lots"), RenamedStruct.TYPE.reservedComponents());
    }

    /**
     * Structs new Java code wrote, read by a C program of the version before the change (qty and lots live, price
     * named px, market named venue: its own declaration, laid out by gcc), by one built against the new header, and
     * by the generated ctypes class: the same offsets, and the removed members read as 0.
     */
    @Test
    void oldAndNewReadersInCAndPythonReadWhatNewJavaWrote(@TempDir Path dir) throws Exception {
        Oracles.requireTool("gcc");
        Oracles.requirePython("numpy");
        Path modules = Path.of(Renamed.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        MemorySegment s = Arena.ofAuto().allocate(RenamedStruct.LAYOUT, 2);
        RenamedStruct.write(s, 0, new Renamed(1, 7, 2.5, (short) 3, "X"));
        RenamedStruct.write(s, RenamedStruct.SIZE, new Renamed(-4, 9, -0.25, (short) 1, "abcdefg"));
        Path data = dir.resolve("ticks.bin");
        Files.write(data, s.toArray(ValueLayout.JAVA_BYTE));
        Path c = dir.resolve("read.c");
        Files.writeString(c, """
                #include <stddef.h>
                #include <stdint.h>
                #include <stdio.h>
                #include "Renamed.h"
                typedef struct { int64_t time; int32_t qty; double px; int16_t lots; char venue[8]; } Old;
                int main(int argc, char **argv) {
                    FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
                    Old o[2]; Renamed n[2];
                    if (f == NULL || fread(o, sizeof o, 1, f) != 1) return 2;
                    rewind(f);
                    if (fread(n, sizeof n, 1, f) != 1) return 3;
                    printf("sizes %zu %zu %zu %zu\\n", sizeof(Old), sizeof(Renamed), _Alignof(Old), _Alignof(Renamed));
                    printf("offsets %zu %zu %zu %zu\\n", offsetof(Old, px), offsetof(Renamed, price), offsetof(Old, venue), offsetof(Renamed, market));
                    for (int i = 0; i < 2; i++) {
                        printf("old %lld %d %a %d %.8s\\n", (long long) o[i].time, o[i].qty, o[i].px, o[i].lots, o[i].venue);
                        printf("new %lld %a %.8s\\n", (long long) n[i].time, n[i].price, n[i].market);
                    }
                    return fclose(f);
                }
                """, StandardCharsets.UTF_8);
        GeneratedOutputs.Result gcc = GeneratedOutputs.run(List.of("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic",
                "-I", modules.toString(), "-o", dir.resolve("read").toString(), c.toString()), dir, "");
        assertEquals(0, gcc.exit(), gcc.out());
        GeneratedOutputs.Result run = GeneratedOutputs.run(List.of(dir.resolve("read").toString(), data.toString()), dir, "");
        assertEquals(0, run.exit(), run.out());
        List<String> lines = run.out().lines().toList();
        assertEquals("sizes " + RenamedStruct.SIZE + " " + RenamedStruct.SIZE + " 8 8", lines.get(0));
        assertEquals("offsets " + RenamedStruct.PRICE_OFFSET + " " + RenamedStruct.PRICE_OFFSET + " "
                + RenamedStruct.MARKET_OFFSET + " " + RenamedStruct.MARKET_OFFSET, lines.get(1));
        assertEquals("old 1 0 0x1.4p+1 0 X", lines.get(2), "the removed members read as 0");
        assertEquals("new 1 0x1.4p+1 X", lines.get(3));
        assertEquals("old -4 0 -0x1p-2 0 abcdefg", lines.get(4));
        Path py = dir.resolve("read.py");
        Files.writeString(py, """
                import ctypes, sys
                sys.path.insert(0, sys.argv[1])
                import Renamed, numpy
                raw = open(sys.argv[2], "rb").read()
                t = Renamed.Renamed.from_buffer_copy(raw, Renamed.SIZE)
                print(ctypes.sizeof(Renamed.Renamed), ctypes.alignment(Renamed.Renamed), Renamed.Renamed.price.offset,
                      Renamed.Renamed.market.offset, t.time, t.price, t.market.decode())
                a = numpy.frombuffer(raw, dtype=Renamed.Renamed_dtype)
                print(a.dtype.itemsize, a["price"].tolist(), list(a.dtype.names))
                """, StandardCharsets.UTF_8);
        GeneratedOutputs.Result p = GeneratedOutputs.run(List.of("python3", py.toString(), modules.toString(), data.toString()), dir, "");
        assertEquals(0, p.exit(), p.out());
        assertEquals(lines.get(0).split(" ")[2] + " 8 " + lines.get(1).split(" ")[2] + " " + lines.get(1).split(" ")[4]
                + " -4 -0.25 abcdefg\n40 [2.5, -0.25] ['time', 'price', 'market']", p.out().strip());
    }

    @Test
    void theSchemaAcceptsWhatTheCodecAccepts() {
        Schema schema = Schemas.load(RenamedStruct.jsonSchema());
        for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
            assertEquals(e.getValue(), Schemas.valid(schema, e.getKey()), e.getKey() + ": " + Schemas.errors(schema, e.getKey()));
        }
        assertTrue(RenamedStruct.jsonSchema().contains("\"deprecated\": true") || RenamedStruct.jsonSchema().contains("\"deprecated\":true"));
    }

    @Test
    void pydanticAndPythonJsonschemaGiveTheCodecsVerdicts(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic", "jsonschema");
        Path modules = Path.of(Renamed.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("check.py");
        Files.writeString(script, """
                import json, sys, jsonschema
                sys.path.insert(0, sys.argv[1])
                import Renamed
                schema = json.load(open(sys.argv[1] + "/Renamed.schema.json", encoding="utf-8"))
                jsonschema.Draft202012Validator.check_schema(schema)
                validator = jsonschema.Draft202012Validator(schema)
                for line in sys.stdin.read().splitlines():
                    try:
                        m = Renamed.RenamedModel.model_validate_json(line)
                        model = "valid " + m.model_dump_json()
                    except Exception:
                        model = "invalid"
                    print(model + "\\t" + ("valid" if validator.is_valid(json.loads(line)) else "invalid"))
                """, StandardCharsets.UTF_8);
        List<String> docs = new ArrayList<>(CORPUS.keySet());
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", script.toString(), modules.toString()), dir,
                String.join("\n", docs));
        List<String> lines = r.out().lines().toList();
        assertEquals(docs.size(), lines.size(), r.out());
        for (int i = 0; i < docs.size(); i++) {
            boolean codec = codecAccepts(docs.get(i));
            String[] verdicts = lines.get(i).split("\t");
            assertEquals(codec ? "valid {\"time\":1,\"price\":2.5,\"market\":\"X\"}" : "invalid", verdicts[0], docs.get(i));
            assertEquals(codec ? "valid" : "invalid", verdicts[1], docs.get(i));
        }
        assertFalse(Files.readString(modules.resolve("Renamed.py")).contains("qty:"), "no Pydantic field for a reserved component");
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Renamed;
import io.structbridge.jackson.fixtures.RenamedJson;
import io.structbridge.jackson.fixtures.RenamedStruct;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.RenamedArray;
import io.structbridge.jackson.fixtures.ReservedHolder;
import io.structbridge.jackson.fixtures.ReservedHolderJson;
import io.structbridge.jackson.fixtures.ReservedHolderStruct;
import io.structbridge.jackson.fixtures.SnakeRenamed;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
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
        CORPUS.put("{\"time\":1,\"px\":\"2.5\",\"market\":\"X\"}", false);
        // the reserved components' names (qty, lots), which old JSON holds: accepted with any value, ignored
        CORPUS.put("{\"time\":1,\"qty\":0,\"price\":2.5,\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"price\":2.5,\"lots\":0,\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"qty\":7,\"px\":2.5,\"lots\":-3,\"venue\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"qty\":\"seven\",\"price\":2.5,\"lots\":null,\"market\":\"X\"}", true);
        CORPUS.put("{\"lots\":{\"a\":[1,{\"b\":null}]},\"time\":1,\"qty\":[],\"cost\":2.5,\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"qty\":1.5e400,\"price\":2.5,\"market\":\"X\"}", true);
        // lots was lot before it was removed: JSON of that version holds "lot", skipped too; each name once
        CORPUS.put("{\"time\":1,\"lot\":4,\"price\":2.5,\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"lot\":4,\"price\":2.5,\"lots\":[4],\"market\":\"X\"}", true);
        CORPUS.put("{\"time\":1,\"qty\":0,\"price\":2.5}", false);
        CORPUS.put("{\"time\":1,\"Qty\":0,\"price\":2.5,\"market\":\"X\"}", false);
        CORPUS.put("{\"time\":1,\"qty\":0,\"quantity\":0,\"price\":2.5,\"market\":\"X\"}", false);
    }

    /**
     * Documents holding a reserved name twice: the Java readers refuse them (a duplicate property, as for any name);
     * Python's JSON readers keep the last of two equal keys for every property, so the schema and the model give the
     * verdict they give a document holding a live property twice ({@link #LIVE_TWICE}).
     */
    private static final List<String> RESERVED_TWICE = List.of(
            "{\"time\":1,\"qty\":1,\"price\":2.5,\"qty\":1,\"market\":\"X\"}",
            "{\"time\":1,\"lots\":1,\"price\":2.5,\"market\":\"X\",\"lots\":\"x\"}",
            "{\"time\":1,\"lot\":1,\"price\":2.5,\"market\":\"X\",\"lot\":2}");
    private static final String LIVE_TWICE = "{\"time\":1,\"time\":1,\"price\":2.5,\"market\":\"X\"}";

    /** The reserved JSON name of {@link ReservedHolder#gone()}: user text, a quote and a U+2028 (escaped in JSON). */
    private static final String GONE = "\"gone \\\"x\\\"\\u2028\"";

    /** Documents of ReservedHolder: reserved names at the top, in the nested struct and in array elements. */
    private static final Map<String, Boolean> HOLDER = new LinkedHashMap<>();

    static {
        String one = "{\"time\":1,\"price\":2.5,\"market\":\"X\"}";
        String oldOne = "{\"time\":1,\"qty\":9,\"px\":2.5,\"lots\":2,\"market\":\"X\"}";
        HOLDER.put("{\"holder_id\":3,\"one\":" + one + ",\"many\":[" + one + "," + one + "]}", true);
        HOLDER.put("{\"holder_id\":3,\"old_point\":{\"x\":1,\"y\":2}," + GONE + ":5,\"one\":" + oldOne + ",\"many\":["
                + oldOne + "," + one + "]}", true);
        HOLDER.put("{\"holder_id\":3,\"old_point\":\"not a point\",\"one\":" + one + ",\"many\":[" + one + ","
                + oldOne.replace("9", "[9]") + "]," + GONE + ":null}", true);
        HOLDER.put("{\"holder_id\":3,\"one\":" + one + ",\"many\":[" + one + "," + one.replace("\"time\"", "\"qtyy\":0,\"time\"") + "]}", false);
        HOLDER.put("{\"holder_id\":3,\"old_x\":0,\"one\":" + one + ",\"many\":[" + one + "," + one + "]}", false);
        HOLDER.put("{\"holder_id\":3,\"one\":" + one + ",\"many\":[" + oldOne + "]}", false);
    }

    private static final Renamed[] EXPECTED_MANY = {EXPECTED, EXPECTED};

    /** A generated codec's reader of one struct ({@code RJson.read}). */
    private interface CodecRead {
        void read(JsonParser parser, MemorySegment segment, long offset);
    }

    /** {@return {@code json} read by {@code codec} into a fresh struct of {@code type}, and read back as a record} */
    private static <R extends Record> R viaCodec(String json, io.structbridge.runtime.StructType<R> type, CodecRead codec) {
        MemorySegment s = Arena.ofAuto().allocate(type.layout());
        try (JsonParser p = CODEC.createParser(json)) {
            codec.read(p, s, 0);
        }
        return type.read(s, 0);
    }

    /** {@return whether {@code codec} reads {@code json} without a JacksonException} */
    private static boolean accepts(String json, io.structbridge.runtime.StructType<?> type, CodecRead codec) {
        try {
            viaCodec(json, type, codec);
            return true;
        } catch (JacksonException e) {
            return false;
        }
    }

    private static Renamed readWithCodec(String json) {
        return viaCodec(json, RenamedStruct.TYPE, RenamedJson::read);
    }

    private static boolean codecAccepts(String json) {
        return accepts(json, RenamedStruct.TYPE, RenamedJson::read);
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
        // a renamed member absent under every name: the message names the former ones a document may use
        StructJsonException missing = assertThrows(StructJsonException.class, () -> readWithCodec("{\"time\":1,\"market\":\"X\"}"));
        assertTrue(missing.getMessage().contains("missing required property \"price\" (or its former name \"px\", \"cost\")"),
                missing.getMessage());
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

    private static ReservedHolder readHolderWithCodec(String json) {
        return viaCodec(json, ReservedHolderStruct.TYPE, ReservedHolderJson::read);
    }

    private static boolean holderAccepts(String json) {
        return accepts(json, ReservedHolderStruct.TYPE, ReservedHolderJson::read);
    }

    /** The record every valid holder document means: reserved components at their Java defaults. */
    private static void assertExpectedHolder(ReservedHolder h, String json) {
        assertEquals(3, h.holderId(), json);
        assertEquals(null, h.oldPoint(), json);
        assertEquals(0, h.gone(), json);
        assertEquals(EXPECTED, h.one(), json);
        assertTrue(Arrays.equals(EXPECTED_MANY, h.many()), json + ": " + Arrays.toString(h.many()));
    }

    /** The holder as every writer writes it: no reserved name at any depth. */
    private static final String HOLDER_WRITTEN = "{\"holder_id\":3,\"one\":{\"time\":1,\"price\":2.5,\"market\":\"X\"},"
            + "\"many\":[{\"time\":1,\"price\":2.5,\"market\":\"X\"},{\"time\":1,\"price\":2.5,\"market\":\"X\"}]}";

    private static ReservedHolder holderWithReservedValues() {
        Renamed r = new Renamed(1, 7, 2.5, (short) 3, "X");
        return new ReservedHolder(3, new Point(1, 2), r, new Renamed[] {r, r}, 9);
    }

    @Test
    void reservedNamesAreIgnoredByTheCodecAtTheTopNestedAndInArrayElements() {
        for (Map.Entry<String, Boolean> e : HOLDER.entrySet()) {
            assertEquals(e.getValue(), holderAccepts(e.getKey()), e.getKey());
            if (e.getValue()) {
                assertExpectedHolder(readHolderWithCodec(e.getKey()), e.getKey());
            }
        }
        MemorySegment s = Arena.ofAuto().allocate(ReservedHolderStruct.LAYOUT);
        ReservedHolderStruct.write(s, 0, holderWithReservedValues());
        StringWriter out = new StringWriter();
        try (JsonGenerator g = CODEC.createGenerator(out)) {
            ReservedHolderJson.write(s, 0, g);
        }
        assertEquals(HOLDER_WRITTEN, out.toString(), "writing never emits a reserved name");
        StructJsonException unknown = assertThrows(StructJsonException.class, () -> readWithCodec(
                "{\"time\":1,\"qty\":0,\"quantity\":0,\"price\":2.5,\"market\":\"X\"}"));
        assertEquals("$.quantity", unknown.jsonPath(), "other unknown names are still refused");
    }

    @Test
    void aReservedNameTwiceIsADuplicatePropertyForTheJavaReaders() {
        StructJsonException e = assertThrows(StructJsonException.class, () -> readWithCodec(RESERVED_TWICE.get(0)));
        assertEquals("$.qty", e.jsonPath());
        assertTrue(e.getMessage().contains("Renamed.qty") && e.getMessage().contains("duplicate property"), e.getMessage());
        StructJsonException nested = assertThrows(StructJsonException.class, () -> readHolderWithCodec(
                "{\"holder_id\":3,\"one\":" + RESERVED_TWICE.get(1) + ",\"many\":[]}"));
        assertEquals("$.one.lots", nested.jsonPath());
        StructJsonException top = assertThrows(StructJsonException.class, () -> readHolderWithCodec(
                "{\"holder_id\":3," + GONE + ":1," + GONE + ":1}"));
        assertTrue(top.getMessage().contains("ReservedHolder.gone") && top.getMessage().contains("duplicate property"), top.getMessage());
        assertFalse(codecAccepts(LIVE_TWICE));
        for (String doc : RESERVED_TWICE) {
            assertFalse(codecAccepts(doc), doc);
            for (JsonMapper m : MODULE_MAPPERS) {
                assertThrows(JacksonException.class, () -> m.readValue(doc, Renamed.class), doc);
                assertThrows(JacksonException.class, () -> m.readValue("[" + doc + "]", RenamedArray.class), doc);
            }
        }
        // networknt sees the parsed document, as for any property twice
        Schema schema = Schemas.load(RenamedStruct.jsonSchema());
        for (String doc : RESERVED_TWICE) {
            assertEquals(Schemas.valid(schema, LIVE_TWICE), Schemas.valid(schema, doc), doc);
        }
    }

    /** Every path of the module: a record, a list of records, a new array, a nested record, into a view, into an array. */
    @Test
    void everyModulePathIgnoresReservedNamesAndNeverWritesThem() {
        for (JsonMapper m : MODULE_MAPPERS) {
            for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
                String doc = e.getKey();
                String two = "[" + doc + "," + doc + "]";
                if (e.getValue()) {
                    assertEquals(List.of(EXPECTED, EXPECTED), m.readValue(two, new TypeReference<List<Renamed>>() {}), doc);
                    RenamedArray array = m.readValue(two, RenamedArray.class);
                    assertEquals(EXPECTED, array.get(1), doc);
                    try (Arena arena = Arena.ofConfined()) {
                        RenamedArray target = RenamedArray.allocate(arena, 2);
                        m.readerForUpdating(target.view(1)).readValue(doc);
                        assertEquals(EXPECTED, target.get(1), doc);
                        m.readerForUpdating(target).readValue(two);
                        assertEquals(EXPECTED, target.get(0), doc);
                    }
                } else {
                    assertThrows(JacksonException.class, () -> m.readValue(two, new TypeReference<List<Renamed>>() {}), doc);
                    assertThrows(JacksonException.class, () -> m.readValue(two, RenamedArray.class), doc);
                    try (Arena arena = Arena.ofConfined()) {
                        RenamedArray target = RenamedArray.allocate(arena, 2);
                        assertThrows(JacksonException.class, () -> m.readerForUpdating(target.view(1)).readValue(doc), doc);
                    }
                }
            }
            for (Map.Entry<String, Boolean> e : HOLDER.entrySet()) {
                if (e.getValue()) {
                    assertExpectedHolder(m.readValue(e.getKey(), ReservedHolder.class), e.getKey());
                } else {
                    assertThrows(JacksonException.class, () -> m.readValue(e.getKey(), ReservedHolder.class), e.getKey());
                }
            }
            assertEquals(HOLDER_WRITTEN, m.writeValueAsString(holderWithReservedValues()), "writing never emits a reserved name");
            assertEquals("[" + HOLDER_WRITTEN + "]", m.writeValueAsString(List.of(holderWithReservedValues())));
            try (Arena arena = Arena.ofConfined()) {
                RenamedArray array = RenamedArray.allocate(arena, 1);
                array.set(0, new Renamed(1, 7, 2.5, (short) 3, "X"));
                assertEquals("[{\"time\":1,\"price\":2.5,\"market\":\"X\"}]", m.writeValueAsString(array));
                assertEquals("{\"time\":1,\"price\":2.5,\"market\":\"X\"}", m.writeValueAsString(array.view(0)));
            }
        }
    }

    /**
     * Databind, which reads and writes a record without a codec (here: its enum has a {@code @JsonValue} method),
     * knows no declared change: a reserved component or a rename there is a compile error at the component.
     */
    @Test
    void declaredChangesInARecordWithoutACodecAreRefused(@TempDir Path dir) {
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, Map.of(
                "fn.T", "package fn;\nimport io.structbridge.annotations.*;\npublic enum T { @Code(1) A; "
                        + "@com.fasterxml.jackson.annotation.JsonValue public String json() { return \"a\"; } }\n",
                "fn.R", "package fn;\nimport io.structbridge.annotations.*;\n"
                        + "@Struct public record R(@FormerName(\"old\") int x, @Reserved int gone, T t) {}\n"));
        assertFalse(o.success());
        assertTrue(o.refused("[SB-FORMER-NAME] @FormerName(\"old\") on 'x'", "R has no generated JSON codec", "@JsonValue method",
                "knows only the name of now"), () -> o.sbErrors().toString());
        assertTrue(o.refused("[SB-RESERVED-MISUSE] @Reserved on 'gone'", "R has no generated JSON codec",
                "would write the removed member"), () -> o.sbErrors().toString());
        assertEquals(2, o.sbErrors().size(), () -> o.sbErrors().toString());
        // the same record with its codec (an enum without a @JsonValue method) compiles
        GeneratedOutputs.Outcome fine = GeneratedOutputs.compile(dir.resolve("fine"), Map.of(
                "fn.T", "package fn;\nimport io.structbridge.annotations.*;\npublic enum T { @Code(1) A }\n",
                "fn.R", "package fn;\nimport io.structbridge.annotations.*;\n"
                        + "@Struct public record R(@FormerName(\"old\") int x, @Reserved int gone, T t) {}\n"));
        assertTrue(fine.success(), () -> fine.sbErrors().toString());
    }

    @Test
    void theSchemaAcceptsWhatTheCodecAccepts() {
        Schema schema = Schemas.load(RenamedStruct.jsonSchema());
        for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
            assertEquals(e.getValue(), Schemas.valid(schema, e.getKey()), e.getKey() + ": " + Schemas.errors(schema, e.getKey()));
        }
        assertTrue(RenamedStruct.jsonSchema().contains("\"deprecated\": true") || RenamedStruct.jsonSchema().contains("\"deprecated\":true"));
        Schema holder = Schemas.load(ReservedHolderStruct.jsonSchema());
        for (Map.Entry<String, Boolean> e : HOLDER.entrySet()) {
            assertEquals(e.getValue(), Schemas.valid(holder, e.getKey()), e.getKey() + ": " + Schemas.errors(holder, e.getKey()));
        }
    }

    @Test
    void pydanticAndPythonJsonschemaGiveTheCodecsVerdicts(@TempDir Path dir) throws Exception {
        Path modules = Path.of(Renamed.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        List<PythonVerdicts.Doc> docs = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        String renamedOut = "{\"time\":1,\"price\":2.5,\"market\":\"X\"}";
        for (String doc : CORPUS.keySet()) {
            docs.add(new PythonVerdicts.Doc("Renamed", doc));
            expected.add(codecAccepts(doc) ? "valid " + renamedOut + "\tvalid" : "invalid\tinvalid");
        }
        for (String doc : HOLDER.keySet()) {
            docs.add(new PythonVerdicts.Doc("ReservedHolder", doc));
            expected.add(holderAccepts(doc) ? "valid " + HOLDER_WRITTEN + "\tvalid" : "invalid\tinvalid");
        }
        // a name twice: Python's JSON readers keep the last value of any repeated key; the same verdict for the
        // reserved name as for a live one (the Java readers refuse both: aReservedNameTwiceIsADuplicatePropertyForTheJavaReaders)
        docs.add(new PythonVerdicts.Doc("Renamed", LIVE_TWICE));
        for (String doc : RESERVED_TWICE) {
            docs.add(new PythonVerdicts.Doc("Renamed", doc));
        }
        List<String> lines = PythonVerdicts.of(dir, docs);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), lines.get(i), docs.get(i).json());
        }
        String live = lines.get(expected.size());
        for (int i = expected.size() + 1; i < docs.size(); i++) {
            assertEquals(live, lines.get(i), docs.get(i).json());
        }
        String py = Files.readString(modules.resolve("Renamed.py"));
        assertFalse(py.contains("qty:") || py.contains("lots:"), "no Pydantic field for a reserved component");
        assertTrue(py.contains("_sb_drop_reserved"), "the model drops the reserved names");
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.Versioned;
import io.structbridge.jackson.fixtures.VersionedArray;
import io.structbridge.jackson.fixtures.VersionedJson;
import io.structbridge.jackson.fixtures.VersionedStruct;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON of an older layout version ({@link Versioned}, version 3): a document of version 1 or 2 lacks the members
 * added since, and the codec, the Jackson module, the JSON Schema (networknt and Python's jsonschema) and the Pydantic
 * model all accept it, giving those members the value all-zero bytes hold; members of version 1 stay required, and
 * one member under two of its names stays refused. The verdicts and the values are compared across the readers.
 */
class SinceJsonTest {
    private static final JsonMapper CODEC = StrictJson.codecMapper();
    private static final List<JsonMapper> MODULE_MAPPERS = List.of(StrictJson.mapper(),
            JsonMapper.builder().addModule(new StructJsonModule()).build());
    private static final Versioned ZERO_SINCE = new Versioned(1, 2.5, 0, Versioned.Phase.NONE, "", new Point(0, 0),
            new short[2], new byte[3], false, 0);
    private static final Versioned FULL = new Versioned(1, 2.5, 7, Versioned.Phase.OPEN, "XNYS", new Point(3, 4),
            new short[] {5, 6}, new byte[] {1, 2, 3}, true, 9);

    /** Documents and whether every reader accepts them. */
    private static final Map<String, Boolean> CORPUS = new LinkedHashMap<>();

    static {
        CORPUS.put("{\"time\":1,\"price\":2.5}", true); // version 1
        CORPUS.put("{\"time\":1,\"px\":2.5}", true); // version 1, before the rename
        CORPUS.put("{\"time\":1,\"price\":2.5,\"qty\":7,\"phase\":\"OPEN\",\"venue\":\"XNYS\"}", true); // version 2
        CORPUS.put("{\"time\":1,\"price\":2.5,\"qty\":7,\"phase\":\"OPEN\",\"venue\":\"XNYS\",\"at\":{\"x\":3,\"y\":4},"
                + "\"lots\":[5,6],\"raw\":\"AQID\",\"done\":true,\"count\":9}", true); // version 3
        CORPUS.put("{\"time\":1,\"price\":2.5,\"was\":9}", true); // a version-3 member under its former name
        // bytes whose Base64 holds + and /: Pydantic's dump must write Jackson's alphabet, not the URL-safe one
        CORPUS.put("{\"time\":1,\"price\":2.5,\"raw\":\"/+8A\"}", true);
        CORPUS.put("{\"price\":2.5}", false); // a member of version 1 missing
        CORPUS.put("{\"time\":1}", false);
        CORPUS.put("{\"time\":1,\"price\":2.5,\"count\":9,\"was\":9}", false); // one member, two names
        CORPUS.put("{\"time\":1,\"price\":2.5,\"qty\":null}", false); // absent is not null
        CORPUS.put("{\"time\":1,\"price\":2.5,\"phase\":\"SHUT\"}", false);
        CORPUS.put("{\"time\":1,\"price\":2.5,\"at\":{\"x\":3}}", false); // the nested struct's own members stay required
    }

    /** {@return the record as the codec writes it: records holding arrays compare by value so} */
    private static String json(Versioned v) {
        return CODEC.writeValueAsString(v);
    }

    private static Versioned viaCodec(String json, MemorySegment target) {
        try (JsonParser p = CODEC.createParser(json)) {
            VersionedJson.read(p, target, 0);
        }
        return VersionedStruct.TYPE.read(target, 0);
    }

    private static boolean codecAccepts(String json) {
        try {
            viaCodec(json, Arena.ofAuto().allocate(VersionedStruct.TYPE.layout()));
            return true;
        } catch (JacksonException e) {
            return false;
        }
    }

    @Test
    void theCodecAndTheModuleReadOlderVersionsWithZeroDefaults() {
        assertEquals(json(ZERO_SINCE), json(viaCodec("{\"time\":1,\"price\":2.5}", Arena.ofAuto().allocate(VersionedStruct.TYPE.layout()))));
        assertEquals(json(FULL), json(viaCodec(json(FULL), Arena.ofAuto().allocate(VersionedStruct.TYPE.layout()))));
        for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
            assertEquals(e.getValue(), codecAccepts(e.getKey()), e.getKey());
            for (JsonMapper m : MODULE_MAPPERS) {
                if (e.getValue()) {
                    assertEquals(json(viaCodec(e.getKey(), Arena.ofAuto().allocate(VersionedStruct.TYPE.layout()))),
                            json(m.readValue(e.getKey(), Versioned.class)), e.getKey());
                } else {
                    assertThrows(JacksonException.class, () -> m.readValue(e.getKey(), Versioned.class), e.getKey());
                }
            }
        }
    }

    /** Read over a struct that held other values, an older document leaves no byte of them: the absent members are zero. */
    @Test
    void anOlderDocumentReadIntoAUsedStructLeavesZerosNotTheOldValues() {
        try (Arena arena = Arena.ofConfined()) {
            VersionedArray a = VersionedArray.allocate(arena, 2);
            a.set(0, FULL);
            a.set(1, FULL);
            for (JsonMapper m : MODULE_MAPPERS) {
                m.readerForUpdating(a.view(1)).readValue("{\"time\":1,\"px\":2.5}");
                assertEquals(json(ZERO_SINCE), json(a.get(1)));
                a.set(1, FULL);
                m.readerForUpdating(a).readValue("[{\"time\":1,\"price\":2.5,\"qty\":7,\"phase\":\"OPEN\",\"venue\":\"XNYS\"},"
                        + "{\"time\":1,\"price\":2.5}]");
                assertEquals(json(new Versioned(1, 2.5, 7, Versioned.Phase.OPEN, "XNYS", new Point(0, 0), new short[2], new byte[3],
                        false, 0)), json(a.get(0)));
                assertEquals(json(ZERO_SINCE), json(a.get(1)));
                a.set(0, FULL);
                a.set(1, FULL);
            }
            // a refused document changes nothing
            MemorySegment before = MemorySegment.ofArray(a.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            assertThrows(JacksonException.class, () -> MODULE_MAPPERS.get(0).readerForUpdating(a.view(1))
                    .readValue("{\"time\":1,\"phase\":\"NONE\"}"));
            assertEquals(-1, before.mismatch(a.segment()));
        }
    }

    @Test
    void theSchemaGivesTheCodecsVerdicts() {
        Schema schema = Schemas.load(VersionedStruct.jsonSchema());
        for (Map.Entry<String, Boolean> e : CORPUS.entrySet()) {
            assertEquals(e.getValue(), Schemas.valid(schema, e.getKey()), e.getKey() + ": " + Schemas.errors(schema, e.getKey()));
        }
    }

    /**
     * Members that stay required in a later version: a tagged union and its discriminator (the schema's case
     * conditions need the tag), and every member of a record without a generated codec (databind reads it and requires
     * every creator property): the schema lists them in {@code required}, as the readers require them.
     */
    @Test
    void tagsUnionsAndRecordsWithoutACodecKeepLaterMembersRequired(@TempDir Path dir) throws Exception {
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, Map.of(
                "sv.W", "package sv;\nimport io.structbridge.annotations.*;\npublic enum W { @Code(0) A, @Code(1) B; "
                        + "@com.fasterxml.jackson.annotation.JsonValue public String j() { return name(); } }\n",
                "sv.T", "package sv;\nimport io.structbridge.annotations.*;\n@Struct public record T(int a, W w, @Since(2) int z) {}\n",
                "sv.Kind", "package sv;\nimport io.structbridge.annotations.*;\npublic enum Kind { @Code(0) CIRCLE, @Code(1) RECT }\n",
                "sv.Shape", "package sv;\nimport io.structbridge.annotations.*;\n@Union public record Shape(@Case(\"CIRCLE\") float r, "
                        + "@Case(\"RECT\") long wh) {}\n",
                "sv.Fig", "package sv;\nimport io.structbridge.annotations.*;\n@Struct public record Fig(long id, @Since(2) Kind kind, "
                        + "@Since(2) @Tag(\"kind\") Shape shape, @Since(2) int n) {}\n"));
        assertTrue(o.success(), () -> o.sbErrors().toString());
        JsonMapper plain = JsonMapper.builder().build();
        tools.jackson.databind.JsonNode t = plain.readTree(Files.readString(o.classes().resolve("sv/T.schema.json")));
        assertEquals("[\"a\",\"w\",\"z\"]", t.get("required").toString());
        tools.jackson.databind.JsonNode fig = plain.readTree(Files.readString(o.classes().resolve("sv/Fig.schema.json")));
        assertEquals("[\"id\",\"kind\",\"shape\"]", fig.get("required").toString(), "n alone is optional");
    }

    /** Pydantic and Python's jsonschema: the same verdicts, and Pydantic's dump is the codec's JSON of what it read. */
    @Test
    void pydanticAndPythonJsonschemaGiveTheCodecsVerdictsAndValues(@TempDir Path dir) throws Exception {
        List<String> docs = new ArrayList<>(CORPUS.keySet());
        List<String> lines = PythonVerdicts.of(dir, docs.stream().map(d -> new PythonVerdicts.Doc("Versioned", d)).toList());
        for (int i = 0; i < docs.size(); i++) {
            String doc = docs.get(i);
            String expected = CORPUS.get(doc)
                    ? "valid " + json(viaCodec(doc, Arena.ofAuto().allocate(VersionedStruct.TYPE.layout()))) + "\tvalid"
                    : "invalid\tinvalid";
            assertEquals(expected, lines.get(i), doc);
        }
    }
}

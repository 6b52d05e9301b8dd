package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Blob;
import io.structbridge.jackson.fixtures.BlobJson;
import io.structbridge.jackson.fixtures.BlobStruct;
import io.structbridge.jackson.fixtures.Label;
import io.structbridge.jackson.fixtures.LabelJson;
import io.structbridge.jackson.fixtures.LabelStruct;
import io.structbridge.jackson.fixtures.Narrow;
import io.structbridge.jackson.fixtures.NarrowJson;
import io.structbridge.jackson.fixtures.NarrowStruct;
import io.structbridge.jackson.nocodec.Level;
import io.structbridge.jackson.nocodec.LevelStruct;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every mapper with {@link StructJsonModule} reads a {@code @Struct} record that has a codec through the codec,
 * wherever the record appears (the document, a property of a plain record, a list element): databind alone wraps
 * {@code 128} into a {@code byte} of -128, takes 300 for a {@code uint8_t} in a {@code short}, a number or a
 * boolean as text and an array of numbers as a Base64 {@code byte[]}. Oracles: plain Jackson databind for what the
 * valid documents hold, the generated JSON Schema (networknt) and the codec for what is refused.
 */
class StructRecordsThroughCodecTest {
    static final JsonMapper PLAIN = JsonMapper.builder().build();
    static final List<JsonMapper> MODULE_MAPPERS = List.of(StrictJson.mapper(), StrictJson.codecMapper(),
            JsonMapper.builder().addModule(new StructJsonModule()).build(), JsonMapper.builder().findAndAddModules().build());

    /** A plain record around struct records, as an application holds them. */
    record Holder(Narrow one, List<Narrow> many) {}

    static final String NARROW = "{\"i8\":I8,\"u8\":U8,\"i16\":1,\"f32\":0.5}";

    static String narrow(String i8, String u8) {
        return NARROW.replace("I8", i8).replace("U8", u8);
    }

    @Property(tries = 200)
    void validValuesReadAsDatabindReadsThem(@ForAll @IntRange(min = -128, max = 127) int i8,
                                            @ForAll @IntRange(min = 0, max = 255) int u8) {
        String json = narrow(Integer.toString(i8), Integer.toString(u8));
        Narrow expected = PLAIN.readValue(json, Narrow.class);
        String holder = "{\"one\":" + json + ",\"many\":[" + json + "," + json + "]}";
        for (JsonMapper m : MODULE_MAPPERS) {
            assertEquals(expected, m.readValue(json, Narrow.class));
            assertEquals(PLAIN.readValue(holder, Holder.class), m.readValue(holder, Holder.class));
        }
    }

    @Test
    void valuesTheSchemaRefusesAreRefusedAsTheCodecRefusesThem() throws Exception {
        String label = "{\"utf8\":UTF8,\"latin1\":\"x\",\"ascii\":\"y\",\"cut\":\"z\"}";
        String blob = "{\"data\":DATA,\"letters\":\"abc\",\"flags\":[true,false],\"counters\":[1,2],"
                + "\"corners\":[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]}";
        record Case(Class<? extends Record> type, String schema, String json, StructType<?> struct, CodecRead read) {}
        List<Case> cases = new java.util.ArrayList<>();
        for (String[] v : new String[][] {{"128", "1"}, {"255", "1"}, {"-129", "1"}, {"1", "300"}, {"1", "-1"}, {"1", "256"}}) {
            cases.add(new Case(Narrow.class, NarrowStruct.jsonSchema(), narrow(v[0], v[1]), NarrowStruct.TYPE, NarrowJson::read));
        }
        for (String v : new String[] {"123", "1.5e300", "true", "false"}) {
            cases.add(new Case(Label.class, LabelStruct.jsonSchema(), label.replace("UTF8", v), LabelStruct.TYPE, LabelJson::read));
        }
        for (String v : new String[] {"[255,128,0,0,0]", "[1,2,3,4,5]", "[256,0,0,0,0]"}) {
            cases.add(new Case(Blob.class, BlobStruct.jsonSchema(), blob.replace("DATA", v), BlobStruct.TYPE, BlobJson::read));
        }
        for (Case c : cases) {
            // the oracles: the JSON Schema and the codec refuse the document
            assertFalse(Schemas.valid(Schemas.load(c.schema()), c.json()), c.json());
            StructJsonException expected;
            try (Arena arena = Arena.ofConfined(); JsonParser p = StrictJson.codecMapper().createParser(c.json())) {
                MemorySegment s = arena.allocate(c.struct().size(), c.struct().alignment());
                expected = assertThrows(StructJsonException.class, () -> c.read().read(p, s, 0), c.json());
            }
            for (JsonMapper m : MODULE_MAPPERS) {
                StructJsonException e = assertThrows(StructJsonException.class, () -> m.readValue(c.json(), c.type()), c.json());
                assertEquals(expected.getMessage(), e.getMessage(), c.json());
                assertEquals(expected.jsonPath(), e.jsonPath());
            }
        }
    }

    interface CodecRead {
        void read(JsonParser p, MemorySegment s, long offset);
    }

    @Test
    void aRecordInsideAPlainRecordOrAListIsRefusedWithItsPath() {
        String bad = narrow("200", "1");
        String good = narrow("1", "1");
        for (JsonMapper m : MODULE_MAPPERS) {
            StructJsonException one = assertThrows(StructJsonException.class,
                    () -> m.readValue("{\"one\":" + bad + ",\"many\":[]}", Holder.class));
            assertEquals("$.one.i8", one.jsonPath());
            assertEquals("Narrow.i8", one.field());
            StructJsonException many = assertThrows(StructJsonException.class,
                    () -> m.readValue("{\"one\":" + good + ",\"many\":[" + good + "," + bad + "]}", Holder.class));
            assertEquals("$.many[1].i8", many.jsonPath());
            StructJsonException list = assertThrows(StructJsonException.class,
                    () -> m.readValue("[" + good + "," + narrow("1", "300") + "]", new TypeReference<List<Narrow>>() {}));
            assertEquals("$[1].u8", list.jsonPath());
            // a struct has no null, in a list as in a struct
            assertThrows(StructJsonException.class, () -> m.readValue("[" + good + ",null]", new TypeReference<List<Narrow>>() {}));
        }
        // databind alone, the leniency these replace: 200 in a byte is -56, 300 in a uint8_t is kept
        assertEquals(-56, PLAIN.readValue("{\"one\":" + bad + ",\"many\":[]}", Holder.class).one().i8());
        assertEquals(300, PLAIN.readValue(narrow("1", "300"), Narrow.class).u8());
    }

    @Test
    void aStructRecordWithoutCodecGetsTheStructsNativeChecksAfterDatabind() {
        String json = "{\"level\":LEVEL,\"i8\":I8,\"tint\":\"red\"}";
        for (JsonMapper m : MODULE_MAPPERS) {
            assertEquals(PLAIN.readValue(json.replace("LEVEL", "255").replace("I8", "-128"), Level.class),
                    m.readValue(json.replace("LEVEL", "255").replace("I8", "-128"), Level.class));
            StructJsonException e = assertThrows(StructJsonException.class,
                    () -> m.readValue(json.replace("LEVEL", "256").replace("I8", "1"), Level.class));
            assertTrue(e.getMessage().contains("Level.level") && e.getMessage().contains("uint8_t"), e.getMessage());
            // the same check LevelStruct.write makes (the oracle for the range is uint8_t, checked there against gcc)
            assertThrows(io.structbridge.runtime.StructValueException.class, () -> LevelStruct.check(PLAIN.readValue(
                    json.replace("LEVEL", "256").replace("I8", "1"), Level.class)));
        }
        // the strict mapper refuses 128..255 for a byte (databind alone stores their two's complement)
        for (JsonMapper m : List.of(StrictJson.mapper(), StrictJson.codecMapper())) {
            JacksonException e = assertThrows(JacksonException.class, () -> m.readValue(json.replace("LEVEL", "1").replace("I8", "128"), Level.class));
            assertTrue(e.getMessage().contains("out of range of `byte` (-128 - 127)"), e.getMessage());
        }
        assertEquals(-128, PLAIN.readValue(json.replace("LEVEL", "1").replace("I8", "128"), Level.class).i8());
    }

    @Test
    void aRecordReadThroughTheCodecIsTheRecordTheCodecStores() throws Exception {
        String json = narrow("-7", "200");
        try (Arena arena = Arena.ofConfined(); JsonParser p = StrictJson.codecMapper().createParser(json)) {
            MemorySegment s = arena.allocate(NarrowStruct.SIZE, NarrowStruct.ALIGNMENT);
            NarrowJson.read(p, s, 0);
            assertEquals(NarrowStruct.read(s, 0), StrictJson.mapper().readValue(json, Narrow.class));
        }
        assertInstanceOf(Narrow.class, StrictJson.mapper().readerFor(Narrow.class).readValue(json));
    }
}

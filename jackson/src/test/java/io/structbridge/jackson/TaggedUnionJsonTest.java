package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Tagged;
import io.structbridge.jackson.fixtures.Tagged_CellJson;
import io.structbridge.jackson.fixtures.Tagged_CellStruct;
import io.structbridge.jackson.fixtures.Tagged_CellValidator;
import io.structbridge.jackson.fixtures.Tagged_CircleStruct;
import io.structbridge.jackson.fixtures.Tagged_FigureJson;
import io.structbridge.jackson.fixtures.Tagged_FigureStruct;
import io.structbridge.jackson.fixtures.Tagged_FigureValidator;
import io.structbridge.jackson.fixtures.Tagged_NumStruct;
import io.structbridge.jackson.fixtures.Tagged_RectStruct;
import io.structbridge.runtime.StructValueException;
import io.structbridge.runtime.Violation;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tagged unions in JSON: the codec writes only the live member, in the shape databind writes for a
 * plain record with a one-entry map ({@code {"circle":{...}}}); it reads back only the member the
 * discriminator selects; the networknt validator gives the generated schema's verdicts the same as
 * the codec's on a corpus of right and wrong members; the generated validator judges only the live
 * member.
 */
class TaggedUnionJsonTest {
    private static final JsonMapper STRICT = StrictJson.mapper();
    private static final JsonMapper PLAIN = JsonMapper.builder().build();

    /** What databind writes for the JSON shape we promise: a plain record, the union as a one-entry map. */
    record FigureShape(Tagged.Kind kind, Map<String, Object> shape, int id) {}

    record CellShape(short type, Map<String, Object> value) {}

    static MemorySegment figure(Tagged.Kind kind, double r, float w, float h, int id) {
        MemorySegment s = MemorySegment.ofArray(new long[(int) (Tagged_FigureStruct.SIZE / 8)]);
        Tagged_FigureStruct.kind(s, 0, kind);
        long u = Tagged_FigureStruct.SHAPE_OFFSET;
        if (kind == Tagged.Kind.CIRCLE) {
            Tagged_CircleStruct.r(s, u, r);
        } else {
            Tagged_RectStruct.w(s, u, w);
            Tagged_RectStruct.h(s, u, h);
        }
        Tagged_FigureStruct.id(s, 0, id);
        return s;
    }

    static String write(MemorySegment s, boolean cell) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = STRICT.createGenerator(out)) {
            if (cell) {
                Tagged_CellJson.write(s, 0, g);
            } else {
                Tagged_FigureJson.write(s, 0, g);
            }
        }
        return out.toString();
    }

    static MemorySegment readFigure(String json) {
        MemorySegment s = MemorySegment.ofArray(new long[(int) (Tagged_FigureStruct.SIZE / 8)]);
        try (JsonParser p = STRICT.createParser(json)) {
            Tagged_FigureJson.read(p, s, 0);
        }
        return s;
    }

    static MemorySegment readCell(String json) {
        MemorySegment s = MemorySegment.ofArray(new long[(int) ((Tagged_CellStruct.SIZE + 7) / 8)]);
        try (JsonParser p = STRICT.createParser(json)) {
            Tagged_CellJson.read(p, s, 0);
        }
        return s;
    }

    @Test
    void writesOnlyTheLiveMemberAsDatabindWritesTheSameShape() {
        assertEquals(PLAIN.writeValueAsString(new FigureShape(Tagged.Kind.CIRCLE, Map.of("circle", new Tagged.Circle(1.5)), 7)),
                write(figure(Tagged.Kind.CIRCLE, 1.5, 0, 0, 7), false));
        assertEquals(PLAIN.writeValueAsString(new FigureShape(Tagged.Kind.SQUARE, Map.of("rect", new Tagged.Rect(2f, 2f)), 8)),
                write(figure(Tagged.Kind.SQUARE, 0, 2f, 2f, 8), false));
        MemorySegment c = MemorySegment.ofArray(new long[(int) ((Tagged_CellStruct.SIZE + 7) / 8)]);
        Tagged_CellStruct.type(c, 0, (short) -1);
        Tagged_NumStruct.s(c, Tagged_CellStruct.VALUE_OFFSET, "héllo");
        assertEquals(PLAIN.writeValueAsString(new CellShape((short) -1, Map.of("s", "héllo"))), write(c, true));
        Tagged_CellStruct.type(c, 0, (short) 3);
        Tagged_NumStruct.d(c, Tagged_CellStruct.VALUE_OFFSET, -0.25);
        assertEquals(PLAIN.writeValueAsString(new CellShape((short) 3, Map.of("d", -0.25))), write(c, true));
    }

    @Test
    void roundTripsByteForByteAndInAnyPropertyOrder() {
        for (Tagged.Kind k : Tagged.Kind.values()) {
            MemorySegment s = figure(k, 3.25, 1.5f, 4f, 99);
            String json = write(s, false);
            assertEquals(-1, readFigure(json).mismatch(s), json);
            // The union before its discriminator: read all, then checked.
            Map<String, Object> tree = PLAIN.readValue(json, LinkedHashMap.class);
            String reordered = PLAIN.writeValueAsString(Map.of("shape", tree.get("shape"))).replace("}}", "}") + ",\"id\":99,\"kind\":\""
                    + k + "\"}";
            assertEquals(-1, readFigure(reordered).mismatch(s), reordered);
        }
    }

    @Test
    void refusesAnyMemberButTheLiveOneAndLeavesTheTargetUnchanged() {
        MemorySegment target = MemorySegment.ofArray(new byte[(int) Tagged_FigureStruct.SIZE]);
        target.fill((byte) 0x5a);
        MemorySegment before = MemorySegment.ofArray(target.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        Map<String, String> bad = Map.of(
                "{\"kind\":\"CIRCLE\",\"shape\":{\"rect\":{\"w\":1.0,\"h\":2.0}},\"id\":1}", "selects \"circle\"",
                "{\"kind\":\"RECT\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}", "selects \"rect\"",
                "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0},\"rect\":{\"w\":1.0,\"h\":2.0}},\"id\":1}", "only its live member",
                "{\"kind\":\"CIRCLE\",\"shape\":{},\"id\":1}", "needs its live member",
                "{\"kind\":\"CIRCLE\",\"shape\":{\"square\":{}},\"id\":1}", "unknown member \"square\"",
                "{\"kind\":\"CIRCLE\",\"shape\":null,\"id\":1}", "expected an object");
        for (Map.Entry<String, String> e : bad.entrySet()) {
            try (JsonParser p = STRICT.createParser(e.getKey())) {
                StructJsonException x = assertThrows(StructJsonException.class, () -> Tagged_FigureJson.read(p, target, 0), e.getKey());
                assertTrue(x.getMessage().contains(e.getValue()), x.getMessage());
            }
            assertEquals(-1, target.mismatch(before), e.getKey());
        }
        try (JsonParser p = STRICT.createParser("{\"type\":7,\"value\":{\"i\":1}}")) {
            StructJsonException x = assertThrows(StructJsonException.class, () -> Tagged_CellJson.read(p, readCell("{\"type\":1,\"value\":{\"i\":5}}"), 0));
            assertTrue(x.getMessage().contains("type = 7 selects no member of union Num"), x.getMessage());
        }
        StructJsonException path = assertThrows(StructJsonException.class,
                () -> readFigure("{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":true}},\"id\":1}"));
        assertEquals("$.shape.circle.r", path.jsonPath());
    }

    @Test
    void writingADiscriminatorThatSelectsNoMemberFails() {
        MemorySegment c = MemorySegment.ofArray(new long[(int) ((Tagged_CellStruct.SIZE + 7) / 8)]);
        // as C may store it: the setter refuses a value that selects no member
        c.set(java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED, Tagged_CellStruct.TYPE_OFFSET, (short) 7);
        StructValueException e = assertThrows(StructValueException.class, () -> write(c, true));
        assertTrue(e.getMessage().contains("selects no member of union Num"), e.getMessage());
    }

    /** The codec and networknt on the generated schema agree on every document of the corpus. */
    @Test
    void schemaAndCodecAgree() {
        Schema figure = Schemas.load(Tagged_FigureStruct.jsonSchema());
        Schema cell = Schemas.load(Tagged_CellStruct.jsonSchema());
        for (Tagged.Kind k : Tagged.Kind.values()) {
            String json = write(figure(k, 2.5, 1f, 2f, 3), false);
            assertTrue(Schemas.valid(figure, json), json + " " + Schemas.errors(figure, json));
        }
        List<String> figures = List.of(
                "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}",
                "{\"kind\":\"SQUARE\",\"shape\":{\"rect\":{\"w\":1.0,\"h\":1.0}},\"id\":1}",
                "{\"shape\":{\"rect\":{\"w\":1.0,\"h\":1.0}},\"kind\":\"RECT\",\"id\":1}",
                "{\"kind\":\"CIRCLE\",\"shape\":{\"rect\":{\"w\":1.0,\"h\":2.0}},\"id\":1}",
                "{\"kind\":\"SQUARE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}",
                "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0},\"rect\":{\"w\":1.0,\"h\":2.0}},\"id\":1}",
                "{\"kind\":\"CIRCLE\",\"shape\":{},\"id\":1}",
                "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0},\"x\":1},\"id\":1}",
                "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":null},\"id\":1}",
                "{\"kind\":\"TRIANGLE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}");
        for (String json : figures) {
            assertEquals(codecAccepts(json, false), Schemas.valid(figure, json), json);
        }
        List<String> cells = List.of(
                "{\"type\":1,\"value\":{\"i\":5}}", "{\"type\":2,\"value\":{\"d\":0.5}}", "{\"type\":3,\"value\":{\"d\":-1.0}}",
                "{\"type\":-1,\"value\":{\"s\":\"abc\"}}", "{\"type\":-1,\"value\":{\"s\":\"abcdefgh\"}}",
                "{\"type\":1,\"value\":{\"d\":5.0}}", "{\"type\":2,\"value\":{\"i\":5}}", "{\"type\":0,\"value\":{\"i\":5}}",
                "{\"type\":7,\"value\":{\"i\":5}}", "{\"type\":1,\"value\":{\"i\":5,\"d\":1.0}}", "{\"type\":1,\"value\":{}}",
                "{\"type\":4,\"value\":{\"s\":\"x\"}}", "{\"type\":1,\"value\":{\"i\":1.5}}");
        for (String json : cells) {
            assertEquals(codecAccepts(json, true), Schemas.valid(cell, json), json);
        }
    }

    static boolean codecAccepts(String json, boolean cell) {
        try {
            if (cell) {
                readCell(json);
            } else {
                readFigure(json);
            }
            return true;
        } catch (StructJsonException e) {
            return false;
        }
    }

    @Test
    void validatorJudgesOnlyTheLiveMember() {
        // RECT with w = h = -1: the circle's r reads the same bytes (a negative double), but only rect is live.
        MemorySegment rect = figure(Tagged.Kind.RECT, 0, -1f, 2f, 1);
        assertEquals(List.of("shape.rect.w"), Tagged_FigureValidator.validate(rect, 0).stream().map(Violation::propertyPath).toList());
        MemorySegment okRect = figure(Tagged.Kind.RECT, 0, 1f, -0f, 1);
        Tagged_CircleStruct.r(okRect, Tagged_FigureStruct.SHAPE_OFFSET, -5.0); // r < 0, but rect is live
        Tagged_FigureStruct.kind(okRect, 0, Tagged.Kind.RECT);
        assertTrue(Tagged_CircleStruct.r(okRect, Tagged_FigureStruct.SHAPE_OFFSET) < 0);
        List<Violation> rectOnly = Tagged_FigureValidator.validate(okRect, 0);
        assertTrue(rectOnly.stream().noneMatch(v -> v.propertyPath().startsWith("shape.circle")), rectOnly.toString());
        MemorySegment circle = figure(Tagged.Kind.CIRCLE, -2.0, 0, 0, 1);
        assertEquals(List.of("shape.circle.r"), Tagged_FigureValidator.validate(circle, 0).stream().map(Violation::propertyPath).toList());
        // The record path judges the same member.
        Tagged.Figure record = Tagged_FigureStruct.read(circle, 0);
        assertEquals(List.of("shape.circle.r"), Tagged_FigureValidator.validate(record).stream().map(Violation::propertyPath).toList());
        MemorySegment c = MemorySegment.ofArray(new long[(int) ((Tagged_CellStruct.SIZE + 7) / 8)]);
        Tagged_CellStruct.type(c, 0, (short) 1);
        Tagged_NumStruct.i(c, Tagged_CellStruct.VALUE_OFFSET, 101);
        assertEquals(List.of("value.i"), Tagged_CellValidator.validate(c, 0).stream().map(Violation::propertyPath).toList());
        c.set(java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED, Tagged_CellStruct.TYPE_OFFSET, (short) 7); // as C may store it
        assertEquals(List.of("type"), Tagged_CellValidator.validate(c, 0).stream().map(Violation::propertyPath).toList());
        // readValidated refuses the violation and names the member's path.
        try (JsonParser p = STRICT.createParser("{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":-1.0}},\"id\":1}")) {
            StructJsonException x = assertThrows(StructJsonException.class,
                    () -> Tagged_FigureJson.readValidated(p, MemorySegment.ofArray(new long[3]), 0));
            assertTrue(x.getMessage().contains("shape.circle.r"), x.getMessage());
        }
    }

    /**
     * With the module registered, views, arrays and records of a struct holding a tagged union go
     * through its codec (only the live member is written); the union record on its own stays refused.
     */
    @Test
    void moduleWritesViewsAndRecordsThroughTheCodecAndRefusesTheUnionAlone() {
        JsonMapper module = StrictJson.configure(JsonMapper.builder().findAndAddModules()).build();
        MemorySegment s = figure(Tagged.Kind.CIRCLE, 1.5, 0, 0, 7);
        String viaCodec = write(s, false);
        assertEquals(viaCodec, module.writeValueAsString(io.structbridge.jackson.fixtures.Tagged_FigureView.at(s, 0)));
        assertEquals(viaCodec, module.writeValueAsString(Tagged_FigureStruct.read(s, 0)));
        // a record holds the live member only; the dead one is null and neither read nor written
        Tagged.Figure built = new Tagged.Figure(Tagged.Kind.CIRCLE, new Tagged.Shape(new Tagged.Circle(1.5), null), 7);
        assertEquals("{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.5}},\"id\":7}", module.writeValueAsString(built));
        assertEquals(built, module.readValue(module.writeValueAsString(built), Tagged.Figure.class));
        MemorySegment bytes = MemorySegment.ofArray(new long[3]).fill((byte) 0x5A);
        Tagged_FigureStruct.write(bytes, 0, built);
        assertEquals(built, Tagged_FigureStruct.read(bytes, 0), "read decodes only the live member");
        Tagged.Figure square = new Tagged.Figure(Tagged.Kind.SQUARE, new Tagged.Shape(null, new Tagged.Rect(2f, 2f)), 8);
        assertEquals("{\"kind\":\"SQUARE\",\"shape\":{\"rect\":{\"w\":2.0,\"h\":2.0}},\"id\":8}", module.writeValueAsString(square));
        // the factory gives C's view (every member reads the bytes); only the live one is written
        Tagged.Figure fromFactory = new Tagged.Figure(Tagged.Kind.CIRCLE,
                io.structbridge.jackson.fixtures.Tagged_ShapeStruct.ofCircle(new Tagged.Circle(1.5)), 7);
        assertEquals(module.writeValueAsString(built), module.writeValueAsString(fromFactory));
        // a dead member that disagrees with the live one is ignored, not refused
        Tagged.Figure deadDisagrees = new Tagged.Figure(Tagged.Kind.CIRCLE, new Tagged.Shape(new Tagged.Circle(1.5), new Tagged.Rect(1f, 1f)), 7);
        assertEquals(module.writeValueAsString(built), module.writeValueAsString(deadDisagrees));
        // the live member may not be null
        io.structbridge.runtime.StructValueException nul = assertThrows(io.structbridge.runtime.StructValueException.class,
                () -> Tagged_FigureStruct.write(MemorySegment.ofArray(new long[3]), 0,
                        new Tagged.Figure(Tagged.Kind.RECT, new Tagged.Shape(new Tagged.Circle(1.5), null), 7)));
        assertTrue(nul.getMessage().contains("rect") && nul.getMessage().contains("must not be null"), nul.getMessage());
        tools.jackson.databind.exc.InvalidDefinitionException e = assertThrows(tools.jackson.databind.exc.InvalidDefinitionException.class,
                () -> module.writeValueAsString(fromFactory.shape()));
        assertTrue(e.getMessage().contains("tagged with @Tag/@Case has JSON through the enclosing struct's generated codec"), e.getMessage());
    }

    /** readRecord and readInto accept a parser that has not read its first token yet (found by a new user). */
    @Test
    void readRecordOnAFreshParser() throws Exception {
        String json = "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.5}},\"id\":7}";
        try (tools.jackson.core.JsonParser p = STRICT.createParser(json)) {
            Tagged.Figure f = io.structbridge.jackson.fixtures.Tagged_FigureJson.readRecord(p);
            assertEquals(1.5, f.shape().circle().r());
            assertEquals(7, f.id());
        }
        try (tools.jackson.core.JsonParser p = STRICT.createParser(json)) {
            MemorySegment s = MemorySegment.ofArray(new long[3]);
            io.structbridge.jackson.fixtures.Tagged_FigureJson.readInto(p, s, 0);
            assertEquals(7, Tagged_FigureStruct.id(s, 0));
        }
    }

    /** Found by an attack: a record read used to decode the dead bool member and fail on a count of 2. */
    @Test
    void aRecordDoesNotDependOnTheDeadMembersBytes() throws Exception {
        Tagged.Flagged f = STRICT.readValue("{\"k\":2,\"u\":{\"i\":2}}", Tagged.Flagged.class);
        assertEquals(new Tagged.Flagged(2, new Tagged.Flag(false, 2)), f, "the dead primitive member is false");
        MemorySegment s = MemorySegment.ofArray(new long[2]);
        io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.write(s, 0, new Tagged.Flagged(2, new Tagged.Flag(true, 2)));
        assertEquals(f, io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.read(s, 0));
        assertEquals(f, io.structbridge.jackson.fixtures.Tagged_FlaggedView.at(s, 0).toRecord());
        assertEquals("{\"k\":2,\"u\":{\"i\":2}}", STRICT.writeValueAsString(f));
        // the live bool is stored over bytes of 0x5A: the union's other bytes are zeroed, so i reads 1 (little-endian)
        MemorySegment dirty = MemorySegment.ofArray(new long[2]).fill((byte) 0x5A);
        io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.write(dirty, 0, new Tagged.Flagged(1, new Tagged.Flag(true, 12345)));
        assertEquals(1, io.structbridge.jackson.fixtures.Tagged_FlagStruct.i(dirty, io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.U_OFFSET));
        // the setter refuses a discriminator that selects no member, with write's message, and changes no byte; C may store it
        long before = s.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
        assertEquals("Flagged.u: discriminator k = 9 selects no member of union Flag", assertThrows(io.structbridge.runtime.StructValueException.class,
                () -> io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.k(s, 0, 9)).getMessage());
        assertEquals(before, s.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0));
        s.set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.K_OFFSET, 9);
        io.structbridge.runtime.StructValueException e = assertThrows(io.structbridge.runtime.StructValueException.class,
                () -> io.structbridge.jackson.fixtures.Tagged_FlaggedStruct.read(s, 0));
        assertTrue(e.getMessage().contains("discriminator k = 9 selects no member of union Flag"), e.getMessage());
    }
}

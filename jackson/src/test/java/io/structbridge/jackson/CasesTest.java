package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.J1Text;
import io.structbridge.jackson.fixtures.J1TextStruct;
import io.structbridge.jackson.fixtures.J1TextValidator;
import io.structbridge.jackson.fixtures.J2Measure;
import io.structbridge.jackson.fixtures.J2MeasureStruct;
import io.structbridge.jackson.fixtures.J5Code;
import io.structbridge.jackson.fixtures.J5CodeStruct;
import io.structbridge.jackson.fixtures.J5CodeValidator;
import io.structbridge.jackson.fixtures.J6Qty;
import io.structbridge.jackson.fixtures.J6QtyStruct;
import io.structbridge.jackson.fixtures.KebabNamed;
import io.structbridge.jackson.fixtures.KebabNamedStruct;
import io.structbridge.jackson.fixtures.Lenient;
import io.structbridge.jackson.fixtures.LenientStruct;
import io.structbridge.jackson.fixtures.Named;
import io.structbridge.jackson.fixtures.NamedStruct;
import io.structbridge.runtime.Violation;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The cases J1, J2, J5, J6 of the shared case list, each checked against the real tools. */
class CasesTest {
    private static final JsonMapper STRICT = StrictJson.mapper();
    private static final JsonMapper DEFAULTS = JsonMapper.builder().build();
    private static final Validator HV = HibernateValidator.validator();

    @Test
    void caseJ1_threeLengthsAreEachCheckedByTheirOwnView() {
        J1Text poo = new J1Text("\uD83D\uDCA9"); // U+1F4A9: 1 code point, 2 UTF-16 units, 4 UTF-8 bytes
        Schema schema = Schemas.load(J1TextStruct.jsonSchema());
        String json = STRICT.writeValueAsString(poo);
        // JSON Schema maxLength counts code points (2020-12 Validation 6.3.1): one, so valid.
        assertTrue(Schemas.valid(schema, json), json);
        // Bean Validation @Size counts UTF-16 units: Hibernate Validator reports one violation, and so do we.
        Set<ConstraintViolation<J1Text>> hv = HV.validate(poo);
        assertEquals(1, hv.size());
        List<Violation> ours = J1TextValidator.validate(poo);
        assertEquals(List.of(new Violation("x", "Size", hv.iterator().next().getMessage(), poo.x())), ours);
        // The native capacity counts UTF-8 bytes: 4 of the 7 a char[8] holds, so the struct takes it.
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(J1TextStruct.LAYOUT);
            J1TextStruct.write(s, 0, poo);
            assertEquals(poo, J1TextStruct.read(s, 0));
        }
        // Two code points: the schema now refuses too.
        assertFalse(Schemas.valid(schema, "{\"x\":\"ab\"}"));
    }

    @Test
    void caseJ2_nanIsWrittenAsAStringAndTheSchemaSaysSo() {
        Schema schema = Schemas.load(J2MeasureStruct.jsonSchema());
        for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5}) {
            String json = STRICT.writeValueAsString(new J2Measure(v));
            assertTrue(Schemas.valid(schema, json), json);
            assertEquals(Double.doubleToRawLongBits(v), Double.doubleToRawLongBits(STRICT.readValue(json, J2Measure.class).x()));
        }
        assertEquals("{\"x\":\"NaN\"}", STRICT.writeValueAsString(new J2Measure(Double.NaN)));
        assertEquals("{\"x\":\"-Infinity\"}", STRICT.writeValueAsString(new J2Measure(Double.NEGATIVE_INFINITY)));
        // Bare NaN is not JSON (RFC 8259 section 6): Jackson refuses it, and a validator cannot even parse it.
        assertThrows(JacksonException.class, () -> STRICT.readValue("{\"x\":NaN}", J2Measure.class));
        assertFalse(Schemas.valid(schema, "{\"x\":\"nan\"}"));
        // Native bytes of NaN (double, little-endian): 00 00 00 00 00 00 f8 7f.
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(J2MeasureStruct.LAYOUT);
            J2MeasureStruct.write(s, 0, STRICT.readValue("{\"x\":\"NaN\"}", J2Measure.class));
            assertEquals(List.of(0, 0, 0, 0, 0, 0, 0xf8, 0x7f), bytes(s));
        }
    }

    @Test
    void caseJ5_patternIsAnchoredInTheSchema() {
        J5Code bad = new J5Code("abc1");
        assertEquals(1, HV.validate(bad).size(), "Hibernate Validator matches the whole string");
        assertEquals("Pattern", J5CodeValidator.validate(bad).getFirst().constraint());
        Schema schema = Schemas.load(J5CodeStruct.jsonSchema());
        assertFalse(Schemas.valid(schema, STRICT.writeValueAsString(bad)));
        assertTrue(Schemas.valid(schema, "{\"code\":\"abc\"}"));
        // The peer fault: the same regex copied verbatim is a search in JSON Schema and accepts "abc1".
        Schema verbatim = Schemas.load("{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
                + "\"properties\":{\"code\":{\"type\":\"string\",\"pattern\":\"[a-z]+\"}}}");
        assertTrue(Schemas.valid(verbatim, "{\"code\":\"abc1\"}"));
    }

    @Test
    void caseJ6_jacksonDefaultsAreLenientTheStrictContractAndTheSchemaAreNot() {
        Schema schema = Schemas.load(J6QtyStruct.jsonSchema());
        Map<String, Integer> defaultsRead = Map.of("{\"qty\":1.5}", 1, "{\"qty\":\"7\"}", 7, "{}", 0, "{\"qty\":3,\"x\":1}", 3);
        for (Map.Entry<String, Integer> e : defaultsRead.entrySet()) {
            // What Jackson 3.3 does with its defaults (observed, not assumed).
            assertEquals(e.getValue(), DEFAULTS.readValue(e.getKey(), J6Qty.class).qty(), e.getKey());
            // The contract refuses each, and the schema agrees.
            assertThrows(JacksonException.class, () -> STRICT.readValue(e.getKey(), J6Qty.class), e.getKey());
            assertFalse(Schemas.valid(schema, e.getKey()), e.getKey());
        }
        assertThrows(JacksonException.class, () -> STRICT.readValue("{\"qty\":1,\"qty\":2}", J6Qty.class));
        assertThrows(JacksonException.class, () -> STRICT.readValue("{\"qty\":null}", J6Qty.class));
        assertFalse(Schemas.valid(schema, "{\"qty\":null}"));
        assertEquals(5, STRICT.readValue("{\"qty\":5}", J6Qty.class).qty());
        assertTrue(Schemas.valid(schema, "{\"qty\":5}"));
        // 2147483648 does not fit an int: Jackson refuses, the schema too.
        assertThrows(JacksonException.class, () -> STRICT.readValue("{\"qty\":2147483648}", J6Qty.class));
        assertFalse(Schemas.valid(schema, "{\"qty\":2147483648}"));
    }

    @Test
    void aRecordCanOptIntoUnknownProperties() {
        Schema schema = Schemas.load(LenientStruct.jsonSchema());
        assertEquals(4, STRICT.readValue("{\"a\":4,\"other\":true}", Lenient.class).a());
        assertTrue(Schemas.valid(schema, "{\"a\":4,\"other\":true}"));
    }

    @Test
    void propertyNamesAreWhatJacksonWrites() {
        assertSameNames(STRICT.valueToTree(new Named(1, 2, 3, 4, 5)), NamedStruct.jsonSchema());
        assertSameNames(STRICT.valueToTree(new KebabNamed(1, 2, 3)), KebabNamedStruct.jsonSchema());
    }

    private static void assertSameNames(JsonNode written, String schemaJson) {
        JsonNode schema = STRICT.readTree(schemaJson);
        List<String> fromJackson = new ArrayList<>(written.propertyNames());
        List<String> fromSchema = new ArrayList<>(schema.get("properties").propertyNames());
        fromJackson.sort(null);
        fromSchema.sort(null);
        assertEquals(fromJackson, fromSchema);
        assertTrue(Schemas.valid(Schemas.load(schemaJson), written.toString()), written.toString());
    }

    private static List<Integer> bytes(MemorySegment s) {
        List<Integer> b = new ArrayList<>();
        for (byte x : s.toArray(ValueLayout.JAVA_BYTE)) {
            b.add(x & 0xff);
        }
        return b;
    }

}

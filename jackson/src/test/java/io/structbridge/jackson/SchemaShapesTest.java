package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Blob;
import io.structbridge.jackson.fixtures.BlobStruct;
import io.structbridge.jackson.fixtures.Point;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The schema describes the JSON shapes Jackson really writes for arrays. */
class SchemaShapesTest {
    private static final JsonMapper STRICT = StrictJson.mapper();

    @Test
    void byteArraysAreBase64CharArraysAreStringsOthersAreArrays() {
        Blob blob = new Blob(new byte[] {1, 2, 3, -1, 0}, new char[] {'a', 'b', 'c'}, new boolean[] {true, false},
                new long[] {0, 4294967295L}, new Point[] {new Point(1, 2), new Point(3, 4)});
        String json = STRICT.writeValueAsString(blob);
        // Observed Jackson output, the shapes the schema must describe.
        assertEquals("{\"data\":\"AQID/wA=\",\"letters\":\"abc\",\"flags\":[true,false],\"counters\":[0,4294967295],"
                + "\"corners\":[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]}", json);
        Schema schema = Schemas.load(BlobStruct.jsonSchema());
        assertTrue(Schemas.valid(schema, json), () -> Schemas.errors(schema, json).toString());
        assertFalse(Schemas.valid(schema, json.replace("AQID/wA=", "AQID")), "4 bytes instead of 5");
        assertFalse(Schemas.valid(schema, json.replace("\"abc\"", "\"abcd\"")), "4 chars instead of 3");
        assertFalse(Schemas.valid(schema, json.replace("[true,false]", "[true]")), "1 element instead of 2");
        assertFalse(Schemas.valid(schema, json.replace("4294967295", "4294967296")), "beyond uint32_t");
        assertFalse(Schemas.valid(schema, json.replace("{\"x\":3,\"y\":4}", "{\"x\":3,\"y\":4000}")), "nested @Max(1000)");
    }
}

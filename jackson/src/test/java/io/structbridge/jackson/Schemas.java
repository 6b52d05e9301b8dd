package io.structbridge.jackson;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.List;

/** The networknt json-schema-validator (draft 2020-12) as the Java-side schema oracle. */
final class Schemas {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private Schemas() {}

    static Schema load(String schemaJson) {
        return REGISTRY.getSchema(schemaJson, InputFormat.JSON);
    }

    static List<Error> errors(Schema schema, String json) {
        return schema.validate(json, InputFormat.JSON);
    }

    static boolean valid(Schema schema, String json) {
        return errors(schema, json).isEmpty();
    }
}

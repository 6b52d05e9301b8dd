package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Variant;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.json.JsonMapper;

/** Nothing is silently reinterpreted in JSON: a union record has no codec, no schema, and the module refuses it. */
class UnionJsonRefusalTest {
    private static final JsonMapper MAPPER = StrictJson.configure(JsonMapper.builder().findAndAddModules()).build();

    private static Variant.Value value() {
        MemorySegment s = MemorySegment.ofArray(new byte[8]);
        io.structbridge.jackson.fixtures.Variant_ValueStruct.number(s, 0, 1.5);
        return io.structbridge.jackson.fixtures.Variant_ValueStruct.read(s, 0);
    }

    @Test
    void writingAUnionOrAStructHoldingOneIsRefused() {
        InvalidDefinitionException alone = assertThrows(InvalidDefinitionException.class, () -> MAPPER.writeValueAsString(value()));
        assertTrue(alone.getMessage().contains("Value is a C union (@Union)"), alone.getMessage());
        InvalidDefinitionException nested = assertThrows(InvalidDefinitionException.class,
                () -> MAPPER.writeValueAsString(new Variant.Holder(1, value())));
        assertTrue(nested.getMessage().contains("Value is a C union (@Union)"), nested.getMessage());
    }

    @Test
    void readingIsRefusedToo() {
        InvalidDefinitionException e = assertThrows(InvalidDefinitionException.class,
                () -> MAPPER.readValue("{\"kind\":1,\"value\":{\"bits\":0,\"number\":0.0,\"small\":0}}", Variant.Holder.class));
        assertTrue(e.getMessage().contains("Value is a C union (@Union)"), e.getMessage());
    }

    @Test
    void noCodecAndNoSchemaWereGenerated() {
        for (String name : new String[] {"Variant_ValueJson", "Variant_HolderJson"}) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName("io.structbridge.jackson.fixtures." + name));
        }
        assertEquals(null, io.structbridge.jackson.fixtures.Variant_HolderStruct.class.getResource("Variant_Holder.schema.json"));
        assertThrows(UnsupportedOperationException.class, io.structbridge.jackson.fixtures.Variant_HolderStruct::jsonSchema);
    }

    /** The codec lookup of an array or view says the union is why, not a missing structbridge-jackson. */
    @Test
    void theCodecLookupNamesTheUnion() {
        IllegalArgumentException holder = assertThrows(IllegalArgumentException.class,
                () -> StructJsonCodec.of(io.structbridge.jackson.fixtures.Variant_HolderArray.class));
        assertTrue(holder.getMessage().contains("Holder has no JSON: component 'value' is a C union without @Tag"), holder.getMessage());
        IllegalArgumentException view = assertThrows(IllegalArgumentException.class,
                () -> StructJsonCodec.of(io.structbridge.jackson.fixtures.Variant_ValueView.class));
        assertTrue(view.getMessage().contains("Value is a C union (@Union)"), view.getMessage());
        InvalidDefinitionException written = assertThrows(InvalidDefinitionException.class, () -> MAPPER.writeValueAsString(
                io.structbridge.jackson.fixtures.Variant_HolderArray.over(MemorySegment.ofArray(new long[2]))));
        assertTrue(written.getMessage().contains("component 'value' is a C union without @Tag"), written.getMessage());
    }
}

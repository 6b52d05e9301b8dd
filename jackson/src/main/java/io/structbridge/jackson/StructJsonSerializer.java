package io.structbridge.jackson;

import io.structbridge.runtime.StructArray;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * Writes a generated {@code RArray} or {@code RView} through its {@code RJson} codec, with or without
 * {@link StructJsonModule}: the processor puts {@code @JsonSerialize(using = StructJsonSerializer.class)} on
 * both classes when structbridge-jackson is on the compile class path, so any mapper writes their structs,
 * never a silent {@code {}}. A class without a codec, a {@link StructFile} or a {@link StructType} is an
 * {@code InvalidDefinitionException} that names the cause and the fix.
 */
public final class StructJsonSerializer extends ValueSerializer<Object> {
    /** For {@code @JsonSerialize(using = ...)}. */
    public StructJsonSerializer() {}

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
        Class<?> type = value.getClass();
        String refused = refusal(type);
        if (refused != null) {
            ctxt.reportBadDefinition(type, refused);
        }
        StructJsonCodec codec = StructJsonCodec.of(type);
        if (value instanceof StructArray<?> array) {
            codec.writeArray(array, gen);
        } else {
            codec.writeView(value, gen);
        }
    }

    /**
     * {@return why {@code type} cannot be written as JSON, or null if it can} Arrays and views need their
     * codec; a struct file and a struct type are not data.
     */
    static String refusal(Class<?> type) {
        if (StructFile.class.isAssignableFrom(type)) {
            return "a StructFile is a mapped file, not JSON data: write its structs, RArray.over(file.elements()), or the records";
        }
        if (StructType.class.isAssignableFrom(type)) {
            return "a StructType describes a layout and has no JSON form: write an RArray, an RView or the records";
        }
        if (StructArray.class.isAssignableFrom(type) || CodecLookup.isView(type)) {
            try {
                StructJsonCodec.of(type);
                return null;
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        return null;
    }
}

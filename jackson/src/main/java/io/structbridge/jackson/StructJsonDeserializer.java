package io.structbridge.jackson;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a generated {@code RArray} or {@code RView} through its {@code RJson} codec, with or without
 * {@link StructJsonModule}, exactly as the module does: the processor puts
 * {@code @JsonDeserialize(using = StructJsonDeserializer.class)} on both classes when structbridge-jackson is on
 * the compile class path, so a mapper without the module neither ignores the JSON (Jackson 3 skips unknown
 * properties by default, which left a view unchanged without an error) nor fails without saying why. A class
 * without a codec is an {@code InvalidDefinitionException} that names the cause.
 */
public final class StructJsonDeserializer extends ValueDeserializer<Object> {
    /** For {@code @JsonDeserialize(using = ...)}. */
    public StructJsonDeserializer() {}

    @Override
    public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
        JavaType type = ctxt.getContextualType();
        if (type == null && property != null) {
            type = property.getType();
        }
        ValueDeserializer<?> d = type == null ? null : StructJsonModule.deserializerFor(type.getRawClass());
        return d == null ? this : d;
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) {
        return ctxt.reportInputMismatch(this, "no struct type known to read into (StructJsonDeserializer is for"
                + " generated RArray and RView classes)");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object deserialize(JsonParser p, DeserializationContext ctxt, Object intoValue) {
        ValueDeserializer<Object> d = (ValueDeserializer<Object>) StructJsonModule.deserializerFor(intoValue.getClass());
        return d == null ? deserialize(p, ctxt) : d.deserialize(p, ctxt, intoValue);
    }
}

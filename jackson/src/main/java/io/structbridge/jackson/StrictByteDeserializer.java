package io.structbridge.jackson;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.jdk.NumberDeserializers;
import tools.jackson.databind.deser.std.DelegatingDeserializer;

/**
 * Reads a {@code byte} or {@code Byte} from a JSON integer only within -128..127, the range of Java's {@code byte}
 * and of the {@code int8_t} the JSON Schema gives it. Jackson's own deserializer also takes 128..255 and stores
 * their two's complement (128 becomes -128), a silent wrap-around; every other token goes to Jackson's deserializer
 * unchanged (so the rest of the {@link StrictJson} contract applies as before).
 */
final class StrictByteDeserializer extends DelegatingDeserializer {
    StrictByteDeserializer(Class<?> type) {
        this(NumberDeserializers.find(type));
    }

    private StrictByteDeserializer(ValueDeserializer<?> delegate) {
        super(delegate);
    }

    /** {@return a module that reads {@code byte} and {@code Byte} with this deserializer} */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static tools.jackson.databind.module.SimpleModule module() {
        tools.jackson.databind.module.SimpleModule m = new tools.jackson.databind.module.SimpleModule("structbridge-strict-byte");
        m.addDeserializer((Class) byte.class, (ValueDeserializer) new StrictByteDeserializer(byte.class));
        m.addDeserializer((Class) Byte.class, (ValueDeserializer) new StrictByteDeserializer(Byte.class));
        return m;
    }

    @Override
    protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> newDelegatee) {
        return new StrictByteDeserializer(newDelegatee);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) {
        if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() != JsonParser.NumberType.INT || p.getIntValue() < Byte.MIN_VALUE || p.getIntValue() > Byte.MAX_VALUE) {
                throw new InputCoercionException(p, "Numeric value (" + p.getString() + ") out of range of `byte` ("
                        + Byte.MIN_VALUE + " - " + Byte.MAX_VALUE + ")", JsonToken.VALUE_NUMBER_INT, Byte.TYPE);
            }
            return (byte) p.getIntValue();
        }
        return super.deserialize(p, ctxt);
    }
}

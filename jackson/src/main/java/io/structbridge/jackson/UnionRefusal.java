package io.structbridge.jackson;

import io.structbridge.runtime.StructType;
import java.lang.foreign.UnionLayout;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.exc.InvalidDefinitionException;

/**
 * Refuses JSON for {@code @Union} records. The bytes of a union do not say which member is live, so
 * databind's default (every component, each a different reading of the same bytes) would reinterpret
 * them silently; with the module registered, writing or reading a union record (alone or nested in
 * a struct) fails with {@link InvalidDefinitionException} naming the union. The processor also
 * generates no codec or schema for such records ({@code [SB-UNION-NO-JSON]}).
 */
final class UnionRefusal {
    private UnionRefusal() {}

    /** Whether a record class is a {@code @Union}: its generated {@code RStruct.TYPE} has a union layout. */
    static final ClassValue<Boolean> UNIONS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            if (!type.isRecord()) {
                return false;
            }
            try {
                Class<?> struct = Class.forName(type.getName().replace('$', '_') + "Struct", true, type.getClassLoader());
                return struct.getField("TYPE").get(null) instanceof StructType<?> t && t.layout() instanceof UnionLayout;
            } catch (ReflectiveOperationException | LinkageError e) {
                return false;
            }
        }
    };

    static String message(Class<?> union) {
        return union.getSimpleName() + " is a C union (@Union): its bytes do not say which member is live, so it has no JSON;"
                + " structbridge refuses it rather than write every member's reading of the same bytes"
                + " (a union tagged with @Tag/@Case has JSON through the enclosing struct's generated codec, its views and arrays)";
    }

    /** Writes nothing: reports {@code message} about {@code type} as an {@code InvalidDefinitionException}. */
    static final class Serializer extends ValueSerializer<Object> {
        private final Class<?> type;
        private final String message;

        Serializer(Class<?> union) {
            this(union, message(union));
        }

        Serializer(Class<?> type, String message) {
            this.type = type;
            this.message = message;
        }

        @Override
        public void serialize(Object value, JsonGenerator g, SerializationContext ctxt) {
            ctxt.reportBadDefinition(ctxt.constructType(type), message);
        }
    }

    /** Reads nothing: reports {@code message} about {@code type} as an {@code InvalidDefinitionException}. */
    static final class Deserializer extends ValueDeserializer<Object> {
        private final Class<?> type;
        private final String message;

        Deserializer(Class<?> union) {
            this(union, message(union));
        }

        Deserializer(Class<?> type, String message) {
            this.type = type;
            this.message = message;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            return ctxt.reportBadDefinition(ctxt.constructType(type), message);
        }
    }
}

package io.structbridge.jackson;

import io.structbridge.runtime.StructArray;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.Version;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.ser.Serializers;

/**
 * Lets an {@code ObjectMapper} write generated {@code RArray}s and {@code RView}s straight from
 * native memory, and read JSON arrays (or JSON Lines) into new {@code RArray}s, through the
 * generated {@code RJson} codecs, and read every {@code @Struct} record that has a codec through it (see
 * {@code RecordDeserializer}), so databind accepts and refuses exactly what the codec and the JSON Schema do; other
 * records and classes keep plain databind, except {@code @Union} records ({@link UnionRefusal}) and records holding a
 * pointer at any depth ({@link PointerRefusal}), which are refused with an {@code InvalidDefinitionException} naming why.
 * Records are written by databind (the codec writes the same bytes for a record whose values fit the struct), except
 * records whose struct holds a union or a {@code UINT64_BITS} member at any depth, which are stored (every check of {@code RStruct.write}) and
 * written by the codec, so a tagged union writes only its live member. Found by
 * {@code JsonMapper.builder().findAndAddModules()} ({@code META-INF/services}).
 *
 * <p>Arrays read by the mapper live in {@link Arena#ofAuto()} memory (freed by the garbage
 * collector); to choose the arena, call {@code RJson.readAll(parser, arena)} directly. A view has no
 * memory of its own, so it is read with {@code mapper.readerForUpdating(view)}, which fills the struct
 * the view shows (all or nothing); {@code readerForUpdating(array)} fills an existing array in place
 * from element 0.
 *
 * <p>Nothing is written as a silent {@code {}}: an array or view whose record has no generated codec (see
 * {@code SB-JSON-CODEC-SKIPPED}), a {@code StructFile} and a {@code StructType} are refused with an
 * {@code InvalidDefinitionException} that names the cause and the fix. Without this module, the
 * {@code @JsonSerialize(using = StructJsonSerializer.class)} the processor puts on generated arrays and views
 * writes them the same way.
 */
public final class StructJsonModule extends JacksonModule {
    @Override
    public String getModuleName() {
        return "structbridge";
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public void setupModule(SetupContext context) {
        context.addSerializers(new Serializers.Base() {
            @Override
            public ValueSerializer<?> findSerializer(SerializationConfig config, JavaType type,
                                                     BeanDescription.Supplier beanDescRef,
                                                     com.fasterxml.jackson.annotation.JsonFormat.Value format) {
                Class<?> raw = type.getRawClass();
                String refused = StructJsonSerializer.refusal(raw);
                if (refused != null) {
                    return new Refusing(refused);
                }
                if (StructArray.class.isAssignableFrom(raw)) {
                    return new ArraySerializer(StructJsonCodec.of(raw));
                }
                if (CodecLookup.isView(raw)) {
                    return new ViewSerializer(StructJsonCodec.of(raw));
                }
                String pointer = PointerRefusal.MESSAGES.get(raw);
                if (pointer != null) { // before the union's refusal: a tagged union holding a pointer has no JSON either
                    return new UnionRefusal.Serializer(raw, pointer);
                }
                if (UnionRefusal.UNIONS.get(raw)) {
                    return new UnionRefusal.Serializer(raw);
                }
                return raw.isRecord() ? throughCodecIfNeeded(raw) : null;
            }
        });
        context.addDeserializerModifier(new tools.jackson.databind.deser.ValueDeserializerModifier() {
            @Override
            public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription.Supplier beanDescRef,
                                                           ValueDeserializer<?> deserializer) {
                Class<?> raw = beanDescRef.getBeanClass();
                StructType<?> type = CodecLookup.STRUCT_TYPE.get(raw);
                // Union records keep their refusing deserializer (UnionRefusal): wrapping it would hide the refusal.
                return type == null || deserializer instanceof RecordDeserializer || UnionRefusal.UNIONS.get(raw)
                        || PointerRefusal.MESSAGES.get(raw) != null
                        || deserializer.handledType() == null ? deserializer : new NativeChecked(deserializer, type);
            }
        });
        context.addDeserializers(new Deserializers.Base() {
            @Override
            public ValueDeserializer<?> findBeanDeserializer(JavaType type, DeserializationConfig config,
                                                             BeanDescription.Supplier beanDescRef) {
                Class<?> raw = type.getRawClass();
                String pointer = PointerRefusal.MESSAGES.get(raw);
                if (pointer != null) {
                    return new UnionRefusal.Deserializer(raw, pointer);
                }
                if (UnionRefusal.UNIONS.get(raw)) {
                    return new UnionRefusal.Deserializer(raw);
                }
                return deserializerFor(raw);
            }

            @Override
            public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
                return StructArray.class.isAssignableFrom(valueType) || valueType.isRecord() && recordCodec(valueType) != null;
            }
        });
    }

    /**
     * {@return the deserializer of a generated array or view class, one that refuses it naming the cause when it
     * has no codec, or null for any other class}
     */
    static ValueDeserializer<?> deserializerFor(Class<?> raw) {
        if (raw.isRecord()) {
            StructJsonCodec<?> codec = recordCodec(raw);
            return codec == null ? null : new RecordDeserializer(codec);
        }
        boolean array = StructArray.class.isAssignableFrom(raw);
        if (!array && !CodecLookup.isView(raw)) {
            return null;
        }
        if (array ? !hasArrayCodec(raw) : !hasCodec(raw)) {
            String message = CodecLookup.missing(raw);
            return new ValueDeserializer<Object>() {
                @Override
                public Object deserialize(JsonParser p, DeserializationContext ctxt) {
                    return ctxt.reportBadDefinition(raw, message);
                }

                @Override
                public Object deserialize(JsonParser p, DeserializationContext ctxt, Object intoValue) {
                    return ctxt.reportBadDefinition(raw, message);
                }
            };
        }
        return array ? new ArrayDeserializer(StructJsonCodec.of(raw)) : new ViewDeserializer(StructJsonCodec.of(raw));
    }

    /** {@return the codec generated for record class {@code raw}, or null if it has none (then databind reads it)} */
    static StructJsonCodec<?> recordCodec(Class<?> raw) {
        try {
            StructJsonCodec<?> codec = StructJsonCodec.of(raw);
            return codec.recordClass() == raw ? codec : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean hasArrayCodec(Class<?> raw) {
        try {
            StructJsonCodec.of(raw);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Native structs have no null: a JSON {@code null} where an array or view belongs is an error, as inside a struct. */
    private static StructJsonException nullRefused(DeserializationContext ctxt, StructJsonCodec<?> codec) {
        JsonParser p = ctxt.getParser();
        return JsonReading.error(p, codec.recordClass().getSimpleName(), "expected " + codec.recordClass().getSimpleName()
                + " data, got null (native structs have no null)");
    }

    private static boolean hasCodec(Class<?> raw) {
        try {
            return StructJsonCodec.of(raw).viewClass() == raw;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * {@return a serializer writing the record through its codec when its struct holds a union or a
     * {@code UINT64_BITS} member (at any depth), or the record has {@code @Reserved} components (which databind would
     * write, but which are in no JSON), else null (plain databind)} Databind would write the union
     * record on its own, which it must refuse (only the enclosing struct knows the live member), and a
     * {@code UINT64_BITS} {@code long} as the signed number its bits make ({@code -1} for
     * {@code 18446744073709551615}), which the codec, the schema and this module's reader refuse; the
     * codec writes what {@code RJson} writes: the live member of a tagged union, the unsigned decimal.
     */
    private static ValueSerializer<?> throughCodecIfNeeded(Class<?> raw) {
        StructType<?> type = CodecLookup.STRUCT_TYPE.get(raw);
        StructJsonCodec<?> codec = type == null ? null : recordCodec(raw);
        return codec != null && (io.structbridge.runtime.Layouts.holdsUnion(type.layout()) || holdsRawUint64(type)
                || !type.reservedComponents().isEmpty())
                ? new RecordThroughCodec(type, codec) : null;
    }

    /** {@return whether a column of {@code type} (at any depth) is a {@code UINT64_BITS} member or array} */
    private static boolean holdsRawUint64(StructType<?> type) {
        try {
            return type.columns().stream().anyMatch(c -> c.kind() == io.structbridge.runtime.Column.Kind.UINT64_BITS);
        } catch (UnsupportedOperationException e) { // a StructType without columns: not generated, no codec either
            return false;
        }
    }

    /** Writes a record by storing it (every check of {@code RStruct.write}) and writing those bytes with the codec. */
    private static final class RecordThroughCodec extends ValueSerializer<Object> {
        private final StructType<?> type;
        private final StructJsonCodec<?> codec;

        RecordThroughCodec(StructType<?> type, StructJsonCodec<?> codec) {
            this.type = type;
            this.codec = codec;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            java.lang.foreign.MemorySegment bytes = java.lang.foreign.MemorySegment.ofArray(new long[Math.toIntExact((type.size() + 7) / 8)]);
            ((StructType) type).write(bytes, 0L, (Record) value);
            codec.write(bytes, 0L, gen);
        }

        /**
         * A record in a polymorphic place ({@code @JsonTypeInfo} on an interface it implements, default typing):
         * the type id as databind writes it, then the codec's members. Without this Jackson refuses the record
         * ("Type id handling not implemented") although plain databind wrote it (found by an attack).
         */
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void serializeWithType(Object value, JsonGenerator gen, SerializationContext ctxt,
                                      tools.jackson.databind.jsontype.TypeSerializer typeSer) {
            java.lang.foreign.MemorySegment bytes = java.lang.foreign.MemorySegment.ofArray(new long[Math.toIntExact((type.size() + 7) / 8)]);
            ((StructType) type).write(bytes, 0L, (Record) value);
            tools.jackson.databind.util.TokenBuffer buffer = ctxt.bufferForValueConversion();
            codec.write(bytes, 0L, buffer);
            tools.jackson.core.type.WritableTypeId id = typeSer.writeTypePrefix(gen, ctxt,
                    typeSer.typeId(value, tools.jackson.core.JsonToken.START_OBJECT));
            try (JsonParser p = buffer.asParser()) {
                p.nextToken(); // the codec's START_OBJECT: the prefix wrote the object's start
                while (p.nextToken() == tools.jackson.core.JsonToken.PROPERTY_NAME) {
                    gen.writeName(p.currentName());
                    p.nextToken();
                    gen.copyCurrentStructure(p);
                }
            }
            typeSer.writeTypeSuffix(gen, ctxt, id);
        }
    }

    /** Refuses a value that would otherwise be written as a silent {@code {}}: a struct without codec, a file, a type. */
    private static final class Refusing extends ValueSerializer<Object> {
        private final String message;

        Refusing(String message) {
            this.message = message;
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            ctxt.reportBadDefinition(value.getClass(), message);
        }
    }

    private static final class ArraySerializer extends ValueSerializer<Object> {
        private final StructJsonCodec<?> codec;

        ArraySerializer(StructJsonCodec<?> codec) {
            this.codec = codec;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            ((StructJsonCodec) codec).writeArray((StructArray) value, gen);
        }
    }

    private static final class ViewSerializer extends ValueSerializer<Object> {
        private final StructJsonCodec<?> codec;

        ViewSerializer(StructJsonCodec<?> codec) {
            this.codec = codec;
        }

        @Override
        public void serialize(Object value, JsonGenerator gen, SerializationContext ctxt) {
            codec.writeView(value, gen);
        }
    }

    private static final class ArrayDeserializer extends ValueDeserializer<Object> {
        private final StructJsonCodec<?> codec;

        ArrayDeserializer(StructJsonCodec<?> codec) {
            this.codec = codec;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            // As a property or element the value must be one JSON array (readAll stops at its ']'); the whole
            // document may also be JSON Lines, one object per line.
            boolean jsonLines = p.currentToken() == tools.jackson.core.JsonToken.START_OBJECT
                    && p.streamReadContext().getParent().inRoot();
            if (p.currentToken() != tools.jackson.core.JsonToken.START_ARRAY && !jsonLines) {
                String struct = codec.recordClass().getSimpleName();
                try {
                    throw JsonReading.error(p, struct, "expected a JSON array of " + struct + " records, got " + JsonReading.describe(p));
                } catch (StructJsonException e) {
                    throw e;
                } catch (tools.jackson.core.JacksonException e) { // describing a token can read it: a bad string
                    throw JsonReading.malformed(p, struct, e).afterAccepted(0);
                }
            }
            return codec.readAll(p, Arena.ofAuto());
        }

        @Override
        public Object getNullValue(DeserializationContext ctxt) {
            throw nullRefused(ctxt, codec);
        }

        /** {@code mapper.readerForUpdating(array)}: fills the existing array from element 0, in place. */
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public Object deserialize(JsonParser p, DeserializationContext ctxt, Object intoValue) {
            ((StructJsonCodec) codec).readInto(p, (StructArray) intoValue);
            return intoValue;
        }
    }

    /**
     * Reads a {@code @Struct} record, wherever databind meets it (the root, a property of a POJO, an element of a
     * list), through its codec, so it is accepted or refused exactly as the codec and the JSON Schema say: databind
     * alone wraps {@code 128} into a {@code byte} of -128, accepts 300 for a {@code uint8_t} held in a {@code short},
     * a number or boolean as text, and an array of numbers as a Base64 {@code byte[]}. A JSON {@code null} is refused
     * as inside a struct (native structs have no null), also as an element of a list.
     */
    private static final class RecordDeserializer extends ValueDeserializer<Object> {
        private final StructJsonCodec<?> codec;

        RecordDeserializer(StructJsonCodec<?> codec) {
            this.codec = codec;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            tools.jackson.core.JsonToken t = p.currentToken();
            if (t == tools.jackson.core.JsonToken.PROPERTY_NAME || t == tools.jackson.core.JsonToken.END_OBJECT) {
                // inside the object already: polymorphic handling (@JsonTypeInfo as a property) read the type id
                // first; the codec reads the rest as one object (found by an attack)
                tools.jackson.databind.util.TokenBuffer rest = ctxt.bufferForInputBuffering(p);
                rest.writeStartObject();
                for (; p.currentToken() == tools.jackson.core.JsonToken.PROPERTY_NAME; p.nextToken()) {
                    rest.writeName(p.currentName());
                    p.nextToken();
                    rest.copyCurrentStructure(p);
                }
                rest.writeEndObject();
                try (JsonParser q = rest.asParser(ctxt)) {
                    q.nextToken();
                    return codec.readRecord(q);
                }
            }
            return codec.readRecord(p);
        }

        @Override
        public Class<?> handledType() {
            return codec.recordClass();
        }

        /** A struct has no null, wherever the record appears (a property, a list element), as inside a struct. */
        @Override
        public Object getNullValue(DeserializationContext ctxt) {
            throw nullRefused(ctxt, codec);
        }
    }

    /**
     * Reads a {@code @Struct} record that has no codec (see {@code SB-JSON-CODEC-SKIPPED}) with databind, then applies
     * the struct's native checks ({@code StructType.check}: integer ranges of narrowed C types, text capacity and
     * encoding, array lengths), so databind never hands out a record the struct refuses to store. A refusal is a
     * {@link StructJsonException} naming the component. (Databind itself still reads a {@code byte} from 128..255 as
     * its two's complement; {@link StrictJson} refuses those.)
     */
    private static final class NativeChecked extends tools.jackson.databind.deser.std.DelegatingDeserializer {
        private final StructType<?> type;

        NativeChecked(ValueDeserializer<?> delegate, StructType<?> type) {
            super(delegate);
            this.type = type;
        }

        @Override
        protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> newDelegatee) {
            return new NativeChecked(newDelegatee, type);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            return checked(p, super.deserialize(p, ctxt));
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt, Object intoValue) {
            return checked(p, super.deserialize(p, ctxt, intoValue));
        }

        @Override
        public Object deserializeWithType(JsonParser p, DeserializationContext ctxt,
                                          tools.jackson.databind.jsontype.TypeDeserializer typeDeserializer) {
            return checked(p, super.deserializeWithType(p, ctxt, typeDeserializer));
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private Object checked(JsonParser p, Object value) {
            if (value != null) {
                try {
                    ((StructType) type).check((Record) value);
                } catch (io.structbridge.runtime.StructValueException e) {
                    throw JsonReading.error(p, type.recordClass().getSimpleName() + "." + e.path(), e);
                }
            }
            return value;
        }
    }

    private static final class ViewDeserializer extends ValueDeserializer<Object> {
        private final StructJsonCodec<?> codec;

        ViewDeserializer(StructJsonCodec<?> codec) {
            this.codec = codec;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) {
            throw JsonReading.error(p, codec.recordClass().getSimpleName(), "a " + codec.viewClass().getSimpleName()
                    + " has no memory of its own to read into: use mapper.readerForUpdating(view).readValue(json)");
        }

        /** {@code mapper.readerForUpdating(view)}: reads the object into the struct the view shows; all or nothing. */
        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt, Object intoValue) {
            boolean wholeDocument = ctxt.isEnabled(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    && JsonReading.recordParent(p).inRoot();
            codec.readView(p, intoValue, wholeDocument);
            return intoValue;
        }

        @Override
        public Object getNullValue(DeserializationContext ctxt) {
            throw nullRefused(ctxt, codec);
        }
    }
}

package io.structbridge.jackson;

import io.structbridge.runtime.StructArray;
import tools.jackson.core.FormatSchema;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.InjectableValues;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.MappingIterator;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.DeserializationContextExt;
import tools.jackson.databind.json.JsonMapper;

/**
 * The mapper {@link StrictJson} builds: a {@link JsonMapper} that, when the value read is a generated
 * {@code RArray} or {@code RView}, reads the document's first token itself, so that an empty document and
 * malformed JSON before the first token (which databind reads before any deserializer runs) give the
 * {@link StructJsonException} the {@code RJson} codec gives, with path, field, line and column. Any other type
 * reads exactly as in databind. Its {@code rebuild()} gives a plain {@code JsonMapper} builder; pass it to
 * {@link StrictJson#build} again.
 */
final class StructJsonMapper extends JsonMapper {
    private static final long serialVersionUID = 1L;

    StructJsonMapper(JsonMapper.Builder builder) {
        super(builder);
    }

    @Override
    protected JsonToken _initForReading(JsonParser p, JavaType valueType) {
        Class<?> raw = valueType == null ? null : valueType.getRawClass();
        return isStruct(raw) ? firstToken(p, raw) : super._initForReading(p, valueType);
    }

    @Override
    protected ObjectReader _newReader(DeserializationConfig config) {
        return new Reader(this, config);
    }

    @Override
    protected ObjectReader _newReader(DeserializationConfig config, JavaType valueType, Object valueToUpdate,
                                      FormatSchema schema, InjectableValues injectableValues) {
        return new Reader(this, config, valueType, valueToUpdate, schema, injectableValues);
    }

    static boolean isStruct(Class<?> raw) {
        return raw != null && (StructArray.class.isAssignableFrom(raw) || CodecLookup.isView(raw));
    }

    /**
     * {@return the first token of the document, read as the codec reads it} An empty document and malformed
     * JSON are the codec's errors: for an array those of {@code RJson.readAll}, for a view those of {@code RJson.read}.
     */
    static JsonToken firstToken(JsonParser p, Class<?> raw) {
        boolean array = StructArray.class.isAssignableFrom(raw);
        String struct = structName(raw);
        try {
            JsonToken t = p.currentToken() != null ? p.currentToken() : p.nextToken();
            if (t == null) {
                JsonReading.noRecords(p, struct);
            }
            return t;
        } catch (StructJsonException e) {
            throw array ? e.afterAccepted(0) : e;
        } catch (JacksonException e) {
            StructJsonException m = JsonReading.malformed(p, struct, e);
            throw array ? m.afterAccepted(0) : m;
        }
    }

    private static String structName(Class<?> raw) {
        try {
            return StructJsonCodec.of(raw).recordClass().getSimpleName();
        } catch (IllegalArgumentException e) {
            Class<?> record = CodecLookup.recordOf(raw);
            return record != null ? record.getSimpleName() : raw.getSimpleName();
        }
    }

    /** The reader of {@code readerFor}, {@code readerForUpdating} and their reconfigurations. */
    private static final class Reader extends ObjectReader {
        private static final long serialVersionUID = 1L;

        Reader(JsonMapper mapper, DeserializationConfig config) {
            super(mapper, config);
        }

        Reader(JsonMapper mapper, DeserializationConfig config, JavaType valueType, Object valueToUpdate,
               FormatSchema schema, InjectableValues injectableValues) {
            super(mapper, config, valueType, valueToUpdate, schema, injectableValues);
        }

        Reader(ObjectReader base, DeserializationConfig config) {
            super(base, config);
        }

        Reader(ObjectReader base, DeserializationConfig config, JavaType valueType, ValueDeserializer<Object> rootDeser,
               Object valueToUpdate, FormatSchema schema, InjectableValues injectableValues) {
            super(base, config, valueType, rootDeser, valueToUpdate, schema, injectableValues);
        }

        @Override
        protected ObjectReader _new(ObjectReader base, DeserializationConfig config) {
            return new Reader(base, config);
        }

        @Override
        protected ObjectReader _new(ObjectReader base, DeserializationConfig config, JavaType valueType,
                                    ValueDeserializer<Object> rootDeser, Object valueToUpdate, FormatSchema schema,
                                    InjectableValues injectableValues) {
            return new Reader(base, config, valueType, rootDeser, valueToUpdate, schema, injectableValues);
        }

        @Override
        protected JsonToken _initForReading(DeserializationContextExt ctxt, JsonParser p) {
            Class<?> raw = target();
            return isStruct(raw) ? firstToken(p, raw) : super._initForReading(ctxt, p);
        }

        /** {@code readValues}: the first token as {@link #_initForReading}; an empty document is zero values. */
        @Override
        protected <T> MappingIterator<T> _bindAndReadValues(DeserializationContextExt ctxt, JsonParser p) {
            Class<?> raw = target();
            if (!isStruct(raw)) {
                return super._bindAndReadValues(ctxt, p);
            }
            try {
                _initForMultiRead(ctxt, p);
                try {
                    p.nextToken();
                } catch (StructJsonException e) {
                    throw e;
                } catch (JacksonException e) {
                    StructJsonException m = JsonReading.malformed(p, structName(raw), e);
                    throw StructArray.class.isAssignableFrom(raw) ? m.afterAccepted(0) : m;
                }
                return _newIterator(p, ctxt, _findRootDeserializer(ctxt), true);
            } catch (RuntimeException e) {
                p.close();
                throw e;
            }
        }

        private Class<?> target() {
            return _valueType != null ? _valueType.getRawClass() : _valueToUpdate != null ? _valueToUpdate.getClass() : null;
        }
    }
}

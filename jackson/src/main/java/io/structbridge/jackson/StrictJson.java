package io.structbridge.jackson;

import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON contract that every generated JSON Schema describes, as a Jackson 3 configuration.
 *
 * <p>Jackson 3.3's defaults are lenient: it reads {@code 1.5} into an {@code int} as 1, {@code "7"}
 * as 7, a missing property as 0, an enum from its ordinal, the last of duplicate keys, and ignores
 * unknown properties. The strict contract refuses each of these:
 * <ul>
 * <li>no float-to-int ({@code ACCEPT_FLOAT_AS_INT} off) and no scalar coercion from strings
 *     ({@code ALLOW_COERCION_OF_SCALARS} off), so a JSON number must be integral for an integer field;</li>
 * <li>every property required ({@code FAIL_ON_MISSING_CREATOR_PROPERTIES}), no null for any component
 *     ({@code FAIL_ON_NULL_CREATOR_PROPERTIES}, {@code FAIL_ON_NULL_FOR_PRIMITIVES});</li>
 * <li>unknown properties refused ({@code FAIL_ON_UNKNOWN_PROPERTIES}) unless the record carries
 *     {@code @JsonIgnoreProperties(ignoreUnknown = true)};</li>
 * <li>a {@code byte} only from -128..127 (Jackson alone reads 128..255 as their two's complement);</li>
 * <li>enums only by name ({@code FAIL_ON_NUMBERS_FOR_ENUMS}); duplicate keys refused
 *     ({@code STRICT_DUPLICATE_DETECTION}); trailing tokens refused.</li>
 * </ul>
 * The builder also gets {@link StructJsonModule}, so generated arrays and views are written from native
 * memory and read into it, and what has no JSON form is refused rather than written as {@code {}}.
 * NaN and infinities are written and read as the strings {@code "NaN"}, {@code "Infinity"},
 * {@code "-Infinity"} (Jackson's default), which the schemas list. Integers keep every digit: a
 * {@code long} beyond 2^53 is written and read exactly.
 */
public final class StrictJson {
    private StrictJson() {}

    /**
     * {@return {@code builder}, configured for the strict contract}
     *
     * @param builder a mapper builder, e.g. {@code JsonMapper.builder()}
     */
    public static JsonMapper.Builder configure(JsonMapper.Builder builder) {
        return builder
                .addModule(new StructJsonModule())
                .addModule(StrictByteDeserializer.module())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .withCoercionConfigDefaults(c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
    }

    /**
     * {@return a mapper for the generated {@code RJson} codecs} The same contract, without Jackson's
     * {@code STRICT_DUPLICATE_DETECTION}: the generated readers refuse duplicate properties themselves
     * (a bit mask per object), while the parser's check fills a hash set per object (measured: 86% of
     * the reader's allocation). Use {@link #mapper()} whenever databind reads records.
     */
    public static JsonMapper codecMapper() {
        return new StructJsonMapper(configure(JsonMapper.builder()).disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION));
    }

    /** {@return a new mapper with the strict contract and {@link StructJsonModule}} See {@link #build}. */
    public static JsonMapper mapper() {
        return build(JsonMapper.builder());
    }

    /**
     * {@return a mapper built from {@code builder} with the strict contract and {@link StructJsonModule}} Unlike
     * {@code configure(builder).build()}, its reads of generated arrays and views also turn an empty document
     * and malformed JSON before the first token into the codec's {@link StructJsonException} (path, field, line,
     * column): databind reads that token before any module sees the document, so a mapper built by
     * {@code builder.build()} reports those two cases with its own {@code MismatchedInputException}
     * ("No content to map due to end-of-input") and {@code StreamReadException}.
     *
     * @param builder a mapper builder, e.g. {@code JsonMapper.builder().findAndAddModules()}
     */
    public static JsonMapper build(JsonMapper.Builder builder) {
        return new StructJsonMapper(configure(builder));
    }
}

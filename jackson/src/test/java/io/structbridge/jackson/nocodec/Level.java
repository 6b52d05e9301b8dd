package io.structbridge.jackson.nocodec;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/**
 * A struct without a codec (its enum has a {@code @JsonValue} method) with narrowed components: databind reads it,
 * then the struct's native checks apply.
 *
 * @param level {@code uint8_t} held in an {@code int}
 * @param i8 {@code int8_t}
 * @param tint a colour
 */
@Struct
public record Level(@NativeType(CType.UINT8) int level, byte i8, Tint tint) {}

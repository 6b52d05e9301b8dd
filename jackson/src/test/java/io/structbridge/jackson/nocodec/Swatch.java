package io.structbridge.jackson.nocodec;

import io.structbridge.annotations.Struct;

/**
 * A struct whose record has no generated JSON codec (its enum has a {@code @JsonValue} method).
 *
 * @param id an id
 * @param tint a colour
 */
@Struct
public record Swatch(int id, Tint tint) {}

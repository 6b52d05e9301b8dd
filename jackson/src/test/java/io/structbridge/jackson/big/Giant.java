package io.structbridge.jackson.big;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * The largest text capacity: its write scratch ({@code GiantJson.TEXT_SCRATCH}) cannot be capacity + 8 bytes.
 *
 * @param text up to 2^31 - 2 bytes of UTF-8
 */
@Struct
public record Giant(@Capacity(Integer.MAX_VALUE) String text) {}

package io.structbridge.arrow;

import io.structbridge.annotations.Length;
import io.structbridge.annotations.Struct;

/**
 * The element of {@link Singles}' struct array of one, itself holding an array of one.
 *
 * @param x an {@code int16_t}
 * @param ys an {@code int64_t[1]}
 */
@Struct
public record SinglePoint(short x, @Length(1) long[] ys) {}

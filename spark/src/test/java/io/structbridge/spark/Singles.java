package io.structbridge.spark;

import io.structbridge.annotations.Length;
import io.structbridge.annotations.Struct;

/**
 * Arrays of one element next to a scalar of the same type (finding 07): C's {@code int32_t one[1]} is an
 * array, so Spark's type is {@code array<int>}, never {@code int}.
 *
 * @param one an {@code int32_t[1]}
 * @param plain an {@code int32_t}
 * @param pts a struct array of one
 */
@Struct
public record Singles(@Length(1) int[] one, int plain, @Length(1) Pt[] pts) {
    /**
     * The element of the struct array of one.
     *
     * @param x an {@code int16_t}
     * @param ys an {@code int64_t[1]}
     */
    @Struct
    public record Pt(short x, @Length(1) long[] ys) {}
}

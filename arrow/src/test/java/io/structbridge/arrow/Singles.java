package io.structbridge.arrow;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Order;
import io.structbridge.annotations.Struct;

/**
 * Arrays of one element ({@code int32_t one[1]}, {@code SinglePoint pts[1]}) next to scalars of the same
 * types: C declares an array, so every export gives a fixed-size list of one ({@code +w:1}), never the
 * scalar (finding 07).
 *
 * @param one an {@code int32_t[1]}
 * @param plain an {@code int32_t}
 * @param d a {@code double[1]}
 * @param u8 a {@code uint8_t[1]}
 * @param flag a {@code bool[1]}
 * @param big a big-endian {@code int16_t[1]}
 * @param pts a struct array of one
 * @param p a struct
 */
@Struct
public record Singles(@Length(1) int[] one, int plain, @Length(1) double[] d, @NativeType(CType.UINT8) @Length(1) int[] u8,
                      @Length(1) boolean[] flag, @Order(Endian.BIG) @Length(1) short[] big,
                      @Length(1) SinglePoint[] pts, SinglePoint p) {}

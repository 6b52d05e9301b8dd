package io.structbridge.arrow;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Encoding;
import io.structbridge.annotations.Endian;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Order;
import io.structbridge.annotations.Struct;
import io.structbridge.fixtures.Color;
import io.structbridge.fixtures.Vec3;

/**
 * Every kind of leaf the Arrow export's transposed path treats differently in one struct: direct numeric
 * leaves (plain, arrays), enum codes (checked after the direct move), bools, big-endian members, text of
 * capacity 8, 9, 16 and 17 (whole words and a tail), Latin-1 and ASCII-without-NUL text, and a nested
 * struct array.
 *
 * @param id direct
 * @param color a one-byte enum code
 * @param wide a four-byte enum code
 * @param flag a bool
 * @param big a big-endian member
 * @param t8 text of capacity 8
 * @param t9 text of capacity 9
 * @param t16 text of capacity 16
 * @param t17 text of capacity 17
 * @param l16 Latin-1 text of capacity 16
 * @param a8 ASCII text of 8 bytes, no NUL needed
 * @param pts a nested struct array
 * @param vals a direct array
 * @param tail a last byte
 */
@Struct
public record Mixed(long id, @NativeType(CType.UINT8) Color color, Color wide, boolean flag, @Order(Endian.BIG) int big,
                    @Capacity(8) String t8, @Capacity(9) String t9, @Capacity(16) String t16, @Capacity(17) String t17,
                    @Capacity(value = 16, encoding = Encoding.LATIN_1) String l16,
                    @Capacity(value = 8, encoding = Encoding.ASCII, nulTerminated = false) String a8,
                    @Length(2) Vec3[] pts, @Length(3) double[] vals, @NativeType(CType.UINT8) int tail) {}

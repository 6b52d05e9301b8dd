package io.structbridge.spark;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;
import io.structbridge.fixtures.Color;

/**
 * A struct of every kind a pushed filter or aggregate reads: integers of each width (and a {@code uint32}), float,
 * double, bool, enum, short and long UTF-8 text.
 *
 * @param id an {@code int32}
 * @param big an {@code int64}
 * @param s an {@code int16}
 * @param b an {@code int8}
 * @param u32 a {@code uint32}
 * @param f a float
 * @param d a double
 * @param ok a bool
 * @param color an enum
 * @param code text of up to 3 bytes
 * @param name text of up to 23 bytes
 */
@Struct
public record Reading(int id, long big, short s, byte b, @NativeType(CType.UINT32) long u32, float f, double d, boolean ok,
        Color color, @Capacity(4) String code, @Capacity(24) String name) {}

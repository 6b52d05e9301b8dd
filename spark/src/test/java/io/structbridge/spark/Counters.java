package io.structbridge.spark;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/**
 * 64-bit unsigned counters without a float16 member, so DuckDB (whose Arrow import has no half floats) can
 * be the oracle for {@code uint64} values above 2^63.
 *
 * @param full all 64 bits
 * @param fulls two more
 * @param small a uint64 held in a Java long (0..2^63-1)
 * @param tag a signed byte
 */
@Struct
public record Counters(@NativeType(CType.UINT64_BITS) long full, @NativeType(CType.UINT64_BITS) @Length(2) long[] fulls,
                       @NativeType(CType.UINT64) long small, byte tag) {}

package io.structbridge.arrow.files;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/**
 * Every kind of column {@link DuckDbScan} writes: signed and unsigned integers of 1, 2, 4 and 8 bytes (64 raw bits
 * among them), binary32 and binary64, in an order that leaves padding between them.
 *
 * @param i8 int8_t
 * @param f64 double
 * @param u8 uint8_t
 * @param i16 int16_t
 * @param u32 uint32_t
 * @param f32 float
 * @param u16 uint16_t
 * @param i64 int64_t
 * @param u64 uint64_t
 * @param i32 int32_t
 */
@Struct
public record PlainNumbers(byte i8, double f64, @NativeType(CType.UINT8) int u8, short i16, @NativeType(CType.UINT32) long u32,
                           float f32, @NativeType(CType.UINT16) int u16, long i64, @NativeType(CType.UINT64_BITS) long u64, int i32) {}

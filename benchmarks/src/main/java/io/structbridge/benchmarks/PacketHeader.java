package io.structbridge.benchmarks;

import io.structbridge.annotations.Bits;
import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/**
 * A header with bit-fields (16 bytes): {@code uint8_t version:4; uint8_t ihl:4; int32_t level:3;
 * uint32_t fragment:13; uint32_t length:16; int64_t id;} ({@code fragment} is bits 11..23,
 * {@code length} bits 32..47: it would cross the first 32-bit unit).
 */
@Struct
public record PacketHeader(
        @Bits(4) @NativeType(CType.UINT8) int version,
        @Bits(4) @NativeType(CType.UINT8) int ihl,
        @Bits(3) int level,
        @Bits(13) @NativeType(CType.UINT32) int fragment,
        @Bits(16) @NativeType(CType.UINT32) int length,
        long id) {}

package io.structbridge.arrow;

import io.structbridge.annotations.Bits;
import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/** Bit-fields of every kind of declared type, for the Arrow export. */
@Struct
public record Packed(byte lead, @Bits(3) int small, @Bits(13) @NativeType(CType.UINT16) int mid, @Bits(1) boolean flag,
                     @Bits(40) long wide, @Bits(7) @NativeType(CType.UINT8) int tail, int after) {}

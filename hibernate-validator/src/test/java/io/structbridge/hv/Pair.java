package io.structbridge.hv;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;
import jakarta.validation.constraints.Min;

/** A record with a custom constraint next to a standard one and a narrowed native type. */
@Struct
public record Pair(@Even int left, @Min(0) @NativeType(CType.UINT8) int right) {}

package io.structbridge.spark;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/** Integer members at their extremes, for sums and averages that overflow a {@code long} (PushdownExactnessSparkTest). */
@Struct
public record Extremes(int id, long big, int mid, @NativeType(CType.UINT32) long u32, short small, int g) {}

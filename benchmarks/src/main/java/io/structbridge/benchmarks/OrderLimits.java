package io.structbridge.benchmarks;

import io.structbridge.annotations.Struct;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.PositiveOrZero;

/**
 * Limits nested in {@link Order}.
 *
 * @param maxQty at most 1,000,000
 * @param maxNotional not negative, at most 10^12
 */
@Struct
public record OrderLimits(@Max(1_000_000) int maxQty, @PositiveOrZero @Max(1_000_000_000_000L) long maxNotional) {}

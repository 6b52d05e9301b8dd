package io.structbridge.benchmarks;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * A quote with a fixed-capacity text member: {@code char symbol[16]} (UTF-8, NUL-terminated).
 *
 * @param id quote id
 * @param symbol instrument symbol, at most 15 UTF-8 bytes
 * @param bid bid price
 * @param ask ask price
 * @param size quoted size
 */
@Struct
public record Quote(long id, @Capacity(16) String symbol, double bid, double ask, int size) {}

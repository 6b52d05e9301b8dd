package io.structbridge.spark.v2;

import io.structbridge.annotations.Since;
import io.structbridge.annotations.Struct;

/**
 * Version 2 of {@link io.structbridge.spark.v1.Tick}: {@code volume} appended in layout version 2.
 *
 * @param time nanoseconds
 * @param qty a quantity
 * @param price a price
 * @param volume added in version 2; 0 in a file of version 1
 */
@Struct
public record Tick(long time, int qty, double price, @Since(2) long volume) {}

package io.structbridge.spark.v1;

import io.structbridge.annotations.Struct;

/**
 * Version 1 of a record whose version 2 ({@link io.structbridge.spark.v2.Tick}) appends a member: the two are
 * compiled as two records of one name, as the same record before and after the change.
 *
 * @param time nanoseconds
 * @param qty a quantity
 * @param price a price
 */
@Struct
public record Tick(long time, int qty, double price) {}

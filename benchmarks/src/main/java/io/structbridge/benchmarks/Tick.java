package io.structbridge.benchmarks;

import io.structbridge.annotations.Struct;

/**
 * A market tick: one member of each common primitive kind. Natural C layout:
 * {@code int32_t id; /* 4 bytes hole * / int64_t timestamp; double price; float qty; int16_t venue;}
 * (size 32, alignment 8).
 *
 * @param id instrument id
 * @param timestamp nanoseconds since the epoch
 * @param price last price
 * @param qty traded quantity
 * @param venue venue code
 */
@Struct
public record Tick(int id, long timestamp, double price, float qty, short venue) {}

package io.structbridge.benchmarks;

import io.structbridge.annotations.Struct;

/**
 * A numeric-heavy record for {@code JsonBenchmark}: 6 doubles, 2 longs, 1 int (72 bytes with tail padding).
 *
 * @param x position x
 * @param y position y
 * @param z position z
 * @param vx velocity x
 * @param vy velocity y
 * @param vz velocity z
 * @param time timestamp, nanoseconds
 * @param id object id
 * @param flags bit flags
 */
@Struct
public record Sample(double x, double y, double z, double vx, double vy, double vz, long time, long id, int flags) {}

package io.structbridge.benchmarks;

import io.structbridge.annotations.Struct;

/**
 * A 16-byte point for {@code ZeroCopyBenchmark}: {@code double lat; double lng;}.
 *
 * @param lat latitude in degrees
 * @param lng longitude in degrees
 */
@Struct
public record LatLng(double lat, double lng) {}

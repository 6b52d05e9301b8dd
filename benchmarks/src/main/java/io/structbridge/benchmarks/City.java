package io.structbridge.benchmarks;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * A GeoNames populated place as {@code data/geonames-cities/cities.json.gz} has it (every value a
 * string), the same record as the examples module's {@code City}.
 *
 * @param name the place's name (at most 63 UTF-8 bytes; 4 names in the file are longer)
 * @param lat latitude, as text
 * @param lng longitude, as text
 * @param country ISO 3166-1 alpha-2 code
 * @param admin1 first-level administrative code
 * @param admin2 second-level administrative code
 */
@Struct
public record City(@Capacity(64) String name, @Capacity(12) String lat, @Capacity(12) String lng,
                   @Capacity(3) String country, @Capacity(10) String admin1, @Capacity(32) String admin2) {}

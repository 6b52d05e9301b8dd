package io.structbridge.examples.cities;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;

/**
 * A populated place ready for a numeric kernel: coordinates as doubles (the GeoNames JSON has them
 * as strings, parsed once on the way in).
 *
 * @param lat latitude in degrees, -90..90
 * @param lng longitude in degrees, -180..180
 * @param name the place's name (at most 63 UTF-8 bytes)
 * @param country ISO 3166-1 alpha-2 code
 */
@Struct
public record Place(@DecimalMin("-90") @DecimalMax("90") double lat, @DecimalMin("-180") @DecimalMax("180") double lng,
                    @Capacity(64) @NotBlank String name, @Capacity(3) String country) {}

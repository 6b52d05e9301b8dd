package io.structbridge.spark;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/** A GeoNames place as the main job stores it (examples' {@code Place}): coordinates parsed, names up to 63 UTF-8 bytes. */
@Struct
public record GeoPlace(double lat, double lng, @Capacity(64) String name, @Capacity(3) String country) {}

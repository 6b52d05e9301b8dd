package io.structbridge.examples.cities;

import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Struct;

/**
 * One of the k nearest places, as the kernel writes it.
 *
 * @param index the place's index in the struct file
 * @param km great-circle distance in kilometres (haversine, mean Earth radius 6371.0088 km)
 * @param name the place's name
 * @param country its country code
 */
@Struct
public record Hit(int index, double km, @Capacity(64) String name, @Capacity(3) String country) {}

package com.example.particles;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/** One particle, laid out as the C struct in target/c-headers/Particle.h. */
@Struct // C natural alignment, native byte order
public record Particle(
        int id,
        float x, float y, float z,
        @NativeType(CType.UINT8) int species, // uint8_t: 0..255 enforced on every write
        @Capacity(16) String label,           // char label[16]: UTF-8, NUL-terminated
        @Length(3) double[] velocity) {       // double velocity[3]
}

package com.example.particles;

import io.structbridge.runtime.StructValueException;
import java.lang.foreign.Arena;
import java.util.List;

/** Writes particles into native memory through the generated classes, and reads them back. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            ParticleArray particles = ParticleArray.fromList(arena, List.of(
                    new Particle(1, 0f, 0f, 0f, 7, "proton", new double[] {1, 0, 0}),
                    new Particle(2, 1f, 2f, 3f, 9, "neutron", new double[] {0, 1, 0})));
            ParticleView p = particles.view(0); // zero-copy view of element 0
            p.x(2.5f);                          // writes 4 bytes at offset 4
            try {
                p.species(300);                 // uint8_t holds 0..255
            } catch (StructValueException e) {
                System.out.println("refused: " + e.getMessage());
            }
            System.out.println("particle 0: x=" + p.x() + " species=" + p.species() + " label=" + p.label());
            System.out.println("particle 1: " + particles.get(1).label());
            System.out.println("sizeof(Particle) = " + ParticleStruct.SIZE + ", " + particles.count()
                    + " particles in " + particles.segment().byteSize() + " bytes");
            System.out.print(ParticleStruct.describe());
        }
    }
}

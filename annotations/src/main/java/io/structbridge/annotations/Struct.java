package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a record is a fixed-layout native struct.
 *
 * <p>The processor lays the components out in declaration order with the C rules of the System V
 * AMD64 ABI (3.1.2, "Aggregates and Unions") and AAPCS64 (5.7), which agree for every type
 * structbridge supports: each member starts at the next multiple of its alignment, the struct's
 * alignment is the largest member alignment, and its size is rounded up to that alignment (tail
 * padding), so the array stride equals the size.
 *
 * <p>For a record {@code p.Particle} the processor generates {@code p.ParticleStruct} (layout,
 * size, alignment, offsets, codec), {@code p.ParticleView} (zero-copy flyweight),
 * {@code p.ParticleArray} (array of structs) and the C header {@code Particle.h} as a class-output
 * resource in the record's package.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Struct {
    /**
     * Maximum member alignment in bytes, like {@code #pragma pack(n)} in gcc, clang and MSVC:
     * every member's alignment becomes {@code min(natural alignment, pack)}. {@code 0} (the
     * default) means natural alignment. Allowed: 0, 1, 2, 4, 8, 16.
     *
     * @return the packing in bytes, or 0 for none
     */
    int pack() default 0;

    /**
     * Minimum alignment of the whole struct in bytes, like C11 {@code _Alignas} on the struct
     * (or gcc {@code __attribute__((aligned(n)))}); it can raise, never lower, the alignment, and
     * the size is rounded up to it. {@code 0} (the default) keeps the computed alignment. Must be
     * a power of two.
     *
     * @return the alignment in bytes, or 0 for the computed one
     */
    int align() default 0;

    /**
     * Byte order of every scalar member (and array element) that does not name its own with
     * {@link Order}. Nested structs keep the byte order of their own declaration.
     *
     * @return the byte order
     */
    Endian order() default Endian.NATIVE;

    /**
     * Asserted total size in bytes ({@code sizeof}), to pin the record to an existing C
     * declaration: the build fails if the computed size differs. {@code -1} (the default) asserts
     * nothing.
     *
     * @return the expected size in bytes, or -1
     */
    long size() default -1;
}

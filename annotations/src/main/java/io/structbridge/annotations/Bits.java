package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A C bit-field: {@code @Bits(3) @NativeType(CType.UINT8) int flags} is {@code uint8_t flags : 3;}.
 *
 * <p>The declared C type comes from the Java type and {@link NativeType} as for a whole integer
 * ({@code int} is {@code int32_t}, {@code long} is {@code int64_t}, {@code boolean} is {@code bool});
 * signed types hold {@code -2^(w-1)..2^(w-1)-1}, unsigned ones {@code 0..2^w-1}, {@code bool} only
 * width 1. The width is 1 to the declared type's size in bits (C11 6.7.2.1p4). Floating-point
 * components cannot be bit-fields.
 *
 * <p>Allocation is gcc's, which is the same on x86-64 (System V psABI 3.1.2, "Bit-Fields") and
 * AArch64 (AAPCS64 8.1.8) for named bit-fields, measured with both compilers: bit offsets count from
 * bit 0 (the least significant bit) of byte 0; a bit-field follows the previous one unless, without
 * {@code pack}, it would cross a boundary of its declared type's alignment, then it starts at the
 * next such boundary; under {@code pack} it never moves; it raises the struct's alignment like a
 * member of its declared type (capped by {@code pack}). A whole member after bit-fields starts at
 * its own alignment after the last used bit.
 *
 * <p>Setters refuse a value outside the width's range ({@code StructValueException}, memory
 * unchanged); nothing is ever masked. Bit-fields need little-endian storage (both ABIs); a
 * big-endian struct or {@code @Order(BIG)} is refused, as are {@code @Offset} (C has no
 * {@code offsetof} for bit-fields) and {@code @Align} on a bit-field.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Bits {
    /** {@return the width in bits, 1 to the size of the declared C type in bits} */
    int value();

    /**
     * Zero-width bit-fields ({@code T : 0;}) to place before this one, in order: each moves the
     * next bit-field to the next boundary of {@code T}'s full alignment (ignoring {@code pack}),
     * e.g. {@code @Bits(value = 4, zeroWidthBefore = CType.UINT32)} is {@code uint32_t : 0; ... : 4;}.
     * On AArch64 a zero-width bit-field also raises the struct's alignment to {@code T}'s, on
     * x86-64 it does not; a record where that changes the size or alignment is refused
     * ({@code SB-BIT-FIELD-ABI}) because no one layout is right on both ABIs.
     *
     * @return the declared types of the zero-width bit-fields before this one; none by default
     */
    CType[] zeroWidthBefore() default {};
}

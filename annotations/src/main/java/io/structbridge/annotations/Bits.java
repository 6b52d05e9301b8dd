package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A C bit-field request ({@code unsigned flags : 3}). Recognised only to be refused with a
 * compile error: the C standard leaves the allocation of bit-fields implementation-defined
 * (C11 6.7.2.1p11), so no layout could be promised across compilers. Declare a whole integer
 * (for example {@code @NativeType(CType.UINT8) int flags}) and mask it instead.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Bits {
    /** {@return the requested width in bits} */
    int value();
}

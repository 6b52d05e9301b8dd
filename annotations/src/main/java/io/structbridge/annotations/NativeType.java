package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The C type of a scalar component, of the elements of an array component, or the code width of an
 * enum component. Without it: {@code boolean} is {@code bool}, {@code byte} {@code int8_t},
 * {@code short} {@code int16_t}, {@code char} {@code uint16_t}, {@code int} {@code int32_t},
 * {@code long} {@code int64_t}, {@code float} {@code float}, {@code double} {@code double}, and an
 * enum {@code int32_t}.
 *
 * <p>Rules (checked at compile time): the Java type must hold every value of the C type, except
 * {@link CType#UINT64} in a {@code long}, whose range is enforced; a C type narrower than the Java
 * type has its range enforced on every write (e.g. {@code @NativeType(UINT8) int} accepts 0..255);
 * {@link CType#FLOAT} on a {@code double} accepts only values a {@code float} holds exactly.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface NativeType {
    /** {@return the C type} */
    CType value();
}

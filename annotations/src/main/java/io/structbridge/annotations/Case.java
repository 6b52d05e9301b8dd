package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a member of a {@link Union} record: the discriminator values for which this member is the
 * live one when the union is used with {@link Tag}. Give enum constant names in {@link #value} for
 * an enum discriminator, integer codes in {@link #codes} for an integral one. Every member of a
 * tagged union needs a case; no value may name two members; an enum discriminator must name every
 * constant (an integral one refuses codes that no member lists).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.RECORD_COMPONENT)
public @interface Case {
    /**
     * Enum constant names of the discriminator for which this member is live.
     *
     * @return the constant names
     */
    String[] value() default {};

    /**
     * Integer discriminator values for which this member is live.
     *
     * @return the codes
     */
    long[] codes() default {};
}

package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a {@code String} component as {@code char name[value]}: {@link #value()} bytes, encoded
 * with {@link #encoding()}. The capacity counts encoded bytes, not UTF-16 units or code points.
 *
 * <p>NUL-terminated (the default): the text takes at most {@code value - 1} bytes and is followed
 * by NUL bytes up to the capacity; reading stops at the first NUL, and a field with no NUL is an
 * error. Fixed width ({@code nulTerminated = false}): the text may fill all {@code value} bytes;
 * shorter text is padded with NUL bytes, and reading stops at the first NUL or at the capacity.
 * A string that contains U+0000 is refused, because it could not be read back.
 *
 * <p>Overlong text is an error by default. With {@code truncate = true} it is cut at the last
 * whole character that fits (a multi-byte UTF-8 sequence is never split).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Capacity {
    /** {@return the capacity in bytes, at least 1} */
    int value();

    /** {@return the character encoding} */
    Encoding encoding() default Encoding.UTF_8;

    /** {@return whether the stored text must be followed by a NUL byte} */
    boolean nulTerminated() default true;

    /** {@return whether overlong text is cut at a character boundary instead of refused} */
    boolean truncate() default false;
}

package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The layout version that added this component. A record's layout version is the highest {@code @Since} of its
 * components (1 when none has one). With a layout lock ({@code -Astructbridge.layoutLock=<folder>}, see
 * docs/layout-lock.md) the processor accepts a new component only at the end of the struct, after every member
 * of the locked version, and only with {@code @Since} above that version; a struct file of the older version
 * then still reads the same bytes at the same offsets.
 *
 * <p>Components without {@code @Since} belong to version 1; the values must not decrease in declaration order
 * (members are appended, never inserted).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Since {
    /** {@return the layout version, at least 1} */
    int value();
}

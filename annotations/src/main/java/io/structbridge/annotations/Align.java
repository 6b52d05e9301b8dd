package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Minimum alignment in bytes of one component, like C11 {@code _Alignas(n)} on a member: it can
 * raise, never lower, the member's alignment (C11 6.7.5). Must be a power of two. Not allowed in a
 * struct with {@link Struct#pack()}, where compilers disagree on which rule wins.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Align {
    /** {@return the alignment in bytes} */
    int value();
}

package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asserted offset in bytes of a component from the start of the struct ({@code offsetof}). It
 * moves nothing: the build fails if the computed offset differs, so a record can be pinned to an
 * existing C declaration.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Offset {
    /** {@return the expected offset in bytes} */
    long value();
}

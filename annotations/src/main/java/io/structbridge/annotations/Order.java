package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Byte order of one scalar component (or of each element of a primitive array component),
 * overriding {@link Struct#order()}. Example: the port of {@code struct sockaddr_in} is
 * {@code @Order(Endian.BIG)}. Not allowed on nested structs, strings or booleans.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Order {
    /** {@return the byte order} */
    Endian value();
}

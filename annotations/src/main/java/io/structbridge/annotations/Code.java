package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The stable native code of an enum constant. Every constant of an enum used as a struct
 * component carries one; codes are distinct and fit the component's {@link NativeType}
 * ({@code int32_t} by default). Reading a code no constant has is an error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface Code {
    /** {@return the code} */
    long value();
}

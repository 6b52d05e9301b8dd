package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A C pointer member, declared as a {@code java.lang.foreign.MemorySegment} component: 8 bytes,
 * alignment 8 on x86-64 (System V psABI, LP64) and AArch64 (AAPCS64, LP64); FFM {@code ADDRESS}.
 * The C header declares {@code void *}, {@code char *} ({@link #cString}) or {@code struct T *}
 * ({@link #target}).
 *
 * <p>Reading returns a {@code MemorySegment} at the stored address, sized to the target struct
 * ({@code TStruct.SIZE}) when {@link #target} names one and zero-length otherwise
 * ({@code MemorySegment.NULL} for a null pointer). Sizing a segment from a raw address is a restricted
 * FFM operation: run with {@code --enable-native-access}. Writing stores {@code segment.address()};
 * only live native segments are accepted (a heap segment has no stable address; a segment whose arena is
 * closed has a freed one), anything else is a {@code StructValueException} naming the member, memory
 * unchanged. With {@link #cString},
 * the view and the {@code RStruct} class add {@code xString(long maxBytes)}, which reads the
 * NUL-terminated UTF-8 text at the address, at most {@code maxBytes} bytes before the NUL.
 *
 * <p>An address means nothing outside the process, so a struct with a pointer member (directly or in
 * a nested struct) gets no JSON codec, no JSON Schema and no Pydantic model (a compile-time note says
 * so); in Python ctypes it is {@code c_void_p}, in NumPy {@code u8} (the address as a number, for
 * in-process use only), in cffi the C pointer type, in Mojo {@code UInt64}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface Pointer {
    /** {@return the {@code @Struct} record pointed to, or {@code void.class} (the default) for {@code void *}} */
    Class<?> target() default void.class;

    /** {@return whether it points to a NUL-terminated C string ({@code char *}); not with {@link #target}} */
    boolean cString() default false;
}

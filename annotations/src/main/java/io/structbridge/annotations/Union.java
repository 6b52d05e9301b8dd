package io.structbridge.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a record is a native C {@code union}: every component is a member that starts at
 * offset 0, so all members share the same bytes.
 *
 * <p>Layout (C11 6.7.2.1p6 and p16; System V AMD64 ABI 3.1.2 "Aggregates and Unions"; AAPCS64
 * 5.7): the alignment is the largest member alignment (each member's capped by {@link #pack},
 * raised by {@link Align}, and the whole raised by {@link #align}); the size is the largest member
 * size rounded up to that alignment. A union record nests in a {@link Struct} record (or another
 * union) like a struct, alone or as an array with {@link Length}, and its members may be scalars,
 * enums, strings, arrays and nested structs or unions.
 *
 * <p>The processor generates the same classes and files as for {@link Struct}: {@code RStruct}
 * (an FFM {@code unionLayout}), {@code RView} (a getter and a setter per member), {@code RArray}, the
 * C header ({@code typedef union}) and the Python module ({@code ctypes.Union}, a NumPy dtype with
 * overlapping fields, a cffi declaration) and the Mojo file. Writing one member and reading another
 * reinterprets the bytes, as in C; writing a whole record value requires every member to read back
 * as given (the values are consistent views of one set of bytes), else the write fails and leaves
 * memory unchanged.
 *
 * <p>JSON: the bytes of a union do not say which member is live, so a union has no JSON
 * representation of its own: no JSON codec or JSON Schema is generated for a union or a record that
 * contains one, and the processor says so with {@code [SB-UNION-NO-JSON]}. A union component
 * tagged with {@link Tag} (its members carrying {@link Case}) has JSON through the enclosing struct:
 * only the live member is written and read. Bean Validation constraints on union members are
 * allowed when every member has a {@link Case}; they are checked on the live member only.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Union {
    /**
     * Maximum member alignment in bytes, like {@code #pragma pack(n)}: see {@link Struct#pack()}.
     * Allowed: 0 (natural), 1, 2, 4, 8, 16.
     *
     * @return the packing in bytes, or 0 for none
     */
    int pack() default 0;

    /**
     * Minimum alignment of the union in bytes, like C11 {@code _Alignas} on the union: see
     * {@link Struct#align()}. Must be 0 or a power of two.
     *
     * @return the alignment in bytes, or 0 for the computed one
     */
    int align() default 0;

    /**
     * Byte order of every scalar member that does not name its own with {@link Order}.
     *
     * @return the byte order
     */
    Endian order() default Endian.NATIVE;

    /**
     * Asserted total size in bytes ({@code sizeof}); {@code -1} (the default) asserts nothing.
     *
     * @return the expected size in bytes, or -1
     */
    long size() default -1;
}

package io.structbridge.runtime;

/**
 * Checks and error builders called by generated code. None converts a value: a value that does
 * not fit is an error, never truncated, wrapped or rounded.
 */
public final class Values {
    private Values() {}

    /**
     * {@return the error for a value outside its native range} Generated code compares inline and
     * calls this only on failure, so the happy path allocates nothing.
     *
     * @param v the value
     * @param min the smallest value of the native type
     * @param max the largest value of the native type
     * @param ctype the C type name for the message, e.g. {@code uint8_t}
     * @param struct the record's simple name
     * @param path the component path
     */
    public static StructValueException outOfRange(long v, long min, long max, String ctype, String struct, String path) {
        return new StructValueException(struct, path,
                "must fit " + ctype + " (" + min + ".." + max + ")", Long.toString(v), -1);
    }

    /**
     * {@return the error for a {@code double} that a {@code float} member cannot hold exactly}
     *
     * @param v the value
     * @param struct the record's simple name
     * @param path the component path
     */
    public static StructValueException inexactFloat(double v, String struct, String path) {
        return new StructValueException(struct, path,
                "must be exactly representable as float (IEEE 754 binary32)", Double.toString(v), -1);
    }

    /**
     * {@return the error for a {@code float} that a {@code _Float16} member cannot hold exactly}
     * (IEEE 754 binary16: 11 significant bits, normal range up to 65504, subnormals down to 2^-24).
     *
     * @param v the value
     * @param struct the record's simple name
     * @param path the component path
     */
    public static StructValueException inexactHalf(float v, String struct, String path) {
        return new StructValueException(struct, path,
                "must be exactly representable as _Float16 (IEEE 754 binary16; nearest half "
                        + Float.float16ToFloat(Float.floatToFloat16(v)) + ")", Float.toString(v), -1);
    }

    /**
     * {@return {@code value}} if it is not null.
     *
     * @param value the component value
     * @param struct the record's simple name
     * @param path the component path
     * @param <T> the component type
     * @throws StructValueException if {@code value} is null
     */
    public static <T> T nonNull(T value, String struct, String path) {
        if (value == null) {
            throw new StructValueException(struct, path, "must not be null (native structs have no null)", null, -1);
        }
        return value;
    }

    /**
     * Checks a value for a C pointer member: a native segment, whose address is stored.
     *
     * @param value the segment ({@code MemorySegment.NULL} for a null pointer)
     * @param struct the record's simple name
     * @param path the component path
     * @throws StructValueException if {@code value} is null, a heap segment (which has no stable address), or a
     *     segment whose arena is closed ({@code value.scope().isAlive()} false: its address is freed memory, which a
     *     reader following the pointer would read)
     */
    public static void nativeAddress(java.lang.foreign.MemorySegment value, String struct, String path) {
        if (value == null) {
            throw new StructValueException(struct, path, "must not be null (a null pointer is MemorySegment.NULL)", null, -1);
        }
        if (!value.isNative()) {
            throw new StructValueException(struct, path, "must be a native segment: a heap segment has no address to store",
                    value.toString(), -1);
        }
        if (!value.scope().isAlive()) {
            throw new StructValueException(struct, path,
                    "must be a live native segment: its arena is closed, so its address is freed memory", value.toString(), -1);
        }
    }

    /**
     * {@return the error for a null element of an array component}
     *
     * @param struct the record's simple name
     * @param path the component name
     * @param index the element index
     */
    public static StructValueException nullElement(String struct, String path, int index) {
        return new StructValueException(struct, path + "[" + index + "]",
                "must not be null (native structs have no null)", null, -1);
    }

    /**
     * Checks the length of an array component.
     *
     * @param actual the array's length
     * @param expected the declared {@code @Length}
     * @param struct the record's simple name
     * @param path the component path
     * @throws StructValueException if the lengths differ
     */
    public static void length(int actual, int expected, String struct, String path) {
        if (actual != expected) {
            throw new StructValueException(struct, path,
                    "array length must be exactly " + expected, "array of length " + actual, -1);
        }
    }

    /**
     * {@return the error for a C {@code bool} byte other than 0 or 1}
     *
     * @param b the stored byte
     * @param struct the record's simple name
     * @param path the component path
     * @param offset the byte offset within the segment
     */
    public static StructValueException badBool(byte b, String struct, String path, long offset) {
        return new StructValueException(struct, path, "bool byte must be 0 or 1",
                String.format("0x%02x", b & 0xff), offset);
    }

    /**
     * {@return the error for a stored {@code uint64_t} above {@code Long.MAX_VALUE}}
     *
     * @param v the stored 64 bits
     * @param struct the record's simple name
     * @param path the component path
     * @param offset the byte offset within the segment
     */
    public static StructValueException uint64TooLarge(long v, String struct, String path, long offset) {
        return new StructValueException(struct, path,
                "uint64_t value does not fit a Java long (0.." + Long.MAX_VALUE + ")",
                Long.toUnsignedString(v), offset);
    }

    /**
     * The error for a stored enum code that no constant has.
     *
     * @param code the stored code
     * @param enumName the enum's simple name
     * @param struct the record's simple name
     * @param path the component path
     * @param offset the byte offset within the segment
     * @return the exception to throw
     */
    public static StructValueException unknownCode(long code, String enumName, String struct, String path, long offset) {
        return new StructValueException(struct, path, "unknown " + enumName + " code", Long.toString(code), offset);
    }
}

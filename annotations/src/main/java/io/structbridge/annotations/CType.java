package io.structbridge.annotations;

/**
 * A C scalar type from {@code <stdint.h>} and {@code <stdbool.h>}, with its size in bytes. The
 * natural alignment of each equals its size on System V AMD64 and AAPCS64.
 */
public enum CType {
    /** {@code bool}, 1 byte; only the bytes 0 and 1 are valid. */
    BOOL(1),
    /** {@code int8_t}, 1 byte, -128..127. */
    INT8(1),
    /** {@code uint8_t}, 1 byte, 0..255. */
    UINT8(1),
    /** {@code int16_t}, 2 bytes. */
    INT16(2),
    /** {@code uint16_t}, 2 bytes, 0..65535. */
    UINT16(2),
    /** {@code int32_t}, 4 bytes. */
    INT32(4),
    /** {@code uint32_t}, 4 bytes, 0..4294967295. */
    UINT32(4),
    /** {@code int64_t}, 8 bytes. */
    INT64(8),
    /**
     * {@code uint64_t}, 8 bytes. Held in a Java {@code long}, so the range is enforced as
     * 0..{@code Long.MAX_VALUE}: writing a negative value or reading one with the top bit set fails.
     */
    UINT64(8),
    /** {@code float}, IEEE 754 binary32, 4 bytes. */
    FLOAT(4),
    /** {@code double}, IEEE 754 binary64, 8 bytes. */
    DOUBLE(8);

    private final int size;

    CType(int size) {
        this.size = size;
    }

    /** {@return the size in bytes, which is also the natural alignment} */
    public int size() {
        return size;
    }
}

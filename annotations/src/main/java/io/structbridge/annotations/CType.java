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
    DOUBLE(8),
    /**
     * {@code uint64_t}, 8 bytes, the full range 0..18446744073709551615, held in a Java {@code long}
     * as the same 64 bits (as SBE does): values from 2^63 up read as negative {@code long}s, so compare
     * with {@link Long#compareUnsigned}, print with {@link Long#toUnsignedString(long)} and divide with
     * {@link Long#divideUnsigned}. Every bit pattern is a value: no check on write or read. JSON is the
     * unsigned decimal ({@code 18446744073709551615} for {@code -1L}), the JSON Schema range
     * 0..18446744073709551615. Numeric Jakarta constraints are refused on it at compile time
     * (Hibernate Validator compares a {@code long} signed, so {@code @Max} would mean two things).
     * Only on a {@code long}; {@link #UINT64} keeps the checked mode (0..{@code Long.MAX_VALUE}).
     */
    UINT64_BITS(8),
    /**
     * {@code _Float16}, IEEE 754 binary16 (half), 2 bytes, on a Java {@code float}: a write accepts
     * only values a half holds exactly (as {@link #FLOAT} on a {@code double}); NaN and the
     * infinities are accepted (a NaN is stored as a half NaN, its payload not kept, as {@code FLOAT}
     * keeps no payload beyond binary32). Conversion: {@link Float#floatToFloat16} and
     * {@link Float#float16ToFloat} (Java 20+). The C header declares it {@code _Float16} where the
     * compiler has it ({@code __FLT16_MAX__} defined: gcc and g++ 12+ on x86-64 and AArch64) and
     * {@code uint16_t} bits otherwise; CUDA's {@code __half} has the same 2-byte storage.
     */
    FLOAT16(2);

    private final int size;

    CType(int size) {
        this.size = size;
    }

    /** {@return the size in bytes, which is also the natural alignment} */
    public int size() {
        return size;
    }
}

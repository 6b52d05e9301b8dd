package io.structbridge.processor.layout;

/**
 * Where a bit-field's bits are.
 *
 * @param bitOffset the offset in bits from bit 0 (least significant bit) of the struct's byte 0
 * @param width the width in bits
 */
public record BitPlacement(long bitOffset, int width) {
    /** {@return the offset of the first byte holding any of the bits} */
    public long firstByte() {
        return bitOffset >>> 3;
    }

    /** {@return the offset just past the last byte holding any of the bits} */
    public long endByte() {
        return (bitOffset + width + 7) >>> 3;
    }

    /** {@return the bit position within {@link #firstByte()}, 0..7} */
    public int shift() {
        return (int) (bitOffset & 7);
    }
}

package io.structbridge.spark;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Text members read 8 bytes at a time over the split's data: the length up to the first NUL and whether the text is
 * US-ASCII, without copying it. A word may reach past the member into the next member or struct, never past the
 * data: a member shorter than 8 bytes at the data's end is read byte by byte.
 */
final class TextWords {
    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;

    /** What {@link #asciiLength} returns when the text needs the full check: a byte above 0x7F, no NUL, or no word fits. */
    static final int SLOW = -1;

    private TextWords() {}

    /** {@return the high bit of every zero byte of {@code w}; exact for the lowest zero byte} */
    private static long zeros(long w) {
        return (w - ONES) & ~w & HIGH;
    }

    /** {@return a mask of the low {@code k} bytes (0 to 8)} */
    private static long low(int k) {
        return k >= 8 ? -1L : (1L << (8 * k)) - 1;
    }

    /**
     * {@return the number of bytes before the first NUL of the text member at byte {@code at}, if every one of them is
     * US-ASCII (0x01 to 0x7F) and the text is complete (a NUL within the capacity, or all of it when no NUL is
     * required), else {@link #SLOW}} Checks nothing else: {@code SLOW} hands the value to the caller's full check.
     * {@code TextWordsTest} holds it to the byte-by-byte definition.
     *
     * @param data the split's data
     * @param at the byte offset of the member in {@code data}
     * @param capacity the member size in bytes (at least 1)
     * @param nulTerminated whether a NUL must end the text within the capacity
     */
    static int asciiLength(MemorySegment data, long at, int capacity, boolean nulTerminated) {
        int n = 0;
        for (; n <= capacity - 8; n += 8) {
            long w = data.get(WORD, at + n);
            long z = zeros(w);
            if (z != 0) {
                int k = Long.numberOfTrailingZeros(z) >>> 3;
                return (w & low(k) & HIGH) != 0 ? SLOW : n + k;
            }
            if ((w & HIGH) != 0) {
                return SLOW;
            }
        }
        int r = capacity - n;
        if (r > 0) {
            long w;
            if (capacity >= 8) {
                w = data.get(WORD, at + capacity - 8) >>> (8 * (8 - r)); // the last r bytes, zeros shifted in above them
            } else if (at + 8 <= data.byteSize()) {
                w = data.get(WORD, at) & low(r);
            } else {
                w = 0; // a short member at the data's end: no word fits, its bytes one by one
                for (int i = 0; i < r; i++) {
                    w |= (data.get(ValueLayout.JAVA_BYTE, at + i) & 0xffL) << (8 * i);
                }
            }
            int k = Long.numberOfTrailingZeros(zeros(w)) >>> 3; // at most r: byte r of w is zero
            if ((w & low(k) & HIGH) != 0) {
                return SLOW;
            }
            if (k < r) {
                return n + k;
            }
        }
        return nulTerminated ? SLOW : capacity;
    }

    /**
     * {@return the bytes before the first NUL of the text member at {@code at} (capacity at most 8) packed little-endian
     * into a long, as a byte-by-byte read packs them}
     *
     * @param data the split's data
     * @param at the byte offset of the member in {@code data}
     * @param capacity the member size in bytes, 1 to 8
     */
    static long packed(MemorySegment data, long at, int capacity) {
        long w;
        if (at + 8 <= data.byteSize()) {
            w = data.get(WORD, at) & low(capacity);
        } else {
            w = 0;
            for (int i = 0; i < capacity; i++) {
                w |= (data.get(ValueLayout.JAVA_BYTE, at + i) & 0xffL) << (8 * i);
            }
        }
        int k = Long.numberOfTrailingZeros(zeros(w | ~low(capacity) & ONES)) >>> 3; // a 1 above the capacity: k <= capacity
        return w & low(k);
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads one integer element of a column (a bool byte, an integer, an enum code or a bit-field) as a
 * {@code long}: sign-extended if the column is signed, zero-extended if not (a {@code uint64} keeps its
 * 64 bits), in the column's byte order. A bit-field is read as its bytes taken as one little-endian
 * unsigned integer, shifted right by its position and masked to its width (see {@link Column}).
 */
final class IntReader {
    private final int size;
    private final boolean signed;
    private final int shift;
    private final int width;
    private final ValueLayout.OfShort s2;
    private final ValueLayout.OfInt s4;
    private final ValueLayout.OfLong s8;

    IntReader(Column c) {
        this.size = c.elementSize();
        this.signed = c.signed();
        this.shift = c.bitShift();
        this.width = c.bitWidth();
        this.s2 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(c.order());
        this.s4 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(c.order());
        this.s8 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(c.order());
    }

    /** {@return the element at byte offset {@code at} of {@code s}} */
    long read(MemorySegment s, long at) {
        if (width > 0) {
            return bits(s, at);
        }
        return switch (size) {
            case 1 -> signed ? s.get(ValueLayout.JAVA_BYTE, at) : s.get(ValueLayout.JAVA_BYTE, at) & 0xffL;
            case 2 -> signed ? s.get(s2, at) : s.get(s2, at) & 0xffffL;
            case 4 -> signed ? s.get(s4, at) : s.get(s4, at) & 0xffff_ffffL;
            default -> s.get(s8, at);
        };
    }

    private long bits(MemorySegment s, long at) {
        long v = 0;
        for (int i = 0; i < size; i++) {
            long b = s.get(ValueLayout.JAVA_BYTE, at + i) & 0xffL;
            int pos = 8 * i - shift;
            if (pos >= 0 && pos < 64) {
                v |= b << pos;
            } else if (pos < 0) {
                v |= b >>> -pos;
            }
        }
        if (width < 64) {
            v &= (1L << width) - 1;
            if (signed && (v >>> (width - 1) & 1) != 0) {
                v |= -1L << width;
            }
        }
        return v;
    }
}

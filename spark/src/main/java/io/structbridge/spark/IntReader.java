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
    private final boolean big;

    IntReader(Column c) {
        this.size = c.elementSize();
        this.signed = c.signed();
        this.shift = c.bitShift();
        this.width = c.bitWidth();
        this.big = c.order() == java.nio.ByteOrder.BIG_ENDIAN;
    }

    /** {@return the element at byte offset {@code at} of {@code s}} */
    long read(MemorySegment s, long at) {
        if (width > 0) {
            return bits(s, at);
        }
        return switch (size) {
            case 1 -> signed ? s.get(ValueLayout.JAVA_BYTE, at) : s.get(ValueLayout.JAVA_BYTE, at) & 0xffL;
            case 2 -> signed ? Layouts.short16(s, at, big) : Layouts.short16(s, at, big) & 0xffffL;
            case 4 -> signed ? Layouts.int32(s, at, big) : Layouts.int32(s, at, big) & 0xffff_ffffL;
            default -> Layouts.int64(s, at, big);
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

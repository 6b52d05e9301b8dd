package io.structbridge.arrow;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Strided element copies for the export's transpose: {@code n} elements of 1, 2, 4 or 8 bytes from
 * {@code src + s + i * ss} to {@code dst + d + i * ds}, either unchanged or byte-swapped (a member in the
 * non-native byte order becomes a native-order Arrow value). One int-counted loop per element size and
 * order, constant layouts, so the JIT compiles each to a tight loop with the bounds checks hoisted.
 */
final class Strided {
    private Strided() {}

    static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    /**
     * Copies {@code n} elements of {@code size} bytes (1, 2, 4 or 8), swapping their bytes if {@code swap}.
     *
     * @param src the source
     * @param s the byte offset of element 0 in {@code src}
     * @param ss the bytes between source elements
     * @param dst the target
     * @param d the byte offset of element 0 in {@code dst}
     * @param ds the bytes between target elements
     * @param n the number of elements
     * @param size the element size in bytes
     * @param swap whether to reverse the bytes of each element
     */
    static void copy(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n, int size, boolean swap) {
        switch (size) {
            case 1 -> copy1(src, s, ss, dst, d, ds, n);
            case 2 -> {
                if (swap) {
                    swap2(src, s, ss, dst, d, ds, n);
                } else {
                    copy2(src, s, ss, dst, d, ds, n);
                }
            }
            case 4 -> {
                if (swap) {
                    swap4(src, s, ss, dst, d, ds, n);
                } else {
                    copy4(src, s, ss, dst, d, ds, n);
                }
            }
            case 8 -> {
                if (swap) {
                    swap8(src, s, ss, dst, d, ds, n);
                } else {
                    copy8(src, s, ss, dst, d, ds, n);
                }
            }
            default -> throw new IllegalArgumentException("element size " + size);
        }
    }

    private static void copy1(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(BYTE, d + i * ds, src.get(BYTE, s + i * ss));
        }
    }

    private static void copy2(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(SHORT, d + i * ds, src.get(SHORT, s + i * ss));
        }
    }

    private static void copy4(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(INT, d + i * ds, src.get(INT, s + i * ss));
        }
    }

    private static void copy8(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(LONG, d + i * ds, src.get(LONG, s + i * ss));
        }
    }

    private static void swap2(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(SHORT, d + i * ds, Short.reverseBytes(src.get(SHORT, s + i * ss)));
        }
    }

    private static void swap4(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(INT, d + i * ds, Integer.reverseBytes(src.get(INT, s + i * ss)));
        }
    }

    private static void swap8(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n) {
        for (int i = 0; i < n; i++) {
            dst.set(LONG, d + i * ds, Long.reverseBytes(src.get(LONG, s + i * ss)));
        }
    }
}

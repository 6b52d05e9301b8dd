package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Copies {@code n} blocks of {@code width} bytes between two strided sequences: block {@code i} goes from
 * {@code srcBase + i * srcStride} to {@code dstBase + i * dstStride}, bytes unchanged ({@link #copy}) or,
 * for elements of 1, 2, 4 or 8 bytes, optionally byte-swapped ({@link #copyElements}: a member in the
 * non-native byte order becomes a native-order value). Used to transpose between an array of structs and
 * a column (struct-of-arrays) and by the Arrow export. Widths 1, 2, 4 and 8 move one unaligned primitive per block in an int-counted
 * loop (one JIT-compiled loop per width, bounds checks hoisted); other widths one
 * {@link MemorySegment#copy} per block. A transpose is one such copy per column (copying row blocks
 * of all columns at a time was measured slower for 32-byte structs: benchmarks run 25).
 */
public final class StridedCopy {
    private StridedCopy() {}

    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    /**
     * Copies the blocks (bounds checked by the segments).
     *
     * @param src the source segment
     * @param srcBase the byte offset of block 0 in {@code src}
     * @param srcStride the bytes between consecutive source blocks
     * @param dst the target segment
     * @param dstBase the byte offset of block 0 in {@code dst}
     * @param dstStride the bytes between consecutive target blocks
     * @param width the bytes of one block
     * @param n the number of blocks
     */
    public static void copy(MemorySegment src, long srcBase, long srcStride, MemorySegment dst, long dstBase, long dstStride,
                     long width, long n) {
        if (width != 1 && width != 2 && width != 4 && width != 8 && srcStride == width && dstStride == width) {
            MemorySegment.copy(src, srcBase, dst, dstBase, width * n);
            return;
        }
        long s = srcBase;
        long d = dstBase;
        for (long done = 0; done < n; ) {
            int cnt = (int) Math.min(n - done, 1 << 20);
            switch ((int) Math.min(width, 9)) {
                case 1 -> copy1(src, s, srcStride, dst, d, dstStride, cnt);
                case 2 -> copy2(src, s, srcStride, dst, d, dstStride, cnt);
                case 4 -> copy4(src, s, srcStride, dst, d, dstStride, cnt);
                case 8 -> copy8(src, s, srcStride, dst, d, dstStride, cnt);
                default -> {
                    for (int i = 0; i < cnt; i++) {
                        MemorySegment.copy(src, s + i * srcStride, dst, d + i * dstStride, width);
                    }
                }
            }
            done += cnt;
            s += cnt * srcStride;
            d += cnt * dstStride;
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

    /**
     * Copies {@code n} elements of {@code size} bytes (1, 2, 4 or 8) from {@code src + s + i * ss} to
     * {@code dst + d + i * ds}, reversing the bytes of each element if {@code swap} (bounds checked by the
     * segments). One int-counted loop per element size and order, constant layouts.
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
     * @throws IllegalArgumentException if {@code size} is not 1, 2, 4 or 8
     */
    public static void copyElements(MemorySegment src, long s, long ss, MemorySegment dst, long d, long ds, int n, int size,
                                    boolean swap) {
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

package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Copies {@code n} blocks of {@code width} bytes between two strided sequences, bytes unchanged (no
 * byte swapping): block {@code i} goes from {@code srcBase + i * srcStride} to
 * {@code dstBase + i * dstStride}. Used to transpose between an array of structs and a column
 * (struct-of-arrays). Widths 1, 2, 4 and 8 move one unaligned primitive per block in an int-counted
 * loop (one JIT-compiled loop per width, bounds checks hoisted); other widths one
 * {@link MemorySegment#copy} per block. A transpose is one such copy per column (copying row blocks
 * of all columns at a time was measured slower for 32-byte structs: benchmarks run 25).
 */
final class StridedCopy {
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
    static void copy(MemorySegment src, long srcBase, long srcStride, MemorySegment dst, long dstBase, long dstStride,
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
}

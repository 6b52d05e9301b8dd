package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Copies {@code n} blocks of {@code width} bytes between two strided sequences, bytes unchanged (no
 * byte swapping): block {@code i} goes from {@code srcBase + i * srcStride} to
 * {@code dstBase + i * dstStride}. Used to transpose between an array of structs and a column
 * (struct-of-arrays). Widths 1, 2, 4 and 8 move one unaligned primitive per block (a JIT intrinsic);
 * other widths one {@link MemorySegment#copy} per block.
 */
final class StridedCopy {
    private StridedCopy() {}

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
        long s = srcBase;
        long d = dstBase;
        switch ((int) Math.min(width, 9)) {
            case 1 -> {
                for (long i = 0; i < n; i++, s += srcStride, d += dstStride) {
                    dst.set(ValueLayout.JAVA_BYTE, d, src.get(ValueLayout.JAVA_BYTE, s));
                }
            }
            case 2 -> {
                for (long i = 0; i < n; i++, s += srcStride, d += dstStride) {
                    dst.set(SHORT, d, src.get(SHORT, s));
                }
            }
            case 4 -> {
                for (long i = 0; i < n; i++, s += srcStride, d += dstStride) {
                    dst.set(INT, d, src.get(INT, s));
                }
            }
            case 8 -> {
                for (long i = 0; i < n; i++, s += srcStride, d += dstStride) {
                    dst.set(LONG, d, src.get(LONG, s));
                }
            }
            default -> {
                if (srcStride == width && dstStride == width) {
                    MemorySegment.copy(src, s, dst, d, width * n);
                    return;
                }
                for (long i = 0; i < n; i++, s += srcStride, d += dstStride) {
                    MemorySegment.copy(src, s, dst, d, width);
                }
            }
        }
    }
}

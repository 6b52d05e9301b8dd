package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;

/** Up-front checks that a whole struct (or array of structs) fits a segment, and of element indexes. */
public final class Bounds {
    private Bounds() {}

    /**
     * Checks that {@code size} bytes at {@code offset} lie inside {@code segment} and that the
     * address is a multiple of {@code alignment}, before any byte is stored, so a failing write
     * leaves the segment unchanged.
     *
     * @param segment the target segment
     * @param offset the byte offset of the struct in the segment
     * @param size the number of bytes that will be accessed
     * @param alignment the struct's alignment in bytes (a power of two)
     * @param struct the record's simple name, for the message
     * @throws IndexOutOfBoundsException if the bytes lie outside the segment
     * @throws IllegalArgumentException if the address is not aligned
     * @throws UnsupportedOperationException if the segment is read-only
     */
    public static void check(MemorySegment segment, long offset, long size, long alignment, String struct) {
        if (offset < 0 || size < 0 || offset > segment.byteSize() - size) {
            throw new IndexOutOfBoundsException(struct + ": " + size + " bytes at offset " + offset
                    + " do not fit a segment of " + segment.byteSize() + " bytes");
        }
        if (((segment.address() + offset) & (alignment - 1)) != 0) {
            throw new IllegalArgumentException(struct + ": address " + Long.toHexString(segment.address() + offset)
                    + " (offset " + offset + ") is not aligned to " + alignment + " bytes");
        }
        if (segment.isReadOnly()) {
            throw new UnsupportedOperationException(struct + ": the segment is read-only");
        }
    }

    /**
     * Checks that {@code count} structs of {@code stride} bytes at {@code offset} lie inside
     * {@code segment} and are aligned, for reading or writing.
     *
     * @param segment the segment
     * @param offset the byte offset of element 0
     * @param count the number of elements
     * @param stride the element stride in bytes
     * @param alignment the element alignment in bytes
     * @param struct the record's simple name, for the message
     * @throws IndexOutOfBoundsException if any element lies outside the segment or count is negative
     * @throws IllegalArgumentException if the address is not aligned
     */
    public static void checkArray(MemorySegment segment, long offset, long count, long stride, long alignment, String struct) {
        if (count < 0 || offset < 0 || (stride != 0 && count > (Long.MAX_VALUE - offset) / stride)
                || offset + count * stride > segment.byteSize()) {
            throw new IndexOutOfBoundsException(struct + ": " + count + " elements of " + stride
                    + " bytes at offset " + offset + " do not fit a segment of " + segment.byteSize() + " bytes");
        }
        if (((segment.address() + offset) & (alignment - 1)) != 0) {
            throw new IllegalArgumentException(struct + ": address " + Long.toHexString(segment.address() + offset)
                    + " (offset " + offset + ") is not aligned to " + alignment + " bytes");
        }
    }

    /**
     * Checks the index of an element of a fixed array member ({@code T name[length]} or {@code S name[length]}).
     *
     * @param index the element index
     * @param length the element count of the array
     * @param struct the record's simple name (or {@code Name[row]} for a row of an array or columns), for the message
     * @param path the member path, for the message
     * @return {@code index}
     * @throws IndexOutOfBoundsException naming the member, the index and the length
     *     ({@code "Sensor.samples: index 7 out of bounds for length 4"}) if {@code index} is not in {@code [0, length)}
     */
    public static int checkElement(int index, int length, String struct, String path) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(struct + "." + path + ": index " + index + " out of bounds for length " + length);
        }
        return index;
    }
}

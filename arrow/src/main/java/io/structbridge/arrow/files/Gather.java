package io.structbridge.arrow.files;

import io.structbridge.runtime.Transposes;

/** Gathers one fixed-width column out of structs held in a {@code byte[]} (array accesses only, no memory segment). */
final class Gather {
    private Gather() {}

    /**
     * Copies {@code width} bytes at {@code offset} of each of {@code rows} structs {@code stride} bytes apart in
     * {@code structs} to {@code out}, row after row ({@code rows * width} bytes), bytes unchanged.
     *
     * @param structs the structs
     * @param offset the column's byte offset in a struct
     * @param stride the struct size in bytes
     * @param width the column's bytes per row: 1, 2, 4 or 8
     * @param rows the number of structs
     * @param out the column, at least {@code rows * width} bytes
     * @throws IllegalArgumentException for another width
     */
    static void column(byte[] structs, int offset, int stride, int width, int rows, byte[] out) {
        switch (width) {
            case 8 -> {
                for (int r = 0; r < rows; r++) {
                    Transposes.BYTES_AS_LONG.set(out, r * 8, (long) Transposes.BYTES_AS_LONG.get(structs, r * stride + offset));
                }
            }
            case 4 -> {
                for (int r = 0; r < rows; r++) {
                    Transposes.BYTES_AS_INT.set(out, r * 4, (int) Transposes.BYTES_AS_INT.get(structs, r * stride + offset));
                }
            }
            case 2 -> {
                for (int r = 0; r < rows; r++) {
                    Transposes.BYTES_AS_SHORT.set(out, r * 2, (short) Transposes.BYTES_AS_SHORT.get(structs, r * stride + offset));
                }
            }
            case 1 -> {
                for (int r = 0; r < rows; r++) {
                    out[r] = structs[r * stride + offset];
                }
            }
            default -> throw new IllegalArgumentException("column width " + width);
        }
    }
}

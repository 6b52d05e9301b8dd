package io.structbridge.processor.layout;

import io.structbridge.annotations.CType;
import io.structbridge.processor.model.FieldType;

/**
 * gcc's allocation of one named bit-field on x86-64 (System V psABI 3.1.2 "Bit-Fields") and AArch64
 * (AAPCS64 8.1.8), little-endian bit order, as measured with gcc 12 and aarch64-linux-gnu-gcc 12 on
 * thousands of random structs (see {@code BitFieldOracleTest}). With the declared type T of size
 * and alignment {@code a} bytes, pack {@code n} (0 when natural) and the running bit cursor:
 * <ul>
 *   <li>each zero-width bit-field {@code Z : 0} before it moves the cursor to a multiple of
 *       {@code 8 * alignof(Z)}, the full alignment, even under pack; on AArch64 it also raises the
 *       struct's alignment to {@code alignof(Z)}, on x86-64 it does not;</li>
 *   <li>without pack, when the field would cross a multiple of {@code 8a} bits, the cursor moves to
 *       that multiple first (no straddling of its storage unit); under pack it never moves;</li>
 *   <li>the field raises the struct's alignment to {@code min(a, n)} (or {@code a} without pack).</li>
 * </ul>
 */
public final class BitFieldAllocator {
    private BitFieldAllocator() {}

    /**
     * Where one bit-field lands.
     *
     * @param bitOffset the first bit of the field
     * @param nextBit the cursor after it
     * @param alignment the alignment it gives the struct (its declared type's, capped by pack)
     * @param zeroWidthAlignment the alignment its zero-width bit-fields give the struct (1 on x86-64)
     */
    public record Placement(long bitOffset, long nextBit, long alignment, long zeroWidthAlignment) {}

    /**
     * @param cursor the running bit cursor
     * @param field the bit-field
     * @param pack the {@code #pragma pack} value, or 0
     * @param abi the ABI whose struct-alignment rule for zero-width bit-fields applies
     */
    public static Placement place(long cursor, FieldType.BitField field, int pack, Abi abi) {
        long bits = cursor;
        long zeroAlign = 1;
        for (CType z : field.zeroWidthBefore()) {
            bits = LayoutEngine.alignUp(bits, 8L * z.size());
            if (abi == Abi.AAPCS64) {
                zeroAlign = Math.max(zeroAlign, z.size());
            }
        }
        long a = field.declared().ctype().size();
        long unit = 8 * a;
        if (pack == 0 && (bits % unit) + field.width() > unit) {
            bits = LayoutEngine.alignUp(bits, unit);
        }
        long alignment = pack > 0 ? Math.min(a, pack) : a;
        return new Placement(bits, Math.addExact(bits, field.width()), alignment, zeroAlign);
    }
}

package io.structbridge.processor.write.python;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;

/**
 * A struct whose alignment comes from its bit-fields (a {@code uint64_t x : 3;} aligns the struct to 8) has
 * only byte arrays in the generated ctypes class and NumPy dtype (the runs' storage bytes), so ctypes and NumPy
 * would give it alignment 1, and nested in a user's {@code Structure} or {@code dtype(align=True)} it would land
 * at the wrong offset. Such a struct gets one zero-length member of an unsigned integer type of its alignment
 * at offset 0, {@code _SB_align} ({@code c_uint64 * 0}, {@code ("=u8", (0,))}): it takes no byte and gives
 * ctypes (every Python version) and NumPy gcc's alignment.
 */
final class PythonBitFieldAlignment {
    private PythonBitFieldAlignment() {}

    /** {@return the alignment the struct needs from _SB_align (2, 4 or 8), or 0 when ctypes sees it already} */
    static long needed(StructLayoutPlan p) {
        long seen = 1;
        boolean bits = false;
        for (Member m : p.members()) {
            if (m.bitField()) {
                bits = true;
                continue;
            }
            seen = Math.max(seen, m.nested() == null ? m.naturalAlignment() : m.nested().alignment());
        }
        long a = p.alignment();
        // reserved members' bytes are padding to ctypes and NumPy, but their alignment is the struct's (gcc's)
        return (bits || !p.reserved().isEmpty()) && a > seen && a <= 8 ? a : 0;
    }

    /** {@return whether a reserved member is aligned as the struct is (gives it its alignment)} */
    private static boolean reservedAlign(StructLayoutPlan p) {
        return p.reserved().stream().anyMatch(m -> Math.min(m.nested() == null ? m.naturalAlignment() : m.nested().alignment(),
                p.model().pack() > 0 ? p.model().pack() : Long.MAX_VALUE) >= p.alignment());
    }

    /** {@return the ctypes field line of {@code p}, or "" when it needs none} */
    static String ctypesField(StructLayoutPlan p) {
        long a = needed(p);
        return a == 0 ? "" : "        (\"_SB_align\", _SB_ctypes.c_uint" + 8 * a + " * 0),  # no bytes: gcc's alignment "
                + a + (p.reserved().isEmpty() || p.members().stream().anyMatch(Member::bitField) && !reservedAlign(p)
                        ? ", which the bit-fields give the struct\n" : ", which its reserved members' bytes give the struct\n");
    }

    /** {@return the cffi declaration of _SB_align (no bytes; cffi's packed=True ignores alignment), or ""} */
    static String cdefField(StructLayoutPlan p) {
        long a = needed(p);
        return a == 0 ? "" : "    uint" + 8 * a + "_t _SB_align[0];\n";
    }

    /** {@return whether the NumPy dtype of {@code p} (aligned, not packed) gets the field {@code _SB_align}} */
    static boolean inDtype(StructLayoutPlan p) {
        return p.model().pack() == 0 && needed(p) > 0;
    }

    /** {@return the NumPy format of _SB_align} */
    static String dtypeFormat(StructLayoutPlan p) {
        return "(\"=u" + needed(p) + "\", (0,))";
    }
}

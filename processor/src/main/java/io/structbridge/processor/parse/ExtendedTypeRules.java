package io.structbridge.processor.parse;

import io.structbridge.annotations.CType;
import io.structbridge.processor.model.JavaPrim;

/**
 * The Java types {@code UINT64_BITS} and {@code FLOAT16} may be declared on: exactly one each, so
 * the bits never change meaning between Java and C.
 */
final class ExtendedTypeRules {
    private ExtendedTypeRules() {}

    /** {@return why the pair is refused, or null} */
    static String mismatch(JavaPrim java, CType ctype) {
        if (ctype == CType.UINT64_BITS && java != JavaPrim.LONG) {
            return "UINT64_BITS keeps all 64 bits of a uint64_t in a Java long; declare the component long"
                    + " (or use UINT64 on a long for the checked range 0..9223372036854775807).";
        }
        if (ctype == CType.FLOAT16 && java != JavaPrim.FLOAT) {
            return "FLOAT16 (IEEE binary16) is held in a Java float, which holds every half exactly; declare the component float.";
        }
        return null;
    }
}

package io.structbridge.processor.parse;

import io.structbridge.annotations.CType;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.JavaPrim;

/** Which C types a Java primitive may be stored as (see {@code @NativeType}). */
final class NativeTypeRules {
    private NativeTypeRules() {}

    /** {@return why the pair makes no sense at all, or null} */
    static String mismatch(JavaPrim java, CType ctype) {
        if (java == JavaPrim.BOOLEAN) {
            return ctype == CType.BOOL ? null : "a boolean is stored as bool (one byte, 0 or 1); remove @NativeType.";
        }
        if (ctype == CType.BOOL) {
            return "bool holds a Java boolean only; declare the component boolean.";
        }
        String extended = ExtendedTypeRules.mismatch(java, ctype);
        if (extended != null) {
            return extended;
        }
        if (java.integral() && !CTypes.integer(ctype)) {
            return "an integer is never stored as a floating-point type (bit patterns are not converted); use an integer C type or declare the component " + (ctype == CType.FLOAT ? "float" : "double") + ".";
        }
        if (!java.integral() && CTypes.integer(ctype)) {
            return "a floating-point value is never stored as an integer type (no silent rounding); use FLOAT or DOUBLE.";
        }
        return null;
    }

    /** {@return whether every value of {@code ctype} fits {@code java} (uint64 in long: enforced range)} */
    static boolean holds(JavaPrim java, CType ctype) {
        if (java == JavaPrim.FLOAT) {
            return ctype == CType.FLOAT || ctype == CType.FLOAT16;
        }
        if (CTypes.rawBits(ctype)) {
            return java == JavaPrim.LONG;
        }
        if (!java.integral()) {
            return true;
        }
        return java.min() <= CTypes.min(ctype) && java.max() >= CTypes.max(ctype);
    }

    static String range(CType ctype) {
        return switch (ctype) {
            case FLOAT -> "binary32";
            case DOUBLE -> "binary64";
            case FLOAT16 -> "binary16";
            case UINT64, UINT64_BITS -> "0..18446744073709551615";
            default -> CTypes.min(ctype) + ".." + CTypes.max(ctype);
        };
    }

    /** {@return the Java type to declare instead} */
    static String suggestion(JavaPrim java, CType ctype) {
        if (ctype == CType.DOUBLE) {
            return "double";
        }
        for (JavaPrim p : new JavaPrim[] {JavaPrim.SHORT, JavaPrim.INT, JavaPrim.LONG}) {
            if (holds(p, ctype)) {
                return p.keyword() + " (e.g. @NativeType(" + ctype + ") " + p.keyword() + ")";
            }
        }
        return "long";
    }
}

package io.structbridge.processor.write;

import io.structbridge.annotations.CType;

/**
 * The kind of a leaf column of a C scalar type, as the runtime's {@code Column.Kind} names it: what Java's
 * {@code RStruct.COLUMNS} and the Python module's {@code ARROW_COLUMNS} both list, so Java's and Python's Arrow
 * exports choose the same Arrow type.
 */
public final class ColumnKinds {
    private ColumnKinds() {}

    /** {@return the name of the {@code Column.Kind} constant for C type {@code t}} */
    public static String of(CType t) {
        return switch (t) {
            case BOOL -> "BOOL";
            case INT8, INT16, INT32, INT64 -> "SIGNED_INT";
            case UINT8, UINT16, UINT32, UINT64 -> "UNSIGNED_INT";
            case UINT64_BITS -> "UINT64_BITS";
            case FLOAT16 -> "FLOAT16";
            case FLOAT -> "FLOAT";
            case DOUBLE -> "DOUBLE";
        };
    }
}

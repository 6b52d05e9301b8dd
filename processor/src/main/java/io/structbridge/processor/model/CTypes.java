package io.structbridge.processor.model;

import io.structbridge.annotations.CType;

/** Facts about C scalar types that the annotation enum does not carry. */
public final class CTypes {
    private CTypes() {}

    /**
     * The file name of structbridge's C Arrow runtime, which every generated header with an Arrow export includes
     * ({@code layout-runtime/src/main/c}): no record's header may take it.
     */
    public static final String ARROW_RUNTIME_HEADER = "structbridge_arrow.h";

    /** {@return the C spelling from {@code <stdint.h>}/{@code <stdbool.h>}} */
    public static String cName(CType t) {
        return switch (t) {
            case BOOL -> "bool";
            case INT8 -> "int8_t";
            case UINT8 -> "uint8_t";
            case INT16 -> "int16_t";
            case UINT16 -> "uint16_t";
            case INT32 -> "int32_t";
            case UINT32 -> "uint32_t";
            case INT64 -> "int64_t";
            case UINT64 -> "uint64_t";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case UINT64_BITS -> "uint64_t";
            case FLOAT16 -> "sb_float16";
        };
    }

    /** {@return whether the type is an integer type (not bool, not floating)} */
    public static boolean integer(CType t) {
        return t != CType.BOOL && !floating(t);
    }

    /** {@return whether the type is an IEEE 754 floating-point type} */
    public static boolean floating(CType t) {
        return t == CType.FLOAT || t == CType.DOUBLE || t == CType.FLOAT16;
    }

    /** {@return whether the type is unsigned} */
    public static boolean unsigned(CType t) {
        return t == CType.UINT8 || t == CType.UINT16 || t == CType.UINT32 || t == CType.UINT64
                || t == CType.UINT64_BITS;
    }

    /** {@return the smallest value; for integer types only} */
    public static long min(CType t) {
        return switch (t) {
            case INT8 -> Byte.MIN_VALUE;
            case INT16 -> Short.MIN_VALUE;
            case INT32 -> Integer.MIN_VALUE;
            case INT64 -> Long.MIN_VALUE;
            default -> 0;
        };
    }

    /**
     * {@return the largest value; for integer types only} {@code uint64_t} reports
     * {@code Long.MAX_VALUE}, the largest a Java {@code long} holds: the enforced range. For
     * {@code UINT64_BITS} (full range, raw bits) it is also {@code Long.MAX_VALUE}: callers that
     * compare values test {@link #rawBits} first.
     */
    public static long max(CType t) {
        return switch (t) {
            case BOOL -> 1;
            case INT8 -> Byte.MAX_VALUE;
            case UINT8 -> 0xff;
            case INT16 -> Short.MAX_VALUE;
            case UINT16 -> 0xffff;
            case INT32 -> Integer.MAX_VALUE;
            case UINT32 -> 0xffff_ffffL;
            case INT64, UINT64, UINT64_BITS -> Long.MAX_VALUE;
            case FLOAT, DOUBLE, FLOAT16 -> 0;
        };
    }

    /** {@return whether the Java {@code long} holds the C value's 64 bits unchecked ({@code UINT64_BITS})} */
    public static boolean rawBits(CType t) {
        return t == CType.UINT64_BITS;
    }

    /** The largest {@code uint64_t}, 2^64-1, as its decimal text. */
    public static final String UINT64_MAX_TEXT = "18446744073709551615";
}

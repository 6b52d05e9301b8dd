package io.structbridge.processor.model;

import io.structbridge.annotations.CType;

/** A Java primitive type, with the range of values it holds. */
public enum JavaPrim {
    BOOLEAN("boolean", 0, 1, CType.BOOL),
    BYTE("byte", Byte.MIN_VALUE, Byte.MAX_VALUE, CType.INT8),
    SHORT("short", Short.MIN_VALUE, Short.MAX_VALUE, CType.INT16),
    CHAR("char", Character.MIN_VALUE, Character.MAX_VALUE, CType.UINT16),
    INT("int", Integer.MIN_VALUE, Integer.MAX_VALUE, CType.INT32),
    LONG("long", Long.MIN_VALUE, Long.MAX_VALUE, CType.INT64),
    FLOAT("float", 0, 0, CType.FLOAT),
    DOUBLE("double", 0, 0, CType.DOUBLE);

    private final String keyword;
    private final long min;
    private final long max;
    private final CType defaultCType;

    JavaPrim(String keyword, long min, long max, CType defaultCType) {
        this.keyword = keyword;
        this.min = min;
        this.max = max;
        this.defaultCType = defaultCType;
    }

    /** {@return the Java keyword} */
    public String keyword() {
        return keyword;
    }

    /** {@return the smallest value (integral types only)} */
    public long min() {
        return min;
    }

    /** {@return the largest value (integral types only)} */
    public long max() {
        return max;
    }

    /** {@return the C type used when no {@code @NativeType} is given} */
    public CType defaultCType() {
        return defaultCType;
    }

    /** {@return whether this is byte, short, char, int or long} */
    public boolean integral() {
        return this != BOOLEAN && this != FLOAT && this != DOUBLE;
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataType;

/** {@code FLOAT16} (widened exactly to {@code float}), {@code float} and {@code double} members, read in place. */
final class FloatingVector extends MappedVector {
    private final long offset;
    private final boolean half;
    private final boolean big;

    FloatingVector(DataType type, MemorySegment data, Rows rows, String member, Column c) {
        super(type, data, rows, member);
        this.offset = c.offset();
        this.half = c.kind() == Column.Kind.FLOAT16;
        this.big = c.order() == java.nio.ByteOrder.BIG_ENDIAN;
    }

    @Override
    public float getFloat(int rowId) {
        long at = rows.offset(rowId) + offset;
        return half ? Float.float16ToFloat(Layouts.short16(data, at, big)) : Layouts.float32(data, at, big);
    }

    @Override
    public double getDouble(int rowId) {
        return Layouts.float64(data, rows.offset(rowId) + offset, big);
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.apache.spark.sql.types.DataType;

/** {@code FLOAT16} (widened exactly to {@code float}), {@code float} and {@code double} members, read in place. */
final class FloatingVector extends MappedVector {
    private final long offset;
    private final boolean half;
    private final ValueLayout.OfShort f16;
    private final ValueLayout.OfFloat f32;
    private final ValueLayout.OfDouble f64;

    FloatingVector(DataType type, MemorySegment data, Rows rows, String member, Column c) {
        super(type, data, rows, member);
        this.offset = c.offset();
        this.half = c.kind() == Column.Kind.FLOAT16;
        this.f16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(c.order());
        this.f32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(c.order());
        this.f64 = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(c.order());
    }

    @Override
    public float getFloat(int rowId) {
        long at = rows.offset(rowId) + offset;
        return half ? Float.float16ToFloat(data.get(f16, at)) : data.get(f32, at);
    }

    @Override
    public double getDouble(int rowId) {
        return data.get(f64, rows.offset(rowId) + offset);
    }
}

package io.structbridge.spark;

import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.vectorized.ColumnarArray;

/**
 * A fixed array {@code T[N]} or {@code S[N]}: value {@code i} is elements {@code [i*N, i*N+N)} of the
 * element vector, whose index space is {@link Rows.Elements}.
 */
final class ArrayVector extends MappedVector {
    private final MappedVector elements;
    private final int count;

    ArrayVector(ArrayType type, MemorySegment data, Rows rows, String member, MappedVector elements, int count) {
        super(type, data, rows, member);
        this.elements = elements;
        this.count = count;
    }

    @Override
    void load(int n) {
        elements.load(Math.multiplyExact(n, count));
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        return new ColumnarArray(elements, rowId * count, count);
    }
}

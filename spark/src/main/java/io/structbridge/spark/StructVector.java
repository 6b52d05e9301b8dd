package io.structbridge.spark;

import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;

/** A nested struct: one child vector per requested member, in the same index space. */
final class StructVector extends MappedVector {
    private final MappedVector[] children;

    StructVector(StructType type, MemorySegment data, Rows rows, String member, MappedVector[] children) {
        super(type, data, rows, member);
        this.children = children.clone();
    }

    @Override
    void load(int n) {
        for (MappedVector c : children) {
            c.load(n);
        }
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        return children[ordinal];
    }
}

package io.structbridge.spark;

import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A tagged union as a struct of its requested members, in the same index space: when a batch loads, the
 * discriminators are read first ({@link LiveCases}), then each member vector checks only the values where it is live
 * and reports the others null ({@link Rows.Member}).
 */
final class UnionVector extends MappedVector {
    private final LiveCases cases;
    private final MappedVector[] members;

    UnionVector(StructType type, MemorySegment data, Rows rows, String member, LiveCases cases, MappedVector[] members) {
        super(type, data, rows, member);
        this.cases = cases;
        this.members = members.clone();
    }

    @Override
    void load(int n) {
        cases.load(n);
        for (MappedVector m : members) {
            m.load(n);
        }
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        return members[ordinal];
    }
}

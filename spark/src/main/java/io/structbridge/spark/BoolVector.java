package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataTypes;

/** C {@code bool} members (and bool bit-fields): every value of a batch is checked to be 0 or 1 when the batch loads. */
final class BoolVector extends MappedVector {
    private final IntReader reader;
    private final long offset;

    BoolVector(MemorySegment data, Rows rows, String member, Column c) {
        super(DataTypes.BooleanType, data, rows, member);
        this.reader = new IntReader(c);
        this.offset = c.offset();
    }

    @Override
    void load(int n) {
        for (int i = 0; i < n; i++) {
            if (mayDie && rows.dead(i)) {
                continue;
            }
            long v = reader.read(data, rows.offset(i) + offset);
            if (v != 0 && v != 1) {
                throw rows.fail(i, member, "bool byte " + v + " is neither 0 nor 1");
            }
        }
    }

    @Override
    public boolean getBoolean(int rowId) {
        return reader.read(data, rows.offset(rowId) + offset) != 0;
    }
}

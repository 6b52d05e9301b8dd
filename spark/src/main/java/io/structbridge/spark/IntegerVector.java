package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;

/**
 * Integer members and bit-fields, read in place. The Spark type always holds every value of the
 * member ({@link SparkTypes}), so each getter returns the stored value exactly; a {@code uint64}
 * ({@code DecimalType(20,0)}) is its unsigned value, never a wrapped negative {@code long}.
 */
final class IntegerVector extends MappedVector {
    private final IntReader reader;
    private final long offset;

    IntegerVector(DataType type, MemorySegment data, Rows rows, String member, Column c) {
        super(type, data, rows, member);
        this.reader = new IntReader(c);
        this.offset = c.offset();
    }

    private long value(int i) {
        return reader.read(data, rows.offset(i) + offset);
    }

    @Override
    public byte getByte(int rowId) {
        return (byte) value(rowId);
    }

    @Override
    public short getShort(int rowId) {
        return (short) value(rowId);
    }

    @Override
    public int getInt(int rowId) {
        return (int) value(rowId);
    }

    @Override
    public long getLong(int rowId) {
        return value(rowId);
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        long v = value(rowId);
        if (v >= 0) {
            return Decimal.apply(v, precision, scale);
        }
        BigInteger unsigned = BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64)); // the uint64 above Long.MAX_VALUE
        return Decimal.apply(new BigDecimal(unsigned), precision, scale);
    }
}

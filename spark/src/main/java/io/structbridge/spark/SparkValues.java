package io.structbridge.spark;

import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/** Spark's internal values of integer types. */
final class SparkValues {
    private SparkValues() {}

    /** {@return {@code v} as the boxed value of {@code type} (ByteType, ShortType, IntegerType or LongType)} */
    static Object integer(DataType type, long v) {
        if (type == DataTypes.ByteType) {
            return (byte) v;
        } else if (type == DataTypes.ShortType) {
            return (short) v;
        } else if (type == DataTypes.IntegerType) {
            return (int) v;
        }
        return v;
    }
}

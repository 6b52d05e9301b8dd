package io.structbridge.spark;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Java records (as the generated reader decodes them: the oracle) and Spark rows brought to one form
 * to compare: structs as lists in field order, arrays as lists, integers as {@code Long}, {@code uint64}
 * as its unsigned {@code BigDecimal}, floats as {@code Double} (widening is exact), enums as names.
 */
final class Normalized {
    private Normalized() {}

    /** {@return the Java value {@code v} as Spark type {@code t} must show it} */
    static Object java(Object v, DataType t) {
        if (v == null) {
            return null; // a dead member of a tagged union
        }
        if (t instanceof StructType st) {
            List<Object> out = new ArrayList<>();
            for (StructField f : st.fields()) {
                out.add(java(component((Record) v, f.name()), f.dataType()));
            }
            return out;
        }
        if (t instanceof ArrayType at) {
            List<Object> out = new ArrayList<>();
            int n = java.lang.reflect.Array.getLength(v);
            for (int i = 0; i < n; i++) {
                out.add(java(java.lang.reflect.Array.get(v, i), at.elementType()));
            }
            return out;
        }
        if (t instanceof DecimalType) {
            return new BigDecimal(new BigInteger(Long.toUnsignedString(((Number) v).longValue())));
        }
        return switch (v) {
            case Enum<?> e -> e.name();
            case Character c -> (long) c.charValue();
            case Float f -> (double) f;
            case Double d -> d;
            case Number n -> n.longValue();
            default -> v; // Boolean, String
        };
    }

    /** {@return the Spark row {@code r} in the same form} */
    static List<Object> spark(Row r, StructType st) {
        List<Object> out = new ArrayList<>();
        StructField[] fs = st.fields();
        for (int i = 0; i < fs.length; i++) {
            out.add(spark(fs[i].dataType() instanceof ArrayType && !r.isNullAt(i) ? r.getList(i) : r.get(i), fs[i].dataType()));
        }
        return out;
    }

    private static Object spark(Object v, DataType t) {
        if (v == null) {
            return null;
        }
        if (t instanceof StructType st) {
            return spark((Row) v, st);
        }
        if (t instanceof ArrayType at) {
            List<Object> out = new ArrayList<>();
            for (Object e : (List<?>) v) {
                out.add(spark(e, at.elementType()));
            }
            return out;
        }
        return switch (v) {
            case BigDecimal d -> d;
            case Float f -> (double) f;
            case Double d -> d;
            case Number n -> n.longValue();
            default -> v;
        };
    }

    private static Object component(Record r, String name) {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            if (c.getName().equals(name)) {
                try {
                    return c.getAccessor().invoke(r);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        throw new IllegalArgumentException(r.getClass() + " has no component " + name);
    }
}

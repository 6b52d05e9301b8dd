package io.structbridge.spark;

import java.io.Serializable;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What a scan reads from each struct: the requested (pruned) schema handed to Spark, the pushed filter (null if
 * none) and the schema of every member the query names ({@link #checked}: the requested members plus those the
 * filter reads), whose bool, enum and text values are checked in every struct of the split, filtered out or not.
 *
 * @param schema the requested schema
 * @param filter the pushed filter, or null
 * @param checked the requested schema plus the top-level members the filter reads
 */
record ReadPlan(StructType schema, FilterSpec filter, StructType checked) implements Serializable {
    /** {@return a plan reading {@code schema} and the members {@code filter} reads from {@code full}} */
    static ReadPlan of(StructType schema, FilterSpec filter, StructType full) {
        StructType checked = schema;
        if (filter != null) {
            for (String name : FilterColumns.of(filter)) {
                if (!has(checked, name)) {
                    checked = checked.add(full.apply(full.fieldIndex(name)));
                }
            }
        }
        return new ReadPlan(schema, filter, checked);
    }

    static boolean has(StructType s, String name) {
        for (StructField f : s.fields()) {
            if (f.name().equals(name)) {
                return true;
            }
        }
        return false;
    }
}

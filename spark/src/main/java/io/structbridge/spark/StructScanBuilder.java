package io.structbridge.spark;

import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.StructType;

/**
 * Column pruning (also of nested struct members): only the requested members get vectors, and only
 * their bytes are touched. Filters: none is pushed, every predicate is handed back to Spark, which
 * evaluates it over the batches. A struct file has no statistics per range and no index, so a reader
 * could skip nothing; evaluating a predicate in the reader would only repeat the work of Spark's
 * generated code over the same vectors.
 */
final class StructScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
    private final ReadOptions options;
    private StructType schema;

    StructScanBuilder(ReadOptions options, StructType schema) {
        this.options = options;
        this.schema = schema;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.schema = requiredSchema;
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        return predicates; // all evaluated by Spark after the scan
    }

    @Override
    public Predicate[] pushedPredicates() {
        return new Predicate[0];
    }

    @Override
    public Scan build() {
        return new StructScan(options, schema);
    }
}

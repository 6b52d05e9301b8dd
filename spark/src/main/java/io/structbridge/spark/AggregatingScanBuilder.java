package io.structbridge.spark;

import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.types.StructType;

/** A {@link StructScanBuilder} that Spark also offers aggregates to (see {@link StructTable#newScanBuilder}). */
final class AggregatingScanBuilder extends StructScanBuilder implements SupportsPushDownAggregates {
    AggregatingScanBuilder(ReadOptions options, StructType schema) {
        super(options, schema);
    }

    @Override
    public boolean supportCompletePushDown(Aggregation a) {
        return completeAggregation(a);
    }

    @Override
    public boolean pushAggregation(Aggregation a) {
        return aggregation(a);
    }
}

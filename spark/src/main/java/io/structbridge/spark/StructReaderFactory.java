package io.structbridge.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Creates the readers on the executors. Without a pushed aggregate: columnar batches over the mapped file (always),
 * rows through the same vectors when Spark asks for rows. With one: each split's partial aggregate as rows
 * ({@link AggregateReader}).
 *
 * @param read the requested (pruned) schema and pushed filter
 * @param aggregate the pushed aggregate, or null
 */
record StructReaderFactory(ReadPlan read, AggregatePlan aggregate) implements PartitionReaderFactory {
    /** A factory reading {@code schema}, nothing pushed. @param schema the requested schema */
    StructReaderFactory(org.apache.spark.sql.types.StructType schema) {
        this(new ReadPlan(schema, null, schema), null);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        if (aggregate != null) {
            return new AggregateReader((StructSplit) partition, read, aggregate);
        }
        return new StructRowReader(new StructBatchReader((StructSplit) partition, read));
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new StructBatchReader((StructSplit) partition, read);
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return aggregate == null;
    }
}

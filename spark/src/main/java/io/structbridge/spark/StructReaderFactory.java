package io.structbridge.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Creates the readers on the executors: columnar batches over the mapped file (always), rows through
 * the same vectors when Spark asks for rows.
 *
 * @param schema the requested (pruned) schema
 */
record StructReaderFactory(StructType schema) implements PartitionReaderFactory {
    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new StructRowReader(new StructBatchReader((StructSplit) partition, schema));
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new StructBatchReader((StructSplit) partition, schema);
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }
}

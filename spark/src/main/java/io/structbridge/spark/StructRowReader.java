package io.structbridge.spark;

import java.io.IOException;
import java.util.Iterator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;

/** The rows of a split, for consumers that ask for rows: each batch's rows, read through the same vectors. */
final class StructRowReader implements PartitionReader<InternalRow> {
    private final StructBatchReader batches;
    private Iterator<InternalRow> rows = java.util.Collections.emptyIterator();

    StructRowReader(StructBatchReader batches) {
        this.batches = batches;
    }

    @Override
    public boolean next() {
        while (!rows.hasNext()) {
            if (!batches.next()) {
                return false;
            }
            rows = batches.get().rowIterator();
        }
        return true;
    }

    @Override
    public InternalRow get() {
        return rows.next();
    }

    @Override
    public void close() throws IOException {
        batches.close();
    }
}

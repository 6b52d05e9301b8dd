package io.structbridge.spark;

import java.io.IOException;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one split as columnar batches through a {@link SplitCursor}: the vectors read the mapping in place, so a batch
 * costs only the checks of its bool, enum and text values.
 *
 * <p>With a pushed filter, each window of structs is first checked whole (every bool, enum and text value of every
 * member the query names: requested or filtered; the same values a read without the filter checks), then the filter
 * is evaluated struct by struct and the batch holds only the structs it keeps (a selection over the window); a window
 * in which no struct holds yields no batch.
 */
final class StructBatchReader implements PartitionReader<ColumnarBatch> {
    private final SplitCursor cursor;
    private final Rows.Top top;
    private final MappedVector[] vectors;
    private final ColumnarBatch batch;
    /** With a filter: the vectors of every member the query names, over the whole window; else null. */
    private final MappedVector[] checks;
    private final Rows.Top checkTop;
    private final RowPredicate filter;
    private final int[] selection;

    /**
     * @param split the split
     * @param read what to read: the requested (pruned) schema and the pushed filter
     */
    StructBatchReader(StructSplit split, ReadPlan read) {
        StructType requested = read.schema();
        Node.Group root = ColumnTree.build(TypeResolver.resolve(split.options().typeName()));
        long multiplicity = Vectors.build(root, read.checked(), java.lang.foreign.MemorySegment.NULL,
                new Rows.Top("", 1, false)).multiplicity();
        int rows = (int) Math.max(1, Math.min(split.options().batchRows(), Integer.MAX_VALUE / 2 / multiplicity));
        this.cursor = new SplitCursor(split, rows);
        try {
            this.top = cursor.newTop();
            this.vectors = Vectors.build(root, requested, cursor.data(), top).vectors();
            this.batch = new ColumnarBatch(vectors.clone());
            if (read.filter() != null) {
                this.checkTop = cursor.newTop();
                this.checks = Vectors.build(root, read.checked(), cursor.data(), checkTop).vectors();
                this.filter = RowFilters.bind(read.filter(), cursor.data(), root);
                this.selection = new int[rows];
            } else {
                this.checkTop = null;
                this.checks = null;
                this.filter = null;
                this.selection = null;
            }
        } catch (RuntimeException | Error e) {
            closeQuietly(e);
            throw e;
        }
    }

    @Override
    public boolean next() {
        while (true) {
            int n = cursor.next();
            if (n == 0) {
                return false;
            }
            top.first = cursor.first();
            int m = filter == null ? n : select(n);
            if (m == 0) {
                continue;
            }
            for (MappedVector v : vectors) {
                v.load(m);
            }
            batch.setNumRows(m);
            return true;
        }
    }

    /** Checks the whole window, then keeps the structs the filter holds for; {@return how many} */
    private int select(int n) {
        checkTop.first = cursor.first();
        for (MappedVector v : checks) {
            v.load(n);
        }
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (filter.test(checkTop.offset(i))) {
                selection[m++] = i;
            }
        }
        top.selection = m == n ? null : selection;
        return m;
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    @Override
    public void close() throws IOException {
        cursor.close();
    }

    private void closeQuietly(Throwable e) {
        try {
            close();
        } catch (IOException | RuntimeException f) {
            e.addSuppressed(f);
        }
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one split as columnar batches: maps the file (checking its header again) and checks that it is
 * the file planning saw (its {@link StructFile#identity()}: a file replaced by rename, grown, shrunk or
 * with a rewritten header fails the split, naming both identities, rather than give rows of another
 * file), then moves a window of at most {@code batchRows} structs over the split; the vectors read the
 * mapping in place, so a batch costs only the checks of its bool, enum and text values. The mapping
 * lives until {@link #close}. Structs rewritten in place under an unchanged header are not detected.
 */
final class StructBatchReader implements PartitionReader<ColumnarBatch> {
    private final StructSplit split;
    private final StructFile<?> file;
    private final Rows.Top top;
    private final MappedVector[] vectors;
    private final ColumnarBatch batch;
    private final int batchRows;
    private long done;

    StructBatchReader(StructSplit split, org.apache.spark.sql.types.StructType requested) {
        this.split = split;
        ReadOptions o = split.options();
        StructType<?> type = TypeResolver.resolve(o.typeName());
        this.file = StructFiles.open(o.path(), type);
        try {
            StructFile.Identity now = file.identity();
            if (!now.equals(split.identity())) {
                throw new StructReadException(o.path(), split.first(), null, "the file changed after the query was planned "
                        + "(planned: " + split.identity() + "; now: " + now + "): run the query again");
            }
            long end = split.first() + split.count();
            if (file.count() < end) {
                long need = file.dataOffset() + end * file.stride();
                throw new StructReadException(o.path(), file.count(), null, "the split reads structs ["
                        + split.first() + ", " + end + ") but the file now holds " + file.count() + " structs (expected at least "
                        + need + " bytes, the file has " + size(o.path()) + "): it was truncated or rewritten after planning");
            }
            // A file of a newer layout version (issue 22) is read in place with the file's stride, its members past the
            // reader's ignored; an older one through the widened copy StructFile made at open (its missing members zero).
            boolean older = file.layoutVersion() < type.lineage().getLast().version();
            this.top = new Rows.Top(o.path(), older ? type.size() : file.stride());
            Vectors.Built built = Vectors.build(ColumnTree.build(type.columns()), requested,
                    older ? file.elements() : file.storedStructs(), top);
            this.vectors = built.vectors();
            this.batchRows = (int) Math.max(1, Math.min(o.batchRows(), Integer.MAX_VALUE / 2 / built.multiplicity()));
            this.batch = new ColumnarBatch(vectors.clone());
        } catch (RuntimeException | Error e) {
            closeQuietly(e);
            throw e;
        }
    }

    private static String size(String path) {
        try {
            return Files.size(Path.of(path)) + " bytes";
        } catch (IOException e) {
            return "an unknown size (" + e.getMessage() + ")";
        }
    }

    @Override
    public boolean next() {
        if (done >= split.count()) {
            return false;
        }
        int n = (int) Math.min(batchRows, split.count() - done);
        top.first = split.first() + done;
        for (MappedVector v : vectors) {
            v.load(n);
        }
        batch.setNumRows(n);
        done += n;
        return true;
    }

    @Override
    public ColumnarBatch get() {
        return batch;
    }

    @Override
    public void close() throws IOException {
        file.close();
    }

    private void closeQuietly(Throwable e) {
        try {
            file.close();
        } catch (IOException | RuntimeException f) {
            e.addSuppressed(f);
        }
    }
}

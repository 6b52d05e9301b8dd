package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
 *
 * <p>A file of a newer layout version is read in place with the file's stride (its members past the reader's are
 * ignored). One of an older version is widened a batch at a time: each batch's structs are copied into one buffer of
 * at most {@code batchRows} structs of the reader's size, each the file's bytes followed by zeros (the value of every
 * member the file's version lacks), so a split's memory is bounded by its batch, not by the file.
 */
final class StructBatchReader implements PartitionReader<ColumnarBatch> {
    private final StructSplit split;
    private final StructFile<?> file;
    private final Rows.Top top;
    private final MappedVector[] vectors;
    private final ColumnarBatch batch;
    private final int batchRows;
    /** For a file of an older layout version: the arena of {@link #widened}; else null. */
    private final Arena arena;
    /** For a file of an older layout version: the current batch's structs widened to the reader's size; else null. */
    private final MemorySegment widened;
    /** The file's structs as stored, {@link StructFile#stride()} bytes apart. */
    private final MemorySegment stored;
    private final long fileStride;
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
            boolean older = file.layoutVersion() < type.lineage().getLast().version();
            this.stored = file.storedStructs();
            this.fileStride = file.stride();
            if (older) {
                long rows = Math.min(split.count(), o.batchRows());
                this.arena = Arena.ofShared();
                this.widened = arena.allocate(Math.max(1, rows) * type.size(), type.alignment());
            } else {
                this.arena = null;
                this.widened = null;
            }
            this.top = new Rows.Top(o.path(), older ? type.size() : file.stride(), older);
            Vectors.Built built = Vectors.build(ColumnTree.build(type.columns()), requested, older ? widened : stored, top);
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
        if (widened != null) {
            // struct j of the batch: the file's bytes, then the zeros the buffer was allocated with (never written)
            for (int j = 0; j < n; j++) {
                MemorySegment.copy(stored, (top.first + j) * fileStride, widened, j * top.stride(), fileStride);
            }
        }
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
        try {
            file.close();
        } finally {
            if (arena != null) {
                arena.close();
            }
        }
    }

    private void closeQuietly(Throwable e) {
        try {
            close();
        } catch (IOException | RuntimeException f) {
            e.addSuppressed(f);
        }
    }
}

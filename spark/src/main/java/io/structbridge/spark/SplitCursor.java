package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One split's structs, a window at a time: maps the file (checking its header again), checks that it is the file
 * planning saw (its {@link StructFile#identity()}: a file replaced by rename, grown, shrunk or with a rewritten header
 * fails the split with a {@link StructReadException} naming both identities) and moves a window of at most
 * {@code windowRows} structs over the split. The mapping lives until {@link #close}. Structs rewritten in place under
 * an unchanged header are not detected.
 *
 * <p>A file of a newer layout version is read in place with the file's stride (its members past the reader's are
 * ignored). One of an older version is widened a window at a time: the window's structs are copied into one buffer of
 * at most {@code windowRows} structs of the reader's size, each the file's bytes followed by zeros (the value of every
 * member the file's version lacks), so a split's memory is bounded by its window, not by the file.
 */
final class SplitCursor implements AutoCloseable {
    private final StructSplit split;
    private final StructType<?> type;
    private final StructFile<?> file;
    /** For a file of an older layout version: the arena of {@link #widened}; else null. */
    private final Arena arena;
    /** For a file of an older layout version: the current window's structs widened to the reader's size; else null. */
    private final MemorySegment widened;
    /** The file's structs as stored, {@link StructFile#stride()} bytes apart. */
    private final MemorySegment stored;
    private final long fileStride;
    private final int windowRows;
    private long done;
    private long first;

    /**
     * @param split the split
     * @param windowRows the most structs per window (at least 1)
     * @throws StructReadException if the file is not the file planning saw or no longer holds the split's structs
     * @throws java.io.UncheckedIOException if the file cannot be opened or its header does not match the type
     */
    SplitCursor(StructSplit split, int windowRows) {
        this.split = split;
        this.windowRows = Math.max(1, windowRows);
        ReadOptions o = split.options();
        this.type = TypeResolver.resolve(o.typeName());
        this.file = StructFiles.open(o.path(), type);
        Arena a = null;
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
            this.stored = file.storedStructs();
            this.fileStride = file.stride();
            if (file.layoutVersion() < type.lineage().getLast().version()) {
                long rows = Math.min(split.count(), this.windowRows);
                a = Arena.ofShared();
                this.widened = a.allocate(Math.max(1, rows) * type.size(), type.alignment());
            } else {
                this.widened = null;
            }
            this.arena = a;
        } catch (RuntimeException | Error e) {
            try {
                file.close();
                if (a != null) {
                    a.close();
                }
            } catch (IOException | RuntimeException f) {
                e.addSuppressed(f);
            }
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

    /** {@return the struct type the split is read as} */
    StructType<?> type() {
        return type;
    }

    /** {@return the file's path, for errors} */
    String path() {
        return split.options().path();
    }

    /** {@return a new index space over this cursor's data: set its {@code first} to {@link #first()} per window} */
    Rows.Top newTop() {
        return new Rows.Top(path(), widened != null ? type.size() : fileStride, widened != null);
    }

    /** {@return the structs the vectors read: the widened window buffer, or the file's structs} */
    MemorySegment data() {
        return widened != null ? widened : stored;
    }

    /** {@return the file index of the current window's first struct} */
    long first() {
        return first;
    }

    /** {@return the number of structs in the next window (0 at the end of the split); moves to it} */
    int next() {
        if (done >= split.count()) {
            return 0;
        }
        int n = (int) Math.min(windowRows, split.count() - done);
        first = split.first() + done;
        if (widened != null) {
            // struct j of the window: the file's bytes, then the zeros the buffer was allocated with (never written)
            long size = type.size();
            for (int j = 0; j < n; j++) {
                MemorySegment.copy(stored, (first + j) * fileStride, widened, j * size, fileStride);
            }
        }
        done += n;
        return n;
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
}

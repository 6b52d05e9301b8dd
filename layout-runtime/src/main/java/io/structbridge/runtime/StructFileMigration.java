package io.structbridge.runtime;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * {@link StructFile#migrate}: a struct file of one layout version rewritten as a new file of another, streamed in
 * bounded chunks, put in place only once complete.
 */
final class StructFileMigration {
    /** The most bytes of structs held in memory at once (one struct when a struct is larger). */
    static final int CHUNK_BYTES = 4 << 20;

    private StructFileMigration() {}

    static <R extends Record> void migrate(Path source, Path target, StructType<R> type) throws IOException {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(type, "type");
        StructFile.refusePointers(target, type);
        List<LayoutVersion> lineage = StructFileLineage.of(target, type);
        try {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(target.toString(), null, "the target exists");
            }
            try (StructFile<R> from = StructFile.open(source, type, false, false)) {
                write(from, target, type, lineage);
            }
        } catch (IOException e) {
            throw StructFile.named(target, "migrate " + source + " to it", e);
        }
    }

    /** Writes the temporary file, flushes it, links it to {@code target}; on failure removes it. */
    private static void write(StructFile<?> from, Path target, StructType<?> type, List<LayoutVersion> lineage)
            throws IOException {
        long count = from.count();
        long size = type.size();
        long dataOffset = StructFileLineage.dataOffset(lineage.size());
        if (StructFileHeader.bytesFor(dataOffset, count, size) < 0) {
            throw new IllegalArgumentException(target + ": " + count + " structs of " + size
                    + " bytes are larger than a file can be");
        }
        Path temp = NewFiles.temporary(target);
        try (TemporaryFileHook _ = new TemporaryFileHook(temp)) {
            writeTemporary(from, temp, target, type, lineage, count, size, dataOffset);
        }
    }

    /** Writes {@code temp} (its shutdown hook registered), flushes it, links it to {@code target}; on failure removes it. */
    private static void writeTemporary(StructFile<?> from, Path temp, Path target, StructType<?> type,
                                       List<LayoutVersion> lineage, long count, long size, long dataOffset) throws IOException {
        FileLocks.Held held = FileLocks.acquire(temp, true, true);
        boolean placed = false;
        Throwable failure = null;
        try {
            MemorySegment head = MemorySegment.ofArray(new byte[Math.toIntExact(dataOffset)]);
            // "being created" (0x2) until the end: every reader refuses the file meanwhile
            StructFileHeader.write(head, type, lineage, size, dataOffset, StructFileHeader.FLAG_CREATING);
            writeFully(held, head.asByteBuffer(), 0);
            copy(from.storedStructs(), from.stride(), held, dataOffset, size, count);
            StructFileHeader.setCount(head, count);
            StructFileHeader.setFlags(head, 0);
            writeFully(held, head.asByteBuffer(), 0);
            held.io(c -> {
                c.force(true);
                return null;
            });
            boolean tempStays = NewFiles.placeNew(temp, target, target);
            placed = true;
            if (tempStays) {
                Files.delete(temp);
            }
        } catch (IOException | RuntimeException | Error e) {
            failure = e;
            if (!placed) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException | RuntimeException d) {
                    e.addSuppressed(d);
                }
            }
            throw e;
        } finally {
            try {
                held.release();
            } catch (IOException e) {
                if (failure == null) {
                    throw e;
                }
                failure.addSuppressed(e);
            }
        }
    }

    /**
     * Writes {@code count} structs of {@code size} bytes at {@code dataOffset}: struct {@code i} is the first
     * {@code min(stride, size)} bytes of {@code structs} at {@code i * stride}, then zeros.
     */
    private static void copy(MemorySegment structs, long stride, FileLocks.Held held, long dataOffset, long size, long count)
            throws IOException {
        if (count == 0) {
            return;
        }
        long width = Math.min(stride, size);
        long perChunk = Math.max(1, CHUNK_BYTES / Math.max(size, stride));
        try (Arena arena = Arena.ofShared()) { // shared: ChannelIo's thread writes it
            MemorySegment buffer = arena.allocate(Math.min(perChunk, count) * size);
            for (long i = 0; i < count; ) {
                long n = Math.min(perChunk, count - i);
                MemorySegment chunk = buffer.asSlice(0, n * size);
                if (width < size) {
                    chunk.fill((byte) 0);
                }
                StridedCopy.copy(structs, i * stride, stride, chunk, 0, size, width, n);
                writeFully(held, chunk.asByteBuffer(), dataOffset + i * size);
                i += n;
            }
        }
    }

    /** Writes all of {@code bytes} at {@code position}, through {@link FileLocks.Held#io} (so no interrupt closes the channel). */
    private static void writeFully(FileLocks.Held held, ByteBuffer bytes, long position) throws IOException {
        held.io(c -> {
            long at = position;
            while (bytes.hasRemaining()) {
                at += c.write(bytes, at);
            }
            return null;
        });
    }
}

package io.structbridge.runtime;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;

/**
 * A file of structs that Java, C ({@code mmap}) and Python ({@code numpy.memmap}, through the
 * generated module's {@code open_array}) share without copying.
 *
 * <p>Format (version 1): a 128-byte header, little-endian whatever the data's byte order —
 * <pre>
 *   0  char[8]  magic "SBRIDGE\0"        48  uint64 data offset (a multiple of 64, at least 128)
 *   8  uint32   version (1)             56  char[32] layout fingerprint (hex, see StructType#fingerprint)
 *  12  uint32   data byte order 1 LE/2 BE  88  char[40] struct name, UTF-8, NUL-padded
 *  16  uint64   struct size              24  uint64 alignment    32  uint64 stride    40  uint64 count
 * </pre>
 * then {@code count} structs at the data offset, {@code stride} bytes apart. The file is mapped
 * with {@link FileChannel#map(FileChannel.MapMode, long, long, Arena)} in a shared arena that
 * {@link #close()} closes, so unmapping is deterministic.
 *
 * @param <R> the record type
 */
public final class StructFile<R extends Record> implements AutoCloseable {
    /** The header size in bytes. */
    public static final int HEADER_SIZE = 128;
    /** The data offset's alignment in bytes (a cache line). */
    public static final int DATA_ALIGNMENT = 64;
    private static final byte[] MAGIC = "SBRIDGE\0".getBytes(StandardCharsets.US_ASCII);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int NATIVE_ORDER = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? 1 : 2;

    private final Path path;
    private final StructType<R> type;
    private final FileChannel channel;
    private final boolean writable;
    private Arena arena;
    private MemorySegment mapping;
    private long capacity;

    private StructFile(Path path, StructType<R> type, FileChannel channel, boolean writable) {
        this.path = path;
        this.type = type;
        this.channel = channel;
        this.writable = writable;
    }

    /**
     * Creates (or truncates) a file for {@code capacity} structs of {@code type}, with count 0.
     *
     * @param path the file
     * @param type the struct type
     * @param capacity the number of structs to reserve room for (it grows when appends need more)
     * @return the open, writable file
     * @throws IOException if the file cannot be created or mapped
     */
    public static <R extends Record> StructFile<R> create(Path path, StructType<R> type, long capacity) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        StructFile<R> f = new StructFile<>(path, type, ch, true);
        f.remap(Math.max(capacity, 1));
        f.writeHeader();
        return f;
    }

    /**
     * Opens an existing file, checking its header against {@code type}.
     *
     * @param path the file
     * @param type the struct type the caller expects
     * @param writable whether to map it read-write
     * @return the open file
     * @throws StructFileException if the file is not a struct file, holds another layout (the message
     *     names both), has another byte order, or is shorter than its header says
     * @throws IOException if it cannot be read
     */
    public static <R extends Record> StructFile<R> open(Path path, StructType<R> type, boolean writable) throws IOException {
        FileChannel ch = writable ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(path, StandardOpenOption.READ);
        try {
            long size = ch.size();
            if (size < HEADER_SIZE) {
                throw new StructFileException(path + ": " + size + " bytes, shorter than the " + HEADER_SIZE + "-byte header");
            }
            StructFile<R> f = new StructFile<>(path, type, ch, writable);
            f.arena = Arena.ofShared();
            f.mapping = ch.map(writable ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY, 0, size, f.arena);
            f.checkHeader(size);
            f.capacity = (size - f.dataOffset()) / type.size();
            return f;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    private void checkHeader(long fileSize) throws StructFileException {
        if (mapping.asSlice(0, 8).mismatch(MemorySegment.ofArray(MAGIC)) != -1) {
            throw new StructFileException(path + ": not a structbridge struct file (bad magic)");
        }
        int version = mapping.get(U32, 8);
        if (version != 1) {
            throw new StructFileException(path + ": format version " + version + ", this reader knows 1");
        }
        String fingerprint = text(56, 32);
        String name = text(88, 40);
        long size = mapping.get(U64, 16);
        long stride = mapping.get(U64, 32);
        if (!fingerprint.equals(type.fingerprint()) || size != type.size() || stride != type.size()) {
            throw new StructFileException(path + ": the file holds " + name + " (fingerprint " + fingerprint + ", size "
                    + size + ", stride " + stride + "); the reader expects " + type.name() + " (fingerprint "
                    + type.fingerprint() + ", size " + type.size() + ", stride " + type.size() + ")");
        }
        int order = mapping.get(U32, 12);
        if (order != NATIVE_ORDER) {
            throw new StructFileException(path + ": data byte order " + order + " differs from this machine's " + NATIVE_ORDER);
        }
        long data = dataOffset();
        long count = count();
        if (data < HEADER_SIZE || data % DATA_ALIGNMENT != 0 || count < 0
                || count > (fileSize - Math.min(data, fileSize)) / stride) {
            throw new StructFileException(path + ": " + Long.toUnsignedString(count) + " structs of " + stride
                    + " bytes at offset " + data + " do not fit the file's " + fileSize + " bytes");
        }
    }

    private String text(long offset, int length) {
        byte[] b = mapping.asSlice(offset, length).toArray(ValueLayout.JAVA_BYTE);
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }

    private static long dataOffsetFor() {
        return (HEADER_SIZE + DATA_ALIGNMENT - 1) / DATA_ALIGNMENT * DATA_ALIGNMENT;
    }

    private long dataOffset() {
        return mapping.get(U64, 48);
    }

    private void writeHeader() {
        MemorySegment.copy(MemorySegment.ofArray(MAGIC), 0, mapping, 0, 8);
        mapping.set(U32, 8, 1);
        mapping.set(U32, 12, NATIVE_ORDER);
        mapping.set(U64, 16, type.size());
        mapping.set(U64, 24, type.alignment());
        mapping.set(U64, 32, type.size());
        mapping.set(U64, 40, 0);
        mapping.set(U64, 48, dataOffsetFor());
        byte[] fp = type.fingerprint().getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(MemorySegment.ofArray(fp), 0, mapping, 56, Math.min(32, fp.length));
        byte[] name = type.name().getBytes(StandardCharsets.UTF_8);
        mapping.asSlice(88, 40).fill((byte) 0);
        MemorySegment.copy(MemorySegment.ofArray(name), 0, mapping, 88, Math.min(39, name.length));
    }

    private void remap(long newCapacity) throws IOException {
        long size = dataOffsetFor() + Math.multiplyExact(newCapacity, type.size());
        if (arena != null) {
            mapping.force();
            arena.close();
        }
        if (channel.size() < size) {
            channel.write(java.nio.ByteBuffer.wrap(new byte[] {0}), size - 1);
        }
        arena = Arena.ofShared();
        mapping = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
        capacity = newCapacity;
    }

    /** {@return the number of structs in the file} */
    public long count() {
        return mapping.get(U64, 40);
    }

    /** {@return the struct type} */
    public StructType<R> type() {
        return type;
    }

    /**
     * {@return the mapped structs, {@code count() * stride} bytes, without copying} Wrap it with the
     * generated array type: {@code ParticleArray.over(file.elements())}. Valid until the next
     * append that grows the file, or {@link #close()}.
     */
    public MemorySegment elements() {
        return mapping.asSlice(dataOffset(), count() * type.size());
    }

    /**
     * {@return struct {@code index} decoded as a record}
     *
     * @param index the index
     * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, count())}
     */
    public R get(long index) {
        Objects.checkIndex(index, count());
        return type.read(mapping, dataOffset() + index * type.size());
    }

    /**
     * Appends {@code values} (all checked first; on error nothing is appended), growing the file
     * when needed, then publishes the new count in the header.
     *
     * @param values the records
     * @throws StructValueException if a value does not fit (the file is unchanged)
     * @throws IOException if the file cannot grow
     */
    public void appendAll(List<R> values) throws IOException {
        if (!writable) {
            throw new UnsupportedOperationException(path + " was opened read-only");
        }
        for (int i = 0; i < values.size(); i++) {
            try {
                type.check(Objects.requireNonNull(values.get(i), "values[" + i + "]"));
            } catch (StructValueException e) {
                throw e.inElement(count() + i);
            }
        }
        long count = count();
        if (count + values.size() > capacity) {
            remap(Math.max(capacity * 2, count + values.size()));
        }
        long offset = dataOffset() + count * type.size();
        for (R v : values) {
            type.write(mapping, offset, v);
            offset += type.size();
        }
        mapping.set(U64, 40, count + values.size());
    }

    /**
     * Appends structs already laid out in memory (for example a generated array's segment), copying
     * their bytes. Each struct is decoded first ({@link StructType#read}): invalid bytes are an error
     * and nothing is appended.
     *
     * @param structs whole structs, {@code n * stride} bytes
     * @throws IllegalArgumentException if the size is not a multiple of the stride
     * @throws StructValueException if a struct holds invalid bytes
     * @throws IOException if the file cannot grow
     */
    public void appendStructs(MemorySegment structs) throws IOException {
        if (!writable) {
            throw new UnsupportedOperationException(path + " was opened read-only");
        }
        long stride = type.size();
        if (structs.byteSize() % stride != 0) {
            throw new IllegalArgumentException(structs.byteSize() + " bytes are not a whole number of " + stride + "-byte structs");
        }
        long n = structs.byteSize() / stride;
        for (long i = 0; i < n; i++) {
            try {
                type.read(structs, i * stride);
            } catch (StructValueException e) {
                throw e.inElement(count() + i);
            }
        }
        long count = count();
        if (count + n > capacity) {
            remap(Math.max(capacity * 2, count + n));
        }
        MemorySegment.copy(structs, 0, mapping, dataOffset() + count * stride, n * stride);
        mapping.set(U64, 40, count + n);
    }

    /** Flushes the mapping to the file. */
    public void force() {
        if (writable) {
            mapping.force();
        }
    }

    /** Flushes, unmaps (closing the arena) and closes the file; segments from {@link #elements()} become invalid. */
    @Override
    public void close() throws IOException {
        try {
            force();
            long count = count();
            if (writable && capacity > count) {
                // Trim the unused reserve, so readers see exactly the header plus count structs.
                arena.close();
                arena = null;
                channel.truncate(dataOffsetFor() + count * type.size());
            }
        } finally {
            if (arena != null) {
                arena.close();
            }
            channel.close();
        }
    }

    /** The file does not match what the reader expects. */
    public static class StructFileException extends IOException {
        private static final long serialVersionUID = 1L;

        StructFileException(String message) {
            super(message);
        }
    }

    /** Stub. */
    public static final class LockedException extends StructFileException {
        private static final long serialVersionUID = 1L;

        LockedException(String message) {
            super(message);
        }
    }
}

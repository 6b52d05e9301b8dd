package io.structbridge.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
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
 * then {@code count} structs at the data offset, {@code stride} bytes apart; the bytes between
 * the header and the data offset belong to whoever wrote the file and are kept as they are.
 * {@link #create} writes data offset 128; {@link #open} accepts any valid data offset and every
 * path (appends, growth, the trim at {@link #close()}) keeps it. The file is mapped with
 * {@link FileChannel#map(FileChannel.MapMode, long, long, Arena)} in a shared arena that
 * {@link #close()} closes, so unmapping is deterministic.
 *
 * <p><b>Checks on open.</b> Every header field is checked against the type before any struct is
 * read: magic, version, byte order, fingerprint, name, size, alignment, stride, data offset and
 * count ({@code dataOffset + count * stride}, computed without overflow, must fit the file). A
 * truncated file is a {@link StructFileException}, never fewer or wrong rows. Paths that are not
 * regular files (FIFO, device, socket, directory, or a symbolic link to one) are refused before
 * they are opened: {@code open(2)} on a FIFO would wait for a writer forever. On Linux the path is
 * then opened with {@code open(2)} and {@code O_NONBLOCK | O_CLOEXEC} through the FFM API, the
 * descriptor's own file is checked again, and {@link FileChannel} reopens that very inode as
 * {@code /proc/self/fd/N}; so a path swapped for a FIFO after the check is refused, never waited
 * on. This calls a restricted method ({@link java.lang.foreign.Linker#downcallHandle}): run with
 * {@code --enable-native-access} for this module (or {@code ALL-UNNAMED}) to avoid the JDK's
 * warning. Elsewhere, or where native access is denied, the path is opened directly after the
 * check and a swap in between can still block the open.
 *
 * <p><b>The count.</b> The count is validated against the file's size at open and then changes
 * only through this object's appends: the header's count is written, never read back. A foreign
 * writer that rewrites the header under a reader cannot make {@link #count()}, {@link #get} or
 * {@link #elements()} reach past the mapping; to see structs another process appended, open the
 * file again.
 *
 * <p><b>Errors</b> name the path, and for system errors the operation that failed
 * ({@code "/x.sb: grow the file to 9223372036854775688 bytes: File too large"}).
 *
 * <p><b>Advisory locks.</b> A read-only struct file holds a shared lock on the whole file; a
 * writable one ({@link #create}, {@code open(..., true)}: appends grow the file and
 * {@link #close()} trims it) holds an exclusive lock. The locks are {@link FileChannel#tryLock}
 * locks, which are POSIX {@code fcntl} record locks on Linux and macOS: the generated Python
 * {@code open_array} and the C reader {@code structfile.h}
 * ({@code sb_map}) take, on Linux, open file description locks ({@code F_OFD_SETLK}), which
 * conflict with Java's both ways and belong to their own descriptor, so further opens and closes
 * of the file in those processes leave them in place (elsewhere they fall back to classic
 * {@code fcntl.lockf} / {@code F_SETLK} locks); {@code flock(2)} locks are not seen. A
 * conflict throws {@link LockedException} at once, naming the file and who holds it (another
 * process, another struct file of this JVM, or another channel of this JVM); nothing waits.
 * Readers of one file in one JVM share one channel and its lock. Java's locks are classic POSIX
 * record locks, which belong to the process: closing <em>any other</em> descriptor of the file in
 * this JVM (for example {@code Files.readAllBytes} on it, or a {@code FileChannel} opened and
 * closed) silently drops the lock while the struct file stays open (see
 * {@link java.nio.channels.FileLock}). Do not open a struct file by other means in a JVM that holds it.
 *
 * <p><b>The hazard the locks guard against.</b> The locks are advisory: they bind only programs
 * that take them. A program that shrinks the file without the lock (a foreign writer,
 * {@code truncate(1)}, a shell redirection {@code > file}) while it is mapped makes every later
 * access past the new end fault: the JVM gets {@code SIGBUS}, reported as {@link InternalError}
 * by interpreted code and, once the reading loop is JIT-compiled, a crash of the whole JVM (a
 * JDK fault that plain FFM code shares). Do not let foreign writers change the size of a struct
 * file that may be mapped; if they must, have them take an exclusive {@code fcntl} lock first.
 *
 * <p><b>Threads.</b> A struct file may be shared by threads: every method runs under one internal
 * lock, so appends from several threads are serialized and each {@code appendAll} or
 * {@code appendStructs} lands whole and contiguous, in some order. {@link #close()} may be called
 * from any thread, at any time, any number of times; after it every method but {@code close}
 * throws {@link IllegalStateException}. Segments returned by {@link #elements()} are valid until
 * the next append that grows the file, or {@code close}: after that, accessing them throws
 * {@link IllegalStateException} (never a read of unmapped memory).
 *
 * @param <R> the record type
 */
public final class StructFile<R extends Record> implements AutoCloseable {
    /** The header size in bytes. */
    public static final int HEADER_SIZE = 128;
    /** The data offset's alignment in bytes (a cache line). */
    public static final int DATA_ALIGNMENT = 64;
    private static final byte[] MAGIC = "SBRIDGE\0".getBytes(StandardCharsets.US_ASCII);
    private static final int NAME_BYTES = 39;
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int NATIVE_ORDER = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? 1 : 2;
    private static final long COUNT_OFFSET = 40;

    private final Path path;
    private final StructType<R> type;
    private final FileLocks.Held held;
    private final FileChannel channel;
    private final boolean writable;
    private final long stride;
    /** Guards everything below. */
    private final Object monitor = new Object();
    private long dataOffset = HEADER_SIZE;
    private Arena arena;
    private MemorySegment mapping;
    private long capacity;
    /**
     * The number of structs: validated against the file's size at open, then changed only by this
     * object's appends. The header's count is written, never read back: a foreign writer that
     * rewrites it under a mapped reader cannot make this object index past its mapping.
     */
    private long count;
    private boolean closed;

    private StructFile(Path path, StructType<R> type, FileLocks.Held held, boolean writable) {
        this.path = path;
        this.type = type;
        this.held = held;
        this.channel = held.channel();
        this.writable = writable;
        this.stride = type.size();
    }

    /**
     * Refuses a struct that holds a pointer: an address means nothing to another process or after a
     * restart, so a file of them would hand readers dangling addresses.
     */
    private static void refusePointers(Path path, StructType<?> type) {
        String p = Layouts.firstPointer(type.layout());
        if (p != null) {
            throw new IllegalArgumentException(path + ": " + type.recordClass().getSimpleName() + "." + p
                    + " is a pointer (@Pointer): an address means nothing outside the process that wrote it, so a "
                    + "struct holding one cannot be stored in a struct file; keep such structs in memory (RArray) only");
        }
    }

    /**
     * Creates a file for {@code capacity} structs of {@code type}, with count 0 and data offset 128,
     * or replaces the file at {@code path} with such a file. No reader ever sees it half-made: the
     * file is created under a temporary name in the same directory
     * ({@code .NAME.<16 hex digits>.sbtmp}), sized, given its header and locked (exclusive) there, and
     * only then put in place: linked to {@code path} if nothing is there ({@code link(2)}, which
     * fails rather than replace a file that appeared meanwhile), else renamed over the existing file
     * ({@code rename(2)}) while this JVM holds that file's exclusive lock, so a file that another
     * process or struct file has open is refused ({@link LockedException}) and left as it was. The
     * replacing file gets the replaced one's permission bits (not its owner, nor its other hard
     * links, which keep the old contents); the directory must be writable. A symbolic link at
     * {@code path} is followed: the file it leads to is created or replaced. A create that fails
     * leaves no file behind and an existing file unchanged.
     *
     * @param path the file
     * @param type the struct type
     * @param capacity the number of structs to reserve room for (it grows when appends need more)
     * @return the open, writable file
     * @throws IllegalArgumentException if {@code capacity} is negative or its size overflows a {@code long},
     *     or the struct holds a pointer ({@code @Pointer}, at any depth)
     * @throws StructFileException if {@code path} exists and is not a regular file
     * @throws LockedException if another process or struct file has the existing file open
     * @throws IOException if the file cannot be created or mapped
     */
    public static <R extends Record> StructFile<R> create(Path path, StructType<R> type, long capacity) throws IOException {
        Objects.requireNonNull(type, "type");
        refusePointers(path, type);
        long reserve = Math.max(capacity, 1);
        if (capacity < 0 || bytesFor(HEADER_SIZE, reserve, type.size()) < 0) {
            throw new IllegalArgumentException(path + ": capacity " + capacity + " structs of " + type.size()
                    + " bytes is negative or larger than a file can be");
        }
        try {
            RegularFiles.require(path, true);
            Path target = NewFiles.target(path);
            Path temp = NewFiles.temporary(target);
            FileLocks.Held held = FileLocks.acquire(temp, true, true);
            StructFile<R> f = new StructFile<>(path, type, held, true);
            boolean placed = false;
            try {
                f.remap(reserve);
                f.writeHeader();
                NewFiles.place(temp, target, path);
                placed = true;
                return f;
            } catch (IOException | RuntimeException | Error e) {
                if (!placed) {
                    try {
                        Files.deleteIfExists(temp);
                    } catch (IOException | RuntimeException d) {
                        e.addSuppressed(d);
                    }
                }
                f.closeAfterFailure(e);
                throw e;
            }
        } catch (IOException e) {
            throw named(path, "create", e);
        }
    }

    /**
     * Opens an existing file, checking every header field against {@code type}.
     *
     * @param path the file
     * @param type the struct type the caller expects
     * @param writable whether to map it read-write (exclusive lock) or read-only (shared lock)
     * @return the open file
     * @throws StructFileException if the path is not a regular file, or the file is not a struct file,
     *     holds another layout (the message names both), has another byte order, has an invalid data
     *     offset, or is shorter than its header says
     * @throws LockedException if another process or struct file holds a conflicting lock
     * @throws IllegalArgumentException if the struct holds a pointer ({@code @Pointer}, at any depth)
     * @throws IOException if it cannot be read
     */
    public static <R extends Record> StructFile<R> open(Path path, StructType<R> type, boolean writable) throws IOException {
        Objects.requireNonNull(type, "type");
        refusePointers(path, type);
        try {
            RegularFiles.require(path, false);
            FileLocks.Held held = FileLocks.acquire(path, writable, false);
            StructFile<R> f = new StructFile<>(path, type, held, writable);
            try {
                f.mapExisting();
                return f;
            } catch (IOException | RuntimeException | Error e) {
                f.closeAfterFailure(e);
                throw e;
            }
        } catch (IOException e) {
            throw named(path, "open", e);
        }
    }

    /**
     * {@return {@code e} if its message starts with the path, else an exception that names the path and the operation}
     * A {@link java.nio.file.FileSystemException} stays one (its file is the path); a {@link StructFileException} names it already.
     */
    static IOException named(Path path, String operation, IOException e) {
        String p = path.toString();
        if (e instanceof StructFileException) {
            return e;
        }
        if (e instanceof FileSystemException f) {
            if (p.equals(f.getFile())) {
                if (f instanceof NoSuchFileException && f.getReason() == null) {
                    NoSuchFileException w = new NoSuchFileException(p, null, operation + ": no such file");
                    w.initCause(e);
                    return w;
                }
                return e;
            }
            FileSystemException w = new FileSystemException(p, null, operation + ": "
                    + (f.getReason() != null ? f.getReason() : f.getMessage()));
            w.initCause(e);
            return w;
        }
        if (e.getMessage() != null && e.getMessage().startsWith(p + ": ")) {
            return e;
        }
        return new IOException(p + ": " + operation + ": " + e.getMessage(), e);
    }

    private void mapExisting() throws IOException {
        long size = channel.size();
        if (size < HEADER_SIZE) {
            throw new StructFileException(path + ": " + size + " bytes, shorter than the " + HEADER_SIZE + "-byte header");
        }
        arena = Arena.ofShared();
        try {
            mapping = channel.map(writable ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY, 0, size, arena);
        } catch (IOException e) {
            throw named(path, "map " + size + " bytes", e);
        }
        checkHeader(size);
        capacity = (size - dataOffset) / stride;
    }

    private void checkHeader(long fileSize) throws StructFileException {
        if (mapping.asSlice(0, 8).mismatch(MemorySegment.ofArray(MAGIC)) != -1) {
            throw new StructFileException(path + ": not a structbridge struct file (bad magic)");
        }
        int version = mapping.get(U32, 8);
        if (version != 1) {
            throw new StructFileException(path + ": format version " + Integer.toUnsignedString(version) + ", this reader knows 1");
        }
        int order = mapping.get(U32, 12);
        if (order != 1 && order != 2) {
            throw new StructFileException(path + ": data byte order " + Integer.toUnsignedString(order)
                    + " is neither 1 (little-endian) nor 2 (big-endian)");
        }
        if (order != NATIVE_ORDER) {
            throw new StructFileException(path + ": data byte order " + order + " differs from this machine's " + NATIVE_ORDER);
        }
        String fingerprint = text(56, 32);
        String name = text(88, 40);
        long size = mapping.get(U64, 16);
        long alignment = mapping.get(U64, 24);
        long fileStride = mapping.get(U64, 32);
        if (!fingerprint.equals(type.fingerprint()) || !name.equals(headerName(type.name())) || size != type.size()
                || alignment != type.alignment() || fileStride != stride) {
            throw new StructFileException(path + ": the file holds " + name + " (fingerprint " + fingerprint + ", size "
                    + Long.toUnsignedString(size) + ", alignment " + Long.toUnsignedString(alignment) + ", stride "
                    + Long.toUnsignedString(fileStride) + "); the reader expects " + type.name() + " (fingerprint "
                    + type.fingerprint() + ", size " + type.size() + ", alignment " + type.alignment() + ", stride "
                    + stride + ")");
        }
        long data = mapping.get(U64, 48);
        if (Long.compareUnsigned(data, HEADER_SIZE) < 0 || data % DATA_ALIGNMENT != 0) {
            throw new StructFileException(path + ": data offset " + Long.toUnsignedString(data)
                    + " is not a multiple of " + DATA_ALIGNMENT + " at least " + HEADER_SIZE);
        }
        if (Long.compareUnsigned(data, fileSize) > 0) {
            throw new StructFileException(path + ": data offset " + Long.toUnsignedString(data)
                    + " lies past the end of the file's " + fileSize + " bytes");
        }
        long count = mapping.get(U64, COUNT_OFFSET);
        if (count < 0 || bytesFor(data, count, stride) < 0 || bytesFor(data, count, stride) > fileSize) {
            throw new StructFileException(path + ": " + Long.toUnsignedString(count) + " structs of " + stride
                    + " bytes at data offset " + data + " do not fit the file's " + fileSize + " bytes"
                    + (count < 0 || bytesFor(data, count, stride) < 0 ? "" : " (they need " + bytesFor(data, count, stride) + " bytes)"));
        }
        dataOffset = data;
        this.count = count;
    }

    /** {@return {@code offset + count * stride}, or -1 if it overflows a {@code long}} */
    private static long bytesFor(long offset, long count, long stride) {
        try {
            return Math.addExact(offset, Math.multiplyExact(count, stride));
        } catch (ArithmeticException e) {
            return -1;
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

    /** {@return the UTF-8 bytes of the name, cut to 39 at a character boundary (the header keeps a NUL)} */
    private static byte[] headerNameBytes(String name) {
        byte[] b = name.getBytes(StandardCharsets.UTF_8);
        if (b.length <= NAME_BYTES) {
            return b;
        }
        int n = NAME_BYTES;
        while (n > 0 && (b[n] & 0xC0) == 0x80) {
            n--; // b[n] continues a character that would be cut
        }
        return Arrays.copyOf(b, n);
    }

    private static String headerName(String name) {
        return new String(headerNameBytes(name), StandardCharsets.UTF_8);
    }

    private void writeHeader() {
        MemorySegment.copy(MemorySegment.ofArray(MAGIC), 0, mapping, 0, 8);
        mapping.set(U32, 8, 1);
        mapping.set(U32, 12, NATIVE_ORDER);
        mapping.set(U64, 16, type.size());
        mapping.set(U64, 24, type.alignment());
        mapping.set(U64, 32, stride);
        mapping.set(U64, COUNT_OFFSET, 0);
        mapping.set(U64, 48, dataOffset);
        mapping.asSlice(56, 72).fill((byte) 0);
        byte[] fp = type.fingerprint().getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(MemorySegment.ofArray(fp), 0, mapping, 56, Math.min(32, fp.length));
        byte[] name = headerNameBytes(type.name());
        MemorySegment.copy(MemorySegment.ofArray(name), 0, mapping, 88, name.length);
    }

    /** Maps room for {@code newCapacity} structs (growing the file first); the old mapping stays valid if this fails. */
    private void remap(long newCapacity) throws IOException {
        long size = bytesFor(dataOffset, newCapacity, stride);
        if (size < 0) {
            throw new IllegalArgumentException(path + ": " + newCapacity + " structs of " + stride
                    + " bytes at data offset " + dataOffset + " are larger than a file can be");
        }
        try {
            if (channel.size() < size) {
                channel.write(ByteBuffer.wrap(new byte[] {0}), size - 1);
            }
        } catch (IOException e) {
            throw named(path, "grow the file to " + size + " bytes", e);
        }
        Arena fresh = Arena.ofShared();
        MemorySegment remapped;
        try {
            remapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, fresh);
        } catch (IOException e) {
            fresh.close();
            throw named(path, "map " + size + " bytes", e);
        } catch (RuntimeException | Error e) {
            fresh.close();
            throw e;
        }
        Arena old = arena;
        arena = fresh;
        mapping = remapped;
        capacity = newCapacity;
        if (old != null) {
            old.close(); // MAP_SHARED: the new mapping sees every byte written through the old one
        }
    }

    /** Grows the mapping (doubling, at least to {@code needed}) when {@code needed} structs do not fit. */
    private void ensureCapacity(long needed) throws IOException {
        if (needed > capacity) {
            long doubled = capacity > Long.MAX_VALUE / 2 ? needed : Math.max(capacity * 2, needed);
            remap(bytesFor(dataOffset, doubled, stride) < 0 ? needed : doubled);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException(path + ": closed");
        }
    }

    private void ensureWritable() {
        ensureOpen();
        if (!writable) {
            throw new UnsupportedOperationException(path + " was opened read-only");
        }
    }

    private long storedCount() {
        return count;
    }

    /**
     * {@return the number of structs in the file: validated at open, then counting this object's appends}
     *
     * @throws IllegalStateException if the file is closed
     */
    public long count() {
        synchronized (monitor) {
            ensureOpen();
            return storedCount();
        }
    }

    /** {@return the struct type} */
    public StructType<R> type() {
        return type;
    }

    /** {@return the file's path} */
    public Path path() {
        return path;
    }

    /**
     * {@return the byte offset of struct 0 in the file, from the header (128 for files this class creates)}
     *
     * @throws IllegalStateException if the file is closed
     */
    public long dataOffset() {
        synchronized (monitor) {
            ensureOpen();
            return dataOffset;
        }
    }

    /**
     * {@return the mapped structs, {@code count() * stride} bytes, without copying} Wrap it with the
     * generated array type: {@code ParticleArray.over(file.elements())}. Valid until the next
     * append that grows the file, or {@link #close()}; accessing it after that throws
     * {@link IllegalStateException}.
     *
     * @throws IllegalStateException if the file is closed
     */
    public MemorySegment elements() {
        synchronized (monitor) {
            ensureOpen();
            return mapping.asSlice(dataOffset, storedCount() * stride);
        }
    }

    /**
     * {@return struct {@code index} decoded as a record}
     *
     * @param index the index
     * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, count())}
     * @throws StructValueException if the stored bytes are invalid
     * @throws IllegalStateException if the file is closed
     */
    public R get(long index) {
        synchronized (monitor) {
            ensureOpen();
            if (index < 0 || index >= count) {
                throw new IndexOutOfBoundsException(path + ": index " + index + " out of bounds for count " + count);
            }
            return type.read(mapping, dataOffset + index * stride);
        }
    }

    /**
     * Appends {@code values} (all checked first; on error nothing is appended), growing the file
     * when needed, then publishes the new count in the header. Atomic with respect to other
     * threads' appends: the values land contiguous.
     *
     * @param values the records
     * @throws StructValueException if a value does not fit (the file is unchanged)
     * @throws UnsupportedOperationException if the file was opened read-only
     * @throws IllegalStateException if the file is closed
     * @throws IOException if the file cannot grow
     */
    public void appendAll(List<R> values) throws IOException {
        synchronized (monitor) {
            ensureWritable();
            long first = count;
            for (int i = 0; i < values.size(); i++) {
                try {
                    type.check(Objects.requireNonNull(values.get(i), "values[" + i + "]"));
                } catch (StructValueException e) {
                    throw e.inElement(first + i);
                }
            }
            long newCount = Math.addExact(first, values.size());
            ensureCapacity(newCount);
            long offset = dataOffset + first * stride;
            for (R v : values) {
                type.write(mapping, offset, v);
                offset += stride;
            }
            mapping.set(U64, COUNT_OFFSET, newCount);
            count = newCount;
        }
    }

    /**
     * Appends structs already laid out in memory (for example a generated array's segment, or this
     * file's own {@link #elements()}), copying their bytes. Each struct is decoded first
     * ({@link StructType#read}): invalid bytes are an error and nothing is appended. Atomic with
     * respect to other threads' appends.
     *
     * @param structs whole structs, {@code n * stride} bytes
     * @throws IllegalArgumentException if the size is not a multiple of the stride
     * @throws StructValueException if a struct holds invalid bytes
     * @throws UnsupportedOperationException if the file was opened read-only
     * @throws IllegalStateException if the file is closed
     * @throws IOException if the file cannot grow
     */
    public void appendStructs(MemorySegment structs) throws IOException {
        synchronized (monitor) {
            ensureWritable();
            if (structs.byteSize() % stride != 0) {
                throw new IllegalArgumentException(path + ": " + structs.byteSize() + " bytes are not a whole number of "
                        + stride + "-byte structs");
            }
            long first = count;
            long n = structs.byteSize() / stride;
            for (long i = 0; i < n; i++) {
                try {
                    type.read(structs, i * stride);
                } catch (StructValueException e) {
                    throw e.inElement(first + i);
                }
            }
            long newCount = Math.addExact(first, n);
            MemorySegment source = structs;
            if (newCount > capacity && structs.scope().equals(arena.scope())) {
                source = MemorySegment.ofArray(structs.toArray(ValueLayout.JAVA_BYTE)); // growing unmaps our own bytes
            }
            ensureCapacity(newCount);
            MemorySegment.copy(source, 0, mapping, dataOffset + first * stride, n * stride);
            mapping.set(U64, COUNT_OFFSET, newCount);
            count = newCount;
        }
    }

    /**
     * Flushes the mapping to the file ({@code msync}); nothing for a read-only file.
     *
     * @throws IllegalStateException if the file is closed
     * @throws UncheckedIOException if the flush fails
     */
    public void force() {
        synchronized (monitor) {
            ensureOpen();
            if (writable) {
                mapping.force();
            }
        }
    }

    /**
     * Flushes, unmaps (closing the arena), trims a writable file to its data offset plus
     * {@code count * stride} bytes, releases the lock and closes the channel; segments from
     * {@link #elements()} become invalid. Every step runs even if an earlier one fails (the first
     * failure is thrown, later ones are suppressed into it). Calling it again does nothing.
     *
     * @throws IOException if flushing, trimming or closing failed (everything is released all the same)
     */
    @Override
    public void close() throws IOException {
        synchronized (monitor) {
            if (closed) {
                return;
            }
            closed = true;
            Throwable failure = null;
            long keep = -1;
            if (writable && mapping != null) {
                try {
                    keep = dataOffset + storedCount() * stride;
                    mapping.force();
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
            }
            failure = release(failure, keep);
            if (failure instanceof IOException e) {
                throw e;
            }
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
        }
    }

    /** Closes the arena, trims to {@code keep} bytes (if not negative), releases the lock and the channel. */
    private Throwable release(Throwable failure, long keep) {
        try {
            if (arena != null) {
                arena.close();
            }
        } catch (RuntimeException | Error e) {
            failure = suppress(failure, e);
        } finally {
            arena = null;
            mapping = null;
        }
        if (keep >= 0) {
            try {
                if (channel.size() > keep) {
                    channel.truncate(keep); // the unused reserve: readers see exactly the header plus count structs
                }
            } catch (IOException e) {
                failure = suppress(failure, named(path, "trim to " + keep + " bytes", e));
            } catch (RuntimeException | Error e) {
                failure = suppress(failure, e);
            }
        }
        try {
            held.release();
        } catch (IOException e) {
            failure = suppress(failure, named(path, "release the lock and close", e));
        } catch (RuntimeException | Error e) {
            failure = suppress(failure, e);
        }
        return failure;
    }

    private static Throwable suppress(Throwable first, Throwable next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    /** Releases everything after a failed create or open, adding any further failure to {@code e}. */
    private void closeAfterFailure(Throwable e) {
        synchronized (monitor) {
            closed = true;
            Throwable more = release(null, -1);
            if (more != null) {
                e.addSuppressed(more);
            }
        }
    }

    /** The file does not match what the reader expects, or the path is not a regular file. */
    public static sealed class StructFileException extends IOException permits LockedException {
        private static final long serialVersionUID = 1L;

        StructFileException(String message) {
            super(message);
        }
    }

    /**
     * Another process, another struct file of this JVM or another channel of this JVM holds a
     * conflicting advisory lock on the file (see the class documentation). Thrown at once: struct
     * files never wait for a lock.
     */
    public static final class LockedException extends StructFileException {
        private static final long serialVersionUID = 1L;

        LockedException(String message) {
            super(message);
        }
    }
}

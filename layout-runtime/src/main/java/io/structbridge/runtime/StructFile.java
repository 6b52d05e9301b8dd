package io.structbridge.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A file of structs that Java, C ({@code mmap}) and Python ({@code numpy.memmap}, through the
 * generated module's {@code open_array}) share without copying.
 *
 * <p><b>Format, version 2.</b> A 128-byte header, then {@code count} structs at the data offset,
 * {@code stride} bytes apart. Every header number is little-endian, whatever the structs' own
 * byte order; offsets and sizes are in bytes:
 * <pre>
 * offset size field
 *    0    8  magic: "SBRIDGE" and a NUL (53 42 52 49 44 47 45 00)
 *    8    4  uint32 format version: 2
 *   12    4  uint32 byte order of the structs: 1 little-endian, 2 big-endian
 *   16    8  uint64 struct size
 *   24    8  uint64 struct alignment
 *   32    8  uint64 stride (equal to the struct size)
 *   40    8  uint64 count: the number of structs
 *   48    8  uint64 data offset: where struct 0 starts; a multiple of 64, at least 128
 *   56   32  layout fingerprint: 32 ASCII hex digits (StructType#fingerprint), no NUL
 *   88   32  struct name: StructType#name in UTF-8, cut to at most 31 bytes at a character
 *            boundary, then NUL bytes up to the field's end
 *  120    4  uint32 flags: 0x1 open for writing (a writer has the file open, or died with it
 *            open), 0x2 being created (create has not finished); every other bit 0
 *  124    4  uint32 header checksum: CRC-32 of bytes 0..123 (the ISO-HDLC CRC of zlib's
 *            crc32 and java.util.zip.CRC32: polynomial 0x04C11DB7 reflected, initial value
 *            and final XOR 0xFFFFFFFF; "123456789" gives 0xCBF43926)
 * </pre>
 * The bytes between the header and the data offset belong to whoever wrote the file and are kept
 * as they are (the checksum does not cover them). {@link #create} writes data offset 128;
 * {@link #open} accepts any valid data offset and every path (appends, growth, the trim at
 * {@link #close()}) keeps it. Every writer keeps the checksum right after each header change:
 * {@link #create} (flags 0x3 under the temporary name, then 0x1), a writable {@link #open} (sets
 * 0x1), each append (the count) and {@link #close()} (clears 0x1 once the file is trimmed to its
 * data offset plus {@code count * stride} bytes). A file whose flag 0x1 is clear therefore has
 * exactly that length. The file is mapped with
 * {@link FileChannel#map(FileChannel.MapMode, long, long, Arena)} in a shared arena that
 * {@link #close()} closes, so unmapping is deterministic.
 *
 * <p><b>Checks on open</b>, in this order, before any struct is read; the first that fails throws
 * a {@link StructFileException} whose message the C reader ({@code structfile.h}) and the
 * generated Python {@code open_array} give word for word ({@code P} is the path):
 * <ol>
 * <li>length at least 128: {@code "P: N bytes, shorter than the 128-byte header"};
 * <li>magic: {@code "P: not a structbridge struct file (bad magic)"};
 * <li>version 2: {@code "P: format version V, this reader knows 2"}, followed for version 1 (the
 *     format before checksums, which this reader refuses) by
 *     {@code " (version 1 has no header checksum: write the file again)"};
 * <li>checksum: {@code "P: header checksum 0xSSSSSSSS does not match the header's bytes (CRC-32
 *     0xCCCCCCCC): the header is corrupt"} (stored, then computed; 8 lower-case hex digits);
 * <li>flags: no unknown bit ({@code "P: header flags 0xHHHHHHHH hold bits this reader does not know
 *     (it knows 0x00000003)"}) and not 0x2 ({@code "P: a struct file that create did not finish
 *     (header flag 0x2): a temporary file, or a create that was interrupted"});
 * <li>byte order: 1 or 2 ({@code "P: data byte order B is neither 1 (little-endian) nor 2
 *     (big-endian)"}), and this machine's ({@code "P: data byte order B differs from this
 *     machine's M"});
 * <li>layout: fingerprint, name (bytes up to the first NUL), size, alignment and stride equal the
 *     reader's, else {@code "P: the file holds NAME (fingerprint FP, size S, alignment A, stride T);
 *     the reader expects ..."} with the reader's five values; NAME and FP are shown as text if
 *     they are valid UTF-8 without control characters, else byte by byte (printable ASCII as
 *     itself, any other byte as a backslash, x and two lower-case hex digits);
 * <li>data offset: {@code "P: data offset D is not a multiple of 64 at least 128"},
 *     {@code "P: data offset D lies past the end of the file's N bytes"};
 * <li>count: {@code D + count * stride}, computed without overflow, fits the file
 *     ({@code "P: C structs of T bytes at data offset D do not fit the file's N bytes (they need
 *     X bytes)"}, the parenthesis left out when X exceeds 2<sup>63</sup>-1), and, with flag 0x1
 *     clear, equals the file's length ({@code "P: the file's N bytes are more than the X bytes that
 *     C structs of T bytes at data offset D take (a struct file its writer closed ends after its
 *     last struct)"}).
 * </ol>
 * A single flipped bit anywhere in the header is thus always refused: in the magic or the version
 * by those checks, anywhere else by the checksum (CRC-32 detects every single-bit error). A
 * truncated file is an error, never fewer or wrong rows. A file with flag 0x1 set (a writer died
 * with it open) is read with the structs its count says, and a writable open followed by
 * {@link #close()} trims it and clears the flag.
 *
 * <p><b>Special files.</b> Paths that are not
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
    /** The header's format version, written by this class and the only one its readers accept. */
    public static final int FORMAT_VERSION = StructFileHeader.VERSION;

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
    /** The header's checksum when the file was opened (or created). */
    private int openedChecksum;
    /** The file's length when it was opened (or created). */
    private long openedSize;
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
                StructFileHeader.write(f.mapping, type, f.stride, f.dataOffset,
                        StructFileHeader.FLAG_WRITING | StructFileHeader.FLAG_CREATING);
                NewFiles.place(temp, target, path);
                placed = true;
                StructFileHeader.setFlags(f.mapping, StructFileHeader.FLAG_WRITING);
                f.openedSize = f.channel.size();
                f.openedChecksum = StructFileHeader.checksum(f.mapping);
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
     *     has another format version (1 included), a header whose checksum does not match its bytes,
     *     unknown flags or the "being created" flag, holds another layout (the message names both), has
     *     another byte order, has an invalid data offset, or is shorter than its header says (or longer,
     *     unless a writer has it open): see the class documentation for the order and the messages
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
        StructFileHeader.Checked h = StructFileHeader.check(path, mapping, size, type, stride);
        dataOffset = h.dataOffset();
        count = h.count();
        openedChecksum = h.checksum();
        openedSize = size;
        capacity = (size - dataOffset) / stride;
        if (writable && (h.flags() & StructFileHeader.FLAG_WRITING) == 0) {
            StructFileHeader.setFlags(mapping, h.flags() | StructFileHeader.FLAG_WRITING);
        }
    }

    /** {@return {@code offset + count * stride}, or -1 if it overflows a {@code long}} */
    private static long bytesFor(long offset, long count, long stride) {
        return StructFileHeader.bytesFor(offset, count, stride);
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

    /**
     * {@return which file this object opened, and as what: its device and inode, its length in bytes
     * and its header's checksum when it was opened (or created)} Two opens of one path give equal
     * identities unless the file was replaced (another inode), grew, shrank or had its header
     * rewritten in between; a struct rewritten in place under the same header is not seen.
     *
     * @throws IllegalStateException if the file is closed
     */
    public Identity identity() {
        synchronized (monitor) {
            ensureOpen();
            return new Identity(held.device(), held.inode(), openedSize, openedChecksum);
        }
    }

    /**
     * The identity of an opened struct file (see {@link #identity()}).
     *
     * @param device the file's device ({@code st_dev}), or -1 where the file system does not tell
     * @param inode the file's inode number ({@code st_ino}), or -1 where the file system does not tell
     * @param size the file's length in bytes when it was opened
     * @param headerChecksum the header's CRC-32 (bytes 124..127) when it was opened
     */
    public record Identity(long device, long inode, long size, int headerChecksum) implements java.io.Serializable {
        /** {@return "device D, inode I, N bytes, header checksum 0xCCCCCCCC"} */
        @Override
        public String toString() {
            return "device " + device + ", inode " + inode + ", " + size + " bytes, header checksum 0x"
                    + java.util.HexFormat.of().toHexDigits(headerChecksum);
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
            StructFileHeader.setCount(mapping, newCount);
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
            StructFileHeader.setCount(mapping, newCount);
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
     * {@code count * stride} bytes and then clears the header's "open for writing" flag (so the
     * length is exact again; if the trim fails the flag stays), releases the lock and closes the
     * channel; segments from {@link #elements()} become invalid. Every step runs even if an earlier
     * one fails (the first failure is thrown, later ones are suppressed into it). Calling it again
     * does nothing.
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
            ByteBuffer closedTail = null;
            if (writable && mapping != null) {
                try {
                    keep = dataOffset + storedCount() * stride;
                    closedTail = StructFileHeader.tailWithFlags(mapping,
                            StructFileHeader.flags(mapping) & ~StructFileHeader.FLAG_WRITING);
                    mapping.force();
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
            }
            failure = release(failure, keep, closedTail);
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

    /**
     * Closes the arena, trims to {@code keep} bytes (if not negative) and then writes {@code closedTail}
     * (the header's flags and checksum, if not null) at their offset, releases the lock and the channel.
     */
    private Throwable release(Throwable failure, long keep, ByteBuffer closedTail) {
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
                if (closedTail != null) {
                    // Only once the length is exact: a writer killed before this leaves the flag set, never a
                    // clear flag on a file longer than its structs.
                    while (closedTail.hasRemaining()) {
                        channel.write(closedTail, closedTail.position()); // the buffer's index is the file offset
                    }
                }
            } catch (IOException e) {
                failure = suppress(failure, named(path, "trim to " + keep + " bytes and mark the file closed", e));
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
            Throwable more = release(null, -1, null);
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

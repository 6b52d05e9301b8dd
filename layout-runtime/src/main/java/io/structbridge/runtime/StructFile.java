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
 * <p><b>Format, versions 2 and 3.</b> A 128-byte header, for format 3 a lineage block, then
 * {@code count} structs at the data offset, {@code stride} bytes apart. A struct of layout version 1
 * (no {@code @Since} above 1, {@link StructType#lineage()} of one entry) is written as format 2, a
 * struct of layout version 2 or higher as format 3. Every header number is little-endian, whatever
 * the structs' own byte order; offsets and sizes are in bytes:
 * <pre>
 * offset size field
 *    0    8  magic: "SBRIDGE" and a NUL (53 42 52 49 44 47 45 00)
 *    8    4  uint32 format version: 2, or 3 with a lineage block
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
 *            and final XOR 0xFFFFFFFF; "123456789" gives 0xCBF43926); for format 3 the same
 *            CRC continued over the lineage block's bytes (bytes 0..123, then 128..E-1)
 * </pre>
 * Size, alignment, stride and fingerprint are those of the file's own layout version (the last
 * lineage entry). The lineage block of format 3 starts at byte 128 and lists the layout versions 1 to
 * N of the struct the file was written with ({@link LayoutVersion}), E = 136 + 56 * N:
 * <pre>
 * offset        size field
 *  128            4  uint32 entry count N: the file's layout version, 1 to 65535
 *  132            4  uint32 0
 *  136 + 56(k-1)  4  uint32 layout version k (entries in order: 1, 2, ..., N)
 *      + 4        4  uint32 0
 *      + 8        8  uint64 size of version k's struct
 *      + 16       8  uint64 alignment of version k's struct
 *      + 24      32  version k's fingerprint: ASCII hex digits, NUL-padded
 * </pre>
 * The bytes between the header (or lineage block) and the data offset belong to whoever wrote the
 * file and are kept as they are (the checksum does not cover them); {@link #create} writes zeros
 * there. {@link #create} writes data offset 128 for format 2, and for format 3 the first multiple
 * of 64 at or past E (256 for N = 2, 320 for N = 3);
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
 * <li>version 2 or 3: {@code "P: format version V, this reader knows 2 and 3"} (the text of the C,
 *     Python and Mojo readers too), followed for version 1 (the format before
 *     checksums, which this reader refuses) by
 *     {@code " (version 1 has no header checksum: write the file again)"};
 * <li>for format 3, the lineage block's length, before anything else of it is read, so that no
 *     count makes this reader read or allocate much: {@code "P: N bytes end inside the lineage block
 *     of a format-3 file (its entry count is bytes 128 to 131)"}, {@code "P: the lineage block lists
 *     N layout versions; a format-3 file lists 1 to 65535"}, {@code "P: the lineage block of N layout
 *     versions (bytes 128 to E-1) does not fit the file's L bytes"};
 * <li>checksum: {@code "P: header checksum 0xSSSSSSSS does not match the header's bytes (CRC-32
 *     0xCCCCCCCC): the header is corrupt"} (stored, then computed; 8 lower-case hex digits);
 * <li>flags: no unknown bit ({@code "P: header flags 0xHHHHHHHH hold bits this reader does not know
 *     (it knows 0x00000003)"}) and not 0x2 ({@code "P: a struct file that create did not finish
 *     (header flag 0x2): a temporary file, or a create that was interrupted"});
 * <li>byte order: 1 or 2 ({@code "P: data byte order B is neither 1 (little-endian) nor 2
 *     (big-endian)"}), and this machine's ({@code "P: data byte order B differs from this
 *     machine's M"});
 * <li>for format 3, the lineage block's shape: its reserved words 0 ({@code "P: bytes B to B+3
 *     (reserved, in the lineage block) hold 0xHHHHHHHH; a format-3 file has 0 there"}), entry k of
 *     version k ({@code "P: lineage entry K of N holds layout version V; the entries of a format-3
 *     file are versions 1 to N in order"}), and the header's size, alignment and fingerprint those of
 *     the last entry ({@code "P: the header's layout (fingerprint FP, size S, alignment A) is not the
 *     last entry of the file's lineage (layout version N: fingerprint FP, size S, alignment A)"});
 * <li>layout: the file's lineage (format 2: one entry, version 1, the header's own fields) and the
 *     reader's {@link StructType#lineage()} agree on every version both hold (size, alignment,
 *     fingerprint), the name (bytes up to the first NUL) is the reader's and the stride is the
 *     file's own struct size. A file of layout version 1 read by a reader of version 1 is otherwise
 *     refused with {@code "P: the file holds NAME (fingerprint FP, size S, alignment A, stride T);
 *     the reader expects ..."} with the reader's five values, as C and Python refuse it; any other
 *     with {@code "P: the file holds NAME (layout version U, fingerprint FP, size S, alignment A,
 *     stride T); the reader expects NAME (layout version V, ...): the file's layout is neither an
 *     ancestor nor a descendant of the reader's"} and, when two versions differ, {@code " (layout
 *     version K differs: the file's has fingerprint FP, size S, alignment A, the reader's ...)"}.
 *     Both messages then say what to do. When the file's name is the reader's (the record changed
 *     since the file was written) they end with {@code "; if the record changed since the file was
 *     written, read it by keeping the old members in their order and adding new ones after them
 *     with @Since(W) (see "Old files and new code" in docs/layout-lock.md), or write the file again
 *     with the current record"}, W one more than the file's layout version U (2 for a file of format
 *     2), else with {@code "; the file holds another struct type: open it with the reader of that
 *     type"}.
 *     NAME and FP are shown as text if they are valid UTF-8 without control characters, else byte
 *     by byte (printable ASCII as itself, any other byte as a backslash, x and two lower-case hex
 *     digits);
 * <li>data offset: {@code "P: data offset D is not a multiple of 64 at least 128"} (format 3:
 *     {@code "... at or past the end of the lineage block (byte E)"}), {@code "P: data offset D lies
 *     past the end of the file's N bytes"};
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
 * <p><b>Layout versions.</b> A reader of layout version v (the last of its
 * {@link StructType#lineage()}) opens a file of layout version u whose lineage is an ancestor or a
 * descendant of its own (see docs/layout-lock.md, "Old files and new code"):
 * <ul>
 * <li>u = v: as any file: read-only or writable, {@link #elements()} is the mapping.
 * <li>u &gt; v (a newer file): read-only only (a writable open throws {@link StructFileException}
 *     naming both versions). {@link #count()} is the file's; {@link #stride()} is the file's struct
 *     size, larger than the reader's; {@link #get} reads the reader's members from the first bytes
 *     of struct i, at {@code dataOffset + i * stride()}, and ignores the rest; {@link #storedStructs()}
 *     is the mapping, structs {@code stride()} bytes apart; {@link #elements()} is a copy made on its
 *     first call, each struct cut to the reader's size, so generated array views, validators, the
 *     Arrow export and DuckDB read an array of the reader's structs.
 * <li>u &lt; v (an older file): read-only only. On the first {@link #get} or {@link #elements()} the structs are
 *     copied once into memory of this file's arena, exactly {@code count * type.size()} bytes, each the file's
 *     {@code stride()} bytes followed by zeros: every member the file's version lacks reads as
 *     all-zero bytes, a value the processor proves valid for every such member
 *     ({@code SB-SINCE-DEFAULT}). {@link #get} and {@link #elements()} read that copy, so the
 *     generated array views and validators work on it; a reader that steps by {@link #stride()} through
 *     {@link #storedStructs()} (the Spark connector widens one batch at a time) never makes the copy. A file whose
 *     widened copy would not fit a {@code long} is refused at open ({@link StructFileException}); one that does not
 *     fit memory throws {@link OutOfMemoryError} where the copy is made.
 * </ul>
 * Writers ({@link #create}, a writable {@link #open} and the appends) write only the reader's own
 * version; {@link #migrate} rewrites a file of another version as a new file of the reader's.
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
 * Readers of one file in one JVM share one channel and its lock (which no interrupt closes: see "Interrupts"). Java's locks are classic POSIX
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
 * <p><b>Interrupts.</b> No method of a struct file is interruptible, and no interrupt breaks one. The readers of a
 * file in one JVM share one {@link FileChannel} (see "Advisory locks"), and a {@code FileChannel} closes itself, for
 * every user, when a thread doing I/O on it is interrupted (before or during the call); that would drop the JVM's lock
 * under the other readers and fail every later open of the file. So every call on the channel ({@code size},
 * {@code map}, {@code write}, {@code truncate}, {@code force}: in {@link #open}, {@link #create}, appends that grow
 * the file, {@link #close()} and {@link #migrate}) runs on a runtime thread that nothing interrupts
 * ({@code structbridge-channel-io}, a daemon), while the caller waits for it. A thread interrupted before or during
 * such a call (a Spark task killed because a sibling split failed) completes it as if it had not been interrupted,
 * and its interrupt status is still set afterwards, for its next blocking call to see. Locking, unlocking and
 * closing the channel are not interruptible in the first place.
 *
 * @param <R> the record type
 */
public final class StructFile<R extends Record> implements AutoCloseable {
    /** The header size in bytes. */
    public static final int HEADER_SIZE = 128;
    /** The data offset's alignment in bytes (a cache line). */
    public static final int DATA_ALIGNMENT = 64;
    /**
     * The header's format version for a struct of layout version 1 (no {@code @Since} above 1): no lineage block.
     * The C and Python readers accept only this format for now.
     */
    public static final int FORMAT_VERSION = StructFileHeader.VERSION;
    /** The header's format version for a struct of layout version 2 or higher: a lineage block follows the header. */
    public static final int FORMAT_VERSION_LINEAGE = StructFileHeader.VERSION_LINEAGE;

    private final Path path;
    private final StructType<R> type;
    /** The reader's (and writer's) layout versions, checked. */
    private final List<LayoutVersion> lineage;
    /** The file's channel and lock; every call on the channel goes through {@link FileLocks.Held#io} (interrupts). */
    private final FileLocks.Held held;
    private final boolean writable;
    /** Whether an older file may be widened into a copy, on first use ({@link #migrate} streams instead). */
    private final boolean widen;
    /** The bytes between structs in the file: the struct size of the file's layout version. */
    private long stride;
    /** The layout version of the file. */
    private int layoutVersion;
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
    /**
     * For a file of an older layout version, once {@link #get} or {@link #elements()} asked for it: its structs
     * widened to the reader's size (each the file's bytes, then zeros), allocated once in {@link #arena}; else null.
     */
    private MemorySegment widened;
    /**
     * For a file of a newer layout version, once {@link #elements()} asked for it: its structs cut to the reader's
     * size (the members the reader knows), allocated in {@link #arena}; else null.
     */
    private MemorySegment narrowed;
    private boolean closed;

    private StructFile(Path path, StructType<R> type, List<LayoutVersion> lineage, FileLocks.Held held, boolean writable,
                       boolean widen) {
        this.path = path;
        this.type = type;
        this.lineage = lineage;
        this.held = held;
        this.writable = writable;
        this.widen = widen;
        this.stride = type.size();
        this.layoutVersion = lineage.size();
    }

    /**
     * Refuses a struct that holds a pointer: an address means nothing to another process or after a
     * restart, so a file of them would hand readers dangling addresses.
     */
    static void refusePointers(Path path, StructType<?> type) {
        String p = Layouts.firstPointer(type.layout());
        if (p != null) {
            throw new IllegalArgumentException(path + ": " + type.recordClass().getSimpleName() + "." + p
                    + " is a pointer (@Pointer): an address means nothing outside the process that wrote it, so a "
                    + "struct holding one cannot be stored in a struct file; keep such structs in memory (RArray) only");
        }
    }

    /**
     * Creates a file for {@code capacity} structs of {@code type}, with count 0 and data offset 128
     * (format 2, a type of layout version 1) or the first multiple of 64 past the lineage block
     * (format 3, a type of layout version 2 or higher: see the class documentation), or replaces
     * the file at {@code path} with such a file. No reader ever sees it half-made: the file is
     * created under a temporary name in the same directory ({@code .NAME.<16 hex digits>.sbtmp}),
     * sized, given its header and locked (exclusive) there, and
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
     *     or the struct holds a pointer ({@code @Pointer}, at any depth), or {@code type}'s lineage is
     *     not versions 1 to N ending with its own layout (a hand-written {@link StructType})
     * @throws StructFileException if {@code path} exists and is not a regular file
     * @throws LockedException if another process or struct file has the existing file open
     * @throws IOException if the file cannot be created or mapped
     */
    public static <R extends Record> StructFile<R> create(Path path, StructType<R> type, long capacity) throws IOException {
        Objects.requireNonNull(type, "type");
        refusePointers(path, type);
        List<LayoutVersion> lineage = StructFileLineage.of(path, type);
        long dataOffset = StructFileLineage.dataOffset(lineage.size());
        long reserve = Math.max(capacity, 1);
        if (capacity < 0 || bytesFor(dataOffset, reserve, type.size()) < 0) {
            throw new IllegalArgumentException(path + ": capacity " + capacity + " structs of " + type.size()
                    + " bytes is negative or larger than a file can be");
        }
        try {
            RegularFiles.require(path, true);
            Path target = NewFiles.target(path);
            Path temp = NewFiles.temporary(target);
            try (TemporaryFileHook _ = new TemporaryFileHook(temp)) {
                return createAt(path, type, lineage, dataOffset, reserve, target, temp);
            }
        } catch (IOException e) {
            throw named(path, "create", e);
        }
    }

    /** {@link #create}'s file, written as {@code temp} and placed as {@code target} (on failure, {@code temp} removed). */
    private static <R extends Record> StructFile<R> createAt(Path path, StructType<R> type, List<LayoutVersion> lineage,
                                                            long dataOffset, long reserve, Path target, Path temp)
            throws IOException {
        FileLocks.Held held = FileLocks.acquire(temp, true, true);
        StructFile<R> f = new StructFile<>(path, type, lineage, held, true, false);
        boolean placed = false;
        try {
            f.dataOffset = dataOffset;
            f.remap(reserve);
            StructFileHeader.write(f.mapping, type, lineage, f.stride, f.dataOffset,
                    StructFileHeader.FLAG_WRITING | StructFileHeader.FLAG_CREATING);
            NewFiles.place(temp, target, path);
            placed = true;
            StructFileHeader.setFlags(f.mapping, StructFileHeader.FLAG_WRITING);
            f.openedSize = f.held.io(FileChannel::size);
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
    }

    /**
     * Opens an existing file, checking every header field against {@code type}. A file of another
     * layout version whose lineage is an ancestor or a descendant of the type's opens read-only only
     * (see "Layout versions" in the class documentation); an older one is widened into a copy on the first
     * {@link #get} or {@link #elements()}.
     *
     * @param path the file
     * @param type the struct type the caller expects
     * @param writable whether to map it read-write (exclusive lock) or read-only (shared lock)
     * @return the open file
     * @throws StructFileException if the path is not a regular file, or the file is not a struct file,
     *     has another format version (1 included), a lineage block that does not fit the file or is not
     *     well formed, a header whose checksum does not match its bytes, unknown flags or the "being
     *     created" flag, holds a layout that is neither the reader's nor an ancestor or descendant of it
     *     (the message names both and says what to do), has another byte order, has an invalid data
     *     offset, or is shorter than its header says (or longer, unless a writer has it open), or, with
     *     {@code writable}, holds
     *     another layout version than the reader's: see the class documentation for the order and the
     *     messages
     * @throws IllegalArgumentException if {@code type}'s lineage is not versions 1 to N ending with its own
     *     layout (a hand-written {@link StructType})
     * @throws LockedException if another process or struct file holds a conflicting lock
     * @throws IllegalArgumentException if the struct holds a pointer ({@code @Pointer}, at any depth)
     * @throws IOException if it cannot be read
     */
    public static <R extends Record> StructFile<R> open(Path path, StructType<R> type, boolean writable) throws IOException {
        return open(path, type, writable, true);
    }

    /** {@link #open(Path, StructType, boolean)}; an older file's structs are widened into a copy only if {@code widen}. */
    static <R extends Record> StructFile<R> open(Path path, StructType<R> type, boolean writable, boolean widen)
            throws IOException {
        Objects.requireNonNull(type, "type");
        refusePointers(path, type);
        List<LayoutVersion> lineage = StructFileLineage.of(path, type);
        try {
            RegularFiles.require(path, false);
            FileLocks.Held held = FileLocks.acquire(path, writable, false);
            StructFile<R> f = new StructFile<>(path, type, lineage, held, writable, widen);
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
     * Rewrites the struct file {@code source}, of any layout version that is an ancestor or a descendant of
     * {@code type}'s (see {@link #open}), as a new file {@code target} of {@code type}'s own layout version, and
     * leaves the source as it was. Each struct keeps its bytes: one of an older version gets zeros for the members
     * it lacks (each reads as zero: 0, {@code false}, empty text, the enum constant of code 0, as
     * {@link #elements()} shows them); one of a newer version <b>loses the bytes past {@code type().size()}: the
     * members {@code type} does not know, and their values, are gone from the target</b>. Bytes are copied, not
     * decoded: a struct that reads with an error from the source reads with the same error from the target.
     *
     * <p>All or nothing: the target is written under a temporary name in its folder
     * ({@code .NAME.<16 hex digits>.sbtmp}, refused by every reader until it is complete), flushed to the disk,
     * and only then linked to {@code target} ({@code link(2)}, which never replaces a file); a migration that fails
     * leaves neither the target nor the temporary file. Memory stays bounded: the structs are streamed in chunks of
     * at most {@value StructFileMigration#CHUNK_BYTES} bytes (one struct when a struct is larger), never the whole
     * file. The source is read under a shared lock, so no structbridge writer changes it meanwhile. A file of the
     * type's own version is copied as it is (its format and data offset rewritten as {@link #create} writes them).
     *
     * @param source the file to read
     * @param target the new file: it must not exist (nor a link by its name)
     * @param type the struct type whose layout version the target gets
     * @throws java.nio.file.FileAlreadyExistsException if {@code target} exists
     * @throws StructFileException if the source is not a struct file of an ancestor or descendant layout, or any
     *     check of {@link #open} fails
     * @throws LockedException if another process or struct file writes the source
     * @throws IllegalArgumentException if the struct holds a pointer ({@code @Pointer}), or the target would be
     *     larger than a file can be
     * @throws IOException if reading or writing fails
     */
    public static <R extends Record> void migrate(Path source, Path target, StructType<R> type) throws IOException {
        StructFileMigration.migrate(source, target, type);
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
        arena = Arena.ofShared();
        FileChannel.MapMode mode = writable ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY;
        long[] sized = {-1};
        try {
            // one hand-over to ChannelIo for both calls: the size, then the mapping of a file that holds a header
            mapping = held.io(c -> {
                sized[0] = c.size();
                return sized[0] < HEADER_SIZE ? null : c.map(mode, 0, sized[0], arena);
            });
        } catch (IOException e) {
            throw sized[0] < 0 ? e : named(path, "map " + sized[0] + " bytes", e);
        }
        long size = sized[0];
        if (mapping == null) {
            throw new StructFileException(path + ": " + size + " bytes, shorter than the " + HEADER_SIZE + "-byte header");
        }
        StructFileHeader.Checked h = StructFileHeader.check(path, mapping, size, type, lineage);
        dataOffset = h.dataOffset();
        count = h.count();
        openedChecksum = h.checksum();
        openedSize = size;
        layoutVersion = h.layoutVersion();
        stride = h.stride();
        if (layoutVersion != lineage.size() && writable) {
            throw new StructFileException(path + ": the file holds layout version " + layoutVersion + " of " + type.name()
                    + " and the reader's is version " + lineage.size() + ": a file of another layout version opens "
                    + "read-only (writable false); to write it, migrate it to version " + lineage.size()
                    + " first (Java's StructFile.migrate" + (layoutVersion > lineage.size() ? ", which drops the members added after "
                    + "version " + lineage.size() + ", and their values" : "") + ")");
        }
        capacity = (size - dataOffset) / stride;
        if (layoutVersion < lineage.size() && widen && bytesFor(0, count, type.size()) < 0) {
            throw new StructFileException(path + ": " + count + " structs of layout version " + layoutVersion
                    + " widened to version " + lineage.size() + " (" + type.size() + " bytes each) are more bytes than memory holds");
        }
        if (writable && (h.flags() & StructFileHeader.FLAG_WRITING) == 0) {
            StructFileHeader.setFlags(mapping, h.flags() | StructFileHeader.FLAG_WRITING);
        }
    }

    /**
     * {@return for a file of an older layout version, its structs widened into {@link #widened}, copied on the first
     * call: {@code count} structs of the reader's size, each the file's {@code stride} bytes followed by zeros (the
     * value of every member the file's version lacks), in one allocation of exactly {@code count * size} bytes in
     * this file's arena (checked to fit a {@code long} at open); else null} Called holding {@link #monitor}.
     */
    private MemorySegment widened() {
        if (widened == null && layoutVersion < lineage.size()) {
            if (!widen) {
                throw new IllegalStateException(path + ": opened to be streamed, not widened");
            }
            MemorySegment copy = arena.allocate(count * type.size(), type.alignment());
            StridedCopy.copy(mapping, dataOffset, stride, copy, 0, type.size(), Math.min(stride, type.size()), count);
            widened = copy;
        }
        return widened;
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
            held.io(c -> c.size() < size ? c.write(ByteBuffer.wrap(new byte[] {0}), size - 1) : 0);
        } catch (IOException e) {
            throw named(path, "grow the file to " + size + " bytes", e);
        }
        Arena fresh = Arena.ofShared();
        MemorySegment remapped;
        try {
            remapped = held.io(c -> c.map(FileChannel.MapMode.READ_WRITE, 0, size, fresh));
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
     * {@return the layout version the file was written with} The reader's own version ({@code type().lineage()}'s
     * last) for a file this object created; for an opened file, the header's: 1 for format 2, else the lineage
     * block's last version. It may be lower than the reader's (an older file, read through a widened copy) or
     * higher (a newer file, read with the file's stride).
     *
     * @throws IllegalStateException if the file is closed
     */
    public int layoutVersion() {
        synchronized (monitor) {
            ensureOpen();
            return layoutVersion;
        }
    }

    /**
     * {@return the bytes between consecutive structs in the file: the struct size of the file's layout version}
     * {@code type().size()} unless the file is of another layout version.
     *
     * @throws IllegalStateException if the file is closed
     */
    public long stride() {
        synchronized (monitor) {
            ensureOpen();
            return stride;
        }
    }

    /**
     * {@return the structs as an array of the reader's structs, {@code count() * type().size()} bytes} Wrap it with
     * the generated array type: {@code ParticleArray.over(file.elements())}. For a file of the reader's layout
     * version, the mapping itself, without copying: valid until the next append that grows the file, or
     * {@link #close()}; accessing it after that throws {@link IllegalStateException}. For a file of an older
     * version, the read-only copy made at open, each struct the file's bytes followed by zeros (the members the file
     * lacks read as zero: 0, {@code false}, empty text, the enum constant of code 0); valid until {@link #close()}.
     *
     * For a file of a newer version, a read-only copy made on the first call, each struct the file's first
     * {@code type().size()} bytes (the members the reader knows; the rest is left out), {@code count() * type().size()}
     * bytes in this file's arena; {@link #storedStructs()} reads the same members in place, with the file's stride.
     *
     * @throws IllegalStateException if the file is closed
     */
    public MemorySegment elements() {
        synchronized (monitor) {
            ensureOpen();
            if (widened() != null) {
                return widened.asReadOnly();
            }
            if (stride != type.size()) {
                if (narrowed == null) {
                    // a newer file: its structs cut to the reader's size, once (count * size <= the mapped structs)
                    MemorySegment copy = arena.allocate(storedCount() * type.size(), type.alignment());
                    StridedCopy.copy(mapping, dataOffset, stride, copy, 0, type.size(), type.size(), storedCount());
                    narrowed = copy;
                }
                return narrowed.asReadOnly();
            }
            return mapping.asSlice(dataOffset, storedCount() * stride);
        }
    }

    /**
     * {@return the file's structs as stored: {@code count() * stride()} bytes of the mapping, struct {@code i} at byte
     * {@code i * stride()}} For a file of the reader's layout version, the same bytes as {@link #elements()}. For a
     * newer one, each struct begins with the reader's members at the reader's offsets (a reader that steps by
     * {@code stride()}, such as the Spark connector, reads them in place); for an older one, the structs are the
     * older, shorter ones (read {@link #elements()}, the widened copy, instead). Valid as {@link #elements()} is.
     *
     * @throws IllegalStateException if the file is closed
     */
    public MemorySegment storedStructs() {
        synchronized (monitor) {
            ensureOpen();
            return mapping.asSlice(dataOffset, storedCount() * stride);
        }
    }

    /**
     * {@return struct {@code index} decoded as a record} A struct of a newer layout version is read from its first
     * {@code type().size()} bytes (the members the reader knows; the rest is ignored); one of an older version from
     * the widened copy (the members the file lacks read as zero).
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
            if (widened() != null) {
                return type.read(widened, index * type.size());
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
            widened = null;
            narrowed = null;
        }
        if (keep >= 0) {
            try {
                held.io(c -> {
                    if (c.size() > keep) {
                        c.truncate(keep); // the unused reserve: readers see exactly the header plus count structs
                    }
                    if (closedTail != null) {
                        // Only once the length is exact: a writer killed before this leaves the flag set, never a
                        // clear flag on a file longer than its structs.
                        while (closedTail.hasRemaining()) {
                            c.write(closedTail, closedTail.position()); // the buffer's index is the file offset
                        }
                    }
                    return null;
                });
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

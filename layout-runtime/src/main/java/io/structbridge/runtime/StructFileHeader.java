package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The 128-byte header of a struct file, format version 2 or 3 (described field by field in
 * {@link StructFile}): writing it, keeping its checksum, and checking it in the order, and with the
 * messages, that the C reader ({@code structfile.h}) and the generated Python {@code open_array}
 * share word for word. A format-3 file (a struct of layout version 2 or higher) has a lineage block
 * after the header ({@link StructFileLineage}), which the checksum covers too.
 */
final class StructFileHeader {
    static final int SIZE = 128;
    /** The format of a struct of layout version 1: no lineage block. */
    static final int VERSION = 2;
    /** The format of a struct of layout version 2 or higher: a lineage block at byte 128. */
    static final int VERSION_LINEAGE = 3;
    /** Flag: a writer has the file open (or died with it open): the file may be longer than its structs. */
    static final int FLAG_WRITING = 0x1;
    /** Flag: create has not finished: a temporary file, or a create that was interrupted. Every reader refuses it. */
    static final int FLAG_CREATING = 0x2;
    private static final int KNOWN_FLAGS = FLAG_WRITING | FLAG_CREATING;
    private static final byte[] MAGIC = "SBRIDGE\0".getBytes(StandardCharsets.US_ASCII);
    private static final int NAME_BYTES = 31;
    private static final long FORMAT = 8;
    private static final long ORDER = 12;
    private static final long STRUCT_SIZE = 16;
    private static final long ALIGNMENT = 24;
    private static final long STRIDE = 32;
    private static final long COUNT = 40;
    private static final long DATA_OFFSET = 48;
    private static final long FINGERPRINT = 56;
    private static final long NAME = 88;
    /** The flags' offset; the checksum follows them. */
    static final long FLAGS = 120;
    private static final long CHECKSUM = 124;
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int NATIVE_ORDER = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? 1 : 2;

    private StructFileHeader() {}

    /**
     * What a checked header says.
     *
     * @param dataOffset where struct 0 starts, in bytes from the file's start
     * @param count the number of structs
     * @param flags the header's flags
     * @param checksum the header's stored (and verified) CRC-32
     * @param layoutVersion the layout version the file was written with (1 for format 2)
     * @param stride the bytes between structs in the file: the size of the file's layout version
     */
    record Checked(long dataOffset, long count, int flags, int checksum, int layoutVersion, long stride) {}

    /**
     * Writes a whole header (count 0), with the lineage block when {@code lineage} has more than one version
     * (format 3, else format 2), zeroes the bytes up to {@code dataOffset}, and seals it.
     */
    static void write(MemorySegment h, StructType<?> type, List<LayoutVersion> lineage, long stride, long dataOffset, int flags) {
        h.asSlice(0, dataOffset).fill((byte) 0);
        MemorySegment.copy(MemorySegment.ofArray(MAGIC), 0, h, 0, MAGIC.length);
        h.set(U32, FORMAT, lineage.size() == 1 ? VERSION : VERSION_LINEAGE);
        h.set(U32, ORDER, NATIVE_ORDER);
        h.set(U64, STRUCT_SIZE, type.size());
        h.set(U64, ALIGNMENT, type.alignment());
        h.set(U64, STRIDE, stride);
        h.set(U64, COUNT, 0);
        h.set(U64, DATA_OFFSET, dataOffset);
        byte[] fp = type.fingerprint().getBytes(StandardCharsets.US_ASCII);
        MemorySegment.copy(MemorySegment.ofArray(fp), 0, h, FINGERPRINT, Math.min(32, fp.length));
        byte[] name = nameBytes(type.name());
        MemorySegment.copy(MemorySegment.ofArray(name), 0, h, NAME, name.length);
        h.set(U32, FLAGS, flags);
        if (lineage.size() > 1) {
            StructFileLineage.write(h, lineage);
        }
        seal(h);
    }

    /** Publishes a new count and seals the header. */
    static void setCount(MemorySegment h, long count) {
        h.set(U64, COUNT, count);
        seal(h);
    }

    /** Sets the flags and seals the header. */
    static void setFlags(MemorySegment h, int flags) {
        h.set(U32, FLAGS, flags);
        seal(h);
    }

    /** {@return the header's flags} */
    static int flags(MemorySegment h) {
        return h.get(U32, FLAGS);
    }

    /** {@return the bytes the checksum covers, beyond the first 124: the end of the header, or of the lineage block} */
    private static long sealedEnd(MemorySegment h) {
        return h.get(U32, FORMAT) == VERSION_LINEAGE ? StructFileLineage.end(StructFileLineage.count(h)) : SIZE;
    }

    /**
     * {@return the last 8 bytes the header would have with {@code flags} (flags, then the checksum),
     * for a writer that no longer maps the header: a buffer over a copy of the whole header (and lineage
     * block) whose index is the offset in the file, positioned at the flags, limited at the header's end}
     */
    static ByteBuffer tailWithFlags(MemorySegment h, int flags) {
        byte[] copy = h.asSlice(0, sealedEnd(h)).toArray(ValueLayout.JAVA_BYTE);
        MemorySegment c = MemorySegment.ofArray(copy);
        setFlags(c, flags);
        return ByteBuffer.wrap(copy, (int) FLAGS, 8);
    }

    /**
     * {@return the CRC-32 of bytes 0..123 (java.util.zip.CRC32, as zlib.crc32)}, continued over the lineage
     * block for format 3 (whose entry count must have been checked, or written by this class)
     */
    static int checksum(MemorySegment h) {
        CRC32 crc = new CRC32();
        crc.update(h.asSlice(0, CHECKSUM).asByteBuffer());
        long end = sealedEnd(h);
        if (end > SIZE) {
            crc.update(h.asSlice(StructFileLineage.START, end - StructFileLineage.START).asByteBuffer());
        }
        return (int) crc.getValue();
    }

    /** Stores the checksum in bytes 124..127. */
    private static void seal(MemorySegment h) {
        h.set(U32, CHECKSUM, checksum(h));
    }

    /** {@return the UTF-8 bytes of the name as the header keeps them: cut to 31 at a character boundary} */
    static byte[] nameBytes(String name) {
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

    /**
     * Checks the header {@code h} of a file of {@code fileSize} bytes (at least 128) against
     * {@code type}, in this order: magic, version (2 or 3; for 3 the lineage block's length), checksum,
     * flags, byte order, layout (the file's lineage against the reader's, name, stride), data offset,
     * count against the file's length (exactly, unless a writer has the file open).
     *
     * @param lineage the reader's lineage, checked ({@link StructFileLineage#of})
     * @return the data offset, count, flags, checksum, layout version and stride
     * @throws StructFile.StructFileException naming the path and the first check that fails
     */
    static Checked check(Path path, MemorySegment h, long fileSize, StructType<?> type, List<LayoutVersion> lineage)
            throws StructFile.StructFileException {
        if (h.asSlice(0, MAGIC.length).mismatch(MemorySegment.ofArray(MAGIC)) != -1) {
            throw refused(path, "not a structbridge struct file (bad magic)");
        }
        int version = h.get(U32, FORMAT);
        if (version != VERSION && version != VERSION_LINEAGE) {
            // The text C, Python and Mojo give word for word.
            throw refused(path, "format version " + Integer.toUnsignedString(version) + ", this reader knows " + VERSION
                    + " and " + VERSION_LINEAGE + (version == 1 ? " (version 1 has no header checksum: write the file again)" : ""));
        }
        int entries = version == VERSION_LINEAGE ? StructFileLineage.checkLength(path, h, fileSize) : 1;
        int stored = h.get(U32, CHECKSUM);
        int computed = checksum(h);
        if (stored != computed) {
            throw refused(path, "header checksum 0x" + hex32(stored) + " does not match the header's bytes (CRC-32 0x"
                    + hex32(computed) + "): the header is corrupt");
        }
        int flags = h.get(U32, FLAGS);
        if ((flags & ~KNOWN_FLAGS) != 0) {
            throw refused(path, "header flags 0x" + hex32(flags) + " hold bits this reader does not know (it knows 0x"
                    + hex32(KNOWN_FLAGS) + ")");
        }
        if ((flags & FLAG_CREATING) != 0) {
            throw refused(path, "a struct file that create did not finish (header flag 0x2): a temporary file, or a "
                    + "create that was interrupted");
        }
        int order = h.get(U32, ORDER);
        if (order != 1 && order != 2) {
            throw refused(path, "data byte order " + Integer.toUnsignedString(order)
                    + " is neither 1 (little-endian) nor 2 (big-endian)");
        }
        if (order != NATIVE_ORDER) {
            throw refused(path, "data byte order " + order + " differs from this machine's " + NATIVE_ORDER);
        }
        StructFileLineage.Entry own = new StructFileLineage.Entry(entries, h.get(U64, STRUCT_SIZE), h.get(U64, ALIGNMENT),
                text(h, FINGERPRINT));
        if (version == VERSION_LINEAGE) {
            StructFileLineage.checkEntries(path, h, entries);
            StructFileLineage.Entry last = StructFileLineage.entry(h, entries);
            if (last.size() != own.size() || last.alignment() != own.alignment()
                    || !Arrays.equals(last.fingerprint(), own.fingerprint())) {
                throw refused(path, "the header's layout (" + own.shown() + ") is not the last entry of the file's lineage "
                        + "(layout version " + entries + ": " + last.shown() + ")");
            }
        }
        long stride = h.get(U64, STRIDE);
        layout(path, h, version, own, stride, type, lineage);
        long data = h.get(U64, DATA_OFFSET);
        if (version == VERSION) {
            if (Long.compareUnsigned(data, SIZE) < 0 || data % StructFile.DATA_ALIGNMENT != 0) {
                throw refused(path, "data offset " + Long.toUnsignedString(data) + " is not a multiple of "
                        + StructFile.DATA_ALIGNMENT + " at least " + SIZE);
            }
        } else {
            long end = StructFileLineage.end(entries);
            if (Long.compareUnsigned(data, end) < 0 || data % StructFile.DATA_ALIGNMENT != 0) {
                throw refused(path, "data offset " + Long.toUnsignedString(data) + " is not a multiple of "
                        + StructFile.DATA_ALIGNMENT + " at or past the end of the lineage block (byte " + end + ")");
            }
        }
        if (Long.compareUnsigned(data, fileSize) > 0) {
            throw refused(path, "data offset " + Long.toUnsignedString(data) + " lies past the end of the file's "
                    + fileSize + " bytes");
        }
        long count = h.get(U64, COUNT);
        long need = count < 0 ? -1 : bytesFor(data, count, stride);
        String structs = Long.toUnsignedString(count) + " structs of " + stride + " bytes at data offset " + data;
        if (need < 0 || need > fileSize) {
            throw refused(path, structs + " do not fit the file's " + fileSize + " bytes"
                    + (need < 0 ? "" : " (they need " + need + " bytes)"));
        }
        if (need < fileSize && (flags & FLAG_WRITING) == 0) {
            throw refused(path, "the file's " + fileSize + " bytes are more than the " + need + " bytes that " + structs
                    + " take (a struct file its writer closed ends after its last struct)");
        }
        return new Checked(data, count, flags, stored, entries, stride);
    }

    /**
     * {@return the end of a layout refusal when the file's struct has the reader's name: the record changed since the
     * file was written, so its new members go after the old ones with {@code @Since(K)}, K one more than the file's
     * layout version {@code fileVersion} (C, Python and Mojo end theirs with the same words)}
     */
    static String sameNameHint(int fileVersion) {
        return "; if the record changed since the file was written, read it by keeping the old members in their order "
                + "and adding new ones after them with @Since(" + (fileVersion + 1) + ") (see \"Old files and new "
                + "code\" in docs/layout-lock.md), or write the file again with the current record";
    }
    /** The end of a layout refusal when the file's struct has another name than the reader's. */
    static final String OTHER_NAME_HINT = "; the file holds another struct type: open it with the reader of that type";

    /**
     * Checks that the file's layout is the reader's, an ancestor of it or a descendant: the same name, a stride
     * equal to the file's own struct size, and the same size, alignment and fingerprint at every layout version
     * both lineages hold. A file of layout version 1 read by a reader of version 1 is refused with the message of
     * format 2, which C and Python give word for word. Both messages end with {@link #sameNameHint} when the names
     * agree, else with {@link #OTHER_NAME_HINT}.
     */
    private static void layout(Path path, MemorySegment h, int version, StructFileLineage.Entry own, long stride,
                               StructType<?> type, List<LayoutVersion> lineage) throws StructFile.StructFileException {
        byte[] name = text(h, NAME);
        int fileVersion = (int) own.version();
        int shared = Math.min(fileVersion, lineage.size());
        int differs = 0;
        for (int k = 1; k <= shared && differs == 0; k++) {
            StructFileLineage.Entry e = version == VERSION_LINEAGE ? StructFileLineage.entry(h, k) : own;
            if (!e.same(lineage.get(k - 1))) {
                differs = k;
            }
        }
        boolean sameName = Arrays.equals(name, nameBytes(type.name()));
        if (sameName && stride == own.size() && differs == 0) {
            return;
        }
        String file = "the file holds " + shown(name) + " (";
        String reader = "the reader expects " + type.name() + " (";
        String next = sameName ? sameNameHint(fileVersion) : OTHER_NAME_HINT;
        if (fileVersion == 1 && lineage.size() == 1) {
            throw refused(path, file + own.shown() + ", stride " + Long.toUnsignedString(stride) + "); " + reader
                    + "fingerprint " + type.fingerprint() + ", size " + type.size() + ", alignment " + type.alignment()
                    + ", stride " + type.size() + ")" + next);
        }
        String why = differs == 0 ? ""
                : " (layout version " + differs + " differs: the file's has "
                        + (version == VERSION_LINEAGE ? StructFileLineage.entry(h, differs) : own).shown() + ", the reader's "
                        + shownReader(lineage.get(differs - 1)) + ")";
        throw refused(path, file + "layout version " + fileVersion + ", " + own.shown() + ", stride "
                + Long.toUnsignedString(stride) + "); " + reader + "layout version " + lineage.size() + ", fingerprint "
                + type.fingerprint() + ", size " + type.size() + ", alignment " + type.alignment() + ", stride "
                + type.size() + "): the file's layout is neither an ancestor nor a descendant of the reader's" + why + next);
    }

    private static String shownReader(LayoutVersion v) {
        return "fingerprint " + v.fingerprint() + ", size " + v.size() + ", alignment " + v.alignment();
    }

    /** {@return {@code offset + count * stride}, or -1 if it overflows a {@code long}} */
    static long bytesFor(long offset, long count, long stride) {
        try {
            return Math.addExact(offset, Math.multiplyExact(count, stride));
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    private static StructFile.StructFileException refused(Path path, String what) {
        return new StructFile.StructFileException(path + ": " + what);
    }

    private static String hex32(int v) {
        return HexFormat.of().toHexDigits(v);
    }

    /** {@return the 32-byte text field at {@code offset}, up to its first NUL} */
    static byte[] text(MemorySegment h, long offset) {
        byte[] b = h.asSlice(offset, 32).toArray(ValueLayout.JAVA_BYTE);
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return Arrays.copyOf(b, n);
    }

    /**
     * {@return a name or fingerprint as messages show it: the text itself if it is valid UTF-8 without
     * control characters, else each byte, printable ASCII as itself and any other as {@code \xNN}}
     */
    static String shown(byte[] b) {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
            if (s.chars().noneMatch(c -> c < 0x20 || c == 0x7f)) {
                return s;
            }
        } catch (CharacterCodingException e) {
            // shown byte by byte
        }
        StringBuilder out = new StringBuilder();
        for (byte x : b) {
            int v = x & 0xff;
            if (v >= 0x20 && v < 0x7f) {
                out.append((char) v);
            } else {
                out.append("\\x").append(HexFormat.of().toHexDigits((byte) v));
            }
        }
        return out.toString();
    }
}

package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The lineage block of a struct file of format version 3 (described byte by byte in {@link StructFile}): the
 * layout versions 1 to {@code N} of the struct the file was written with, right after the 128-byte header.
 * Writing it, and checking its shape (its length, the order of its versions, its reserved bytes); the
 * comparison with a reader's lineage is {@link StructFileHeader}'s. All numbers are little-endian.
 */
final class StructFileLineage {
    /** The block's first byte: the header's end. */
    static final long START = StructFileHeader.SIZE;
    /** The block's own header in bytes: uint32 entry count, uint32 0. */
    static final int HEAD = 8;
    /** One entry in bytes: uint32 version, uint32 0, uint64 size, uint64 alignment, char[32] fingerprint. */
    static final int ENTRY = 56;
    /** The most entries a reader accepts (a larger count is refused before anything is read or allocated). */
    static final int MAX_ENTRIES = 65535;
    private static final long VERSION = 0;
    private static final long RESERVED = 4;
    private static final long SIZE = 8;
    private static final long ALIGNMENT = 16;
    private static final long FINGERPRINT = 24;
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private StructFileLineage() {}

    /** One entry as a file holds it: the fingerprint as the bytes before the first NUL. */
    record Entry(long version, long size, long alignment, byte[] fingerprint) {
        /** {@return whether this entry describes {@code v}} */
        boolean same(LayoutVersion v) {
            return version == v.version() && size == v.size() && alignment == v.alignment()
                    && Arrays.equals(fingerprint, v.fingerprint().getBytes(StandardCharsets.US_ASCII));
        }

        /** {@return {@code v} as an entry} */
        static Entry of(LayoutVersion v) {
            return new Entry(v.version(), v.size(), v.alignment(), v.fingerprint().getBytes(StandardCharsets.US_ASCII));
        }

        /** {@return "fingerprint FP, size S, alignment A" as messages show it} */
        String shown() {
            return "fingerprint " + StructFileHeader.shown(fingerprint) + ", size " + Long.toUnsignedString(size)
                    + ", alignment " + Long.toUnsignedString(alignment);
        }
    }

    /**
     * {@return the lineage of {@code type}, checked: versions 1 to V in order, the last one the type's own size,
     * alignment and fingerprint, each fingerprint 32 ASCII characters at most, each entry of the shape
     * {@link #shape} checks}
     *
     * @throws IllegalArgumentException naming the path and the type if the lineage is not so (only a hand-written
     *     {@link StructType} can get it wrong)
     */
    static List<LayoutVersion> of(Path path, StructType<?> type) {
        List<LayoutVersion> lineage = List.copyOf(type.lineage());
        String problem = null;
        if (lineage.isEmpty()) {
            problem = "it is empty";
        } else if (lineage.size() > MAX_ENTRIES) {
            problem = "it has " + lineage.size() + " versions, more than a struct file holds (" + MAX_ENTRIES + ")";
        } else {
            for (int k = 0; k < lineage.size() && problem == null; k++) {
                LayoutVersion v = lineage.get(k);
                if (v.version() != k + 1) {
                    problem = "entry " + (k + 1) + " is version " + v.version() + " (the versions are 1 to N in order)";
                } else if (v.fingerprint().isEmpty() || v.fingerprint().length() > 32
                        || !StandardCharsets.US_ASCII.newEncoder().canEncode(v.fingerprint()) || v.fingerprint().indexOf(0) >= 0) {
                    problem = "the fingerprint of version " + v.version() + " is not 1 to 32 ASCII characters without NUL";
                } else {
                    String wrong = shape(Entry.of(v), k == 0 ? null : Entry.of(lineage.get(k - 1)));
                    problem = wrong == null ? null : "entry " + (k + 1) + " " + wrong;
                }
            }
            LayoutVersion last = lineage.getLast();
            if (problem == null && (last.size() != type.size() || last.alignment() != type.alignment()
                    || !last.fingerprint().equals(type.fingerprint()))) {
                problem = "its last entry, " + last + ", is not the type's own layout (fingerprint " + type.fingerprint()
                        + ", size " + type.size() + ", alignment " + type.alignment() + ")";
            }
        }
        if (problem != null) {
            throw new IllegalArgumentException(path + ": the lineage of " + type.name() + " cannot be written or compared: "
                    + problem);
        }
        return lineage;
    }

    /** {@return the byte just past a block of {@code n} entries} */
    static long end(long n) {
        return START + HEAD + ENTRY * n;
    }

    /**
     * {@return where the structs start in a new file of a type with {@code versions} layout versions} 128 for one
     * (format 2, no block), else the first multiple of 64 at or past the block's end.
     */
    static long dataOffset(int versions) {
        if (versions == 1) {
            return StructFileHeader.SIZE;
        }
        long a = StructFile.DATA_ALIGNMENT;
        return (end(versions) + a - 1) / a * a;
    }

    /** Writes the block of {@code lineage} at byte 128 of {@code h} (which has room for it). */
    static void write(MemorySegment h, List<LayoutVersion> lineage) {
        h.asSlice(START, end(lineage.size()) - START).fill((byte) 0);
        h.set(U32, START, lineage.size());
        for (int k = 0; k < lineage.size(); k++) {
            LayoutVersion v = lineage.get(k);
            long e = entryOffset(k + 1);
            h.set(U32, e + VERSION, v.version());
            h.set(U64, e + SIZE, v.size());
            h.set(U64, e + ALIGNMENT, v.alignment());
            byte[] fp = v.fingerprint().getBytes(StandardCharsets.US_ASCII);
            MemorySegment.copy(MemorySegment.ofArray(fp), 0, h, e + FINGERPRINT, fp.length);
        }
    }

    /** {@return the entry count at byte 128, unchecked (0 to 2^32-1)} */
    static long count(MemorySegment h) {
        return Integer.toUnsignedLong(h.get(U32, START));
    }

    /**
     * Checks that the block's entry count is 1 to 65535 and that the block fits the file, before anything else of
     * it is read.
     *
     * @return the entry count
     * @throws StructFile.StructFileException naming the path otherwise
     */
    static int checkLength(Path path, MemorySegment h, long fileSize) throws StructFile.StructFileException {
        if (fileSize < START + HEAD) {
            throw refused(path, fileSize + " bytes end inside the lineage block of a format-3 file (its entry count is "
                    + "bytes 128 to 131)");
        }
        long n = count(h);
        if (n < 1 || n > MAX_ENTRIES) {
            throw refused(path, "the lineage block lists " + n + " layout versions; a format-3 file lists 1 to " + MAX_ENTRIES);
        }
        if (end(n) > fileSize) {
            throw refused(path, "the lineage block of " + n + " layout versions (bytes 128 to " + (end(n) - 1)
                    + ") does not fit the file's " + fileSize + " bytes");
        }
        return (int) n;
    }

    /**
     * Checks the block's shape after its checksum: reserved bytes 0, entry {@code k} of version {@code k}, and
     * each entry's size and alignment ({@link #shape}), entry by entry.
     *
     * @throws StructFile.StructFileException naming the path and the first byte that is wrong
     */
    static void checkEntries(Path path, MemorySegment h, int n) throws StructFile.StructFileException {
        reserved(path, h, START + 4);
        for (int k = 1; k <= n; k++) {
            long e = entryOffset(k);
            reserved(path, h, e + RESERVED);
            long version = Integer.toUnsignedLong(h.get(U32, e + VERSION));
            if (version != k) {
                throw refused(path, "lineage entry " + k + " of " + n + " holds layout version " + version
                        + "; the entries of a format-3 file are versions 1 to " + n + " in order");
            }
            String problem = shape(entry(h, k), k == 1 ? null : entry(h, k - 1));
            if (problem != null) {
                throw refused(path, "lineage entry " + k + " of " + n + " " + problem);
            }
        }
    }

    /**
     * The shape every entry of a lineage has (C's sb_check_header, Python's and Mojo's readers check it with these
     * words): an alignment that is a power of two, a size that is a positive multiple of it, and, after entry 1, an
     * alignment and a size no smaller than the previous entry's (a later layout version only appends members).
     *
     * @param previous entry {@code k - 1}, null for entry 1
     * @return what is wrong ("has size S, ..."), or null if nothing is
     */
    static String shape(Entry e, Entry previous) {
        String a = Long.toUnsignedString(e.alignment());
        String s = Long.toUnsignedString(e.size());
        if (Long.bitCount(e.alignment()) != 1) {
            return "has alignment " + a + ", not a power of two";
        }
        if (e.size() == 0 || Long.remainderUnsigned(e.size(), e.alignment()) != 0) {
            return "has size " + s + ", not a positive multiple of its alignment " + a;
        }
        if (previous != null && Long.compareUnsigned(e.alignment(), previous.alignment()) < 0) {
            return "has alignment " + a + ", less than the alignment " + Long.toUnsignedString(previous.alignment())
                    + " of entry " + (e.version() - 1) + " (a later layout version only appends members)";
        }
        if (previous != null && Long.compareUnsigned(e.size(), previous.size()) < 0) {
            return "has size " + s + ", less than the size " + Long.toUnsignedString(previous.size()) + " of entry "
                    + (e.version() - 1) + " (a later layout version only appends members)";
        }
        return null;
    }

    /** {@return entry {@code k} (1 to the checked count)} */
    static Entry entry(MemorySegment h, int k) {
        long e = entryOffset(k);
        return new Entry(Integer.toUnsignedLong(h.get(U32, e + VERSION)), h.get(U64, e + SIZE), h.get(U64, e + ALIGNMENT),
                StructFileHeader.text(h, e + FINGERPRINT));
    }

    private static long entryOffset(int k) {
        return START + HEAD + ENTRY * (long) (k - 1);
    }

    private static void reserved(Path path, MemorySegment h, long offset) throws StructFile.StructFileException {
        int v = h.get(U32, offset);
        if (v != 0) {
            throw refused(path, "bytes " + offset + " to " + (offset + 3) + " (reserved, in the lineage block) hold 0x"
                    + HexFormat.of().toHexDigits(v) + "; a format-3 file has 0 there");
        }
    }

    private static StructFile.StructFileException refused(Path path, String what) {
        return new StructFile.StructFileException(path + ": " + what);
    }
}

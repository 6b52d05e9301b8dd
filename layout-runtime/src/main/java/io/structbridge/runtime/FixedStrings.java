package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strings stored in a fixed {@code char[capacity]} member. Capacity counts encoded bytes. A
 * NUL-terminated member holds at most {@code capacity - 1} bytes of text followed by NUL bytes; a
 * fixed-width member may fill all {@code capacity} bytes and is padded with NUL bytes. Writing is
 * split in two steps, {@link #storedLength} (checks, allocates nothing) then {@link #store}, so a
 * struct write can check every component before it touches memory.
 */
public final class FixedStrings {
    private FixedStrings() {}

    /** Eight bytes in memory order: the first byte is the least significant one, whatever the platform. */
    private static final ValueLayout.OfLong LITTLE_ENDIAN_WORD =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    /** The same 8 bytes stored into a {@code byte[]} at any index. */
    private static final java.lang.invoke.VarHandle BYTES_AS_WORD =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /**
     * Checks that {@code s} can be stored and returns how many bytes of it will be.
     *
     * @param s the text, not null
     * @param encoding the encoding
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL byte must follow the text inside the capacity
     * @param truncate whether overlong text is cut at the last whole character that fits
     * @param struct the record's simple name
     * @param path the component path
     * @return the number of encoded bytes to store, at most {@code capacity} (or {@code capacity - 1})
     * @throws StructValueException if the text contains U+0000, a character the encoding cannot
     *     represent, an unpaired surrogate, or (without {@code truncate}) needs more bytes than fit
     */
    public static int storedLength(String s, TextEncoding encoding, int capacity, boolean nulTerminated,
                                   boolean truncate, String struct, String path) {
        int usable = nulTerminated ? capacity - 1 : capacity;
        long bytes = 0;
        long fitting = -1;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int n;
            if (c == 0) {
                throw new StructValueException(struct, path,
                        "text must not contain U+0000 (index " + i + "): C reads it as the end", quote(s), -1);
            }
            if (c < 0x80) {
                n = 1;
            } else if (encoding == TextEncoding.ASCII) {
                throw unencodable(s, i, "US-ASCII", struct, path);
            } else if (encoding == TextEncoding.LATIN_1) {
                if (c > 0xff) {
                    throw unencodable(s, i, "ISO-8859-1", struct, path);
                }
                n = 1;
            } else if (c < 0x800) {
                n = 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n = 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new StructValueException(struct, path,
                        "unpaired surrogate at index " + i + " cannot be encoded as UTF-8", quote(s), -1);
            } else {
                n = 3;
            }
            if (fitting < 0 && bytes + n > usable) {
                fitting = bytes;
            }
            bytes += n;
        }
        if (fitting < 0) {
            return (int) bytes; // at most usable, an int
        }
        if (truncate) {
            return (int) fitting;
        }
        throw new StructValueException(struct, path, "text needs " + bytes + " " + encodingName(encoding)
                + " bytes but the capacity is " + capacity + " bytes"
                + (nulTerminated ? " including the NUL terminator (" + usable + " for text)" : ""), quote(s), -1);
    }

    /**
     * Encodes the first {@code byteCount} bytes of {@code s} at {@code offset} and fills the rest
     * of the capacity with NUL bytes. Call {@link #storedLength} first: this method does not check.
     *
     * @param segment the target segment
     * @param offset the byte offset of the member
     * @param s the text
     * @param byteCount the value {@link #storedLength} returned
     * @param encoding the encoding
     * @param capacity the member size in bytes
     */
    public static void store(MemorySegment segment, long offset, String s, int byteCount, TextEncoding encoding, int capacity) {
        long p = offset;
        long end = offset + byteCount;
        for (int i = 0; p < end; i++) {
            char c = s.charAt(i);
            if (c < 0x80 || encoding != TextEncoding.UTF_8) {
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) c);
            } else if (Character.isHighSurrogate(c)) {
                p = putUtf8(segment, p, Character.toCodePoint(c, s.charAt(++i)));
            } else {
                p = putUtf8(segment, p, c);
            }
        }
        pad(segment, p, offset + capacity);
    }

    /**
     * Stores text given as {@code chars[start, start + length)} when every character takes one byte in
     * {@code encoding} (US-ASCII text, or ISO-8859-1 text for a Latin-1 member) and it fits, then fills
     * the rest of the capacity with NUL bytes unless {@code zeroed}; otherwise returns {@code false}
     * having written at most the text's length in bytes of the member, and the caller takes the
     * general path ({@link #storedLength} then {@link #store}, which rewrites the whole member or
     * produces the error message). Checks and stores eight characters at a time, packed into one
     * 8-byte store. Allocates nothing: this is the path for text a JSON parser holds in its own
     * {@code char[]} buffer.
     *
     * @param segment the target segment
     * @param offset the byte offset of the member
     * @param chars the characters
     * @param start the index of the first character
     * @param length the number of characters
     * @param encoding the member's encoding
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL byte must follow the text inside the capacity
     * @param zeroed whether the member's bytes are known to be all zero already (no padding needed)
     * @return whether the text was stored
     */
    public static boolean storeSingleByte(MemorySegment segment, long offset, char[] chars, int start, int length,
                                          TextEncoding encoding, int capacity, boolean nulTerminated, boolean zeroed) {
        if (length > (nulTerminated ? capacity - 1 : capacity)) {
            return false;
        }
        // A character fails if it is U+0000 (c - 1 is negative) or has a bit above the encoding's range.
        int outside = encoding == TextEncoding.LATIN_1 ? ~0xff : ~0x7f;
        long p = offset;
        int i = start;
        for (int end8 = start + (length & ~7); i < end8; i += 8, p += 8) {
            char c0 = chars[i], c1 = chars[i + 1], c2 = chars[i + 2], c3 = chars[i + 3];
            char c4 = chars[i + 4], c5 = chars[i + 5], c6 = chars[i + 6], c7 = chars[i + 7];
            int all = c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7;
            int nul = (c0 - 1) | (c1 - 1) | (c2 - 1) | (c3 - 1) | (c4 - 1) | (c5 - 1) | (c6 - 1) | (c7 - 1);
            if ((all & outside) != 0 || nul < 0) {
                return false;
            }
            segment.set(LITTLE_ENDIAN_WORD, p, c0 | (long) c1 << 8 | (long) c2 << 16 | (long) c3 << 24
                    | (long) c4 << 32 | (long) c5 << 40 | (long) c6 << 48 | (long) c7 << 56);
        }
        int rest = start + length - i;
        long tail = 0;
        for (int k = 0; k < rest; k++) {
            char c = chars[i + k];
            if ((c & outside) != 0 || c == 0) {
                return false;
            }
            tail |= (long) c << (k << 3);
        }
        long end = offset + capacity;
        if (rest > 0 && p + 8 <= end) { // the last characters and the first padding bytes in one store
            segment.set(LITTLE_ENDIAN_WORD, p, tail);
            p += 8;
        } else {
            for (int k = 0; k < rest; k++, tail >>>= 8) {
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) tail);
            }
        }
        if (!zeroed) {
            pad(segment, p, end);
        }
        return true;
    }

    /**
     * Stores text given as {@code chars[start, start + length)} as UTF-8 when it is valid (no U+0000,
     * no unpaired surrogate) and fits, then fills the rest of the capacity with NUL bytes unless
     * {@code zeroed}; otherwise returns {@code false} having written part of the member, and the caller
     * takes the general path ({@link #storedLength} then {@link #store}) for truncation or the error.
     * The companion of {@link #storeSingleByte} for text with characters above U+007F. Allocates nothing.
     *
     * @param segment the target segment
     * @param offset the byte offset of the member
     * @param chars the characters
     * @param start the index of the first character
     * @param length the number of characters
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL byte must follow the text inside the capacity
     * @param zeroed whether the member's bytes are known to be all zero already (no padding needed)
     * @return whether the text was stored
     */
    public static boolean storeUtf8(MemorySegment segment, long offset, char[] chars, int start, int length,
                                    int capacity, boolean nulTerminated, boolean zeroed) {
        long p = offset;
        long end = offset + (nulTerminated ? capacity - 1 : capacity);
        for (int i = start, last = start + length; i < last; i++) {
            int c = chars[i];
            if (Character.isSurrogate((char) c)) {
                if (!Character.isHighSurrogate((char) c) || i + 1 == last || !Character.isLowSurrogate(chars[i + 1])) {
                    return false;
                }
                c = Character.toCodePoint((char) c, chars[++i]);
            }
            int n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            if (c == 0 || p + n > end) {
                return false;
            }
            p = putUtf8(segment, p, c);
        }
        if (!zeroed) {
            pad(segment, p, offset + capacity);
        }
        return true;
    }

    /** Stores code point {@code c} (not a surrogate) as 1 to 4 UTF-8 bytes at {@code p}; returns the next position. */
    private static long putUtf8(MemorySegment segment, long p, int c) {
        if (c < 0x80) {
            segment.set(ValueLayout.JAVA_BYTE, p, (byte) c);
            return p + 1;
        }
        if (c < 0x800) {
            segment.set(ValueLayout.JAVA_BYTE, p, (byte) (0xc0 | (c >> 6)));
            segment.set(ValueLayout.JAVA_BYTE, p + 1, (byte) (0x80 | (c & 0x3f)));
            return p + 2;
        }
        if (c < 0x10000) {
            segment.set(ValueLayout.JAVA_BYTE, p, (byte) (0xe0 | (c >> 12)));
            segment.set(ValueLayout.JAVA_BYTE, p + 1, (byte) (0x80 | ((c >> 6) & 0x3f)));
            segment.set(ValueLayout.JAVA_BYTE, p + 2, (byte) (0x80 | (c & 0x3f)));
            return p + 3;
        }
        segment.set(ValueLayout.JAVA_BYTE, p, (byte) (0xf0 | (c >> 18)));
        segment.set(ValueLayout.JAVA_BYTE, p + 1, (byte) (0x80 | ((c >> 12) & 0x3f)));
        segment.set(ValueLayout.JAVA_BYTE, p + 2, (byte) (0x80 | ((c >> 6) & 0x3f)));
        segment.set(ValueLayout.JAVA_BYTE, p + 3, (byte) (0x80 | (c & 0x3f)));
        return p + 4;
    }

    /** Fills {@code [from, to)} with NUL bytes, 8 at a time, without a slice (an allocation the JIT does not always remove). */
    private static void pad(MemorySegment segment, long from, long to) {
        long p = from;
        for (; p + 8 <= to; p += 8) {
            segment.set(LITTLE_ENDIAN_WORD, p, 0L);
        }
        for (; p < to; p++) {
            segment.set(ValueLayout.JAVA_BYTE, p, (byte) 0);
        }
    }

    /**
     * Copies the text of a member into {@code buffer} and returns its length: the bytes before the
     * first NUL, or all {@code capacity} bytes for a fixed-width member without one. Reads 8 bytes
     * at a time and finds the NUL in each word with the "has a zero byte" bit trick, so it may write
     * up to 7 bytes past the text into {@code buffer}, but never past {@code capacity}. A buffer shorter than
     * the capacity (the largest Java array is shorter than the largest capacity) takes text up to its length.
     * Does not check the encoding (see {@link Utf8#classify}). Allocates nothing.
     *
     * @param segment the segment
     * @param offset the byte offset of the member
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL must appear within the capacity
     * @param buffer the destination, normally {@code capacity + 8} bytes long
     * @param struct the record's simple name
     * @param path the component path
     * @return the number of text bytes at the start of {@code buffer}
     * @throws StructValueException if a required NUL is missing, or the text is longer than {@code buffer}
     */
    public static int copyInto(MemorySegment segment, long offset, int capacity, boolean nulTerminated, byte[] buffer,
                               String struct, String path) {
        int limit = Math.min(capacity, buffer.length);
        int n = 0;
        for (; n <= limit - 8; n += 8) {
            long word = segment.get(LITTLE_ENDIAN_WORD, offset + n);
            BYTES_AS_WORD.set(buffer, n, word);
            long zeros = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
            if (zeros != 0) { // the lowest flagged byte is the first NUL (higher flags may be false)
                return n + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
        }
        for (; n < limit; n++) {
            byte b = segment.get(ValueLayout.JAVA_BYTE, offset + n);
            if (b == 0) {
                return n;
            }
            buffer[n] = b;
        }
        if (limit < capacity && segment.get(ValueLayout.JAVA_BYTE, offset + limit) != 0) {
            throw new StructValueException(struct, path, "text of more than " + limit
                    + " bytes does not fit the " + buffer.length + "-byte buffer (a Java array holds at most "
                    + MAX_ARRAY + " bytes)", null, offset);
        }
        if (limit < capacity) {
            return n;
        }
        if (nulTerminated) {
            throw new StructValueException(struct, path,
                    "no NUL terminator within the capacity of " + capacity + " bytes", null, offset);
        }
        return n;
    }

    /** The largest {@code byte[]} HotSpot allocates ({@code ArraysSupport.SOFT_MAX_ARRAY_LENGTH}). */
    public static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** Capacities up to this many bytes are loaded through one {@code byte[capacity + 8]}; larger ones by their text length. */
    private static final int SMALL_CAPACITY = 256;

    /**
     * {@return the length in bytes of the text stored at {@code offset}} For members whose capacity is too large
     * to copy whole: the memory loaded is then bounded by the text, not by the declared capacity.
     */
    private static int textLength(MemorySegment segment, long offset, int capacity, boolean nulTerminated,
                                  String struct, String path) {
        long n = 0;
        for (; n <= capacity - 8L; n += 8) {
            long word = segment.get(LITTLE_ENDIAN_WORD, offset + n);
            long zeros = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
            if (zeros != 0) {
                n += Long.numberOfTrailingZeros(zeros) >>> 3;
                return checkedLength(n, offset, struct, path);
            }
        }
        for (; n < capacity; n++) {
            if (segment.get(ValueLayout.JAVA_BYTE, offset + n) == 0) {
                return checkedLength(n, offset, struct, path);
            }
        }
        if (nulTerminated) {
            throw new StructValueException(struct, path,
                    "no NUL terminator within the capacity of " + capacity + " bytes", null, offset);
        }
        return checkedLength(n, offset, struct, path);
    }

    private static int checkedLength(long n, long offset, String struct, String path) {
        if (n > MAX_ARRAY) {
            throw new StructValueException(struct, path, "text of " + n + " bytes is longer than a Java array holds ("
                    + MAX_ARRAY + " bytes)", null, offset);
        }
        return (int) n;
    }

    /**
     * Decodes the text stored at {@code offset}: the bytes up to the first NUL (or the whole
     * capacity for a fixed-width member without one).
     *
     * @param segment the segment
     * @param offset the byte offset of the member
     * @param encoding the encoding
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL must appear within the capacity
     * @param struct the record's simple name
     * @param path the component path
     * @return the text
     * @throws StructValueException if a required NUL is missing or the bytes are not valid in the encoding
     */
    public static String load(MemorySegment segment, long offset, TextEncoding encoding, int capacity,
                              boolean nulTerminated, String struct, String path) {
        if (capacity <= SMALL_CAPACITY) {
            byte[] bytes = new byte[capacity + 8];
            int n = copyInto(segment, offset, capacity, nulTerminated, bytes, struct, path);
            return decode(bytes, n, encoding, offset, struct, path);
        }
        int n = textLength(segment, offset, capacity, nulTerminated, struct, path);
        byte[] bytes = new byte[n];
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, offset, bytes, 0, n);
        return decode(bytes, n, encoding, offset, struct, path);
    }

    /**
     * Decodes {@code bytes[0, n)} read from the member at {@code offset}.
     *
     * @param bytes the member's bytes (as {@link #copyInto} leaves them)
     * @param n the text length in bytes
     * @param encoding the encoding
     * @param offset the byte offset of the member, for errors
     * @param struct the record's simple name
     * @param path the component path
     * @return the text
     * @throws StructValueException if the bytes are not valid in the encoding
     */
    public static String decode(byte[] bytes, int n, TextEncoding encoding, long offset, String struct, String path) {
        int kind = Utf8.classify(bytes, 0, n);
        if (kind == Utf8.ASCII || encoding == TextEncoding.LATIN_1) {
            return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
        }
        if (encoding == TextEncoding.ASCII) {
            for (int i = 0; i < n; i++) {
                if (bytes[i] < 0) {
                    throw new StructValueException(struct, path, "byte is not US-ASCII",
                            String.format("0x%02x", bytes[i] & 0xff), offset + i);
                }
            }
        }
        if (kind != Utf8.MALFORMED) {
            return new String(bytes, 0, n, StandardCharsets.UTF_8);
        }
        // The JDK's decoder finds where (Utf8Test checks that it and Utf8.classify agree on what is malformed).
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, n);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(n);
        java.nio.charset.CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        java.nio.charset.CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            r = decoder.flush(out);
        }
        if (!r.isError()) {
            return out.flip().toString();
        }
        int at = in.position();
        throw new StructValueException(struct, path, "invalid UTF-8: malformed sequence of " + r.length() + " byte(s) at byte " + at
                + " of the text", hex(bytes, n), offset + at);
    }

    private static StructValueException unencodable(String s, int i, String charset, String struct, String path) {
        return new StructValueException(struct, path, String.format(
                "character U+%04X at index %d cannot be encoded as %s", s.codePointAt(i), i, charset), quote(s), -1);
    }

    private static String encodingName(TextEncoding e) {
        return switch (e) {
            case UTF_8 -> "UTF-8";
            case ASCII -> "US-ASCII";
            case LATIN_1 -> "ISO-8859-1";
        };
    }

    /** Quotes text for a message: at most 80 characters, control characters as {@code \\uXXXX} (a raw NUL would cut C logs). */
    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < Math.min(s.length(), 80); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\u%04X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append(s.length() > 80 ? "...\"" : "\"").toString();
    }

    private static String hex(byte[] bytes, int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n && i < 32; i++) {
            b.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i] & 0xff));
        }
        return b.append(n > 32 ? " ..." : "").toString();
    }
}

package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
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
        int bytes = 0;
        int fitting = -1;
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
            return bytes;
        }
        if (truncate) {
            return fitting;
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
            } else if (c < 0x800) {
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0xc0 | (c >> 6)));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0x80 | (c & 0x3f)));
            } else if (Character.isHighSurrogate(c)) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0xf0 | (cp >> 18)));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0x80 | ((cp >> 12) & 0x3f)));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0x80 | ((cp >> 6) & 0x3f)));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0x80 | (cp & 0x3f)));
            } else {
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0xe0 | (c >> 12)));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0x80 | ((c >> 6) & 0x3f)));
                segment.set(ValueLayout.JAVA_BYTE, p++, (byte) (0x80 | (c & 0x3f)));
            }
        }
        // Pad without asSlice: a slice is an allocation the JIT does not always remove (measured in the JSON reader).
        for (long z = offset + capacity; p < z; p++) {
            segment.set(ValueLayout.JAVA_BYTE, p, (byte) 0);
        }
    }

    /**
     * Copies the text bytes of a member into {@code buffer} (at least {@code capacity} long) and
     * returns their count, or -1 if any byte is not US-ASCII (the caller then uses {@link #load}).
     * Checks the NUL terminator like {@link #load}. Allocates nothing.
     *
     * @param segment the segment
     * @param offset the byte offset of the member
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL must appear within the capacity
     * @param buffer the destination
     * @param struct the record's simple name
     * @param path the component path
     * @return the number of ASCII bytes copied, or -1
     * @throws StructValueException if a required NUL is missing
     */
    public static int asciiInto(MemorySegment segment, long offset, int capacity, boolean nulTerminated, byte[] buffer,
                                String struct, String path) {
        int n = 0;
        boolean ascii = true;
        while (n < capacity) {
            byte b = segment.get(ValueLayout.JAVA_BYTE, offset + n);
            if (b == 0) {
                break;
            }
            ascii &= b >= 0;
            buffer[n++] = b;
        }
        if (n == capacity && nulTerminated) {
            throw new StructValueException(struct, path,
                    "no NUL terminator within the capacity of " + capacity + " bytes", null, offset);
        }
        return ascii ? n : -1;
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
        int n = 0;
        boolean ascii = true;
        while (n < capacity) {
            byte b = segment.get(ValueLayout.JAVA_BYTE, offset + n);
            if (b == 0) {
                break;
            }
            ascii &= b >= 0;
            n++;
        }
        if (n == capacity && nulTerminated) {
            throw new StructValueException(struct, path,
                    "no NUL terminator within the capacity of " + capacity + " bytes", null, offset);
        }
        byte[] bytes = new byte[n];
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, offset, bytes, 0, n);
        if (ascii || encoding == TextEncoding.LATIN_1) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        if (encoding == TextEncoding.ASCII) {
            for (int i = 0; i < n; i++) {
                if (bytes[i] < 0) {
                    throw new StructValueException(struct, path, "byte is not US-ASCII",
                            String.format("0x%02x", bytes[i] & 0xff), offset + i);
                }
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new StructValueException(struct, path, "invalid UTF-8 (" + e.getMessage() + ")",
                    hex(bytes), offset);
        }
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

    private static String quote(String s) {
        return '"' + (s.length() > 80 ? s.substring(0, 80) + "..." : s) + '"';
    }

    private static String hex(byte[] bytes) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < bytes.length && i < 32; i++) {
            b.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i] & 0xff));
        }
        return b.append(bytes.length > 32 ? " ..." : "").toString();
    }
}

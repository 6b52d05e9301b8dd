package io.structbridge.jackson;

import io.structbridge.runtime.FixedStrings;
import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Utf8;
import io.structbridge.runtime.StructValueException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.json.UTF8JsonGenerator;

/** Writers that generated {@code RJson} codecs call for text members. */
public final class JsonWriting {
    private JsonWriting() {}

    /**
     * Writes a {@code uint64_t} held as raw bits ({@code UINT64_BITS}) as its unsigned decimal:
     * {@code -1L} is {@code 18446744073709551615}. Values below 2^63 go through
     * {@code writeNumber(long)}; the others through {@code writeNumber(BigInteger)}, so generator
     * features (e.g. {@code WRITE_NUMBERS_AS_STRINGS}) apply as to any number.
     *
     * @param generator the generator
     * @param bits the 64 bits
     */
    public static void writeUint64(JsonGenerator generator, long bits) {
        if (bits >= 0) {
            generator.writeNumber(bits);
        } else {
            generator.writeNumber(new java.math.BigInteger(Long.toUnsignedString(bits)));
        }
    }

    private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[256]);

    /** Per-thread text buffers up to this many bytes are kept between calls; longer ones are allocated per text. */
    public static final int REUSED_LIMIT = 1 << 16;

    private static final ThreadLocal<byte[]> BYTES = ThreadLocal.withInitial(() -> new byte[256]);

    /** {@return a buffer of at least {@code n + 8} bytes: the per-thread one, or a new one for long text} */
    private static byte[] textBuffer(int n) {
        int size = (int) Math.min(n + 8L, FixedStrings.MAX_ARRAY);
        if (size > REUSED_LIMIT) {
            return new byte[size];
        }
        byte[] b = BYTES.get();
        if (b.length < size) {
            b = new byte[Math.max(size, Math.min(2 * b.length, REUSED_LIMIT))];
            BYTES.set(b);
        }
        return b;
    }

    /**
     * {@return the length in bytes of the text stored at {@code offset}: the bytes before the first NUL, or the
     * capacity for a fixed-width member without one} Reads 8 bytes at a time; allocates nothing.
     *
     * @throws io.structbridge.runtime.StructValueException if a required NUL is missing, or the text is longer than a
     *     Java array holds
     */
    static int textLength(MemorySegment segment, long offset, int capacity, boolean nulTerminated, String struct, String path) {
        long n = 0;
        for (; n <= capacity - 8L; n += 8) {
            long word = segment.get(WORD, offset + n);
            long zeros = (word - 0x0101010101010101L) & ~word & 0x8080808080808080L;
            if (zeros != 0) { // the lowest flagged byte is the first NUL
                return checkedLength(n + (Long.numberOfTrailingZeros(zeros) >>> 3), offset, struct, path);
            }
        }
        for (; n < capacity; n++) {
            if (segment.get(ValueLayout.JAVA_BYTE, offset + n) == 0) {
                return checkedLength(n, offset, struct, path);
            }
        }
        if (nulTerminated) {
            throw new StructValueException(struct, path, "no NUL terminator within the capacity of " + capacity + " bytes",
                    null, offset);
        }
        return checkedLength(n, offset, struct, path);
    }

    private static final ValueLayout.OfLong WORD = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private static int checkedLength(long n, long offset, String struct, String path) {
        if (n > FixedStrings.MAX_ARRAY) {
            throw new StructValueException(struct, path, "text of " + n + " bytes is longer than a Java array holds ("
                    + FixedStrings.MAX_ARRAY + " bytes)", null, offset);
        }
        return (int) n;
    }

    /**
     * Checks the text member at {@code offset} as {@link #writeText} would write it, writing nothing: a required NUL
     * and the bytes' validity in {@code encoding}. Memory is bounded by the stored text (a per-thread buffer).
     *
     * @throws io.structbridge.runtime.StructValueException if the text would not be written
     */
    public static void checkText(MemorySegment segment, long offset, TextEncoding encoding, int capacity,
                                 boolean nulTerminated, String struct, String path) {
        int n = textLength(segment, offset, capacity, nulTerminated, struct, path);
        byte[] buffer = textBuffer(n);
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, offset, buffer, 0, n);
        int kind = Utf8.classify(buffer, 0, n);
        if (kind != Utf8.ASCII && encoding != TextEncoding.LATIN_1) {
            FixedStrings.decode(buffer, n, encoding, offset, struct, path); // throws for bytes invalid in the encoding
        }
    }

    /**
     * Checks that a struct of {@code size} bytes at {@code offset} lies inside {@code segment} before anything is
     * read or written, naming the struct, the offset and the segment's real size.
     *
     * @throws IndexOutOfBoundsException if it does not
     */
    public static void checkStruct(MemorySegment segment, long offset, long size, String struct) {
        if (offset < 0 || offset > segment.byteSize() - size) {
            throw new IndexOutOfBoundsException(struct + ": " + size + " bytes at offset " + offset
                    + " do not fit a segment of " + segment.byteSize() + " bytes");
        }
    }

    /**
     * Checks the first slot {@code from} that a batch read fills in an array of {@code count} elements (0 to
     * {@code count}; {@code count} places nothing), naming the struct and the array's real length.
     *
     * @throws IndexOutOfBoundsException if {@code from} is negative or greater than {@code count}
     */
    public static void checkFrom(long from, long count, String struct) {
        if (from < 0 || from > count) {
            throw new IndexOutOfBoundsException(struct + ": first slot " + from + " is outside an array of " + count
                    + " elements (0 to " + count + " allowed)");
        }
    }

    /**
     * Writes a text member as a JSON string, giving the bytes {@code generator.writeString(String)}
     * gives for the decoded text. The member's text is copied into {@code buffer} ({@link FixedStrings#copyInto}) and
     * classified ({@link Utf8#classify}). To a byte-based generator ({@link UTF8JsonGenerator}) without
     * custom {@code CharacterEscapes}, US-ASCII text, and well-formed UTF-8 text of the BMP when the
     * generator escapes no non-ASCII character ({@code ESCAPE_NON_ASCII} off), go as bytes through
     * {@link JsonGenerator#writeUTF8String}, which applies the same escapes to them as {@code writeString}
     * (JsonWritingTest compares the two under each of these settings). Text with characters above
     * U+FFFF is decoded and written as a {@code String}, because {@code writeString} escapes surrogate
     * pairs when {@code COMBINE_UNICODE_SURROGATES_IN_UTF8} is off and the generator does not say whether
     * it is; ASCII text to other generators goes as {@code char}s from a reused {@code char[]}.
     *
     * @param generator the generator
     * @param buffer scratch memory of {@code capacity + 8} bytes (the generated {@code TEXT_SCRATCH}; for a capacity
     *     beyond the largest Java array it is that array, and longer text is a {@code StructValueException}), or null
     *     (or shorter): the text's length is then found first and the text copied into a per-thread buffer of that
     *     length, kept for reuse only up to {@value #REUSED_LIMIT} bytes, so memory is bounded by the stored text,
     *     never by the capacity
     * @param segment the segment
     * @param offset the byte offset of the member
     * @param encoding the member's encoding
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL must appear within the capacity
     * @param struct the record's simple name, for errors
     * @param path the component, for errors
     * @throws io.structbridge.runtime.StructValueException if a required NUL is missing or the bytes are
     *     not valid in the encoding
     */
    public static void writeText(JsonGenerator generator, byte[] buffer, MemorySegment segment, long offset,
                                 TextEncoding encoding, int capacity, boolean nulTerminated, String struct, String path) {
        int n;
        if (buffer == null || buffer.length < Math.min(capacity + 8L, FixedStrings.MAX_ARRAY)) {
            n = textLength(segment, offset, capacity, nulTerminated, struct, path);
            buffer = textBuffer(n);
            MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, offset, buffer, 0, n);
        } else {
            n = FixedStrings.copyInto(segment, offset, capacity, nulTerminated, buffer, struct, path);
        }
        int kind = Utf8.classify(buffer, 0, n);
        boolean bytesAsIs = generator instanceof UTF8JsonGenerator && generator.getCharacterEscapes() == null;
        int highest = generator.getHighestNonEscapedChar();
        if (kind == Utf8.ASCII && bytesAsIs && (highest == 0 || highest >= 0x7f)) {
            generator.writeUTF8String(buffer, 0, n);
        } else if (kind == Utf8.BMP && encoding == TextEncoding.UTF_8 && bytesAsIs && highest == 0) {
            generator.writeUTF8String(buffer, 0, n);
        } else if (kind == Utf8.ASCII) {
            char[] chars = CHARS.get();
            if (chars.length < n) {
                chars = new char[n];
                CHARS.set(chars);
            }
            for (int i = 0; i < n; i++) {
                chars[i] = (char) buffer[i];
            }
            generator.writeString(chars, 0, n);
            if (chars.length > REUSED_LIMIT) {
                CHARS.remove();
            }
        } else {
            generator.writeString(FixedStrings.decode(buffer, n, encoding, offset, struct, path));
        }
    }
}

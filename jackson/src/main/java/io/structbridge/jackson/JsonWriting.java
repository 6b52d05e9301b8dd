package io.structbridge.jackson;

import io.structbridge.runtime.FixedStrings;
import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Utf8;
import java.lang.foreign.MemorySegment;
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
     *     beyond the largest Java array it is that array, and longer text is a {@code StructValueException})
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
        int n = FixedStrings.copyInto(segment, offset, capacity, nulTerminated, buffer, struct, path);
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
                chars = new char[capacity];
                CHARS.set(chars);
            }
            for (int i = 0; i < n; i++) {
                chars[i] = (char) buffer[i];
            }
            generator.writeString(chars, 0, n);
        } else {
            generator.writeString(FixedStrings.decode(buffer, n, encoding, offset, struct, path));
        }
    }
}

package io.structbridge.jackson;

import io.structbridge.runtime.FixedStrings;
import io.structbridge.runtime.TextEncoding;
import java.lang.foreign.MemorySegment;
import tools.jackson.core.JsonGenerator;

/** Writers that generated {@code RJson} codecs call for text members. */
public final class JsonWriting {
    private JsonWriting() {}

    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[256]);
    private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[256]);

    /**
     * Writes a text member as a JSON string. ASCII text goes to the generator from a reused
     * {@code char[]} without building a {@code String}; other text is decoded (and validated) first.
     *
     * @param generator the generator
     * @param segment the segment
     * @param offset the byte offset of the member
     * @param encoding the member's encoding
     * @param capacity the member size in bytes
     * @param nulTerminated whether a NUL must appear within the capacity
     * @param struct the record's simple name, for errors
     * @param path the component, for errors
     */
    public static void writeText(JsonGenerator generator, MemorySegment segment, long offset, TextEncoding encoding,
                                 int capacity, boolean nulTerminated, String struct, String path) {
        byte[] buffer = BUFFER.get();
        if (buffer.length < capacity) {
            buffer = new byte[capacity];
            BUFFER.set(buffer);
        }
        int n = FixedStrings.asciiInto(segment, offset, capacity, nulTerminated, buffer, struct, path);
        if (n >= 0) {
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
            generator.writeString(FixedStrings.load(segment, offset, encoding, capacity, nulTerminated, struct, path));
        }
    }
}

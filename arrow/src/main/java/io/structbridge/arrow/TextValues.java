package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Utf8;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * One Arrow utf8 value into a text member's bytes, with the member's rules: well-formed UTF-8 (Unicode
 * 15.0 Table 3-7), no NUL, representable in the member's encoding, at most its capacity (minus one
 * for the NUL) unless the member truncates (then cut at a character boundary). A value longer than a
 * non-truncating member can hold is refused from its offsets alone, before a byte of it is read; a
 * truncating member's value is read in chunks of {@value #CHUNK} bytes: memory is bounded by the
 * chunk and the capacity, never by a length the producer wrote.
 */
final class TextValues {
    static final int CHUNK = 4096;

    private final byte[] chunk = new byte[CHUNK];
    private byte[] out = new byte[64];

    /**
     * Checks value {@code [from, to)} of {@code data} and writes its stored bytes, zero-padded to the
     * capacity, at {@code at} of {@code target}.
     *
     * @param c the text column
     * @param path the member path, for errors
     * @param row the row, for errors
     * @param data the utf8 data buffer
     * @param from the value's first byte in {@code data}, checked by the caller to be {@code >= 0}
     * @param to one past its last byte, checked to be {@code >= from} and within the data buffer
     * @param target the struct memory
     * @param at where the member lies
     * @param memory the readable memory: the value's bytes are checked against it once its length fits the member
     * @param kind {@code utf8} or {@code large utf8}, for errors
     * @throws ArrowDataException naming row, path and value if a rule is broken, or if the value's bytes run
     *     outside readable memory
     */
    void store(Column c, String path, long row, MemorySegment data, long from, long to, MemorySegment target, long at,
               ReadableMemory memory, String kind) {
        int max = c.length() - (c.nulTerminated() ? 1 : 0);
        long length = to - from;
        // a UTF-8 byte sequence of n bytes is at least n/2 ISO-8859-1 bytes, exactly n ASCII or UTF-8 bytes
        long least = c.encoding() == TextEncoding.LATIN_1 ? (length + 1) / 2 : length;
        if (!c.truncate() && least > max) {
            throw new ArrowDataException(row, path, "text of " + length + " UTF-8 bytes"
                    + (c.encoding() == TextEncoding.LATIN_1 ? " (at least " + least + " ISO-8859-1 bytes)" : "")
                    + " exceeds the capacity of " + c.length() + " bytes" + (c.nulTerminated() ? " (one for the NUL)" : ""));
        }
        if (!memory.covers(data.address() + from, length)) {
            throw new ArrowDataException(row, path, kind + " value bytes " + from + ".." + to + " of the data buffer at 0x"
                    + Long.toHexString(data.address()) + " run outside this process's readable memory: the producer's offsets"
                    + " exceed its data buffer (the C Data Interface does not transmit buffer sizes)");
        }
        if (out.length < max + 1) {
            out = new byte[max + 1];
        }
        long stored = 0;
        for (long p = from; p < to; ) {
            int n = (int) Math.min(CHUNK, to - p);
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, p, chunk, 0, n);
            int cut = p + n < to ? boundary(chunk, n) : n;
            stored = encode(c, path, row, cut, stored, p - from);
            p += cut;
        }
        int n = (int) Math.min(stored, max);
        if (stored > max) {
            if (!c.truncate()) {
                throw new ArrowDataException(row, path, "text of " + stored + " bytes exceeds the capacity of " + c.length()
                        + " bytes" + (c.nulTerminated() ? " (one for the NUL)" : ""));
            }
            if (c.encoding() == TextEncoding.UTF_8) {
                while (n > 0 && (out[n] & 0xC0) == 0x80) {
                    n--;
                }
            }
        }
        target.asSlice(at, c.length()).fill((byte) 0);
        MemorySegment.copy(out, 0, target, ValueLayout.JAVA_BYTE, at, n);
    }

    /** {@return where to end a chunk of {@code n} bytes that is followed by more: before a character it cuts} */
    private static int boundary(byte[] b, int n) {
        int j = n - 1;
        while (j >= Math.max(0, n - 4) && (b[j] & 0xC0) == 0x80) {
            j--;
        }
        if (j < Math.max(0, n - 4)) {
            return n; // four continuation bytes in a row: malformed wherever it is cut
        }
        int lead = b[j] & 0xff;
        int size = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return j > 0 && j + size > n ? j : n;
    }

    /** Checks {@code chunk[0, n)} (value bytes from {@code offset} on), appends its stored bytes; {@return the stored count} */
    private long encode(Column c, String path, long row, int n, long stored, long offset) {
        for (int i = 0; i < n; i++) {
            if (chunk[i] == 0) {
                throw new ArrowDataException(row, path, "text holds a NUL character (byte " + (offset + i) + "), which ends C text");
            }
        }
        if (Utf8.classify(chunk, 0, n) == Utf8.MALFORMED) {
            throw new ArrowDataException(row, path, "invalid UTF-8 in bytes " + offset + ".." + (offset + n) + ": " + shown(n));
        }
        switch (c.encoding()) {
            case UTF_8 -> {
                return append(chunk, n, stored);
            }
            case ASCII -> {
                for (int i = 0; i < n; i++) {
                    if (chunk[i] < 0) {
                        throw new ArrowDataException(row, path, "text is not ASCII: " + shown(n));
                    }
                }
                return append(chunk, n, stored);
            }
            default -> {
                String s = new String(chunk, 0, n, StandardCharsets.UTF_8);
                for (int i = 0; i < s.length(); i++) {
                    if (s.charAt(i) > 0xFF) {
                        throw new ArrowDataException(row, path, "character U+" + String.format("%04X", s.codePointAt(i))
                                + " has no ISO-8859-1 byte: " + shown(n));
                    }
                }
                byte[] latin1 = s.getBytes(StandardCharsets.ISO_8859_1);
                return append(latin1, latin1.length, stored);
            }
        }
    }

    private long append(byte[] b, int n, long stored) {
        if (stored < out.length) {
            System.arraycopy(b, 0, out, (int) stored, (int) Math.min(n, out.length - stored));
        }
        return stored + n;
    }

    /** {@return the chunk as text for a message, at most 40 characters} */
    private String shown(int n) {
        String s = new String(chunk, 0, n, StandardCharsets.UTF_8);
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.FixedStrings;
import io.structbridge.runtime.StructValueException;
import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Utf8;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Text members {@code char[N]} as {@code StringType}. When a batch loads, each value's length is found
 * (the bytes up to the first NUL) and its bytes are checked against the member's encoding (US-ASCII text, valid in
 * every encoding, is recognised 8 bytes at a time without a copy; other text is copied and classified): invalid
 * UTF-8, a byte above 0x7F in ASCII text or a missing NUL terminator is an error. UTF-8 and ASCII text
 * is then handed to Spark in place ({@code UTF8String.fromAddress} over the mapping, valid while the
 * split's reader is open, like Spark's own off-heap vectors); Latin-1 text with bytes above 0x7F is
 * converted to UTF-8 once, at load.
 */
final class TextVector extends MappedVector {
    private final Column column;
    private final long offset;
    private final long address;
    private final byte[] scratch;
    /** Whether US-ASCII text is measured a word at a time ({@link TextWords}) before the full check. */
    private final boolean wordwise;
    private int[] lengths = new int[0];
    private UTF8String[] converted = new UTF8String[0];

    TextVector(MemorySegment data, Rows rows, String member, Column c) {
        super(DataTypes.StringType, data, rows, member);
        this.column = c;
        this.offset = c.offset();
        this.address = data.address();
        this.scratch = new byte[(int) Math.min((long) c.length() + 8, FixedStrings.MAX_ARRAY)];
        this.wordwise = c.length() + 8L <= scratch.length; // else the full check's buffer limit applies to every value
    }

    /**
     * The window's text when nothing reads it afterwards: if every value is US-ASCII up to its NUL ({@link TextWords}),
     * nothing else is checked or stored; else {@link #load} checks the whole window, failing on the first bad value as
     * it always does.
     */
    @Override
    void check(int n) {
        if (wordwise && !mayDie) {
            int capacity = column.length();
            boolean nul = column.nulTerminated();
            int i = 0;
            while (i < n && TextWords.asciiLength(data, rows.offset(i) + offset, capacity, nul) != TextWords.SLOW) {
                i++;
            }
            if (i == n) {
                return;
            }
        }
        load(n);
    }

    @Override
    void load(int n) {
        if (lengths.length < n) {
            lengths = new int[n];
            converted = new UTF8String[n];
        }
        java.util.Arrays.fill(converted, 0, n, null);
        for (int i = 0; i < n; i++) {
            if (mayDie && rows.dead(i)) {
                lengths[i] = 0;
                continue;
            }
            long at = rows.offset(i) + offset;
            if (wordwise) {
                int ascii = TextWords.asciiLength(data, at, column.length(), column.nulTerminated());
                if (ascii != TextWords.SLOW) {
                    lengths[i] = ascii; // US-ASCII up to a NUL (or the whole member): valid in every encoding, read in place
                    continue;
                }
            }
            int len;
            try {
                len = FixedStrings.copyInto(data, at, column.length(), column.nulTerminated(), scratch, "", member);
            } catch (StructValueException e) {
                throw rows.fail(i, member, e.rule());
            }
            lengths[i] = len;
            int kind = Utf8.classify(scratch, 0, len);
            if (kind == Utf8.ASCII) {
                continue;
            }
            TextEncoding encoding = column.encoding();
            if (encoding == TextEncoding.LATIN_1) {
                converted[i] = UTF8String.fromString(new String(scratch, 0, len, StandardCharsets.ISO_8859_1));
            } else if (encoding == TextEncoding.ASCII) {
                throw rows.fail(i, member, "byte above 0x7F in ASCII text " + hex(len));
            } else if (kind == Utf8.MALFORMED) {
                throw rows.fail(i, member, "invalid UTF-8 " + hex(len));
            }
        }
    }

    private String hex(int n) {
        StringBuilder s = new StringBuilder("0x");
        for (int i = 0; i < n; i++) {
            s.append(String.format("%02x", scratch[i] & 0xff));
        }
        return s.toString();
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        UTF8String c = converted[rowId];
        return c != null ? c : UTF8String.fromAddress(null, address + rows.offset(rowId) + offset, lengths[rowId]);
    }
}

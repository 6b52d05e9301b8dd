package io.structbridge.examples.tzif;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Writes small TZif files (RFC 8536) byte by byte, independently of the code under test, to be
 * read as they are or broken on purpose. The fields are public so a test can change one before
 * {@link #build()}; {@link #put32(byte[], int, long)} patches a built file.
 */
final class TestTzif {
    int version = '2';
    int[] utoff = {3208, 3600, 7200};
    int[] isdst = {0, 0, 1};
    int[] desigidx = {0, 4, 8};
    byte[] chars = "LMT\0CET\0CEST\0".getBytes(StandardCharsets.US_ASCII);
    long[] times = {100_000_000L, 200_000_000L, 300_000_000L};
    int[] typeIndex = {1, 2, 1};
    long[][] leaps = {};
    int[] isstd = {0, 0, 0};
    int[] isut = {0, 0, 0};
    /** The footer's TZ string, written between two newlines after the v2+ block. */
    String footer = "CET-1CEST,M3.5.0,M10.5.0/3";

    /** Offset of the header fields isutcnt..charcnt (RFC 8536 figure 1). */
    static final int ISUTCNT = 20;
    static final int ISSTDCNT = 24;
    static final int LEAPCNT = 28;
    static final int TIMECNT = 32;
    static final int TYPECNT = 36;
    static final int CHARCNT = 40;
    static final int HEADER = 44;

    /** {@return the file} */
    byte[] build() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes); // big-endian, as TZif
            header(out);
            block(out, 4);
            if (version != 0) {
                header(out);
                block(out, 8);
                out.write('\n');
                out.write(footer.getBytes(StandardCharsets.US_ASCII));
                out.write('\n');
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void header(DataOutputStream out) throws IOException {
        out.write(new byte[] {'T', 'Z', 'i', 'f'});
        out.write(version);
        out.write(new byte[15]);
        out.writeInt(isut.length);
        out.writeInt(isstd.length);
        out.writeInt(leaps.length);
        out.writeInt(times.length);
        out.writeInt(utoff.length);
        out.writeInt(chars.length);
    }

    private void block(DataOutputStream out, int timeSize) throws IOException {
        for (long t : times) {
            if (timeSize == 4) {
                out.writeInt((int) t);
            } else {
                out.writeLong(t);
            }
        }
        for (int i : typeIndex) {
            out.write(i);
        }
        for (int i = 0; i < utoff.length; i++) {
            out.writeInt(utoff[i]);
            out.write(isdst[i]);
            out.write(desigidx[i]);
        }
        out.write(chars);
        for (long[] leap : leaps) {
            if (timeSize == 4) {
                out.writeInt((int) leap[0]);
            } else {
                out.writeLong(leap[0]);
            }
            out.writeInt((int) leap[1]);
        }
        for (int i : isstd) {
            out.write(i);
        }
        for (int i : isut) {
            out.write(i);
        }
    }

    /** {@return the size of a data block with {@code timeSize}-byte times} */
    int blockSize(int timeSize) {
        return times.length * (timeSize + 1) + utoff.length * 6 + chars.length + leaps.length * (timeSize + 4)
                + isstd.length + isut.length;
    }

    /** {@return the offset of the second header} */
    int secondHeader() {
        return HEADER + blockSize(4);
    }

    /** {@return the offset of the v2+ data block} */
    int v2Block() {
        return secondHeader() + HEADER;
    }

    /** {@return the offset of the v2+ local time type records} */
    int v2Types() {
        return v2Block() + times.length * 9;
    }

    /** {@return the offset of the v2+ standard/wall indicators} */
    int v2Isstd() {
        return v2Types() + utoff.length * 6 + chars.length + leaps.length * 12;
    }

    /** {@return the offset of the footer's first newline} */
    int footerStart() {
        return v2Block() + blockSize(8);
    }

    static byte[] put32(byte[] file, int offset, long value) {
        ByteBuffer.wrap(file).putInt(offset, (int) value);
        return file;
    }
}

package io.structbridge.runtime;

/**
 * Classifies bytes as well-formed UTF-8 without decoding them, so stored text can be handed on as
 * bytes (to a JSON generator, say) or turned into a {@code String} without a {@code CharsetDecoder}.
 * Well-formed means exactly the byte sequences of The Unicode Standard 15.0, section 3.9, Table 3-7:
 * no overlong forms, no surrogates (U+D800..U+DFFF), nothing above U+10FFFF, no truncated sequence.
 * That is also what the JDK's UTF-8 decoder accepts with {@code CodingErrorAction.REPORT}.
 */
public final class Utf8 {
    private Utf8() {}

    /** Every byte is below 0x80. */
    public static final int ASCII = 0;
    /** Well-formed, with at least one sequence of 2 or 3 bytes and none of 4 (only characters of the BMP). */
    public static final int BMP = 1;
    /** Well-formed, with at least one 4-byte sequence (a character above U+FFFF, a surrogate pair in Java). */
    public static final int SUPPLEMENTARY = 2;
    /** Not well-formed UTF-8. */
    public static final int MALFORMED = -1;

    /**
     * Classifies {@code bytes[from, to)}.
     *
     * @param bytes the bytes
     * @param from the first index
     * @param to one past the last index
     * @return {@link #ASCII}, {@link #BMP}, {@link #SUPPLEMENTARY} or {@link #MALFORMED}
     */
    public static int classify(byte[] bytes, int from, int to) {
        int i = from;
        while (i < to && bytes[i] >= 0) {
            i++;
        }
        if (i == to) {
            return ASCII;
        }
        int kind = BMP;
        while (i < to) {
            int b = bytes[i] & 0xff;
            if (b < 0x80) {
                i++;
                continue;
            }
            int n;
            int lo = 0x80;
            int hi = 0xbf;
            if (b >= 0xc2 && b <= 0xdf) {
                n = 1;
            } else if (b >= 0xe0 && b <= 0xef) {
                n = 2;
                if (b == 0xe0) {
                    lo = 0xa0;
                } else if (b == 0xed) {
                    hi = 0x9f;
                }
            } else if (b >= 0xf0 && b <= 0xf4) {
                n = 3;
                kind = SUPPLEMENTARY;
                if (b == 0xf0) {
                    lo = 0x90;
                } else if (b == 0xf4) {
                    hi = 0x8f;
                }
            } else {
                return MALFORMED;
            }
            if (i + n >= to) { // the sequence is cut off
                return MALFORMED;
            }
            int second = bytes[i + 1] & 0xff;
            if (second < lo || second > hi) {
                return MALFORMED;
            }
            for (int k = 2; k <= n; k++) {
                int c = bytes[i + k] & 0xff;
                if (c < 0x80 || c > 0xbf) {
                    return MALFORMED;
                }
            }
            i += n + 1;
        }
        return kind;
    }
}

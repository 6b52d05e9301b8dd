package io.structbridge.runtime;

/** Character encoding of a fixed-capacity {@code char[N]} string member. */
public enum TextEncoding {
    /** UTF-8 (RFC 3629); decoding rejects malformed, overlong and surrogate sequences. */
    UTF_8,
    /** US-ASCII, bytes 0x00..0x7F. */
    ASCII,
    /** ISO-8859-1, bytes 0x00..0xFF map to U+0000..U+00FF. */
    LATIN_1
}

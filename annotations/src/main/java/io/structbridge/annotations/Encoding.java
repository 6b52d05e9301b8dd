package io.structbridge.annotations;

/** Character encoding of a {@code String} component stored in a {@code char[N]}. */
public enum Encoding {
    /** UTF-8 (RFC 3629): 1 to 4 bytes per code point; invalid sequences are an error on read. */
    UTF_8,
    /** US-ASCII: one byte per character, 0x00..0x7F only. */
    ASCII,
    /** ISO-8859-1: one byte per character, U+0000..U+00FF only. */
    LATIN_1
}

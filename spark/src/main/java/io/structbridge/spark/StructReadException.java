package io.structbridge.spark;

import java.io.Serial;

/**
 * A stored value that has no faithful Spark value (a bool byte other than 0 or 1, invalid UTF-8,
 * non-ASCII bytes in ASCII text, a missing NUL, an unknown enum code), or a file that changed under
 * a read. The message names the file, the struct's index in it and the member path:
 * {@code "/data/x.sb: row 17, field tags[1].color: enum code 7 is not one of RED=1, GREEN=2, BLUE=200"}.
 */
public final class StructReadException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final long row;
    private final String field;

    StructReadException(String file, long row, String field, String rule) {
        super(file + ": row " + row + ", field " + field + ": " + rule);
        this.row = row;
        this.field = field;
    }

    /** {@return the index of the struct in the file} */
    public long row() {
        return row;
    }

    /** {@return the member path, e.g. {@code tags[1].color}} */
    public String field() {
        return field;
    }
}

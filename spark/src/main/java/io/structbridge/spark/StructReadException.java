package io.structbridge.spark;

import java.io.Serial;

/**
 * A stored value that has no faithful Spark value (a bool byte other than 0 or 1, invalid UTF-8,
 * non-ASCII bytes in ASCII text, a missing NUL, an unknown enum code), or a file that changed under
 * a read. The message names the file, the struct's index in it and the member path, quoted as Arrow's
 * errors quote it: {@code "/data/x.sb: row 17, field 'tags[1].color': enum code 7 is not one of RED=1, GREEN=2, BLUE=200"}
 * (an error about the file rather than one member, such as a file cut short, has no field part).
 */
public final class StructReadException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final long row;
    private final String field;

    /**
     * @param file the file
     * @param row the struct's index in the file
     * @param field the member path, or null if the error is not about one member
     * @param rule what is wrong, with the stored value
     */
    StructReadException(String file, long row, String field, String rule) {
        super(file + ": row " + row + (field == null ? "" : ", field '" + field + "'") + ": " + rule);
        this.row = row;
        this.field = field;
    }

    /** {@return the index of the struct in the file} */
    public long row() {
        return row;
    }

    /** {@return the member path, e.g. {@code tags[1].color}, or null if the error is not about one member} */
    public String field() {
        return field;
    }
}

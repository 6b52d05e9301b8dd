package io.structbridge.arrow;

/**
 * A value that cannot cross between struct memory and Arrow: it names the row (the struct's index in
 * the exported or imported range), the member path and the value. On import the target memory is
 * then unchanged.
 */
public final class ArrowDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long row;
    private final String field;
    private final String detail;

    /**
     * @param row the row, or -1 if the error is not about one row (a schema mismatch)
     * @param field the member path
     * @param message what is wrong
     */
    public ArrowDataException(long row, String field, String message) {
        super((row >= 0 ? "row " + row + ", " : "") + "field '" + field + "': " + message);
        this.row = row;
        this.field = field;
        this.detail = message;
    }

    /** {@return what is wrong, without the row and field} */
    String detail() {
        return detail;
    }

    /** {@return the row, or -1 if the error is not about one row} */
    public long row() {
        return row;
    }

    /** {@return the member path, e.g. {@code pos.x} or {@code points[].x}} */
    public String field() {
        return field;
    }
}

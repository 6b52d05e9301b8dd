package io.structbridge.jackson;

import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;

/**
 * JSON that cannot become a native struct: a missing, unknown or duplicate property, a wrong token,
 * a number outside the field's native range or not integral, a string over its byte capacity, an
 * array of the wrong length. The message names the JSON path ({@code $.items[17].name}), the line
 * and column, the struct field and the rule. When thrown by a generated reader the target bytes
 * are unchanged.
 */
public final class StructJsonException extends StreamReadException {
    private static final long serialVersionUID = 1L;

    private final String jsonPath;
    private final String field;
    private final String rule;
    private final long accepted;
    private final int line;
    private final int column;
    private final transient JsonParser parser;

    /**
     * @param parser the parser, positioned at the offending token
     * @param jsonPath the path of the offending value, {@code $.a.b[3]}
     * @param field the struct and field, {@code Order.code}
     * @param rule the rule that failed
     * @param cause the underlying error, or null
     */
    public StructJsonException(JsonParser parser, String jsonPath, String field, String rule, Throwable cause) {
        this(parser, jsonPath, field, rule, cause, -1, parser.currentTokenLocation());
    }

    StructJsonException(JsonParser parser, String jsonPath, String field, String rule, Throwable cause, long accepted,
                        TokenStreamLocation at) {
        super(parser, jsonPath + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + "): " + field + ": " + rule
                + (accepted >= 0 ? " (" + accepted + " records accepted before it)" : ""), cause);
        this.jsonPath = jsonPath;
        this.field = field;
        this.rule = rule;
        this.accepted = accepted;
        this.parser = parser;
        this.line = at.getLineNr();
        this.column = at.getColumnNr();
    }

    /**
     * {@return whether the parser itself failed (malformed JSON, a parser limit, a duplicate the parser
     * refused)} After such an error the parser cannot be resynchronised, so even the skipping batch
     * reader stops.
     */
    public boolean fromParser() {
        return getCause() instanceof tools.jackson.core.JacksonException;
    }

    /**
     * {@return this error, for a batch read that had placed {@code count} records before it}
     *
     * @param count the records accepted before the failing one
     */
    public StructJsonException afterAccepted(long count) {
        StructJsonException e = new StructJsonException(parser, jsonPath, field, rule, getCause(), count,
                new TokenStreamLocation(null, -1, -1, line, column));
        e.setStackTrace(getStackTrace());
        return e;
    }

    /** {@return the records a batch read accepted before this error, or -1 for a single read} */
    public long accepted() {
        return accepted;
    }


    /** {@return the JSON path of the offending value, e.g. {@code $.items[17].name}} */
    public String jsonPath() {
        return jsonPath;
    }

    /** {@return the struct field, e.g. {@code Order.code}} */
    public String field() {
        return field;
    }

    /** {@return the rule that failed} */
    public String rule() {
        return rule;
    }

    /** {@return the line where the offending token starts (1-based)} */
    public int line() {
        return line;
    }

    /** {@return the column where the offending token starts (1-based)} */
    public int column() {
        return column;
    }

    @Override
    public String getMessage() {
        return getOriginalMessage();
    }
}

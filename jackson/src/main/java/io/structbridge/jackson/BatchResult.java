package io.structbridge.jackson;

import java.util.List;

/**
 * The outcome of a batch read in skip mode ({@code RJson.readSkipping}): how many records were placed, how
 * many were skipped, and the details of the first skipped ones. Memory stays bounded whatever the input: at
 * most {@code maxDetails} (by default {@value #DEFAULT_DETAILS}) rejections are kept, each as a few strings
 * and numbers without an exception or stack trace; {@link #rejectedCount()} counts them all.
 *
 * @param accepted the number of records placed in the target
 * @param rejectedCount the number of records skipped, including those beyond the kept details
 * @param rejected the first skipped records, in input order, at most the {@code maxDetails} asked for
 */
public record BatchResult(long accepted, long rejectedCount, List<Rejected> rejected) {
    /** The rejections kept by default. */
    public static final int DEFAULT_DETAILS = 100;

    /**
     * @throws IllegalArgumentException if a count is negative or fewer records were rejected than are listed
     */
    public BatchResult {
        rejected = List.copyOf(rejected);
        if (accepted < 0 || rejectedCount < rejected.size()) {
            throw new IllegalArgumentException("accepted " + accepted + ", rejected " + rejectedCount
                    + " with " + rejected.size() + " details");
        }
    }

    /**
     * A result whose rejections are all listed.
     *
     * @param accepted the number of records placed
     * @param rejected every skipped record
     */
    public BatchResult(long accepted, List<Rejected> rejected) {
        this(accepted, rejected.size(), rejected);
    }

    /** {@return whether some rejected records are counted but not listed} */
    public boolean detailsCapped() {
        return rejectedCount > rejected.size();
    }

    /**
     * A skipped record: where it was and why, as the {@link StructJsonException} that rejected it said, without
     * the exception itself (no stack trace, no parser).
     *
     * @param index its index in the input (0-based)
     * @param line the line of the error (1-based)
     * @param column the column of the error (1-based)
     * @param jsonPath the JSON path of the offending value, {@code $[3].name}
     * @param field the struct field, {@code City.name}
     * @param rule the rule that failed
     * @param message the whole message of the error ({@link StructJsonException#getMessage()})
     */
    public record Rejected(long index, int line, int column, String jsonPath, String field, String rule, String message) {
        /**
         * {@return the details of {@code error}, which rejected record {@code index}}
         *
         * @param index the record's index in the input
         * @param error the error
         */
        public static Rejected of(long index, StructJsonException error) {
            return new Rejected(index, error.line(), error.column(), error.jsonPath(), error.field(), error.rule(),
                    error.getMessage());
        }
    }
}

package io.structbridge.jackson;

import java.util.List;

/**
 * The outcome of a batch read in skip mode: how many records were placed, and every record that
 * was not, with its position and error.
 *
 * @param accepted the number of records placed in the target
 * @param rejected the records skipped, in input order
 */
public record BatchResult(long accepted, List<Rejected> rejected) {
    public BatchResult {
        rejected = List.copyOf(rejected);
    }

    /**
     * A skipped record.
     *
     * @param index its index in the input (0-based)
     * @param line the line of the error (1-based)
     * @param column the column of the error (1-based)
     * @param error the error
     */
    public record Rejected(long index, int line, int column, StructJsonException error) {}
}

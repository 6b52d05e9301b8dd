package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The generated in-place validator of one struct, {@code RValidator::validate}, as {@link StructColumns}
 * calls it for each row. A top-level type rather than a member of {@code StructColumns}: a generated
 * {@code RColumns} would inherit a member type and with it hide the generated validator of a record named
 * {@code Row} ({@code RowValidator}) in the record's package.
 */
@FunctionalInterface
public interface RowValidator {
    /**
     * Adds every violation in the struct at {@code offset} to {@code out}.
     *
     * @param segment the segment
     * @param offset the byte offset of the struct
     * @param prefix the path prefix of every violation
     * @param out the violations
     */
    void validate(MemorySegment segment, long offset, String prefix, List<Violation> out);
}

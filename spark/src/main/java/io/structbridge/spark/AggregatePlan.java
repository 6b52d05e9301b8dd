package io.structbridge.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/**
 * A pushed aggregate as the driver translated it ({@link PushedAggregates}): each split's reader groups its structs
 * (those the pushed filter keeps) by the {@link #groupBy} members and computes the {@link #functions} per group. A
 * partial aggregate: Spark merges the splits' rows (a count's rows are summed, sums summed, minima and maxima taken
 * again); a complete one ({@link #complete}): the scan is one split whose rows are the result.
 *
 * @param groupBy the top-level members grouped by, in Spark's order
 * @param functions the aggregate functions, in Spark's order
 * @param output the rows' schema: the group members (their own Spark types), then one column per function
 * @param ansi whether Spark runs in ANSI mode ({@code spark.sql.ansi.enabled}): a {@code long} sum that overflows then
 *     fails as Spark's own does ({@code ARITHMETIC_OVERFLOW}); otherwise it wraps, as Spark's does
 * @param complete whether the scan computes the final result in one split (Spark then runs no aggregate and no shuffle
 *     over it) rather than a partial one per split
 */
record AggregatePlan(List<String> groupBy, List<Function> functions, StructType output, boolean ansi, boolean complete)
        implements Serializable {
    public AggregatePlan {
        groupBy = List.copyOf(groupBy);
        functions = List.copyOf(functions);
    }

    /** The aggregate functions a split computes. */
    enum Kind {
        /** {@code COUNT(*)}, and {@code COUNT(member)} (no member is null): a {@code long}. */
        COUNT,
        /** {@code SUM} of an integer member (a {@code long}) or a floating-point one (a {@code double}). */
        SUM,
        /** {@code MIN} of an integer member, in its own type. */
        MIN,
        /** {@code MAX} of an integer member, in its own type. */
        MAX
    }

    /**
     * One aggregate function.
     *
     * @param kind what it computes
     * @param column the member it reads, or null for {@code COUNT(*)}
     */
    record Function(Kind kind, String column) implements Serializable {}
}

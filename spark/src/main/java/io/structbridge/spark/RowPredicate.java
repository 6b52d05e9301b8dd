package io.structbridge.spark;

/**
 * A pushed predicate bound to the mapped structs of a split ({@link RowFilters#bind}): tests one struct in place.
 * It reads values that were checked before (the window's bool, enum and text values of every member the query names
 * are checked first), so it never fails.
 */
interface RowPredicate {
    /** {@return whether the struct at byte offset {@code at} of the data holds} */
    boolean test(long at);
}

package io.structbridge.spark;

import java.io.Serializable;
import java.util.List;

/**
 * A pushed predicate as the driver translated it from Spark's ({@link PushedFilters}), in a form that travels with
 * the scan to the executors, where {@link RowFilters#bind} turns it into a {@link RowPredicate} over the mapped
 * structs. Columns are top-level members by name; literals are {@code Long} (integer and bool members: 0 or 1),
 * {@code Double} (floating-point members) or {@code String} (text and enum members).
 */
sealed interface FilterSpec extends Serializable {
    /** The comparison operators, with Spark's meaning. */
    enum Op {
        EQ, NE, LT, LE, GT, GE;

        /** {@return whether {@code c}, the sign of value compared to literal, satisfies this operator} */
        boolean holds(int c) {
            return switch (this) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
        }

        /** {@return the operator with its operands swapped ({@code lit < col} is {@code col > lit})} */
        Op flipped() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }
    }

    /**
     * {@code column op literal}.
     *
     * @param column the member
     * @param op the operator
     * @param literal the literal ({@code Long}, {@code Double} or {@code String})
     */
    record Compare(String column, Op op, Object literal) implements FilterSpec {}

    /**
     * {@code column IN (values)}.
     *
     * @param column the member
     * @param values the literals (all of one Java class, as in {@link Compare})
     */
    record In(String column, List<Object> values) implements FilterSpec {
        public In {
            values = List.copyOf(values);
        }
    }

    /** Both hold. @param left one @param right the other */
    record And(FilterSpec left, FilterSpec right) implements FilterSpec {}

    /** Either holds. @param left one @param right the other */
    record Or(FilterSpec left, FilterSpec right) implements FilterSpec {}

    /** The child does not hold. @param child the child */
    record Not(FilterSpec child) implements FilterSpec {}

    /** Always {@code value} (IS NULL is false and IS NOT NULL true on a member, none being nullable). @param value the value */
    record Const(boolean value) implements FilterSpec {}
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.catalyst.util.MathUtils;
import org.apache.spark.sql.types.DataType;

/**
 * One aggregate function's values per group of a split ({@link AggregatePlan.Function}), fed struct by struct in file
 * order: {@code add(slot, at)} adds the struct at byte {@code at} of the data to group {@code slot}.
 */
abstract sealed class Accumulator {
    /** Structs added per group (a sum or minimum of no struct is null, as Spark's). */
    long[] rows = new long[16];

    /** {@return the accumulator of {@code f} over {@code data}} */
    static Accumulator of(AggregatePlan.Function f, Column c, MemorySegment data, boolean ansi) {
        return switch (f.kind()) {
            case COUNT -> new Count();
            case SUM -> ScalarKind.of(c) == ScalarKind.FLOATING ? new DoubleSum(c, data) : new LongSum(c, data, ansi);
            case MIN -> new Extreme(c, data, false);
            case MAX -> new Extreme(c, data, true);
        };
    }

    /** Makes room for group {@code slot}. */
    void ensure(int slot) {
        if (slot >= rows.length) {
            int n = Math.max(slot + 1, rows.length * 2);
            rows = Arrays.copyOf(rows, n);
            grow(n);
        }
    }

    abstract void grow(int n);

    /** Adds the struct at byte {@code at} to group {@code slot} (after {@link #ensure}). */
    abstract void add(int slot, long at);

    /**
     * Adds the structs at bytes {@code at[0..m)} to groups {@code slots[0..m)}, in that order, as {@code m} calls of
     * {@link #add} would (after {@link #ensure} of the largest slot). Each class has its own loop, so the read and the
     * sum inline there instead of costing a call per struct.
     */
    abstract void addAll(int[] slots, long[] at, int m);

    /** {@return group {@code slot}'s value, Spark's internal form} */
    abstract Object value(int slot);

    /** {@code COUNT(*)} and {@code COUNT(m)}. */
    static final class Count extends Accumulator {
        @Override
        void grow(int n) {}

        @Override
        void add(int slot, long at) {
            rows[slot]++;
        }

        @Override
        void addAll(int[] slots, long[] at, int m) {
            for (int i = 0; i < m; i++) {
                rows[slots[i]]++;
            }
        }

        @Override
        Object value(int slot) {
            return rows[slot];
        }
    }

    /**
     * {@code SUM} of an integer member as a {@code long}, in file order: in ANSI mode an overflow fails with Spark's
     * own {@code ARITHMETIC_OVERFLOW} error ({@code MathUtils.addExact}, what Spark's sum calls), as Spark's partial
     * sum of the same rows in the same order does, with the hint of Spark's {@code Add} ("Use 'try_add' to tolerate
     * overflow ..."); otherwise it wraps, as Spark's does.
     */
    static final class LongSum extends Accumulator {
        private final IntReader reader;
        private final MemorySegment data;
        private final long offset;
        private final boolean ansi;
        private long[] sums = new long[16];

        LongSum(Column c, MemorySegment data, boolean ansi) {
            this.reader = new IntReader(c);
            this.data = data;
            this.offset = c.offset();
            this.ansi = ansi;
        }

        @Override
        void grow(int n) {
            sums = Arrays.copyOf(sums, n);
        }

        @Override
        void add(int slot, long at) {
            long v = reader.read(data, at + offset);
            sums[slot] = ansi ? MathUtils.addExact(sums[slot], v, (QueryContext) null) : sums[slot] + v;
            rows[slot]++;
        }

        @Override
        void addAll(int[] slots, long[] at, int m) {
            for (int i = 0; i < m; i++) {
                add(slots[i], at[i]);
            }
        }

        @Override
        Object value(int slot) {
            return rows[slot] == 0 ? null : sums[slot];
        }
    }

    /** {@code SUM} of a floating-point member as a {@code double}, in file order (float values widened first, as Spark's). */
    static final class DoubleSum extends Accumulator {
        private final RowFilters.FloatReader reader;
        private final MemorySegment data;
        private final long offset;
        private double[] sums = new double[16];

        DoubleSum(Column c, MemorySegment data) {
            this.reader = new RowFilters.FloatReader(c);
            this.data = data;
            this.offset = c.offset();
        }

        @Override
        void grow(int n) {
            sums = Arrays.copyOf(sums, n);
        }

        @Override
        void add(int slot, long at) {
            sums[slot] += reader.read(data, at + offset);
            rows[slot]++;
        }

        @Override
        void addAll(int[] slots, long[] at, int m) {
            for (int i = 0; i < m; i++) {
                add(slots[i], at[i]);
            }
        }

        @Override
        Object value(int slot) {
            return rows[slot] == 0 ? null : sums[slot];
        }
    }

    /** {@code MIN} or {@code MAX} of an integer member, in its own Spark type. */
    static final class Extreme extends Accumulator {
        private final IntReader reader;
        private final MemorySegment data;
        private final long offset;
        private final boolean max;
        private final DataType type;
        private long[] values = new long[16];

        Extreme(Column c, MemorySegment data, boolean max) {
            this.reader = new IntReader(c);
            this.data = data;
            this.offset = c.offset();
            this.max = max;
            this.type = SparkTypes.element(c);
        }

        @Override
        void grow(int n) {
            values = Arrays.copyOf(values, n);
        }

        @Override
        void add(int slot, long at) {
            long v = reader.read(data, at + offset);
            if (rows[slot] == 0 || (max ? v > values[slot] : v < values[slot])) {
                values[slot] = v;
            }
            rows[slot]++;
        }

        @Override
        void addAll(int[] slots, long[] at, int m) {
            for (int i = 0; i < m; i++) {
                add(slots[i], at[i]);
            }
        }

        @Override
        Object value(int slot) {
            return rows[slot] == 0 ? null : SparkValues.integer(type, values[slot]);
        }
    }
}

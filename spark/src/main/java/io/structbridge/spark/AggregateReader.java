package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * One split's partial aggregate ({@link AggregatePlan}): reads the split a window at a time through a
 * {@link SplitCursor}, checks the window whole (every bool, enum and text value of every member the query names:
 * grouped, aggregated or filtered, as a read without pushdown checks them), keeps the structs the pushed filter holds
 * for, and adds each to its group, in file order. Then hands Spark one row per group (for a global aggregate exactly
 * one row, also when no struct is kept: count 0, other values null).
 */
final class AggregateReader implements PartitionReader<InternalRow> {
    private final SplitCursor cursor;
    private final Rows.Top top;
    private final MappedVector[] checks;
    private final RowPredicate filter;
    private final GroupColumn[] groups;
    private final Accumulator[] accumulators;
    private final GroupSlots slots;
    /** A global aggregate of counts only: the kept structs are counted per window, not added one by one. */
    private final boolean countsOnly;
    private long[] kept = new long[0];
    private int[] keptSlots = new int[0];
    private int emitted = -1;
    private GenericInternalRow row;

    AggregateReader(StructSplit split, ReadPlan read, AggregatePlan plan) {
        Node.Group root = ColumnTree.build(TypeResolver.resolve(split.options().typeName()));
        this.cursor = new SplitCursor(split, split.options().batchRows());
        try {
            this.top = cursor.newTop();
            this.checks = Vectors.build(root, read.checked(), cursor.data(), top).vectors();
            this.filter = read.filter() == null ? null : RowFilters.bind(read.filter(), cursor.data(), root);
            Map<String, Column> columns = ScalarKind.columns(root);
            List<String> by = plan.groupBy();
            this.groups = new GroupColumn[by.size()];
            for (int i = 0; i < groups.length; i++) {
                groups[i] = new GroupColumn(columns.get(by.get(i)), cursor.data());
            }
            List<AggregatePlan.Function> fs = plan.functions();
            this.accumulators = new Accumulator[fs.size()];
            for (int i = 0; i < accumulators.length; i++) {
                AggregatePlan.Function f = fs.get(i);
                accumulators[i] = Accumulator.of(f, f.column() == null ? null : columns.get(f.column()), cursor.data(), plan.ansi());
            }
            this.slots = new GroupSlots(groups.length);
            boolean counts = groups.length == 0;
            for (Accumulator a : accumulators) {
                counts &= a instanceof Accumulator.Count;
            }
            this.countsOnly = counts;
        } catch (RuntimeException | Error e) {
            try {
                cursor.close();
            } catch (IOException | RuntimeException f) {
                e.addSuppressed(f);
            }
            throw e;
        }
    }

    private void aggregate() {
        long[] key = new long[groups.length];
        int n;
        while ((n = cursor.next()) > 0) {
            top.first = cursor.first();
            for (MappedVector v : checks) {
                v.check(n);
            }
            if (countsOnly) {
                // COUNT(*) and the like over the whole split: count the window's kept structs, add once per window
                long count = n;
                if (filter != null) {
                    count = 0;
                    for (int i = 0; i < n; i++) {
                        if (filter.test(top.offset(i))) {
                            count++;
                        }
                    }
                }
                for (Accumulator a : accumulators) {
                    a.ensure(0);
                    a.rows[0] += count;
                }
                continue;
            }
            // the window's kept structs and their groups first, then each accumulator adds them in its own loop, in file
            // order: the same sums as struct by struct; only an ANSI integer sum can fail, with Spark's overflow error,
            // whose text names no row or accumulator, so which one fails first does not change the error
            if (kept.length < n) {
                kept = new long[n];
                keptSlots = new int[n];
            }
            int m = 0;
            int last = 0;
            for (int i = 0; i < n; i++) {
                long at = top.offset(i);
                if (filter != null && !filter.test(at)) {
                    continue;
                }
                int slot = groups.length == 0 ? 0 : groups.length == 1 ? slots.slot(groups[0].key(at)) : slots.slot(keys(at, key));
                kept[m] = at;
                keptSlots[m++] = slot;
                last = Math.max(last, slot);
            }
            for (Accumulator a : accumulators) {
                a.ensure(last);
                a.addAll(keptSlots, kept, m);
            }
        }
    }

    /** {@return {@code key} filled with the group keys of the struct at {@code at}} */
    private long[] keys(long at, long[] key) {
        for (int g = 0; g < groups.length; g++) {
            key[g] = groups[g].key(at);
        }
        return key;
    }

    @Override
    public boolean next() {
        if (emitted < 0) {
            aggregate();
        }
        emitted++;
        if (emitted >= slots.size()) {
            return false;
        }
        long[] keys = slots.keys(emitted);
        Object[] values = new Object[groups.length + accumulators.length];
        for (int g = 0; g < groups.length; g++) {
            values[g] = groups[g].value(keys[g]);
        }
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i].ensure(emitted);
            values[groups.length + i] = accumulators[i].value(emitted);
        }
        row = new GenericInternalRow(values);
        return true;
    }

    @Override
    public InternalRow get() {
        return row;
    }

    @Override
    public void close() throws IOException {
        cursor.close();
    }
}

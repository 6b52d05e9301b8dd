package io.structbridge.spark;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;

/**
 * Column pruning (also of nested struct members): only the requested members get vectors, and only their bytes are
 * touched.
 *
 * <p><b>Filters.</b> Predicates {@link PushedFilters} translates are evaluated by the reader over the mapped structs,
 * and Spark does not evaluate them again; the others are handed back to Spark. A pushed filter never narrows the
 * checks: every bool, enum and text value of every member the query names (requested or filtered) is checked in every
 * struct of the split, kept or not, so bad data fails the query exactly as without pushdown.
 *
 * <p><b>Aggregates</b> (through {@link AggregatingScanBuilder}). When every predicate was pushed, an aggregation {@link PushedAggregates} translates is computed
 * by the reader: completely, in one split, when the file's structs fit one default split (128 MiB; Spark then plans no
 * aggregate and no shuffle of its own), else partially per split (Spark merges the splits' rows); the same checks
 * apply to the grouped, aggregated and filtered members. Option {@code pushDown=false} pushes neither.
 */
class StructScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownV2Filters {
    private final ReadOptions options;
    private final StructType full;
    private StructType schema;
    private Node.Group root;
    private final List<Predicate> pushed = new ArrayList<>();
    private FilterSpec filter;
    private AggregatePlan aggregate;
    private Aggregation aggregation;
    private StructFiles.Probe probe;

    StructScanBuilder(ReadOptions options, StructType schema) {
        this.options = options;
        this.full = schema;
        this.schema = schema;
    }

    private Node.Group root() {
        if (root == null) {
            root = ColumnTree.build(TypeResolver.resolve(options.typeName()));
        }
        return root;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.schema = requiredSchema;
    }

    @Override
    public Predicate[] pushPredicates(Predicate[] predicates) {
        if (!options.pushDown()) {
            return predicates;
        }
        PushedFilters translator = new PushedFilters(root());
        List<Predicate> left = new ArrayList<>();
        for (Predicate p : predicates) {
            FilterSpec s = translator.translate(p);
            if (s == null) {
                left.add(p);
            } else {
                pushed.add(p);
                filter = filter == null ? s : new FilterSpec.And(filter, s);
            }
        }
        return left.toArray(new Predicate[0]);
    }

    @Override
    public Predicate[] pushedPredicates() {
        return pushed.toArray(new Predicate[0]);
    }

    /** The file as the driver opened it for this query, once (the scan plans its splits from it). */
    private StructFiles.Probe probe() {
        if (probe == null) {
            probe = StructFiles.probe(options);
        }
        return probe;
    }

    /**
     * {@return whether one task reads the whole file: its structs fit one split of option {@code rowsPerSplit} if given,
     * else 128 MiB (Spark's own default split); then an aggregate is computed completely by the scan, and Spark plans
     * neither its own aggregate nor a shuffle}
     */
    private boolean oneSplit() {
        long count = probe().count();
        if (options.rowsPerSplit() > 0) {
            return count <= options.rowsPerSplit();
        }
        return count * Math.max(1, probe().type().size()) <= ReadOptions.DEFAULT_SPLIT_BYTES;
    }

    /** {@return whether the aggregation can be computed completely by the scan (see {@link #oneSplit})} */
    boolean completeAggregation(Aggregation a) {
        return options.pushDown() && new PushedAggregates(root(), probe().count()).translate(a, false, true) != null && oneSplit();
    }

    /** {@return whether the aggregation is pushed (then {@link #build} scans it)} */
    boolean aggregation(Aggregation a) {
        if (!options.pushDown()) {
            return false;
        }
        AggregatePlan plan = new PushedAggregates(root(), probe().count()).translate(a, SQLConf.get().ansiEnabled(), oneSplit());
        if (plan == null) {
            return false;
        }
        this.aggregate = plan;
        this.aggregation = a;
        return true;
    }

    @Override
    public Scan build() {
        if (aggregate == null) {
            return new StructScan(options, ReadPlan.of(schema, filter, full), null, pushed, null, probe);
        }
        Set<String> read = new LinkedHashSet<>(aggregate.groupBy());
        aggregate.functions().stream().filter(f -> f.column() != null).forEach(f -> read.add(f.column()));
        StructType input = new StructType();
        for (String name : read) {
            input = input.add(full.apply(full.fieldIndex(name)));
        }
        return new StructScan(options, ReadPlan.of(input, filter, full), aggregate, pushed, aggregation, probe);
    }
}

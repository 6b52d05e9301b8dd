package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Translates Spark's pushed aggregation into an {@link AggregatePlan}, or refuses it (null: Spark aggregates the
 * scanned rows itself). Translated: {@code COUNT(*)}, {@code COUNT(m)}, {@code SUM(m)} of integer and floating-point
 * members, {@code MIN(m)} and {@code MAX(m)} of integer members (not of floating-point ones: which of {@code -0.0} and
 * {@code 0.0} Spark returns depends on row order), none {@code DISTINCT}, grouped by any number of top-level
 * bool, integer, enum and UTF-8/ASCII text members (see {@link ScalarKind}; not floating-point ones). Members are
 * found by their exact names (see {@link ScalarKind#columns}).
 *
 * <p>Not translated: an aggregation holding {@code SUM(m)} of an integer member {@code m} next to {@code COUNT(m)} or
 * {@code COUNT(*)}, unless every sum of the file's values of {@code m} is exact in a {@code double} (structs × the
 * largest magnitude of {@code m} at most 2^53). That is the form Spark splits {@code AVG(m)} into when it cannot push
 * the {@code AVG} itself ({@code V2ScanRelationPushDown}: {@code Sum(avg.child)} and {@code Count(avg.child)}, the
 * latter translated to {@code COUNT(m)}; Spark rewrites a query's own {@code COUNT(m)} of a member that is never null
 * to {@code COUNT(*)}, so that counts too), and the split sum adds as a {@code long} (wrapping, or failing in ANSI mode) where Spark's own
 * {@code AVG} adds as a {@code double}: a source cannot tell the split from a query's own {@code SUM} and
 * {@code COUNT}, so it refuses both unless a {@code long} and a {@code double} sum provably agree (neither overflows
 * nor rounds). A {@code SUM(m)} without a count (or with counts of other members only) keeps Spark's {@code SUM(long)} semantics and is pushed.
 */
final class PushedAggregates {
    /** 2^53: integers up to this magnitude are exact in a {@code double}. */
    private static final double EXACT = 0x1p53;

    private final Map<String, Column> columns;
    private final long structs;

    /**
     * @param root the member tree of the struct type
     * @param structs the file's struct count (a bound on the rows of every sum)
     */
    PushedAggregates(Node.Group root, long structs) {
        this.columns = ScalarKind.columns(root);
        this.structs = structs;
    }

    /** {@return the plan of {@code a} (complete or partial), or null if a split cannot compute it exactly} */
    AggregatePlan translate(Aggregation a, boolean ansi, boolean complete) {
        List<String> groupBy = new ArrayList<>();
        StructType output = new StructType();
        for (Expression e : a.groupByExpressions()) {
            Column c = column(e);
            ScalarKind k = c == null ? null : ScalarKind.of(c);
            if (k == null || k == ScalarKind.FLOATING) {
                return null;
            }
            groupBy.add(c.path());
            output = output.add(c.path(), SparkTypes.element(c), false);
        }
        List<AggregatePlan.Function> functions = new ArrayList<>();
        int i = 0;
        for (AggregateFunc f : a.aggregateExpressions()) {
            AggregatePlan.Function fn = function(f);
            if (fn == null) {
                return null;
            }
            functions.add(fn);
            output = output.add("agg_" + i++, type(fn), fn.kind() != AggregatePlan.Kind.COUNT);
        }
        if (splitAverage(functions)) {
            return null;
        }
        return new AggregatePlan(groupBy, functions, output, ansi, complete);
    }

    /**
     * {@return whether {@code functions} hold an integer {@code SUM(m)} next to {@code COUNT(m)} or {@code COUNT(*)} whose {@code long} sum might differ from a {@code double} one (see the class comment)}
     */
    private boolean splitAverage(List<AggregatePlan.Function> functions) {
        for (AggregatePlan.Function f : functions) {
            if (f.kind() != AggregatePlan.Kind.SUM || ScalarKind.of(columns.get(f.column())) != ScalarKind.INTEGER) {
                continue;
            }
            boolean counted = functions.stream().anyMatch(g -> g.kind() == AggregatePlan.Kind.COUNT
                    && (g.column() == null || g.column().equals(f.column())));
            if (counted && (double) structs * ScalarKind.maxMagnitude(columns.get(f.column())) > EXACT) {
                return true;
            }
        }
        return false;
    }

    private AggregatePlan.Function function(AggregateFunc f) {
        return switch (f) {
            case CountStar c -> new AggregatePlan.Function(AggregatePlan.Kind.COUNT, null);
            case Count c when !c.isDistinct() && column(c.column()) != null ->
                    new AggregatePlan.Function(AggregatePlan.Kind.COUNT, column(c.column()).path());
            case Sum s when !s.isDistinct() && numeric(s.column(), true) ->
                    new AggregatePlan.Function(AggregatePlan.Kind.SUM, column(s.column()).path());
            case Min m when numeric(m.column(), false) -> new AggregatePlan.Function(AggregatePlan.Kind.MIN, column(m.column()).path());
            case Max m when numeric(m.column(), false) -> new AggregatePlan.Function(AggregatePlan.Kind.MAX, column(m.column()).path());
            default -> null;
        };
    }

    private boolean numeric(Expression e, boolean floating) {
        Column c = column(e);
        ScalarKind k = c == null ? null : ScalarKind.of(c);
        return k == ScalarKind.INTEGER || floating && k == ScalarKind.FLOATING;
    }

    private Column column(Expression e) {
        if (!(e instanceof NamedReference r) || r.fieldNames().length != 1) {
            return null;
        }
        Column c = columns.get(r.fieldNames()[0]);
        return c != null && ScalarKind.of(c) != null ? c : null;
    }

    private DataType type(AggregatePlan.Function f) {
        return switch (f.kind()) {
            case COUNT -> DataTypes.LongType;
            case SUM -> ScalarKind.of(columns.get(f.column())) == ScalarKind.FLOATING ? DataTypes.DoubleType : DataTypes.LongType;
            case MIN, MAX -> SparkTypes.element(columns.get(f.column()));
        };
    }
}

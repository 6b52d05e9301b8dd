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
 * bool, integer, enum and UTF-8/ASCII text members (see {@link ScalarKind}; not floating-point ones).
 */
final class PushedAggregates {
    private final Map<String, Column> columns;

    /** @param root the member tree of the struct type */
    PushedAggregates(Node.Group root) {
        this.columns = ScalarKind.columns(root);
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
        return new AggregatePlan(groupBy, functions, output, ansi, complete);
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

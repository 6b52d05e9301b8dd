package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Translates Spark's pushed predicates into {@link FilterSpec}s the reader evaluates exactly, or refuses them (null),
 * leaving them to Spark. Translated: {@code =, <=>, <>, <, <=, >, >=} between a top-level member with a
 * {@link ScalarKind} and a non-null literal of its Spark type (either side), {@code IN} of such literals,
 * {@code AND, OR, NOT} of translated predicates, {@code IS NULL} (false) and {@code IS NOT NULL} (true) of any
 * top-level member, {@code ALWAYS_TRUE}, {@code ALWAYS_FALSE}. Anything else (functions, casts, nested members,
 * {@code uint64}, Latin-1 text, string prefix matches) is refused.
 */
final class PushedFilters {
    private final Map<String, Column> columns;

    /** @param root the member tree of the struct type */
    PushedFilters(Node.Group root) {
        this.columns = ScalarKind.columns(root);
    }

    /** {@return the spec of {@code p}, or null if the reader cannot evaluate it exactly} */
    FilterSpec translate(Predicate p) {
        Expression[] c = p.children();
        return switch (p.name()) {
            case "AND" -> both(c, true);
            case "OR" -> both(c, false);
            case "NOT" -> c.length == 1 && c[0] instanceof Predicate q && translate(q) instanceof FilterSpec s ? new FilterSpec.Not(s) : null;
            case "ALWAYS_TRUE" -> new FilterSpec.Const(true);
            case "ALWAYS_FALSE" -> new FilterSpec.Const(false);
            case "IS_NULL", "IS_NOT_NULL" -> c.length == 1 && c[0] instanceof NamedReference r && r.fieldNames().length == 1
                    && columns.containsKey(r.fieldNames()[0]) ? new FilterSpec.Const(p.name().equals("IS_NOT_NULL")) : null;
            case "=", "<=>" -> compare(c, FilterSpec.Op.EQ);
            case "<>" -> compare(c, FilterSpec.Op.NE);
            case "<" -> compare(c, FilterSpec.Op.LT);
            case "<=" -> compare(c, FilterSpec.Op.LE);
            case ">" -> compare(c, FilterSpec.Op.GT);
            case ">=" -> compare(c, FilterSpec.Op.GE);
            case "IN" -> in(c);
            default -> null;
        };
    }

    private FilterSpec both(Expression[] c, boolean and) {
        if (c.length != 2 || !(c[0] instanceof Predicate l) || !(c[1] instanceof Predicate r)) {
            return null;
        }
        FilterSpec a = translate(l);
        FilterSpec b = translate(r);
        if (a == null || b == null) {
            return null;
        }
        return and ? new FilterSpec.And(a, b) : new FilterSpec.Or(a, b);
    }

    private FilterSpec compare(Expression[] c, FilterSpec.Op op) {
        if (c.length != 2) {
            return null;
        }
        if (c[0] instanceof NamedReference r && c[1] instanceof Literal<?> l) {
            return compare(r, op, l);
        } else if (c[1] instanceof NamedReference r && c[0] instanceof Literal<?> l) {
            return compare(r, op.flipped(), l);
        }
        return null;
    }

    private FilterSpec compare(NamedReference r, FilterSpec.Op op, Literal<?> l) {
        Column col = column(r);
        Object v = col == null ? null : literal(ScalarKind.of(col), l.value());
        return v == null ? null : new FilterSpec.Compare(col.path(), op, v);
    }

    private FilterSpec in(Expression[] c) {
        if (c.length < 1 || !(c[0] instanceof NamedReference r)) {
            return null;
        }
        Column col = column(r);
        if (col == null) {
            return null;
        }
        List<Object> values = new ArrayList<>(c.length - 1);
        for (int i = 1; i < c.length; i++) {
            Object v = c[i] instanceof Literal<?> l ? literal(ScalarKind.of(col), l.value()) : null;
            if (v == null) {
                return null;
            }
            values.add(v);
        }
        return new FilterSpec.In(col.path(), values);
    }

    private Column column(NamedReference r) {
        if (r.fieldNames().length != 1) {
            return null;
        }
        Column c = columns.get(r.fieldNames()[0]);
        return c != null && ScalarKind.of(c) != null ? c : null;
    }

    /** {@return the literal as the spec holds it for a member of kind {@code k}, or null if it is of another type or null} */
    private static Object literal(ScalarKind k, Object v) {
        return switch (k) {
            case BOOL -> v instanceof Boolean b ? (Long) (b ? 1L : 0L) : null;
            case INTEGER -> v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long
                    ? (Object) ((Number) v).longValue() : null;
            case FLOATING -> v instanceof Float || v instanceof Double ? (Object) ((Number) v).doubleValue() : null;
            case ENUM, TEXT -> v instanceof UTF8String s ? s.toString() : null;
        };
    }
}

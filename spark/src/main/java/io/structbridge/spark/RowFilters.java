package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Binds {@link FilterSpec}s to the mapped structs of a split. Comparisons follow Spark's: integers and bools as
 * {@code long}s; floating-point values as Spark's {@code SQLOrderingUtil.compareDoubles} does ({@code x == y} is
 * equal, so {@code -0.0 = 0.0}; otherwise {@link Double#compare}, so NaN equals NaN and is above every other value);
 * text and enum names by their UTF-8 bytes (unsigned, Spark's binary collation).
 */
final class RowFilters {
    private final MemorySegment data;
    private final Map<String, Column> columns;

    private RowFilters(MemorySegment data, Map<String, Column> columns) {
        this.data = data;
        this.columns = columns;
    }

    /**
     * {@return the predicate of {@code spec} over {@code data}}
     *
     * @param root the member tree of the type the split is read as
     * @throws IllegalArgumentException if the spec names a member that is no pushable scalar (the driver translated it
     *     from the same type, so this means the executor has another version of the class)
     */
    static RowPredicate bind(FilterSpec spec, MemorySegment data, Node.Group root) {
        return new RowFilters(data, ScalarKind.columns(root)).bind(spec);
    }

    /** {@return Spark's order of two floating-point values (SQLOrderingUtil.compareDoubles)} */
    static int compareDoubles(double x, double y) {
        return x == y ? 0 : Double.compare(x, y);
    }

    private RowPredicate bind(FilterSpec spec) {
        return switch (spec) {
            case FilterSpec.Const c -> c.value() ? at -> true : at -> false;
            case FilterSpec.Not n -> {
                RowPredicate p = bind(n.child());
                yield at -> !p.test(at);
            }
            case FilterSpec.And a -> {
                RowPredicate l = bind(a.left());
                RowPredicate r = bind(a.right());
                yield at -> l.test(at) && r.test(at);
            }
            case FilterSpec.Or o -> {
                RowPredicate l = bind(o.left());
                RowPredicate r = bind(o.right());
                yield at -> l.test(at) || r.test(at);
            }
            case FilterSpec.Compare c -> compare(column(c.column()), c.op(), c.literal());
            case FilterSpec.In in -> in(column(in.column()), in.values());
        };
    }

    private Column column(String name) {
        Column c = columns.get(name);
        if (c == null || ScalarKind.of(c) == null) {
            throw new IllegalArgumentException("structbridge: a pushed filter names member '" + name
                    + "', which this executor's struct type has not as a scalar: is its class another version than the driver's?");
        }
        return c;
    }

    private RowPredicate compare(Column c, FilterSpec.Op op, Object literal) {
        long offset = c.offset();
        return switch (ScalarKind.of(c)) {
            case BOOL, INTEGER -> {
                IntReader r = new IntReader(c);
                long v = (Long) literal;
                yield switch (op) {
                    case EQ -> at -> r.read(data, at + offset) == v;
                    case NE -> at -> r.read(data, at + offset) != v;
                    case LT -> at -> r.read(data, at + offset) < v;
                    case LE -> at -> r.read(data, at + offset) <= v;
                    case GT -> at -> r.read(data, at + offset) > v;
                    case GE -> at -> r.read(data, at + offset) >= v;
                };
            }
            case FLOATING -> {
                double v = (Double) literal;
                if (c.kind() == Column.Kind.DOUBLE && c.order() == java.nio.ByteOrder.LITTLE_ENDIAN) {
                    yield doubles(offset, op, v); // the common case without a per-row switch on width, order and operator
                }
                FloatReader r = new FloatReader(c);
                yield at -> op.holds(compareDoubles(r.read(data, at + offset), v));
            }
            case ENUM -> enumMatch(c, name -> op.holds(name.compareTo(UTF8String.fromString((String) literal))));
            case TEXT -> {
                UTF8String v = UTF8String.fromString((String) literal);
                TextReader t = new TextReader(c, data);
                yield at -> op.holds(t.read(at + offset).compareTo(v));
            }
        };
    }

    private static final ValueLayout.OfDouble F8_LE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    /** A little-endian binary64 member compared with {@code v} in Spark's order ({@link #compareDoubles}), one lambda per operator. */
    private RowPredicate doubles(long offset, FilterSpec.Op op, double v) {
        MemorySegment d = data;
        return switch (op) {
            case EQ -> at -> compareDoubles(d.get(F8_LE, at + offset), v) == 0;
            case NE -> at -> compareDoubles(d.get(F8_LE, at + offset), v) != 0;
            case LT -> at -> compareDoubles(d.get(F8_LE, at + offset), v) < 0;
            case LE -> at -> compareDoubles(d.get(F8_LE, at + offset), v) <= 0;
            case GT -> at -> compareDoubles(d.get(F8_LE, at + offset), v) > 0;
            case GE -> at -> compareDoubles(d.get(F8_LE, at + offset), v) >= 0;
        };
    }

    private RowPredicate in(Column c, List<Object> values) {
        long offset = c.offset();
        return switch (ScalarKind.of(c)) {
            case BOOL, INTEGER -> {
                IntReader r = new IntReader(c);
                long[] sorted = values.stream().mapToLong(v -> (Long) v).sorted().toArray();
                yield at -> Arrays.binarySearch(sorted, r.read(data, at + offset)) >= 0;
            }
            case FLOATING -> {
                FloatReader r = new FloatReader(c);
                double[] vs = values.stream().mapToDouble(v -> (Double) v).toArray();
                yield at -> {
                    double x = r.read(data, at + offset);
                    for (double v : vs) {
                        if (compareDoubles(x, v) == 0) {
                            return true;
                        }
                    }
                    return false;
                };
            }
            case ENUM -> {
                Set<UTF8String> set = new HashSet<>();
                values.forEach(v -> set.add(UTF8String.fromString((String) v)));
                yield enumMatch(c, set::contains);
            }
            case TEXT -> {
                Set<UTF8String> set = new HashSet<>();
                values.forEach(v -> set.add(UTF8String.fromString((String) v)));
                TextReader t = new TextReader(c, data);
                yield at -> set.contains(t.read(at + offset));
            }
        };
    }

    /** An enum member: the predicate's value per constant, decided once; a code that is no constant never holds. */
    private RowPredicate enumMatch(Column c, java.util.function.Predicate<UTF8String> holds) {
        List<Column.EnumConstant> k = c.constants().stream()
                .sorted(java.util.Comparator.comparingLong(Column.EnumConstant::code)).toList();
        long[] codes = k.stream().mapToLong(Column.EnumConstant::code).toArray();
        boolean[] match = new boolean[codes.length];
        for (int i = 0; i < codes.length; i++) {
            match[i] = holds.test(UTF8String.fromString(k.get(i).name()));
        }
        IntReader r = new IntReader(c);
        long offset = c.offset();
        return at -> {
            int i = Arrays.binarySearch(codes, r.read(data, at + offset));
            return i >= 0 && match[i];
        };
    }

    /** Reads a floating-point member widened to {@code double} (exactly). */
    static final class FloatReader {
        private final int kind;
        private final boolean big;

        FloatReader(Column c) {
            this.kind = c.kind() == Column.Kind.FLOAT16 ? 2 : c.kind() == Column.Kind.FLOAT ? 4 : 8;
            this.big = c.order() == java.nio.ByteOrder.BIG_ENDIAN;
        }

        double read(MemorySegment s, long at) {
            return switch (kind) {
                case 2 -> Float.float16ToFloat(Layouts.short16(s, at, big));
                case 4 -> Layouts.float32(s, at, big);
                default -> Layouts.float64(s, at, big);
            };
        }
    }

    /** Reads a checked UTF-8 or ASCII text member in place: its bytes up to the first NUL (or all of them). */
    static final class TextReader {
        private final MemorySegment data;
        private final int capacity;

        TextReader(Column c, MemorySegment data) {
            this.data = data;
            this.capacity = c.length();
        }

        /** {@return the number of bytes before the first NUL at {@code at}, at most the capacity} */
        int length(long at) {
            int n = 0;
            while (n < capacity && data.get(ValueLayout.JAVA_BYTE, at + n) != 0) {
                n++;
            }
            return n;
        }

        /** {@return the text at {@code at}, over the mapping (valid while it is mapped)} */
        UTF8String read(long at) {
            return UTF8String.fromAddress(null, data.address() + at, length(at));
        }
    }
}

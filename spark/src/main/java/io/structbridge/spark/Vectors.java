package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the column vectors of a requested (possibly pruned, also inside nested structs) schema over
 * the member tree: one vector per requested member, leaves read in place.
 */
final class Vectors {
    private final MemorySegment data;
    /** The most values any vector holds per struct (the product of the enclosing array lengths). */
    private long multiplicity = 1;

    private Vectors(MemorySegment data) {
        this.data = data;
    }

    /** The vectors of a batch and the most values one of them holds per struct. */
    record Built(MappedVector[] vectors, long multiplicity) {}

    /**
     * {@return the vectors of {@code requested}'s fields over {@code data}, in its order}
     *
     * @throws IllegalArgumentException if a requested field is no member or has another type than the member's
     */
    static Built build(Node.Group root, StructType requested, MemorySegment data, Rows.Top top) {
        Vectors v = new Vectors(data);
        return new Built(v.fields(root, requested, top, ""), v.multiplicity);
    }

    private MappedVector[] fields(Node.Group g, StructType requested, Rows rows, String prefix) {
        StructField[] fs = requested.fields();
        MappedVector[] out = new MappedVector[fs.length];
        for (int i = 0; i < fs.length; i++) {
            Node n = child(g, fs[i].name(), prefix);
            out[i] = vector(n, fs[i].dataType(), rows, prefix.isEmpty() ? n.name() : prefix + "." + n.name());
        }
        return out;
    }

    private static Node child(Node.Group g, String name, String prefix) {
        for (Node n : g.children()) {
            if (n.name().equals(name)) {
                return n;
            }
        }
        for (Node n : g.children()) {
            if (n.name().equalsIgnoreCase(name)) {
                return n;
            }
        }
        throw new IllegalArgumentException("structbridge: no member '" + (prefix.isEmpty() ? name : prefix + "." + name) + "'");
    }

    private MappedVector vector(Node n, DataType requested, Rows rows, String member) {
        return switch (n) {
            case Node.Group g -> {
                StructType st = (StructType) requested;
                yield new StructVector(st, data, rows, member, fields(g, st, rows, member));
            }
            case Node.Repeated r -> {
                ArrayType at = (ArrayType) requested;
                Rows.Elements elements = new Rows.Elements(rows, r.count(), r.stride(), member);
                multiplicity = Math.max(multiplicity, elements.multiplicity());
                StructType et = (StructType) at.elementType();
                MappedVector element = new StructVector(et, data, elements, "", fields(r.element(), et, elements, ""));
                yield new ArrayVector(at, data, rows, member, element, r.count());
            }
            case Node.Leaf l -> leaf(l.column(), requested, rows, member);
            case Node.Union u -> union(u, (StructType) requested, rows, member);
        };
    }

    /** {@return the vector of the requested members of union {@code u}, each over its {@link Rows.Member} space} */
    private MappedVector union(Node.Union u, StructType requested, Rows rows, String member) {
        LiveCases cases = new LiveCases(data, rows, u, member);
        StructField[] fs = requested.fields();
        MappedVector[] out = new MappedVector[fs.length];
        for (int i = 0; i < fs.length; i++) {
            Node n = child(u.members(), fs[i].name(), member);
            int j = u.members().children().indexOf(n);
            out[i] = vector(n, fs[i].dataType(), new Rows.Member(rows, cases, j), member + "." + n.name());
        }
        return new UnionVector(requested, data, rows, member, cases, out);
    }

    private MappedVector leaf(Column c, DataType requested, Rows rows, String member) {
        DataType own = SparkTypes.of(new Node.Leaf(member, c));
        if (!own.sameType(requested)) {
            throw new IllegalArgumentException("structbridge: member '" + member + "' is " + own.simpleString() + ", not "
                    + requested.simpleString());
        }
        if (c.array()) {
            Rows.Elements elements = new Rows.Elements(rows, c.length(), c.elementSize(), member);
            multiplicity = Math.max(multiplicity, elements.multiplicity());
            return new ArrayVector((ArrayType) requested, data, rows, member,
                    scalar(c, ((ArrayType) requested).elementType(), elements, ""), c.length());
        }
        return scalar(c, requested, rows, member);
    }

    private MappedVector scalar(Column c, DataType type, Rows rows, String member) {
        Column.Kind k = c.kind();
        if (k == Column.Kind.BOOL) {
            return new BoolVector(data, rows, member, c);
        } else if (k == Column.Kind.ENUM) {
            return new EnumVector(data, rows, member, c);
        } else if (k == Column.Kind.TEXT) {
            return new TextVector(data, rows, member, c);
        } else if (k == Column.Kind.FLOAT16 || k == Column.Kind.FLOAT || k == Column.Kind.DOUBLE) {
            return new FloatingVector(type, data, rows, member, c);
        }
        return new IntegerVector(type, data, rows, member, c);
    }
}

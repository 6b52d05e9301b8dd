package io.structbridge.spark;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.TextEncoding;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DecimalType;

/**
 * The top-level scalar members a pushed filter or aggregate can read in place, by how their value compares: as a
 * {@code long} ({@link #INTEGER}: integers and bit-fields of at most 63 value bits, i.e. every one but {@code uint64};
 * {@link #BOOL}: 0 or 1), as a {@code double} ({@link #FLOATING}: binary16, float, double), by name
 * ({@link #ENUM}) or by UTF-8 bytes ({@link #TEXT}: UTF-8 or ASCII text; Latin-1 text is converted, so it is left to
 * Spark). Arrays, nested structs, {@code uint64} and Latin-1 text have no kind: predicates and aggregates on them
 * stay with Spark.
 */
enum ScalarKind {
    BOOL, INTEGER, FLOATING, ENUM, TEXT;

    /** {@return the kind of {@code c}, or null if pushed work cannot read it} */
    static ScalarKind of(Column c) {
        if (c.array() || c.union() != null) {
            return null;
        }
        DataType t = SparkTypes.element(c);
        if (c.kind() == Column.Kind.BOOL) {
            return BOOL;
        } else if (c.kind() == Column.Kind.ENUM) {
            return ENUM;
        } else if (c.kind() == Column.Kind.TEXT) {
            return c.encoding() == TextEncoding.LATIN_1 ? null : TEXT;
        } else if (c.kind() == Column.Kind.FLOAT16 || c.kind() == Column.Kind.FLOAT || c.kind() == Column.Kind.DOUBLE) {
            return FLOATING;
        }
        return t instanceof DecimalType ? null : INTEGER;
    }

    /**
     * {@return the top-level scalar members of {@code root} by their exact name} Spark hands pushed filters and
     * aggregates references by the schema's own field names (resolved case-sensitively or not, as
     * {@code spark.sql.caseSensitive} says), so they are looked up exactly: with members {@code vA} and {@code va},
     * each name finds its own member, and a name no member has exactly is not pushed.
     */
    static Map<String, Column> columns(Node.Group root) {
        Map<String, Column> out = new LinkedHashMap<>();
        for (Node n : root.children()) {
            if (n instanceof Node.Leaf l) {
                out.put(l.name(), l.column());
            }
        }
        return out;
    }

    /** {@return the largest magnitude a value of integer member {@code c} can have: 2^(bits-1) signed, 2^bits - 1 unsigned} */
    static double maxMagnitude(Column c) {
        int bits = c.bitWidth() > 0 ? c.bitWidth() : 8 * c.elementSize();
        return c.signed() ? Math.scalb(1.0, bits - 1) : Math.scalb(1.0, bits) - 1;
    }
}

package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Objects;

/**
 * The checks that precede a transpose between structs and columns
 * ({@link StructType#copyToColumns}, {@link StructType#copyFromColumns} and their generated
 * overrides): all made before any byte moves, so a refused transpose writes nothing.
 */
public final class Transposes {
    private Transposes() {}

    /** The rows one generated row-major loop moves at most (its counter stays an {@code int}). */
    public static final int CHUNK_ROWS = 1 << 20;

    /**
     * Checks a transpose of {@code rows} structs of {@code type} at {@code offset} of {@code structs}
     * against {@code columns}.
     *
     * @param type the struct type
     * @param structs the structs' segment
     * @param offset the byte offset of struct 0
     * @param rows the number of structs (rows)
     * @param columns one segment per leaf column of {@code type}
     * @return the leaf columns of {@code type}
     * @throws IllegalArgumentException if {@code columns} does not have one segment per leaf column, or
     *     {@code rows} is negative
     * @throws IndexOutOfBoundsException if the structs or a column do not fit their segment
     * @throws UnsupportedOperationException if a column lies in a union or is a bit-field
     * @throws IllegalStateException if a segment's arena is closed
     */
    public static List<Column> check(StructType<?> type, MemorySegment structs, long offset, long rows, MemorySegment[] columns) {
        List<Column> leaves = type.columns();
        Objects.requireNonNull(structs, "structs");
        if (columns.length != leaves.size()) {
            throw new IllegalArgumentException(type.name() + ": " + columns.length + " column segments for "
                    + leaves.size() + " columns");
        }
        if (rows < 0) {
            throw new IllegalArgumentException(type.name() + ": negative row count " + rows);
        }
        live(structs);
        Objects.checkFromIndexSize(offset, Math.multiplyExact(rows, type.size()), structs.byteSize());
        for (int k = 0; k < leaves.size(); k++) {
            Column c = leaves.get(k);
            if (c.union() != null || c.bitWidth() > 0) {
                throw new UnsupportedOperationException(type.name() + "." + c.path() + ": "
                        + (c.union() != null ? "lies in a union" : "is a bit-field") + "; it has no columnar form");
            }
            long need = Math.multiplyExact(rows, (long) c.elementSize() * c.length());
            if (columns[k].byteSize() < need) {
                throw new IndexOutOfBoundsException(type.name() + "." + c.path() + ": the column of " + rows + " rows needs "
                        + need + " bytes, its segment has " + columns[k].byteSize());
            }
            live(columns[k]);
        }
        return leaves;
    }

    private static void live(MemorySegment s) {
        if (!s.scope().isAlive()) {
            throw new IllegalStateException("a segment's arena is already closed");
        }
    }
}

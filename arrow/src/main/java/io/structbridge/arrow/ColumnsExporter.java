package io.structbridge.arrow;

import io.structbridge.arrow.Node.Leaf;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.StructColumns;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The array tree of rows {@code [first, first + rows)} of a {@link StructColumns}: a leaf that
 * {@link #zeroCopy} accepts gets the column memory itself as its data buffer (no byte is copied; an
 * enum column is read once to check its codes); any other leaf is built as {@link Exporter} builds it,
 * reading the column memory as an array of one-column structs.
 */
final class ColumnsExporter extends Exporter {
    private final StructColumns<?> columns;
    private final Map<String, Integer> index = new HashMap<>();
    private final long first;
    private final long rows;
    private final List<String> copied = new ArrayList<>();

    ColumnsExporter(Exports.Owner owner, StructColumns<?> columns, long first, long rows) {
        super(owner, columns.segment(), 1, first, rows);
        this.columns = columns;
        this.first = first;
        this.rows = rows;
        List<Column> cols = columns.columns();
        for (int k = 0; k < cols.size(); k++) {
            index.put(cols.get(k).path(), k);
        }
    }

    /**
     * {@return whether a leaf column of multiplicity {@code m} (the product of the lengths of the nested
     * struct arrays holding it) is exported without copying from columns in {@code native} memory}: numbers
     * and enum codes (and fixed arrays of them) in native byte order, outside nested struct arrays.
     */
    static boolean zeroCopy(Column c, long m, boolean nativeMemory) {
        boolean number = switch (c.kind()) {
            case SIGNED_INT, UNSIGNED_INT, UINT64_BITS, FLOAT16, FLOAT, DOUBLE, ENUM -> true;
            case BOOL, TEXT, POINTER -> false;
        };
        return nativeMemory && number && m == 1 && !c.bitField()
                && (c.elementSize() == 1 || c.order() == ByteOrder.nativeOrder());
    }

    /** {@return the paths of the leaves that were copied (converted) rather than pointed at} */
    List<String> copied() {
        return copied;
    }

    @Override
    MemorySegment[] leafBuffers(Leaf f, long m, int n) {
        Column c = f.column();
        if (zeroCopy(c, m, columns.segment().isNative())) {
            int k = index.get(c.path());
            long width = c.byteSize();
            MemorySegment data = columns.column(k).asSlice(first * width, rows * width);
            if (c.kind() == Kind.ENUM) {
                checkCodes(c, data);
            }
            return new MemorySegment[] {MemorySegment.NULL, data};
        }
        copied.add(f.path());
        // the column memory read as structs of one column each: row r of column k at start(k) + r * width
        List<Column> moved = new ArrayList<>(f.columns().size());
        long width = c.byteSize();
        for (Column col : f.columns()) {
            long start = StructColumns.columnOffset(columns.type(), index.get(col.path()), columns.count());
            moved.add(col.atOffset(start));
        }
        Exporter copy = new Exporter(owner(), columns.segment(), width, first, rows);
        MemorySegment[] buffers = copy.leafBuffers(new Leaf(f.name(), f.path(), moved), m, n);
        copy.run();
        return buffers;
    }

    /** One pass over an enum column: every code must be a constant (the column is not copied). */
    private void checkCodes(Column c, MemorySegment data) {
        long[] codes = c.constants().stream().mapToLong(Column.EnumConstant::code).sorted().toArray();
        int es = c.elementSize();
        for (long r = 0; r < rows; r++) {
            long code = switch (es) {
                case 1 -> c.signed() ? data.get(ValueLayout.JAVA_BYTE, r) : data.get(ValueLayout.JAVA_BYTE, r) & 0xffL;
                case 2 -> c.signed() ? data.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, r)
                        : data.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, r) & 0xffffL;
                case 4 -> c.signed() ? data.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, r)
                        : data.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, r) & 0xffff_ffffL;
                default -> data.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, r);
            };
            if (Arrays.binarySearch(codes, code) < 0) {
                throw new ArrowDataException(first + r, c.path(), "enum code " + Formats.code(c, code) + " is not one of " + Formats.constants(c));
            }
        }
    }
}

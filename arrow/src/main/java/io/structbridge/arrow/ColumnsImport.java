package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructColumns;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * An Arrow struct array (C Data Interface) into rows of a columnar twin ({@code RColumns}), with every
 * value rule of {@link ArrowImport} (nulls, integers out of range, unknown enum codes, text that is not
 * UTF-8, holds a NUL, does not fit its encoding or capacity: an {@link ArrowDataException} naming the
 * row and the field). The rows are first assembled and checked as structs in scratch memory, then
 * copied into the columns one column at a time: on any error the columns are unchanged. The input
 * structs are consumed (released) before this returns, on success and on error.
 */
public final class ColumnsImport {
    private ColumnsImport() {}

    /**
     * Writes the rows of {@code array} into rows {@code [at, at + length)} of {@code target}.
     *
     * @param schema the producer's {@code struct ArrowSchema}
     * @param array the producer's {@code struct ArrowArray}
     * @param target the columns
     * @param at the first row to write
     * @return the number of rows written (the array's length)
     * @throws ArrowDataException for a schema or array that does not match or is malformed (see {@link ArrowImport}),
     *     a value that does not fit, a released schema or array, or more rows than the columns hold from
     *     {@code at} on; target unchanged
     * @throws IndexOutOfBoundsException if {@code at} is outside {@code [0, target.count()]}; target unchanged
     * @throws UnsupportedOperationException if the columns are read-only; target unchanged
     */
    public static long importInto(MemorySegment schema, MemorySegment array, StructColumns<?> target, long at) {
        StructType<?> type = target.type();
        MemorySegment[] structs = ArrowImport.roots(schema, array, type.name());
        MemorySegment s = structs[0];
        MemorySegment a = structs[1];
        long rows;
        try {
            rows = ArrowImport.rows(s, a, type.name(), target.count(), at);
            if (target.segment().isReadOnly()) {
                throw new UnsupportedOperationException(type.name() + ": the columns' segment is read-only");
            }
        } catch (RuntimeException e) {
            CData.release(a, CData.A_RELEASE);
            CData.release(s, CData.S_RELEASE);
            throw e;
        }
        long stride = type.size();
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment structs0 = scratch.allocate(Math.max(1, rows * stride), type.alignment());
            ArrowImport.importInto(s, a, type, structs0, 0);
            List<Column> columns = target.columns();
            for (int k = 0; k < columns.size(); k++) {
                Column c = columns.get(k);
                long width = c.byteSize();
                MemorySegment column = target.column(k);
                for (long r = 0; r < rows; r++) {
                    MemorySegment.copy(structs0, r * stride + c.offset(), column, (at + r) * width, width);
                }
            }
        }
        return rows;
    }
}

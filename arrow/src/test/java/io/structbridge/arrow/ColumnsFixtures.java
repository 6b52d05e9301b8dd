package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructColumns;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** The generated {@code RColumns} of the fixtures (those without bit-fields, which have no columnar form), filled from structs. */
final class ColumnsFixtures {
    private ColumnsFixtures() {}

    /** The fixtures of {@link ArrowJavaOracleTest#FIXTURES} that have a columnar twin. */
    static final List<String> FIXTURES = ArrowJavaOracleTest.FIXTURES.stream()
            .filter(n -> ArrowJavaOracleTest.type(n).columns().stream().noneMatch(Column::bitField)).toList();

    /** {@return {@code RColumns.allocate(arena, count)} of the fixture} */
    static StructColumns<?> allocate(String fixture, Arena arena, long count) {
        String name = fixture.contains(".") ? fixture : "io.structbridge.fixtures." + fixture;
        try {
            return (StructColumns<?>) Class.forName(name + "Columns").getMethod("allocate", Arena.class, long.class)
                    .invoke(null, arena, count);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Copies {@code count} structs of {@code structs} into the columns, column by column (bytes unchanged). */
    static void fill(StructColumns<?> columns, MemorySegment structs) {
        StructType<?> type = columns.type();
        List<Column> cols = columns.columns();
        for (int k = 0; k < cols.size(); k++) {
            Column c = cols.get(k);
            for (long r = 0; r < columns.count(); r++) {
                MemorySegment.copy(structs, r * type.size() + c.offset(), columns.column(k), r * c.byteSize(), c.byteSize());
            }
        }
    }
}

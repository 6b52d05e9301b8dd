package io.structbridge.benchmarks;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.duckdb.DuckDBWritableVector;

/**
 * An experiment, not a library path: structs handed to DuckDB through the driver's public table-function
 * API ({@code DuckDBFunctions.tableFunction()}, JDBC 2.0.0.1) instead of an Arrow stream. DuckDB pushes the
 * projection down (only the columns the query reads are written), calls {@code apply} from up to
 * {@code threads} of its threads, each claiming the next 2,048 rows from an {@link AtomicLong}, and each
 * value is written with the driver's per-value setter ({@code setLong}, {@code setDouble}, ...), which is
 * the only way the API offers to fill a vector. Numeric columns of native byte order only (the benchmark's
 * {@link Trade}); no checks, since such values have none.
 */
final class SetterScan implements DuckDBTableFunction<Object, SetterScan.Claims, Object> {
    /** The rows still to hand out, and the projected columns (indexes into the type's columns). */
    record Claims(AtomicLong next, int[] columns) {}

    private final StructType<?> type;
    private final MemorySegment structs;
    private final long count;
    private final int threads;

    private SetterScan(StructType<?> type, MemorySegment structs, long count, int threads) {
        this.type = type;
        this.structs = structs;
        this.count = count;
        this.threads = threads;
        for (Column c : type.columns()) {
            if (duckType(c) == null || c.order() != ByteOrder.nativeOrder() || c.array() || c.bitField()) {
                throw new IllegalArgumentException(c.path() + ": only native-order numeric scalars in this experiment");
            }
        }
    }

    /**
     * Registers the table function {@code name()} (no parameters) over structs {@code [0, count)}.
     *
     * @param db a DuckDB connection
     * @param name the function name
     * @param type the struct type
     * @param structs the structs (shared or global memory: DuckDB's threads read it)
     * @param count the number of structs
     * @param threads the most DuckDB threads to scan with
     * @throws SQLException from the driver
     */
    static void register(Connection db, String name, StructType<?> type, MemorySegment structs, long count, int threads)
            throws SQLException {
        DuckDBFunctions.tableFunction().withName(name).withProjectionPushdown()
                .withFunction(new SetterScan(type, structs, count, threads)).register(db);
    }

    private static DuckDBColumnType duckType(Column c) {
        return switch (c.kind()) {
            case DOUBLE -> DuckDBColumnType.DOUBLE;
            case FLOAT -> DuckDBColumnType.FLOAT;
            case SIGNED_INT -> switch (c.elementSize()) {
                case 1 -> DuckDBColumnType.TINYINT;
                case 2 -> DuckDBColumnType.SMALLINT;
                case 4 -> DuckDBColumnType.INTEGER;
                default -> DuckDBColumnType.BIGINT;
            };
            default -> null;
        };
    }

    @Override
    public Object bind(DuckDBTableFunctionBindInfo info) {
        for (Column c : type.columns()) {
            info.addResultColumn(c.path(), duckType(c));
        }
        info.setCardinality(count, true);
        return type;
    }

    @Override
    public Claims init(DuckDBTableFunctionInitInfo info) {
        int[] columns = new int[(int) info.getColumnCount()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = (int) info.getColumnIndex(i);
        }
        info.setMaxThreads(threads);
        return new Claims(new AtomicLong(), columns);
    }

    @Override
    public long apply(DuckDBTableFunctionCallInfo call, DuckDBDataChunkWriter out) {
        Claims claims = call.getInitData();
        int capacity = (int) out.capacity();
        long first = claims.next().getAndAdd(capacity);
        if (first >= count) {
            return 0;
        }
        int rows = (int) Math.min(capacity, count - first);
        long stride = type.size();
        List<Column> all = type.columns();
        for (int k = 0; k < claims.columns().length; k++) {
            Column c = all.get(claims.columns()[k]);
            write(out.vector(k), c, first * stride + c.offset(), stride, rows);
        }
        return rows;
    }

    private void write(DuckDBWritableVector v, Column c, long at, long stride, int rows) {
        MemorySegment s = structs;
        switch (c.kind()) {
            case DOUBLE -> {
                for (int r = 0; r < rows; r++) {
                    v.setDouble(r, s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, at + r * stride));
                }
            }
            case FLOAT -> {
                for (int r = 0; r < rows; r++) {
                    v.setFloat(r, s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, at + r * stride));
                }
            }
            default -> {
                switch (c.elementSize()) {
                    case 1 -> {
                        for (int r = 0; r < rows; r++) {
                            v.setByte(r, s.get(ValueLayout.JAVA_BYTE, at + r * stride));
                        }
                    }
                    case 2 -> {
                        for (int r = 0; r < rows; r++) {
                            v.setShort(r, s.get(ValueLayout.JAVA_SHORT_UNALIGNED, at + r * stride));
                        }
                    }
                    case 4 -> {
                        for (int r = 0; r < rows; r++) {
                            v.setInt(r, s.get(ValueLayout.JAVA_INT_UNALIGNED, at + r * stride));
                        }
                    }
                    default -> {
                        for (int r = 0; r < rows; r++) {
                            v.setLong(r, s.get(ValueLayout.JAVA_LONG_UNALIGNED, at + r * stride));
                        }
                    }
                }
            }
        }
    }
}

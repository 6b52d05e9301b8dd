package io.structbridge.benchmarks;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionBuilder;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.duckdb.DuckDBWritableVector;

/**
 * A table function {@code driver_floor(rows)} with {@link Trade}'s column names and DuckDB types, threads and
 * projection pushdown as {@code DuckDbTables} gives its scan, which writes zeros (all valid) into the columns a
 * query reads and reads no struct: the cost of the driver's table-function API alone (a call into Java per
 * 2,048 rows, the vectors it builds for each call) plus writing the read columns' bytes once.
 */
final class DriverFloor implements DuckDBTableFunction<Long, DriverFloor.Claims, Object> {
    static final String NAME = "driver_floor";

    private static final VarHandle DATA;
    private static final VarHandle VALIDITY;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(DuckDBWritableVector.class, MethodHandles.lookup());
            DATA = l.findVarHandle(DuckDBWritableVector.class, "data", ByteBuffer.class);
            VALIDITY = l.findVarHandle(DuckDBWritableVector.class, "validity", ByteBuffer.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final String[] NAMES = {"id", "timestamp", "price", "qty", "account", "venue"};
    private static final DuckDBColumnType[] TYPES = {DuckDBColumnType.BIGINT, DuckDBColumnType.BIGINT, DuckDBColumnType.DOUBLE,
        DuckDBColumnType.FLOAT, DuckDBColumnType.INTEGER, DuckDBColumnType.SMALLINT};
    private static final int[] WIDTHS = {8, 8, 8, 4, 4, 2};

    record Claims(long rows, AtomicLong next, int[] columns) {}

    private DriverFloor() {}

    static void register(Connection db) throws SQLException {
        try (DuckDBTableFunctionBuilder b = DuckDBFunctions.tableFunction()) {
            b.withName(NAME).withParameter(DuckDBColumnType.BIGINT).withProjectionPushdown().withFunction(new DriverFloor())
                    .register(db.unwrap(DuckDBConnection.class));
        }
    }

    @Override
    public Long bind(DuckDBTableFunctionBindInfo info) {
        for (int i = 0; i < NAMES.length; i++) {
            info.addResultColumn(NAMES[i], TYPES[i]);
        }
        long rows = info.getParameter(0).getLong();
        info.setCardinality(rows, true);
        return rows;
    }

    @Override
    public Claims init(DuckDBTableFunctionInitInfo info) {
        long rows = info.getBindData();
        int[] columns = new int[(int) info.getColumnCount()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = (int) info.getColumnIndex(i);
        }
        info.setMaxThreads((int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), rows / 65_536)));
        return new Claims(rows, new AtomicLong(), columns);
    }

    @Override
    public Object localInit(DuckDBTableFunctionInitInfo info) {
        return Boolean.TRUE;
    }

    @Override
    public long apply(DuckDBTableFunctionCallInfo call, DuckDBDataChunkWriter out) {
        Claims claims = call.getInitData();
        int capacity = (int) Math.min(out.capacity(), 2_048);
        long first = claims.next().getAndAdd(capacity);
        if (first >= claims.rows()) {
            return 0;
        }
        int rows = (int) Math.min(capacity, claims.rows() - first);
        for (int k = 0; k < claims.columns().length; k++) {
            DuckDBWritableVector vector = out.vector(k);
            MemorySegment.ofBuffer((ByteBuffer) DATA.get(vector)).asSlice(0, (long) rows * WIDTHS[claims.columns()[k]]).fill((byte) 0);
            MemorySegment.ofBuffer((ByteBuffer) VALIDITY.get(vector)).asSlice(0, (rows + 63) / 64 * 8L).fill((byte) -1);
        }
        return rows;
    }
}

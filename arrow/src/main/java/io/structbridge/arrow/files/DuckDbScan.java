package io.structbridge.arrow.files;

import io.structbridge.arrow.AsyncClose;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
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
 * DuckDB's scan of structs whose every column is a plain number ({@link #applies}): a table function
 * ({@code structbridge_struct_scan(handle)}, the driver's table-function API) that DuckDB calls from up to
 * one thread per core, each call claiming the next 2,048 structs (one DuckDB vector) and writing only the
 * columns the query reads (projection pushdown) straight into DuckDB's vectors: no Arrow batch, no copy of
 * unread columns, no per-value call. Every stored bit pattern of such a column is a valid value (two's
 * complement and unsigned integers of 1 to 8 bytes, IEEE 754 binary32 and binary64, native byte order), so
 * this path checks nothing the Arrow path checks; other structs go through the Arrow C stream.
 *
 * <p>Each claim bulk-copies its structs into a {@code byte[]} and gathers each read column from there: the
 * struct memory is touched only by that copy (a bounds- and liveness-checked {@code MemorySegment.copy}, so a
 * struct file closed under a running query fails the query instead of reading freed memory), and no loop holds a
 * memory-segment access (see {@code Transposes.BLOCK_BYTES}).
 *
 * <p>The driver's public API fills a vector only value by value ({@code DuckDBWritableVector.setLong}); the
 * vector's data and validity memory are its private fields {@code data} and {@code validity} (direct buffers over
 * DuckDB's vector, JDBC 2.0.0.1), read here through a private lookup. If a driver lacks them,
 * {@link #applies} is false and every struct goes through the Arrow C stream ({@code DuckDbScanTest} fails, so an
 * upgrade that loses this path is seen).
 */
final class DuckDbScan implements DuckDBTableFunction<DuckDbScan.Source, DuckDbScan.Claims, DuckDbScan.Scratch> {
    /** The table function's name in DuckDB's catalog. */
    static final String FUNCTION = "structbridge_struct_scan";

    /**
     * The function's name qualified by the system catalog, where registered functions live: the views call it so, and a
     * macro of the same name in the user's or the temporary schema cannot stand in for it.
     */
    static final String QUALIFIED = "system.main." + FUNCTION;

    /** The start of {@link #bind}'s refusal of a handle that names no structs. */
    private static final String NO_STRUCTS = "names no structs";

    /** DuckDB's vector size: the rows one call writes at most. */
    private static final int VECTOR_ROWS = 2_048;

    /** The largest struct the scan reads, in bytes: a DuckDB thread's copy of one vector's structs stays within 8 MiB. */
    static final long MAX_SIZE = 4_096;

    private static final VarHandle DATA;
    private static final VarHandle VALIDITY;

    static {
        VarHandle data = null;
        VarHandle validity = null;
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(DuckDBWritableVector.class, MethodHandles.lookup());
            data = l.findVarHandle(DuckDBWritableVector.class, "data", ByteBuffer.class);
            validity = l.findVarHandle(DuckDBWritableVector.class, "validity", ByteBuffer.class);
        } catch (ReflectiveOperationException | SecurityException e) {
            data = null; // another driver version: the Arrow stream serves every struct
        }
        DATA = data;
        VALIDITY = validity;
    }

    private static final DuckDbScan INSTANCE = new DuckDbScan();
    private static final Map<Long, Source> SOURCES = new ConcurrentHashMap<>();
    private static final SecureRandom HANDLES = new SecureRandom();
    /** The connections known to reach a database that has the function (registration is per database catalog). */
    private static final Map<DuckDBConnection, Boolean> REGISTERED = new WeakHashMap<>();
    /** Held while registering, so two connections to one database do not both register. */
    private static final Object REGISTER = new Object();

    /**
     * Structs DuckDB may read during one statement.
     *
     * @param type the struct type
     * @param structs the structs
     * @param count the number of structs
     * @param threads the most DuckDB threads to scan with
     */
    record Source(StructType<?> type, MemorySegment structs, long count, int threads) {}

    /** One scan: the next struct to hand out and the columns the query reads (indexes into {@code type.columns()}). */
    record Claims(Source source, AtomicLong next, int[] columns) {}

    /** One DuckDB thread's buffers: the claimed structs and one gathered column. */
    static final class Scratch {
        byte[] structs = new byte[0];
        final byte[] column = new byte[VECTOR_ROWS * Long.BYTES];
    }

    private DuckDbScan() {}

    /**
     * {@return whether DuckDB reads structs of {@code type} through this scan} Every column must be a top-level
     * scalar (no array, nesting, union or bit-field) of native byte order and of kind {@code SIGNED_INT},
     * {@code UNSIGNED_INT}, {@code UINT64_BITS}, {@code FLOAT} or {@code DOUBLE}, the struct at most {@link #MAX_SIZE}
     * bytes, and the driver must expose its vectors.
     *
     * @param type the struct type
     */
    static boolean applies(StructType<?> type) {
        if (DATA == null || type.columns().isEmpty() || type.size() > MAX_SIZE) {
            return false;
        }
        for (Column c : type.columns()) {
            if (duckType(c) == null || c.array() || c.bitField() || c.union() != null || c.path().contains(".")
                    || c.order() != ByteOrder.nativeOrder()) {
                return false;
            }
        }
        return true;
    }

    /** {@return the DuckDB type the Arrow path gives column {@code c} (Arrow format to DuckDB), or null} */
    private static DuckDBColumnType duckType(Column c) {
        return switch (c.kind()) {
            case FLOAT -> DuckDBColumnType.FLOAT;
            case DOUBLE -> DuckDBColumnType.DOUBLE;
            case SIGNED_INT -> switch (c.elementSize()) {
                case 1 -> DuckDBColumnType.TINYINT;
                case 2 -> DuckDBColumnType.SMALLINT;
                case 4 -> DuckDBColumnType.INTEGER;
                case 8 -> DuckDBColumnType.BIGINT;
                default -> null;
            };
            case UNSIGNED_INT, UINT64_BITS -> switch (c.elementSize()) {
                case 1 -> DuckDBColumnType.UTINYINT;
                case 2 -> DuckDBColumnType.USMALLINT;
                case 4 -> DuckDBColumnType.UINTEGER;
                case 8 -> DuckDBColumnType.UBIGINT;
                default -> null;
            };
            default -> null;
        };
    }

    /**
     * Makes {@code source} readable as {@code structbridge_struct_scan(handle)} on {@code db}'s database until
     * {@link #close(long)}. The handle is a random positive 63-bit number: the function is visible to every database
     * of the process that has it, and a handle no one was given cannot be guessed during the call.
     *
     * @param db the connection
     * @param source the structs
     * @return the handle
     * @throws SQLException if the driver refuses the function
     */
    static long open(DuckDBConnection db, Source source) throws SQLException {
        boolean known;
        synchronized (REGISTERED) {
            known = REGISTERED.containsKey(db);
        }
        if (!known) {
            // probe and register on a connection of our own: outside the caller's transaction (a rollback would drop
            // the function; a failed probe would abort the transaction) and outside any lock for the probe
            try (DuckDBConnection own = db.duplicate()) {
                own.setAutoCommit(true); // a duplicate takes the caller's setting: each statement commits on its own
                if (!registered(own)) {
                    synchronized (REGISTER) {
                        if (!registered(own)) {
                            try (DuckDBTableFunctionBuilder builder = DuckDBFunctions.tableFunction()) {
                                builder.withName(FUNCTION).withParameter(DuckDBColumnType.BIGINT).withProjectionPushdown()
                                        .withFunction(INSTANCE).register(own);
                            }
                        }
                    }
                }
            }
            synchronized (REGISTERED) {
                REGISTERED.put(db, Boolean.TRUE);
            }
        }
        long handle;
        do {
            handle = HANDLES.nextLong() & Long.MAX_VALUE; // unguessable: another database in this process cannot name it
        } while (handle == 0 || SOURCES.putIfAbsent(handle, source) != null);
        return handle;
    }

    /**
     * {@return whether {@code db}'s database has the function already} A call with handle 0 (never given out) reaches
     * this class's {@link #bind} if the system catalog has the function, which refuses it naming no structs; a database
     * without it fails to find the function. Registration is per database, while the driver keeps every registration
     * it made for the life of the process ({@code DuckDBDriver.registeredFunctions()}): one entry per database that
     * ever ran such a query, never one per connection or call.
     */
    private static boolean registered(DuckDBConnection db) throws SQLException {
        try (Statement st = db.createStatement()) {
            st.executeQuery("SELECT * FROM " + QUALIFIED + "(0)").close();
            throw new IllegalStateException(QUALIFIED + "(0) returned rows: the name is taken by something else");
        } catch (SQLException e) {
            String m = String.valueOf(e.getMessage());
            if (m.contains(NO_STRUCTS)) {
                return true;
            }
            if (m.contains("does not exist")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * Ends what {@link #open} began: a statement that still names the handle fails in its bind.
     *
     * @param handle the handle
     */
    static void close(long handle) {
        SOURCES.remove(handle);
    }

    /** {@return the number of open handles} For tests: every call closes its own. */
    static int openHandles() {
        return SOURCES.size();
    }

    @Override
    public Source bind(DuckDBTableFunctionBindInfo info) {
        long handle = info.getParameter(0).getLong();
        Source source = SOURCES.get(handle);
        if (source == null) {
            throw new IllegalStateException(FUNCTION + "(" + handle + ") " + NO_STRUCTS + ": a struct source is readable only during"
                    + " the DuckDbTables call that registered it (a view or macro kept past that call cannot read it)");
        }
        for (Column c : source.type().columns()) {
            info.addResultColumn(c.path(), duckType(c));
        }
        info.setCardinality(source.count(), true);
        return source;
    }

    @Override
    public Claims init(DuckDBTableFunctionInitInfo info) {
        Source source = info.getBindData();
        int[] columns = new int[(int) info.getColumnCount()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = (int) info.getColumnIndex(i);
        }
        info.setMaxThreads(source.threads());
        return new Claims(source, new AtomicLong(), columns);
    }

    @Override
    public Scratch localInit(DuckDBTableFunctionInitInfo info) {
        return new Scratch();
    }

    @Override
    public long apply(DuckDBTableFunctionCallInfo call, DuckDBDataChunkWriter out) {
        Claims claims = call.getInitData();
        Source source = claims.source();
        int capacity = (int) Math.min(out.capacity(), VECTOR_ROWS);
        long first = claims.next().getAndAdd(capacity);
        if (first >= source.count()) {
            return 0;
        }
        int rows = (int) Math.min(capacity, source.count() - first);
        int size = (int) source.type().size();
        Scratch scratch = call.getLocalInitData();
        if (scratch.structs.length < rows * size) {
            scratch.structs = new byte[capacity * size];
        }
        byte[] structs = scratch.structs;
        byte[] column = scratch.column;
        boolean interrupted = Thread.currentThread().isInterrupted();
        try {
            MemorySegment.copy(source.structs(), ValueLayout.JAVA_BYTE, first * size, structs, 0, rows * size);
        } catch (IllegalStateException e) {
            AsyncClose.clearAfterFailedRead(interrupted, source.structs()); // the structs were freed under the query
            throw e;
        }
        List<Column> all = source.type().columns();
        for (int k = 0; k < claims.columns().length; k++) {
            Column c = all.get(claims.columns()[k]);
            int width = c.elementSize();
            Gather.column(structs, (int) c.offset(), size, width, rows, column);
            DuckDBWritableVector vector = out.vector(k);
            MemorySegment data = MemorySegment.ofBuffer((ByteBuffer) DATA.get(vector));
            MemorySegment validity = MemorySegment.ofBuffer((ByteBuffer) VALIDITY.get(vector));
            MemorySegment.copy(column, 0, data, ValueLayout.JAVA_BYTE, 0, rows * width);
            validity.asSlice(0, (rows + 63) / 64 * 8L).fill((byte) -1); // no struct value is NULL
        }
        return rows;
    }
}

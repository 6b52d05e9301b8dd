package io.structbridge.arrow.files;

import io.structbridge.arrow.ArrowStreamExport;
import io.structbridge.arrow.UnionMode;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import org.apache.arrow.c.ArrowArrayStream;
import org.duckdb.DuckDBConnection;

/**
 * SQL over struct memory in DuckDB (JDBC driver {@code org.duckdb:duckdb_jdbc}, embedded): the structs are
 * registered under a table name (a temporary view) for one statement and DuckDB reads them itself, without a
 * copy into a DuckDB table, in one of two ways:
 * <ul>
 *   <li>structs of at most 4 KiB whose every column is a top-level plain number (signed or unsigned integers,
 *       {@code float}, {@code double}, native byte order: {@link DuckDbScan}) are read by a table function that DuckDB runs on up to
 *       one thread per core, each writing only the columns the query reads straight into DuckDB's vectors;</li>
 *   <li>any other struct as an {@code ArrowArrayStream} ({@link ArrowStreamExport}, batches exported as DuckDB asks
 *       for them, memory bounded by a batch, every value checked as the Arrow export checks it).</li>
 * </ul>
 * Both give the same column names, types, values and row order ({@code DuckDbScanTest}). The name is dropped
 * after the statement, and a view or macro kept past the call cannot read the structs (an error, never stale
 * memory); a second call sees every row again.
 * A tagged union is exported as an Arrow sparse union ({@link UnionMode#SPARSE}: DuckDB 2.0 refuses dense ones),
 * which DuckDB reads as its {@code UNION} type: {@code union_tag(shape)} is the live member, {@code shape.circle}
 * its value where {@code circle} is live and NULL elsewhere.
 *
 * <p>Needs DuckDB's JDBC driver and {@code org.apache.arrow:arrow-c-data} (DuckDB's
 * {@code registerArrowStream} takes Arrow Java's {@code ArrowArrayStream} as the handle on the C
 * struct; only the handle is used: no Arrow Java memory is allocated) on the class or module path:
 * optional dependencies of this module.
 */
public final class DuckDbTables {
    private DuckDbTables() {}

    /**
     * Reads the result of one query.
     *
     * @param <T> what it returns
     */
    @FunctionalInterface
    public interface Rows<T> {
        /**
         * {@return what the caller wants from the rows} The structs are valid only during this call.
         *
         * @param rows the result
         * @throws SQLException from the driver
         */
        T read(ResultSet rows) throws SQLException;
    }

    /**
     * Runs {@code sql} with {@code table} naming structs {@code [0, count)} of {@code structs}.
     *
     * @param <T> the result type
     * @param db a DuckDB connection
     * @param table the table name the query uses (a SQL identifier; replaces any view of that name for the query)
     * @param type the struct type
     * @param structs the structs, {@code type.size()} bytes apart
     * @param count the number of structs
     * @param batchRows the most structs per Arrow batch (when the Arrow stream serves)
     * @param sql the query
     * @param rows reads the result
     * @return what {@code rows} returns
     * @throws SQLException from DuckDB, e.g. a stored value that is invalid (its message names the row and field)
     * @throws UnsupportedOperationException if the struct holds an untagged union, a pointer or a {@code FLOAT16} member
     *     (DuckDB has no half-precision type)
     * @throws IllegalArgumentException if {@code structs} is confined to a thread (DuckDB reads from its own threads)
     * @throws IndexOutOfBoundsException if {@code count} structs do not fit {@code structs}
     */
    public static <T> T query(Connection db, String table, StructType<?> type, MemorySegment structs, long count, long batchRows,
                              String sql, Rows<T> rows) throws SQLException {
        return run(db, table, type, structs, count, batchRows, st -> {
            try (ResultSet rs = st.executeQuery(sql)) {
                return rows.read(rs);
            }
        });
    }

    /**
     * Runs a statement that returns no rows ({@code COPY ... TO}, {@code CREATE TABLE ... AS}) with
     * {@code table} naming structs {@code [0, count)} of {@code structs}.
     *
     * @param db a DuckDB connection
     * @param table the table name the statement uses
     * @param type the struct type
     * @param structs the structs
     * @param count the number of structs
     * @param batchRows the most structs per Arrow batch
     * @param sql the statement
     * @throws SQLException from DuckDB, e.g. a stored value that is invalid
     */
    public static void update(Connection db, String table, StructType<?> type, MemorySegment structs, long count, long batchRows,
                              String sql) throws SQLException {
        run(db, table, type, structs, count, batchRows, st -> st.execute(sql));
    }

    @FunctionalInterface
    private interface Body<T> {
        T run(Statement st) throws SQLException;
    }

    private static <T> T run(Connection db, String table, StructType<?> type, MemorySegment structs, long count, long batchRows,
                             Body<T> body) throws SQLException {
        refuseHalfFloats(type);
        Objects.checkFromIndexSize(0, count, structs.byteSize() / type.size()); // as the Arrow export checks it, for both readers
        if (!structs.isAccessibleBy(new Thread(() -> { }))) {
            throw new IllegalArgumentException(type.name() + ": the structs are in a confined arena, which only its owner thread"
                    + " may read; DuckDB reads the stream from its own threads: use a shared or automatic arena, or a struct file");
        }
        DuckDBConnection duck = db.unwrap(DuckDBConnection.class);
        if (DuckDbScan.applies(type)) {
            return scan(db, duck, table, type, structs, count, body);
        }
        try (Arena arena = Arena.ofShared()) {
            MemorySegment stream = arena.allocate(ArrowStreamExport.STREAM_SIZE, 8);
            // DuckDB (2.0) reads sparse unions as its UNION type and refuses dense ones ("Unsupported Internal Arrow Type")
            ArrowStreamExport.exportStream(type, structs, count, batchRows, stream, UnionMode.SPARSE);
            try {
                try {
                    duck.registerArrowStream(table, ArrowArrayStream.wrap(stream.address()));
                } catch (RuntimeException e) {
                    // the driver wraps its SQLException
                    if (e.getCause() instanceof SQLException sql) {
                        throw sql;
                    }
                    throw e;
                }
                return runThenDrop(db, table, body);
            } finally {
                ArrowStreamExport.releaseStream(stream);
            }
        }
    }

    /** {@link #run} through {@link DuckDbScan}: the view {@code table} reads the structs straight into DuckDB's vectors. */
    private static <T> T scan(Connection db, DuckDBConnection duck, String table, StructType<?> type, MemorySegment structs,
                              long count, Body<T> body) throws SQLException {
        int threads = (int) Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), count / SCAN_ROWS_PER_THREAD));
        long handle = DuckDbScan.open(duck, new DuckDbScan.Source(type, structs, count, threads));
        try {
            try (Statement st = db.createStatement()) {
                st.execute("CREATE OR REPLACE TEMPORARY VIEW " + identifier(table) + " AS SELECT * FROM " + DuckDbScan.QUALIFIED
                        + "(" + handle + ")");
            }
            return runThenDrop(db, table, body);
        } finally {
            DuckDbScan.close(handle);
        }
    }

    /** {@return what {@code body} returns} Drops the view {@code table} afterwards, whatever happened. */
    private static <T> T runThenDrop(Connection db, String table, Body<T> body) throws SQLException {
        try (Statement st = db.createStatement()) {
            return body.run(st);
        } finally {
            try (Statement st = db.createStatement()) {
                st.execute("DROP VIEW IF EXISTS " + identifier(table));
            }
        }
    }

    /** The structs each extra DuckDB thread of a scan gets at least (fewer structs: fewer threads). */
    private static final long SCAN_ROWS_PER_THREAD = 65_536;

    /**
     * Runs {@code sql} with {@code table} naming every struct of an open file (batches of 65,536 structs).
     *
     * @param <T> the result type
     * @param db a DuckDB connection
     * @param table the table name
     * @param file the file, open during the call
     * @param sql the query
     * @param rows reads the result
     * @return what {@code rows} returns
     * @throws SQLException from DuckDB
     */
    public static <T> T query(Connection db, String table, StructFile<?> file, String sql, Rows<T> rows) throws SQLException {
        return query(db, table, file.type(), file.elements(), file.count(), 65_536, sql, rows);
    }

    /**
     * Refuses a struct with a {@code FLOAT16} member up front: DuckDB (2.0) has no half-precision type and
     * its Arrow scan rejects format {@code e} ("Unsupported Internal Arrow Type e").
     *
     * @param type the struct type
     * @throws UnsupportedOperationException naming the member
     */
    static void refuseHalfFloats(StructType<?> type) {
        for (Column c : type.columns()) {
            if (c.kind() == Column.Kind.FLOAT16 && c.union() == null) {
                throw new UnsupportedOperationException(type.name() + "." + c.path() + " is a FLOAT16 (Arrow float16, format 'e'),"
                        + " which DuckDB does not read: no DuckDB table or Parquet file for " + type.name());
            }
        }
    }

    /** {@return {@code name} as a quoted SQL identifier ({@code "} doubled)} */
    static String identifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** {@return {@code s} as a SQL string literal ({@code '} doubled)} */
    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}

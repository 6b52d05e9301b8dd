package io.structbridge.benchmarks;

import io.structbridge.arrow.ArrowStreamExport;
import io.structbridge.arrow.UnionMode;
import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.arrow.files.DuckDbTables;
import io.structbridge.runtime.StructFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArrayStream;
import org.duckdb.DuckDBConnection;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One SQL query in DuckDB (embedded, JDBC, its default threads: one per core) over the same {@code rows}
 * {@link Trade} records (six numeric columns) held four ways, ms per query including DuckDB's scan of the
 * source (issue 24, item 1):
 * <ul>
 *   <li>{@code structFile}: the struct file through {@code DuckDbTables}, which takes its table function for
 *       {@code Trade} (every column a plain number: DuckDB's threads in parallel, projection pushed down, each
 *       read column gathered straight into DuckDB's vectors);</li>
 *   <li>{@code arrowStream}: the struct file registered through the Arrow C stream (every column of a batch
 *       exported when DuckDB asks for it, under DuckDB's lock on the stream), the path of structs with text,
 *       enums, arrays or nesting;</li>
 *   <li>{@code parquet}: {@code read_parquet} of the records as Parquet (written by DuckDB,
 *       {@code ArrowFiles.writeParquet});</li>
 *   <li>{@code duckdbTable}: the records copied into a DuckDB table beforehand (its own compressed column
 *       storage): what DuckDB does with data it owns, the ceiling for any outside source.</li>
 * </ul>
 * {@code shape}: {@code aggregate} groups by one column and sums another (2 of 6 columns read);
 * {@code filter} keeps 10 rows per million by a column whose values are scattered (no sorted runs, so
 * Parquet's row-group statistics cannot skip) and returns two other columns. The setup checks that the
 * four sources give the same result. The files live in a temporary folder deleted in the teardown.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DuckDbBenchmark {
    @Param({"1000000", "10000000"})
    public int rows;

    @Param({"aggregate", "filter"})
    public String shape;

    /** The queries; {@code %s} is the source. */
    static final String AGGREGATE = "SELECT venue, count(*), sum(price) FROM %s GROUP BY venue ORDER BY venue";
    static final String FILTER = "SELECT id, price FROM %s WHERE account = 4242 ORDER BY id";


    private Path dir;
    private StructFile<Trade> file;
    private Path parquet;
    private Connection db;
    private String sql;

    @Setup
    public void setup() throws IOException, SQLException {
        dir = Files.createTempDirectory("duckdb-bench");
        try {
            prepare();
        } catch (IOException | SQLException | RuntimeException e) {
            tearDown(); // JMH runs no teardown after a failed setup: the gigabytes of files would stay
            throw e;
        }
    }

    private void prepare() throws IOException, SQLException {
        Path structs = dir.resolve("trades.sb");
        try (StructFile<Trade> f = StructFile.create(structs, TradeStruct.TYPE, rows)) {
            for (long from = 0; from < rows; from += 1_000_000) {
                List<Trade> chunk = new ArrayList<>();
                for (long i = from; i < Math.min(rows, from + 1_000_000); i++) {
                    chunk.add(Trade.of(i));
                }
                try (Arena arena = Arena.ofConfined()) {
                    f.appendStructs(TradeArray.fromList(arena, chunk).segment());
                }
            }
        }
        file = StructFile.open(structs, TradeStruct.TYPE, false);
        parquet = dir.resolve("trades.parquet");
        ArrowFiles.writeParquet(file, parquet);
        db = DriverManager.getConnection("jdbc:duckdb:");
        DuckDbTables.update(db, "trades_stream", file.type(), file.elements(), file.count(), 65_536,
                "CREATE TABLE trades AS SELECT * FROM trades_stream");
        DriverFloor.register(db);
        sql = shape.equals("aggregate") ? AGGREGATE : FILTER;
        String expected = structFile();
        for (String got : List.of(arrowStream(), parquet(), duckdbTable())) {
            if (!got.equals(expected)) {
                throw new IllegalStateException("sources disagree on " + sql + ":\n" + expected + "\nvs\n" + got);
            }
        }
    }

    @TearDown
    public void tearDown() throws IOException, SQLException {
        if (db != null) {
            db.close();
        }
        if (file != null) {
            file.close();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** {@return every value of the result as text, rows in order} */
    private static String text(ResultSet rs) throws SQLException {
        StringBuilder s = new StringBuilder();
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            for (int i = 1; i <= columns; i++) {
                s.append(rs.getString(i)).append(i < columns ? "," : "\n");
            }
        }
        return s.toString();
    }

    private String query(String source) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(String.format(sql, source))) {
            return text(rs);
        }
    }

    @Benchmark
    public String structFile() throws SQLException {
        return DuckDbTables.query(db, "trades_file", file, String.format(sql, "trades_file"), DuckDbBenchmark::text);
    }

    @Benchmark
    public String arrowStream() throws SQLException {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment stream = arena.allocate(ArrowStreamExport.STREAM_SIZE, 8);
            ArrowStreamExport.exportStream(file.type(), file.elements(), file.count(), 65_536, stream, UnionMode.SPARSE);
            try {
                db.unwrap(DuckDBConnection.class).registerArrowStream("trades_arrow", ArrowArrayStream.wrap(stream.address()));
                try {
                    return query("trades_arrow");
                } finally {
                    try (Statement st = db.createStatement()) {
                        st.execute("DROP VIEW IF EXISTS trades_arrow");
                    }
                }
            } finally {
                ArrowStreamExport.releaseStream(stream);
            }
        }
    }

    @Benchmark
    public String parquet() throws SQLException {
        return query("read_parquet('" + parquet.toString().replace("'", "''") + "')");
    }

    @Benchmark
    public String duckdbTable() throws SQLException {
        return query("trades");
    }

    /**
     * Diagnostic, not a peer: the same query over {@link DriverFloor}, a table function of the driver's API that
     * returns as many rows in the same column types and writes only zeros into the columns the query reads: what
     * DuckDB's calls into Java and the vectors' set-up cost before any struct is read. No source that goes through
     * the driver's table-function API can be faster.
     */
    @Benchmark
    public String diagDriverFloor() throws SQLException {
        return query(DriverFloor.NAME + "(" + rows + ")");
    }
}

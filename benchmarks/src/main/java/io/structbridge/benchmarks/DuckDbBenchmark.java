package io.structbridge.benchmarks;

import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.arrow.files.DuckDbTables;
import io.structbridge.runtime.StructFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One SQL aggregate in DuckDB (embedded, JDBC) over the same {@value #N} {@link Tick} records held three
 * ways, ms per query including DuckDB's scan of the source:
 * <ul>
 *   <li>{@code structFile}: the struct file registered through the Arrow C stream ({@code DuckDbTables},
 *       one batch exported per DuckDB request, no copy into DuckDB);</li>
 *   <li>{@code jsonLines}: {@code read_json} of the records as JSON Lines (the text format it replaces);</li>
 *   <li>{@code parquet}: {@code read_parquet} of the records as Parquet (written by {@code ArrowFiles.writeParquet}).</li>
 * </ul>
 * The files are prepared in the setup, in a temporary folder deleted in the teardown. Issue 12 asks for
 * the ratios structFile / jsonLines and structFile / parquet.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class DuckDbBenchmark {
    static final int N = 1_000_000;

    /** The aggregate; {@code %s} is the source. */
    static final String SQL = "SELECT venue, count(*), avg(price), sum(qty), max(\"timestamp\") FROM %s GROUP BY venue ORDER BY venue";

    private Path dir;
    private StructFile<Tick> file;
    private Path jsonLines;
    private Path parquet;
    private Connection db;

    @Setup
    public void setup() throws IOException, SQLException {
        dir = Files.createTempDirectory("duckdb-bench");
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared()) {
            TickArray ticks = TickArray.fromList(arena, Data.ticks(N));
            try (StructFile<Tick> f = StructFile.create(dir.resolve("ticks.sb"), TickStruct.TYPE, N)) {
                f.appendStructs(ticks.segment());
            }
            parquet = dir.resolve("ticks.parquet");
            ArrowFiles.writeParquet(ticks, parquet);
        }
        jsonLines = dir.resolve("ticks.jsonl");
        try (BufferedWriter w = Files.newBufferedWriter(jsonLines, StandardCharsets.UTF_8)) {
            for (int i = 0; i < N; i++) {
                Tick t = Data.tick(i);
                w.write("{\"id\":" + t.id() + ",\"timestamp\":" + t.timestamp() + ",\"price\":" + t.price() + ",\"qty\":" + t.qty()
                        + ",\"venue\":" + t.venue() + "}\n");
            }
        }
        file = StructFile.open(dir.resolve("ticks.sb"), TickStruct.TYPE, false);
        db = DriverManager.getConnection("jdbc:duckdb:");
    }

    @TearDown
    public void tearDown() throws IOException, SQLException {
        db.close();
        file.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static double sum(ResultSet rs) throws SQLException {
        double s = 0;
        while (rs.next()) {
            s += rs.getLong(2) + rs.getDouble(3) + rs.getDouble(4) + rs.getLong(5);
        }
        return s;
    }

    private double query(String source) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(String.format(SQL, source))) {
            return sum(rs);
        }
    }

    @Benchmark
    public double structFile() throws SQLException {
        return DuckDbTables.query(db, "ticks", file, String.format(SQL, "ticks"), DuckDbBenchmark::sum);
    }

    @Benchmark
    public double jsonLines() throws SQLException {
        return query("read_json('" + jsonLines.toString().replace("'", "''") + "', format = 'newline_delimited')");
    }

    @Benchmark
    public double parquet() throws SQLException {
        return query("read_parquet('" + parquet.toString().replace("'", "''") + "')");
    }
}

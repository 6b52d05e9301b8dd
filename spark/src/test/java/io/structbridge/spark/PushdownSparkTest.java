package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.Color;
import io.structbridge.runtime.StructFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushed filters: every query's rows equal Spark's own without pushdown ({@code pushDown=false}, Spark evaluates the
 * predicate over the scanned rows), over 1 and 7 splits on {@code local[2]}; counts equal Java's over the records and
 * DuckDB's SQL over the same file; floating-point predicates over NaN, -0.0, 0.0 and infinities select what Spark's
 * own do; EXPLAIN names the pushed predicates and the ones left to Spark.
 */
class PushdownSparkTest {
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path file;
    static List<Reading> records;
    static final int N = 20_000;
    static final String[] CODES = {"a", "bb", "ccc", "é", ""};
    static final double[] SPECIAL = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5};

    @BeforeAll
    static void start() throws Exception {
        spark = LocalSpark.start();
        file = dir.resolve("readings.sb");
        records = write(file, N, 11);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** Writes {@code n} readings; about one in eight has a special floating-point value. */
    static List<Reading> write(Path f, int n, long seed) throws Exception {
        Random r = new Random(seed);
        Color[] colors = Color.values();
        List<Reading> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double d = r.nextInt(8) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : r.nextGaussian();
            float fl = r.nextInt(8) == 0 ? (float) SPECIAL[r.nextInt(SPECIAL.length)] : (float) r.nextGaussian();
            out.add(new Reading(i, r.nextLong() >> 20, (short) (r.nextInt(2000) - 1000), (byte) r.nextInt(256),
                    r.nextLong() & 0xffff_ffffL, fl, d, r.nextBoolean(), colors[r.nextInt(colors.length)],
                    CODES[r.nextInt(CODES.length)], "name " + r.nextInt(500)));
        }
        try (StructFile<Reading> sf = StructFile.create(f, ReadingStruct.TYPE, n)) {
            sf.appendAll(out);
        }
        return out;
    }

    /** {@return the file in the running test class's session} */
    static Dataset<Row> read(Path f, boolean push, int rowsPerSplit) {
        return SparkSession.active().read().format("structbridge").option("type", Reading.class.getName()).option("pushDown", push)
                .option("rowsPerSplit", rowsPerSplit).option("batchRows", 1000).load(f.toString());
    }

    /** {@return the rows of the query, as sorted strings} */
    static List<String> rows(Dataset<Row> df) {
        List<String> out = new ArrayList<>();
        for (Row r : df.collectAsList()) {
            out.add(r.toString());
        }
        out.sort(null);
        return out;
    }

    static String plan(Dataset<Row> df) {
        return df.queryExecution().executedPlan().toString();
    }

    static final String[] PUSHED = {
        "id < 100", "id >= 19990", "100 > id", "id = 5", "id <> 5 AND s > 900", "big <= 0", "s BETWEEN -10 AND 10",
        "b IN (-1, 0, 1, 127)", "u32 > 4000000000", "NOT (b > 0)", "ok", "NOT ok", "ok = false",
        "color = 'RED'", "color IN ('GREEN', 'BLUE')", "color < 'GREEN'", "code = 'bb'", "code <> 'a'", "code > 'b'",
        "code IN ('a', 'é', '')", "name = 'name 7'", "name < 'name 2'", "d = 0.0", "d = -0.0", "d > 0.0", "d < 0.0",
        "d <= 0.0", "d = double('NaN')", "d <> double('NaN')", "d > 1e300", "d >= double('Infinity')",
        "d < double('-Infinity')", "d IN (1.5, double('NaN'), -0.0)", "f = float('NaN')", "f > 0.0", "f = -0.0",
        "f >= float('Infinity')", "(id < 50 OR id > 19950) AND NOT ok",
    }; // IS NULL / IS NOT NULL of a non-nullable member never reach the source: Spark's optimizer folds them

    @Test
    void pushedFiltersSelectWhatSparkSelectsOverOneAndSevenSplits() {
        for (int rowsPerSplit : new int[] {N, 2900}) {
            for (String where : PUSHED) {
                Dataset<Row> pushed = read(file, true, rowsPerSplit).where(where).select("id", "d", "f", "code", "color");
                String plan = plan(pushed);
                assertTrue(plan.contains("PushedFilters: [") && !plan.contains("PushedFilters: []"), where + "\n" + plan);
                assertFalse(plan.contains("+- Filter"), where + ": Spark evaluates no predicate again\n" + plan);
                List<String> expected = rows(read(file, false, rowsPerSplit).where(where).select("id", "d", "f", "code", "color"));
                assertEquals(expected, rows(pushed), where + " over splits of " + rowsPerSplit);
            }
        }
    }

    @Test
    void predicatesTheReaderCannotEvaluateExactlyAreLeftToSpark() {
        for (String where : new String[] {"id + 1 < 10", "name LIKE 'name 1%'", "abs(d) < 0.5", "length(code) = 2"}) {
            Dataset<Row> df = read(file, true, N).where(where + " AND s > 0").select("id");
            String plan = plan(df);
            assertTrue(plan.contains("Filter") && plan.contains("PushedFilters: [s > 0]"), where + "\n" + plan);
            assertEquals(rows(read(file, false, N).where(where + " AND s > 0").select("id")), rows(df), where);
        }
    }

    @Test
    void countsEqualJavaAndDuckDb() throws Exception {
        long java = records.stream().filter(r -> r.s() > 100 && r.d() < 0.5 && r.code().equals("bb")).count();
        // Java's d < 0.5 is false for NaN, as Spark's and DuckDB's (NaN is above every number)
        assertEquals(java, read(file, true, 2900).where("s > 100 AND d < 0.5 AND code = 'bb'").count());
        List<List<Object>> duck = DuckDb.query(file, ReadingStruct.TYPE, "SELECT count(*) FROM t WHERE s > 100 AND d < 0.5 AND code = 'bb'");
        assertEquals(java, ((Number) duck.get(0).get(0)).longValue());
        long nan = records.stream().filter(r -> Double.isNaN(r.d())).count();
        assertTrue(nan > 100, "NaNs: " + nan);
        assertEquals(nan, read(file, true, 2900).where("d = double('NaN')").count());
        long zero = records.stream().filter(r -> r.d() == 0.0).count(); // Java's == holds for -0.0 and 0.0, as Spark's =
        assertEquals(zero, read(file, true, 2900).where("d = 0.0").count());
        assertEquals(zero, read(file, true, 2900).where("d = -0.0").count());
        TreeMap<String, Long> perCode = new TreeMap<>();
        records.stream().filter(r -> r.ok() && r.id() % 3 == 0).forEach(r -> perCode.merge(r.code(), 1L, Long::sum));
        TreeMap<String, Long> spark = new TreeMap<>();
        for (Row r : read(file, true, 2900).where("ok").where("id % 3 = 0").groupBy("code").count().collectAsList()) {
            spark.put(r.getString(0), r.getLong(1));
        }
        assertEquals(perCode, spark);
    }
}

package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.Color;
import io.structbridge.runtime.StructFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushed aggregates: each split's partial counts, integer sums, minima and maxima, grouped by bool, integer, enum and
 * text members and filtered or not, merged by Spark, equal Spark's own without pushdown exactly, over 1 and 7 splits on
 * {@code local[2]}, and DuckDB's SQL and Java's over the same rows; double sums agree within the rounding of another
 * summation order; long sums that overflow fail in ANSI mode as Spark's own do and wrap as Spark's do without it.
 */
class AggregatePushdownSparkTest {
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path file;
    static List<Reading> records;

    @BeforeAll
    static void start() throws Exception {
        spark = LocalSpark.start();
        file = dir.resolve("readings.sb");
        records = PushdownSparkTest.write(file, PushdownSparkTest.N, 12);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static Dataset<Row> sql(Path f, boolean push, int rowsPerSplit, String query) {
        PushdownSparkTest.read(f, push, rowsPerSplit).createOrReplaceTempView("t");
        return spark.sql(query);
    }

    static final String[] EXACT = {
        "SELECT count(*) FROM t",
        "SELECT count(*) FROM t WHERE s > 100 AND code = 'bb'",
        "SELECT count(*), min(b), max(u32), sum(u32), count(id) FROM t WHERE d > 0.0",
        "SELECT sum(big), min(b), max(u32), sum(u32) FROM t WHERE d > 0.0",
        "SELECT color, count(*), sum(id), min(s), max(big), sum(b) FROM t GROUP BY color",
        "SELECT code, count(*), max(s) FROM t WHERE ok AND color <> 'BLUE' GROUP BY code",
        "SELECT code, sum(big), max(s) FROM t WHERE ok AND color <> 'BLUE' GROUP BY code",
        "SELECT name, sum(s), min(id) FROM t GROUP BY name",
        "SELECT ok, b, count(*), sum(id) FROM t GROUP BY ok, b",
        "SELECT s, count(*) FROM t WHERE id < 5000 GROUP BY s",
        "SELECT count(*) FROM t WHERE id < 0",
        "SELECT sum(big), min(s) FROM t WHERE id < 0",
        "SELECT code, avg(id), avg(s) FROM t GROUP BY code", // Spark pushes AVG as SUM and COUNT and divides
    };

    @Test
    void pushedAggregatesEqualSparksOwnOverOneAndSevenSplits() {
        for (int rowsPerSplit : new int[] {PushdownSparkTest.N, 2900}) {
            for (String q : EXACT) {
                Dataset<Row> pushed = sql(file, true, rowsPerSplit, q);
                String plan = PushdownSparkTest.plan(pushed);
                assertTrue(plan.contains("PushedAggregation (" + (rowsPerSplit == PushdownSparkTest.N ? "complete" : "partial") + "): ["), q + "\n" + plan);
                List<String> got = PushdownSparkTest.rows(pushed);
                assertEquals(PushdownSparkTest.rows(sql(file, false, rowsPerSplit, q)), got, q + " over splits of " + rowsPerSplit);
            }
        }
    }

    @Test
    void aggregatesSparkCannotPushAreLeftToIt() {
        for (String q : new String[] {"SELECT min(d) FROM t", "SELECT code, max(f) FROM t GROUP BY code",
                "SELECT count(DISTINCT s) FROM t", "SELECT code, sum(id) FROM t WHERE id + 1 < 100 GROUP BY code",
                "SELECT d, count(*) FROM t GROUP BY d"}) {
            Dataset<Row> df = sql(file, true, 2900, q);
            assertTrue(!PushdownSparkTest.plan(df).contains("PushedAggregation"), q);
            assertEquals(PushdownSparkTest.rows(sql(file, false, 2900, q)), PushdownSparkTest.rows(df), q);
        }
    }

    @Test
    void groupedSumsEqualJavaAndDuckDb() throws Exception {
        Map<String, long[]> java = new TreeMap<>();
        for (Reading r : records) {
            long[] a = java.computeIfAbsent(r.code(), k -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
            a[0]++;
            a[1] += r.id();
            a[2] = Math.min(a[2], r.s());
            a[3] = Math.max(a[3], r.big());
        }
        String q = "SELECT code, count(*), sum(id), min(s), max(big) FROM t GROUP BY code";
        Map<String, long[]> spark = new TreeMap<>();
        for (Row r : sql(file, true, 2900, q).collectAsList()) {
            spark.put(r.getString(0), new long[] {r.getLong(1), r.getLong(2), r.getShort(3), r.getLong(4)});
        }
        Map<String, long[]> duck = new TreeMap<>();
        for (List<Object> r : DuckDb.query(file, ReadingStruct.TYPE, q)) {
            duck.put((String) r.get(0), new long[] {((Number) r.get(1)).longValue(), ((Number) r.get(2)).longValue(),
                    ((Number) r.get(3)).longValue(), ((Number) r.get(4)).longValue()});
        }
        assertEquals(java.keySet(), spark.keySet());
        assertEquals(java.keySet(), duck.keySet());
        for (String k : java.keySet()) {
            assertEquals(List.of(java.get(k)[0], java.get(k)[1], java.get(k)[2], java.get(k)[3]),
                    List.of(spark.get(k)[0], spark.get(k)[1], spark.get(k)[2], spark.get(k)[3]), k);
            assertEquals(List.of(java.get(k)[0], java.get(k)[1], java.get(k)[2], java.get(k)[3]),
                    List.of(duck.get(k)[0], duck.get(k)[1], duck.get(k)[2], duck.get(k)[3]), k);
        }
    }

    /**
     * Spark's SUM(double) adds in row order within a partition and then merges partitions in task order, so it is
     * itself order-dependent: the rule is |pushed - not pushed| <= 1e-12 * (sum of |values|), far above the rounding of
     * 20,000 additions (at most n * 2^-53 of that sum) and far below any value difference.
     */
    @Test
    void doubleSumsAgreeWithinRounding() {
        String q = "SELECT code, sum(d), sum(f), count(*) FROM t WHERE d > -10.0 AND d < 10.0 AND f > -10.0 AND f < 10.0 GROUP BY code";
        Map<String, Row> pushed = new TreeMap<>();
        sql(file, true, 2900, q).collectAsList().forEach(r -> pushed.put(r.getString(0), r));
        Map<String, Row> plain = new TreeMap<>();
        sql(file, false, 2900, q).collectAsList().forEach(r -> plain.put(r.getString(0), r));
        assertEquals(plain.keySet(), pushed.keySet());
        Map<String, double[]> abs = new TreeMap<>();
        for (Reading r : records) {
            if (r.d() > -10 && r.d() < 10 && r.f() > -10 && r.f() < 10) {
                double[] a = abs.computeIfAbsent(r.code(), k -> new double[2]);
                a[0] += Math.abs(r.d());
                a[1] += Math.abs(r.f());
            }
        }
        for (String k : plain.keySet()) {
            assertEquals(plain.get(k).getDouble(1), pushed.get(k).getDouble(1), 1e-12 * abs.get(k)[0], k);
            assertEquals(plain.get(k).getDouble(2), pushed.get(k).getDouble(2), 1e-12 * abs.get(k)[1], k);
            assertEquals(plain.get(k).getLong(3), pushed.get(k).getLong(3), k);
        }
    }

    @Test
    void longSumOverflowFailsInAnsiModeAndWrapsWithoutAsSparksOwn() throws Exception {
        Path f = dir.resolve("overflow.sb");
        List<Reading> big = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            big.add(new Reading(i, Long.MAX_VALUE / 4, (short) 0, (byte) 0, 0, 0f, 0, true, Color.RED, "a", "x"));
        }
        try (StructFile<Reading> sf = StructFile.create(f, ReadingStruct.TYPE, big.size())) {
            sf.appendAll(big);
        }
        String q = "SELECT code, sum(big) FROM t GROUP BY code";
        for (boolean push : new boolean[] {true, false}) {
            String m = ErrorsSparkTest.messages(assertThrows(Exception.class, () -> sql(f, push, 3, q).collectAsList()));
            assertTrue(m.contains("ARITHMETIC_OVERFLOW"), "pushDown=" + push + ": " + m);
        }
        spark.conf().set("spark.sql.ansi.enabled", "false");
        try {
            long wrapped = 10 * (Long.MAX_VALUE / 4); // Java's long arithmetic wraps as Spark's legacy mode does
            Dataset<Row> pushed = sql(f, true, 3, q);
            assertTrue(PushdownSparkTest.plan(pushed).contains("PushedAggregation"));
            assertEquals(wrapped, pushed.first().getLong(1));
            assertEquals(wrapped, sql(f, false, 3, q).first().getLong(1));
        } finally {
            spark.conf().unset("spark.sql.ansi.enabled");
        }
    }

    @Test
    void anEmptyFileCountsZero() throws Exception {
        Path f = dir.resolve("empty.sb");
        try (StructFile<Reading> sf = StructFile.create(f, ReadingStruct.TYPE, 0)) {
            sf.appendAll(List.of());
        }
        Dataset<Row> df = sql(f, true, 3, "SELECT count(*), sum(big) FROM t");
        assertTrue(PushdownSparkTest.plan(df).contains("PushedAggregation"));
        Row r = df.first();
        assertEquals(0L, r.getLong(0));
        assertNull(r.get(1));
        assertEquals(PushdownSparkTest.rows(sql(f, false, 3, "SELECT count(*), sum(big) FROM t")), PushdownSparkTest.rows(df));
    }
}

package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.StructFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushed aggregates and filters equal Spark's own (the same query with {@code pushDown=false}), results and error
 * messages alike, where a hostile review found them apart: {@code AVG} of a {@code long} member, which Spark splits into
 * a {@code SUM} and a {@code COUNT} it sums as a {@code long} while its own {@code AVG} sums as a {@code double} (ANSI
 * on and off, one split and several); the message of an overflowing pushed {@code SUM}; and members whose names differ
 * only in case, with {@code spark.sql.caseSensitive} true and false.
 */
class PushdownExactnessSparkTest {
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path extremes;
    static Path twins;

    @BeforeAll
    static void start() throws Exception {
        spark = LocalSpark.start();
        extremes = dir.resolve("extremes.sb");
        long[] bigs = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, -1, 1, Long.MAX_VALUE, 42, Long.MIN_VALUE + 1, 7};
        long[] u32s = {0xffff_ffffL, 0xffff_ffffL, 0, 1, 0x8000_0000L, 3, 0xffff_fffeL, 12, 0x7fff_ffffL, 5};
        List<Extremes> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int mid = i % 3 == 0 ? Integer.MAX_VALUE : i % 3 == 1 ? Integer.MIN_VALUE : i;
            rows.add(new Extremes(i, bigs[i % bigs.length], mid, u32s[i % u32s.length], (short) (i % 2 == 0 ? Short.MAX_VALUE : Short.MIN_VALUE), i % 4));
        }
        try (StructFile<Extremes> w = StructFile.create(extremes, ExtremesStruct.TYPE, rows.size())) {
            w.appendAll(rows);
        }
        twins = dir.resolve("twins.sb");
        try (StructFile<CaseTwins> w = StructFile.create(twins, CaseTwinsStruct.TYPE, 8)) {
            w.appendAll(List.of(new CaseTwins(1, 100, 0), new CaseTwins(2, 200, 1), new CaseTwins(300, 3, 2), new CaseTwins(400, 3, 3),
                    new CaseTwins(-5, 50, 4), new CaseTwins(60, -6, 5)));
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @AfterEach
    void reset() {
        spark.conf().unset("spark.sql.ansi.enabled");
        spark.conf().unset("spark.sql.caseSensitive");
    }

    static Dataset<Row> sql(Class<?> type, Path f, boolean push, int rowsPerSplit, String query) {
        spark.read().format("structbridge").option("type", type.getName()).option("pushDown", push)
                .option("rowsPerSplit", rowsPerSplit).option("batchRows", 3).load(f.toString()).createOrReplaceTempView("t");
        return spark.sql(query);
    }

    /** {@return the sorted rows, or the error: its class and message (Spark's condition, text and hint), without the query context} */
    static String run(Class<?> type, Path f, boolean push, int rowsPerSplit, String query) {
        try {
            return PushdownSparkTest.rows(sql(type, f, push, rowsPerSplit, query)).toString();
        } catch (Exception e) {
            Throwable c = e;
            while (c.getCause() != null) {
                c = c.getCause();
            }
            return "ERROR " + c.getClass().getName() + ": " + String.valueOf(c.getMessage()).lines().findFirst().orElse("");
        }
    }

    static String plan(Class<?> type, Path f, int rowsPerSplit, String query) {
        return PushdownSparkTest.plan(sql(type, f, true, rowsPerSplit, query));
    }

    static final String[] AVERAGES = {
        "SELECT avg(big) FROM t WHERE id < 2", // two Long.MAX_VALUE: 9.223372036854776E18, not -1.0
        "SELECT avg(big) FROM t",
        "SELECT avg(big) FROM t WHERE id IN (2, 3)",
        "SELECT g, avg(big) FROM t GROUP BY g",
        "SELECT avg(big), count(big) FROM t",
        "SELECT avg(big), sum(big) FROM t WHERE id < 2",
        "SELECT sum(big), count(big) FROM t WHERE id < 2",
        "SELECT sum(big) FROM t",
        "SELECT sum(big) FROM t WHERE id < 2",
        "SELECT sum(big) FROM t WHERE id IN (2, 3)",
        "SELECT g, sum(big), count(*) FROM t GROUP BY g",
        "SELECT g, sum(big), max(mid), count(u32) FROM t GROUP BY g",
        "SELECT avg(u32), avg(mid), avg(small) FROM t",
        "SELECT g, avg(mid), avg(u32), sum(small), count(small) FROM t GROUP BY g",
        "SELECT sum(mid), sum(u32), count(mid) FROM t",
        "SELECT avg(big) FROM t WHERE id < 0",
    };

    @Test
    void averagesAndSumsOfLongExtremesEqualSparksOwn() {
        for (boolean ansi : new boolean[] {false, true}) {
            spark.conf().set("spark.sql.ansi.enabled", ansi);
            for (String q : AVERAGES) {
                String own = run(Extremes.class, extremes, false, 1000, q);
                for (int rowsPerSplit : new int[] {1000, 7, 1}) {
                    assertEquals(own, run(Extremes.class, extremes, true, rowsPerSplit, q), "ansi=" + ansi + ", rowsPerSplit=" + rowsPerSplit + ": " + q);
                }
            }
        }
        spark.conf().set("spark.sql.ansi.enabled", false);
        assertEquals("[[9.223372036854776E18]]", run(Extremes.class, extremes, true, 7, AVERAGES[0]));
    }

    @Test
    void aSumAloneIsStillPushedAndAnAverageOfALongIsNot() {
        for (int rowsPerSplit : new int[] {1000, 7}) {
            String kind = rowsPerSplit == 1000 ? "complete" : "partial";
            assertTrue(plan(Extremes.class, extremes, rowsPerSplit, "SELECT sum(big) FROM t").contains("PushedAggregation (" + kind + "): [SUM(big)]"));
            assertTrue(plan(Extremes.class, extremes, rowsPerSplit, "SELECT g, sum(big), max(mid) FROM t GROUP BY g").contains("PushedAggregation (" + kind + ")"));
            assertFalse(plan(Extremes.class, extremes, rowsPerSplit, "SELECT g, sum(big), count(*) FROM t GROUP BY g").contains("PushedAggregation"));
            // 40 structs of at most 2^31 in magnitude: every sum is exact in a double, so AVG(mid) is pushed as SUM and COUNT
            assertTrue(plan(Extremes.class, extremes, rowsPerSplit, "SELECT avg(mid) FROM t").contains("PushedAggregation (" + kind + ")"));
            assertFalse(plan(Extremes.class, extremes, rowsPerSplit, "SELECT avg(big) FROM t").contains("PushedAggregation"));
            assertFalse(plan(Extremes.class, extremes, rowsPerSplit, "SELECT sum(big), count(big) FROM t").contains("PushedAggregation"));
        }
    }

    @Test
    void anOverflowingPushedSumFailsWithSparksOwnMessage() {
        spark.conf().set("spark.sql.ansi.enabled", true);
        String q = "SELECT sum(big) FROM t WHERE id < 2";
        String own = run(Extremes.class, extremes, false, 1000, q);
        assertTrue(own.contains("[ARITHMETIC_OVERFLOW] overflow. Use 'try_add' to tolerate overflow and return NULL instead."), own);
        for (int rowsPerSplit : new int[] {1000, 7, 1}) {
            assertTrue(plan(Extremes.class, extremes, rowsPerSplit, q).contains("PushedAggregation"));
            assertEquals(own, run(Extremes.class, extremes, true, rowsPerSplit, q), "rowsPerSplit=" + rowsPerSplit);
        }
    }

    static final String[] TWINS = {
        "SELECT vA, va FROM t WHERE va > 50",
        "SELECT vA, va FROM t WHERE vA > 50",
        "SELECT id FROM t WHERE va = 3 OR vA IN (1, -5)",
        "SELECT id FROM t WHERE NOT (vA < va)",
        "SELECT sum(va), max(va), min(vA), sum(vA) FROM t",
        "SELECT sum(va), count(*) FROM t WHERE vA > 1",
        "SELECT va, count(*), max(vA) FROM t GROUP BY va",
        "SELECT vA, sum(va) FROM t WHERE va < 100 GROUP BY vA",
    };

    @Test
    void membersDifferingOnlyInCaseEqualSparksOwnWhenCaseSensitive() {
        spark.conf().set("spark.sql.caseSensitive", true);
        for (String q : TWINS) {
            String own = run(CaseTwins.class, twins, false, 100, q);
            assertFalse(own.startsWith("ERROR"), own);
            for (int rowsPerSplit : new int[] {100, 2}) {
                assertEquals(own, run(CaseTwins.class, twins, true, rowsPerSplit, q), "rowsPerSplit=" + rowsPerSplit + ": " + q);
            }
        }
        assertTrue(plan(CaseTwins.class, twins, 100, "SELECT id FROM t WHERE va > 50").contains("PushedFilters: [va > 50]"));
        assertTrue(plan(CaseTwins.class, twins, 100, "SELECT va, count(*) FROM t GROUP BY va").contains("PushedGroupBy: [va]"));
    }

    @Test
    void namesInAnotherCaseEqualSparksOwnWhenCaseInsensitive() {
        spark.conf().set("spark.sql.caseSensitive", false);
        String[] queries = {
            "SELECT ID FROM t WHERE MID > 0 AND G = 2", "SELECT G, SUM(Mid), MAX(Big), MIN(U32), COUNT(*) FROM t WHERE ID < 20 GROUP BY G",
            "SELECT sum(SMALL), min(U32) FROM t WHERE u32 < 10",
        };
        for (String q : queries) {
            String own = run(Extremes.class, extremes, false, 1000, q);
            assertFalse(own.startsWith("ERROR"), own);
            for (int rowsPerSplit : new int[] {1000, 7}) {
                assertEquals(own, run(Extremes.class, extremes, true, rowsPerSplit, q), "rowsPerSplit=" + rowsPerSplit + ": " + q);
                assertTrue(plan(Extremes.class, extremes, rowsPerSplit, q).contains("Pushed"), q);
            }
        }
        // the twins are ambiguous without case sensitivity: Spark refuses the query either way, in the same words
        for (String q : new String[] {"SELECT va FROM t", "SELECT sum(VA) FROM t", "SELECT id FROM t WHERE Va > 3"}) {
            String own = run(CaseTwins.class, twins, false, 100, q);
            assertTrue(own.startsWith("ERROR"), own);
            assertEquals(own, run(CaseTwins.class, twins, true, 100, q), q);
        }
        String own = run(CaseTwins.class, twins, false, 100, "SELECT count(*), sum(ID) FROM t WHERE Id > 1");
        assertEquals(own, run(CaseTwins.class, twins, true, 100, "SELECT count(*), sum(ID) FROM t WHERE Id > 1"));
    }
}

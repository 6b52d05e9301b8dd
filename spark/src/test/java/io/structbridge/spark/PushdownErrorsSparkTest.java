package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pushdown never skips a check: a bad bool byte, enum code or UTF-8 text in a member the query names (filtered,
 * projected, grouped) fails the query with {@link ErrorsSparkTest}'s message, also when the filter drops that struct
 * (every struct of the split is checked, as a read without pushdown checks it); a member the query does not name is
 * not read.
 */
class PushdownErrorsSparkTest {
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void start() throws Exception {
        spark = LocalSpark.start();
        file = dir.resolve("bad.sb");
        PushdownSparkTest.write(file, 5000, 13);
        long stride = ReadingStruct.TYPE.size();
        ErrorsSparkTest.poke(file, stride, 4321, ErrorsSparkTest.offset(ReadingStruct.COLUMNS, "color"), (byte) 9, (byte) 0, (byte) 0, (byte) 0);
        ErrorsSparkTest.poke(file, stride, 777, ErrorsSparkTest.offset(ReadingStruct.COLUMNS, "ok"), (byte) 2);
        ErrorsSparkTest.poke(file, stride, 1234, ErrorsSparkTest.offset(ReadingStruct.COLUMNS, "code"), (byte) 'a', (byte) 0xC3,
                (byte) 0x28, (byte) 0);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /**
     * Runs a query that must fail, then a query of the same file that must not. Over several splits, when one fails
     * Spark may interrupt the others while they open or close the file; the runtime's channel calls are not
     * interruptible (docs/struct-files.md, "Interrupts"), so the next open of the file in this JVM still works.
     */
    static String fails(String query, int rowsPerSplit) {
        PushdownSparkTest.read(file, true, rowsPerSplit).createOrReplaceTempView("t");
        String m = ErrorsSparkTest.messages(assertThrows(Exception.class, () -> spark.sql(query).collectAsList()));
        assertEquals(10L, spark.sql("SELECT count(*) FROM t WHERE id < 10").first().getLong(0),
                "the file opens again after a failed query");
        return m;
    }

    static final String ENUM = ": row 4321, field 'color': enum code 9 is not one of RED=1, GREEN=2, BLUE=200";
    static final String BOOL = ": row 777, field 'ok': bool byte 2 is neither 0 nor 1";
    static final String UTF8 = ": row 1234, field 'code': invalid UTF-8 0x61c328";

    @Test
    void badValuesInFilteredMembersFailTheQuery() {
        for (int split : new int[] {700, 5000}) {
            String m = fails("SELECT count(*) FROM t WHERE color = 'RED'", split);
            assertTrue(m.contains(file + ENUM), m);
            m = fails("SELECT id FROM t WHERE ok", split);
            assertTrue(m.contains(file + BOOL), m);
            m = fails("SELECT id FROM t WHERE code = 'bb'", split);
            assertTrue(m.contains(file + UTF8), m);
            // the filter drops struct 4321 (id 4321 is not below 10), but it reads color there: checked, fails
            m = fails("SELECT id FROM t WHERE id < 10 AND color = 'RED'", split);
            assertTrue(m.contains(file + ENUM), m);
        }
    }

    @Test
    void badValuesInProjectedMembersFailEvenWhenTheFilterDropsTheirStruct() {
        String m = fails("SELECT color FROM t WHERE id < 10", 5000);
        assertTrue(m.contains(file + ENUM), m);
    }

    @Test
    void badValuesInGroupedMembersFailThePushedAggregate() {
        String m = fails("SELECT code, count(*) FROM t GROUP BY code", 5000);
        assertTrue(m.contains(file + UTF8), m);
        m = fails("SELECT color, sum(id) FROM t WHERE id > 4000 GROUP BY color", 5000);
        assertTrue(m.contains(file + ENUM), m);
        m = fails("SELECT count(*) FROM t WHERE NOT ok", 5000);
        assertTrue(m.contains(file + BOOL), m);
    }

    @Test
    void membersTheQueryDoesNotNameAreNotRead() {
        PushdownSparkTest.read(file, true, 700).createOrReplaceTempView("t");
        assertEquals(10L, spark.sql("SELECT count(*) FROM t WHERE id < 10").first().getLong(0));
        assertEquals(4999L * 5000 / 2, spark.sql("SELECT s, sum(id) FROM t WHERE big <> 0 OR big = 0 GROUP BY s")
                .collectAsList().stream().mapToLong(r -> r.getLong(1)).sum());
    }
}

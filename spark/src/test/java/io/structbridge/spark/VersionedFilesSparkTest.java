package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.runtime.StructFile;
import io.structbridge.spark.v1.Tick;
import io.structbridge.spark.v1.TickStruct;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22: a struct file outlives its record. {@code v1.Tick} and {@code v2.Tick} are the same record before and
 * after {@code @Since(2) long volume} was appended (two records of one name, each compiled by the processor). A
 * file written with version 1 is read by Spark with version 2 (volume reads 0, the default) and a file written
 * with version 2 by Spark with version 1 (in place, with the file's stride: volume is not a column); with one split
 * and with 7. The oracles: the values written, and DuckDB's SQL over the same files through the Arrow stream export.
 */
class VersionedFilesSparkTest {
    static final int COUNT = 5_003;
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path v1File;
    static Path v2File;

    static long time(int i) {
        return 1_700_000_000_000_000_000L + i * 1_000L;
    }

    static int qty(int i) {
        return i % 97 - 40;
    }

    static double price(int i) {
        return 100 + i * 0.25;
    }

    static long volume(int i) {
        return (long) i * i;
    }

    @BeforeAll
    static void setUp() throws Exception {
        v1File = dir.resolve("ticks-v1.sb");
        v2File = dir.resolve("ticks-v2.sb");
        List<Tick> one = new ArrayList<>();
        List<io.structbridge.spark.v2.Tick> two = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            one.add(new Tick(time(i), qty(i), price(i)));
            two.add(new io.structbridge.spark.v2.Tick(time(i), qty(i), price(i), volume(i)));
        }
        try (StructFile<Tick> f = StructFile.create(v1File, TickStruct.TYPE, COUNT)) {
            f.appendAll(one);
        }
        try (StructFile<io.structbridge.spark.v2.Tick> f = StructFile.create(v2File, io.structbridge.spark.v2.TickStruct.TYPE, COUNT)) {
            f.appendAll(two);
        }
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static List<Row> read(Path file, Class<?> type, long rowsPerSplit) {
        return read(file, type, rowsPerSplit, 4096);
    }

    static List<Row> read(Path file, Class<?> type, long rowsPerSplit, int batchRows) {
        return spark.read().format("structbridge").option("type", type.getName()).option("rowsPerSplit", rowsPerSplit)
                .option("batchRows", batchRows).load(file.toString()).orderBy("time").collectAsList();
    }

    /** An older file is widened a batch at a time: one split and batch, 7 splits, and batches of 64 (the last shorter). */
    @Test
    void version2ReadsAFileOfVersion1WithTheDefault() throws Exception {
        long[][] shapes = {{1 << 20, 8192}, {COUNT / 7 + 1, 4096}, {COUNT / 7 + 1, 64}};
        for (long[] shape : shapes) {
            List<Row> rows = read(v1File, io.structbridge.spark.v2.Tick.class, shape[0], (int) shape[1]);
            assertEquals(COUNT, rows.size());
            for (int i = 0; i < COUNT; i++) {
                Row r = rows.get(i);
                assertEquals(List.of(time(i), qty(i), price(i), 0L), List.of(r.getLong(0), r.getInt(1), r.getDouble(2), r.getLong(3)),
                        "row " + i + ", rowsPerSplit " + shape[0] + ", batchRows " + shape[1]);
            }
        }
        assertEquals(List.of(List.of((long) COUNT, 0L)), longs(DuckDb.query(v1File, io.structbridge.spark.v2.TickStruct.TYPE,
                "SELECT count(*), sum(volume) FROM t")), "DuckDB over the v1 file through version 2");
    }

    @Test
    void version1ReadsAFileOfVersion2InPlace() throws Exception {
        for (long split : new long[] {1 << 20, COUNT / 7 + 1}) {
            List<Row> rows = read(v2File, Tick.class, split);
            assertEquals(COUNT, rows.size());
            assertEquals(3, rows.get(0).size(), "version 1 has no volume column");
            for (int i = 0; i < COUNT; i++) {
                Row r = rows.get(i);
                assertEquals(List.of(time(i), qty(i), price(i)), List.of(r.getLong(0), r.getInt(1), r.getDouble(2)), "row " + i);
            }
        }
        long qtySum = 0;
        for (int i = 0; i < COUNT; i++) {
            qtySum += qty(i);
        }
        Row agg = spark.read().format("structbridge").option("type", Tick.class.getName()).load(v2File.toString())
                .filter("qty > 0").selectExpr("count(*)", "sum(qty)").collectAsList().get(0);
        long positive = 0;
        long positiveSum = 0;
        for (int i = 0; i < COUNT; i++) {
            if (qty(i) > 0) {
                positive++;
                positiveSum += qty(i);
            }
        }
        assertEquals(List.of(positive, positiveSum), List.of(agg.getLong(0), agg.getLong(1)));
        assertEquals(List.of(List.of((long) COUNT, qtySum)), longs(DuckDb.query(v2File, TickStruct.TYPE,
                "SELECT count(*), sum(qty) FROM t")), "DuckDB over the v2 file through version 1");
    }

    private static List<List<Long>> longs(List<List<Object>> rows) {
        return rows.stream().map(r -> r.stream().map(v -> ((Number) v).longValue()).toList()).toList();
    }
}

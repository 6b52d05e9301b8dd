package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrays in struct arrays in struct arrays ({@link Route}): every value equals Java's, sums of deep
 * elements equal Java's and DuckDB's, an invalid value deep inside names its full path, and the row
 * reader (for consumers that ask for rows) reads the same values as the batches.
 */
class NestingSparkTest {
    static final int N = 1500;
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path file;
    static List<Route> records;

    @BeforeAll
    static void start() throws Exception {
        file = dir.resolve("routes.sb");
        records = FixtureFiles.write(file, RouteStruct.TYPE, N, 11);
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static Dataset<Row> read(long split) {
        return spark.read().format("structbridge").option("type", Route.class.getName()).option("rowsPerSplit", split)
                .option("batchRows", 100).load(file.toString());
    }

    @Test
    void everyValueAndDeepSumsEqualJavaAndDuckDb() throws Exception {
        assertEquals("struct<id:int,days:array<struct<legs:array<struct<stops:array<smallint>,code:string,open:boolean>>,"
                + "note:string>>>", read(N).schema().simpleString());
        FixturesSparkTest.everyValueEqualsJava(file, records, Route.class, 250, 6);
        long java = records.stream().mapToLong(r -> r.days()[1].legs()[2].stops()[3]).sum();
        long open = records.stream().filter(r -> r.days()[0].legs()[1].open()).count();
        List<Object> d = DuckDb.query(file, RouteStruct.TYPE,
                "SELECT sum(days[2].legs[3].stops[4]), count(*) FILTER (WHERE days[1].legs[2].open) FROM t").getFirst();
        assertEquals(List.of(java, open), d.stream().map(o -> ((Number) o).longValue()).toList());
        Row r = read(250).selectExpr("sum(days[1].legs[2].stops[3])", "count_if(days[0].legs[1].open)").first();
        assertEquals(List.of(java, open), List.of(r.getLong(0), r.getLong(1)));
    }

    /**
     * Finding 07: {@code int32_t one[1]} and {@code Pt pts[1]} are arrays of one element, as C declares them:
     * Spark's schema has {@code array<...>} for them (it had {@code int} for {@code one}), every value equals
     * Java's record, and DuckDB, reading the same file through the Arrow stream export, sees arrays of one.
     */
    @Test
    void anArrayOfOneIsAnArrayInSparkAndDuckDb() throws Exception {
        Path f = dir.resolve("singles.sb");
        List<Singles> singles = FixtureFiles.write(f, SinglesStruct.TYPE, 400, 13);
        Dataset<Row> df = spark.read().format("structbridge").option("type", Singles.class.getName()).load(f.toString());
        assertEquals("struct<one:array<int>,plain:int,pts:array<struct<x:smallint,ys:array<bigint>>>>", df.schema().simpleString());
        FixturesSparkTest.everyValueEqualsJava(f, singles, Singles.class, 100, 4);
        long one = singles.stream().mapToLong(s -> s.one()[0]).sum();
        long ys = singles.stream().mapToLong(s -> s.pts()[0].ys()[0]).max().orElseThrow();
        Row r = df.selectExpr("sum(one[0])", "max(pts[0].ys[0])", "min(size(one))", "max(size(pts))").first();
        assertEquals(List.of(one, ys, 1L, 1L), List.of(r.getLong(0), ((Number) r.get(1)).longValue(), (long) r.getInt(2), (long) r.getInt(3)));
        List<Object> d = DuckDb.query(f, SinglesStruct.TYPE,
                "SELECT any_value(typeof(one)), any_value(typeof(pts)), sum(one[1]), max(pts[1].ys[1]) FROM t").getFirst();
        assertEquals(List.of("INTEGER[1]", "STRUCT(x SMALLINT, ys BIGINT[1])[1]"), d.subList(0, 2));
        assertEquals(List.of(one, ys), d.subList(2, 4).stream().map(o -> ((Number) o).longValue()).toList());
    }

    @Test
    void invalidValueDeepInsideNamesItsPath() throws Exception {
        Path bad = dir.resolve("bad-routes.sb");
        FixtureFiles.write(bad, RouteStruct.TYPE, 300, 12);
        long at = RouteStruct.COLUMNS.stream().filter(c -> c.path().equals("days[1].legs[2].open")).findFirst().orElseThrow().offset();
        try (RandomAccessFile f = new RandomAccessFile(bad.toFile(), "rw")) {
            f.seek(128 + 123 * RouteStruct.TYPE.size() + at);
            f.write(9);
        }
        Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge").option("type", Route.class.getName())
                .load(bad.toString()).select("days").collect());
        String m = ErrorsSparkTest.messages(e);
        assertTrue(m.contains(bad + ": row 123, field 'days[1].legs[2].open': bool byte 9 is neither 0 nor 1"), m);
    }

    @Test
    void rowReaderReadsWhatTheBatchesRead() throws Exception {
        Dataset<Row> df = read(N).select("id", "days");
        ReadOptions o = ReadOptions.from(Map.of("path", file.toString(), "type", Route.class.getName(), "batchRows", "64"));
        StructReaderFactory factory = new StructReaderFactory(df.schema());
        List<Row> rows = df.collectAsList();
        int i = 0;
        try (PartitionReader<InternalRow> reader = factory.createReader(new StructSplit(o, StructFiles.probe(o).identity(), 0, N))) {
            while (reader.next()) {
                InternalRow row = reader.get();
                assertEquals(rows.get(i).getInt(0), row.getInt(0), "row " + i);
                assertEquals(records.get(i).days()[1].legs()[2].stops()[3],
                        row.getArray(1).getStruct(1, 2).getArray(0).getStruct(2, 3).getArray(0).getShort(3), "row " + i);
                assertEquals(records.get(i).days()[0].note(), row.getArray(1).getStruct(0, 2).getUTF8String(1).toString(), "row " + i);
                i++;
            }
        }
        assertEquals(N, i);
    }
}

package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.StructFile;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GeoNames cities as a struct file read by a real Spark ({@code local[2]}): count, sums, means,
 * rows per country, filters and the northernmost places equal Java's own computation over the records
 * and DuckDB's SQL over the same file; one split and 7 splits give the same answers.
 */
class GeoNamesSparkTest {
    static SparkSession spark;
    static List<GeoPlace> places;
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void setUp() throws Exception {
        places = GeoNames.places();
        file = dir.resolve("cities.sb");
        try (StructFile<GeoPlace> f = StructFile.create(file, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static Dataset<Row> read(long rowsPerSplit) {
        return spark.read().format("structbridge").option("type", GeoPlace.class.getName())
                .option("rowsPerSplit", rowsPerSplit).load(file.toString());
    }

    static List<List<Object>> duck(String sql) throws Exception {
        return DuckDb.query(file, GeoPlaceStruct.TYPE, sql);
    }

    @Test
    void schemaIsTheStructs() {
        assertEquals("struct<lat:double,lng:double,name:string,country:string>", read(1 << 20).schema().simpleString());
        assertTrue(read(1 << 20).schema().fields()[0].nullable() == false);
    }

    @Test
    void sparkReadsColumnarBatchesOfThePrunedColumns() {
        Dataset<Row> df = read(25_000).filter("lat > 60").select("name");
        String plan = df.queryExecution().executedPlan().toString();
        // the reader applies the filter (pushed), so Spark neither filters nor needs lat
        assertTrue(plan.contains("ColumnarToRow") && plan.contains("BatchScan") && plan.contains("PushedFilters: [lat > 60.0]")
                && !plan.contains("Filter (lat"), plan);
        assertEquals("struct<name:string>",
                ((org.apache.spark.sql.execution.datasources.v2.BatchScanExec) df.queryExecution().executedPlan()
                        .collectLeaves().head()).scan().readSchema().simpleString(), plan);
        assertEquals(places.stream().filter(p -> p.lat() > 60).count(), df.count());
    }

    @Test
    void countSumAndMeanEqualJavaAndDuckDb() throws Exception {
        assertTrue(places.size() > 100_000, "the GeoNames file: " + places.size());
        double sumLat = 0;
        double sumLng = 0;
        for (GeoPlace p : places) {
            sumLat += p.lat();
            sumLng += p.lng();
        }
        List<Object> d = duck("SELECT count(*), sum(lat), avg(lng) FROM t").getFirst();
        for (long split : new long[] {1 << 20, 25_000}) {
            Dataset<Row> df = read(split);
            assertEquals(split == 25_000 ? 7 : 1, df.rdd().getNumPartitions());
            Row r = df.selectExpr("count(*)", "sum(lat)", "avg(lng)").first();
            assertEquals(places.size(), r.getLong(0));
            assertEquals(((Number) d.get(0)).longValue(), r.getLong(0));
            assertEquals(sumLat, r.getDouble(1), 1e-9 * Math.abs(sumLat));
            assertEquals(((Number) d.get(1)).doubleValue(), r.getDouble(1), 1e-9 * Math.abs(sumLat));
            assertEquals(sumLng / places.size(), r.getDouble(2), 1e-9);
            assertEquals(((Number) d.get(2)).doubleValue(), r.getDouble(2), 1e-9);
        }
    }

    @Test
    void rowsPerCountryEqualJavaAndDuckDb() throws Exception {
        Map<String, Long> java = places.stream().collect(Collectors.groupingBy(GeoPlace::country, TreeMap::new, Collectors.counting()));
        Map<String, Long> duck = new TreeMap<>();
        for (List<Object> row : duck("SELECT country, count(*) FROM t GROUP BY country")) {
            duck.put((String) row.get(0), ((Number) row.get(1)).longValue());
        }
        assertEquals(java, duck);
        for (long split : new long[] {1 << 20, 25_000}) {
            Map<String, Long> sp = new TreeMap<>();
            for (Row r : read(split).groupBy("country").count().collectAsList()) {
                sp.put(r.getString(0), r.getLong(1));
            }
            assertEquals(java, sp, "splits of " + split);
        }
    }

    @Test
    void filtersEqualJavaAndDuckDb() throws Exception {
        long java = places.stream().filter(p -> p.country().equals("DE") && p.lat() > 52.0).count();
        long javaName = places.stream().filter(p -> p.name().startsWith("San ") && p.lng() < 0).count();
        List<Object> d = duck("SELECT count(*) FILTER (WHERE country = 'DE' AND lat > 52.0),"
                + " count(*) FILTER (WHERE starts_with(name, 'San ') AND lng < 0) FROM t").getFirst();
        assertEquals(java, ((Number) d.get(0)).longValue());
        assertEquals(javaName, ((Number) d.get(1)).longValue());
        for (long split : new long[] {1 << 20, 25_000}) {
            assertEquals(java, read(split).filter("country = 'DE' AND lat > 52.0").count());
            assertEquals(javaName, read(split).filter("name LIKE 'San %' AND lng < 0").count());
        }
        assertTrue(java > 0 && javaName > 0, java + " " + javaName);
    }

    @Test
    void northernmostPlacesAndTheirNamesEqualJavaAndDuckDb() throws Exception {
        List<GeoPlace> java = places.stream().sorted(Comparator.comparingDouble(GeoPlace::lat).reversed()
                .thenComparing(GeoPlace::name)).limit(20).toList();
        List<List<Object>> d = duck("SELECT name, country, lat, lng FROM t ORDER BY lat DESC, name LIMIT 20");
        List<Row> s = read(25_000).orderBy(org.apache.spark.sql.functions.col("lat").desc(),
                org.apache.spark.sql.functions.col("name")).select("name", "country", "lat", "lng").limit(20).collectAsList();
        for (int i = 0; i < 20; i++) {
            GeoPlace p = java.get(i);
            assertEquals(List.of(p.name(), p.country(), p.lat(), p.lng()), d.get(i), "DuckDB place " + i);
            Row r = s.get(i);
            assertEquals(List.of(p.name(), p.country(), p.lat(), p.lng()), List.of(r.get(0), r.get(1), r.get(2), r.get(3)),
                    "Spark place " + i);
        }
    }

    @Test
    void everyNonAsciiNameEqualsJava() {
        List<String> java = places.stream().map(GeoPlace::name).filter(n -> !n.chars().allMatch(c -> c < 0x80)).toList();
        List<String> sp = read(25_000).select("name").collectAsList().stream().map(r -> r.getString(0))
                .filter(n -> !n.chars().allMatch(c -> c < 0x80)).toList();
        assertTrue(java.size() > 1000, "non-ASCII names: " + java.size());
        assertEquals(java, sp);
    }

    @Test
    void sumOfLatitudesAsDecimalIsTheSameForOneAndManySplits() {
        BigDecimal one = read(1 << 20).selectExpr("sum(cast(lat as decimal(20,6)))").first().getDecimal(0);
        BigDecimal many = read(10_007).selectExpr("sum(cast(lat as decimal(20,6)))").first().getDecimal(0);
        assertEquals(one, many);
    }
}

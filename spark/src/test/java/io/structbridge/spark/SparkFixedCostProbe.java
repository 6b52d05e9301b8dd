package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * A profiling main (not a test): times one query's planning ({@code executedPlan}) and execution, run after run, over a
 * struct file of {@code n} GeoPlace-shaped records or Parquet written from it; run it under JFR to see where a query's
 * fixed cost goes: {@code SparkFixedCostProbe <n> <runs> struct|parquet [count|group]} (count: {@code count(*)} where
 * {@code lat > 85 AND lng < 0}; group: {@code sum(lng)} per country). Prints the last third of {@code 3 * runs} runs.
 */
public final class SparkFixedCostProbe {
    private SparkFixedCostProbe() {}

    public static void main(String[] args) throws Exception {
        long n = Long.parseLong(args[0]);
        int runs = Integer.parseInt(args[1]);
        Path dir = Files.createTempDirectory("sb-probe");
        SparkSession spark = SparkSession.builder().master("local[2]").config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2").config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        Path sb = dir.resolve("p.sb");
        Random r = new Random(42);
        try (StructFile<GeoPlace> f = StructFile.create(sb, GeoPlaceStruct.TYPE, n)) {
            List<GeoPlace> b = new ArrayList<>();
            for (long i = 0; i < n; i++) {
                b.add(new GeoPlace(r.nextDouble() * 180 - 90, r.nextDouble() * 360 - 180, "place " + i, i % 3 == 0 ? "DE" : "FR"));
            }
            f.appendAll(b);
        }
        Dataset<Row> s = spark.read().format("structbridge").option("type", GeoPlace.class.getName()).load(sb.toString());
        String pq = dir.resolve("p.parquet").toString();
        s.write().mode(SaveMode.Overwrite).parquet(pq);
        for (String what : args[2].split(",")) {
            Dataset<Row> df = what.equals("parquet") ? spark.read().parquet(pq)
                    : spark.read().format("structbridge").option("type", GeoPlace.class.getName()).load(sb.toString());
            for (int k = 0; k < runs * 3; k++) {
                long t0 = System.nanoTime();
                long t1 = System.nanoTime();
                Dataset<Row> q = args.length > 3 && args[3].equals("group") ? df.groupBy("country").agg(functions.sum("lng"))
                        : df.where("lat > 85.0 AND lng < 0.0").agg(functions.count("*"));
                q.queryExecution().executedPlan();
                long t2 = System.nanoTime();
                q.collectAsList();
                long t3 = System.nanoTime();
                if (k >= runs * 2) {
                    System.out.printf("%s n=%d load %.1f plan %.1f exec %.1f total %.1f ms%n", what, n, (t1 - t0) / 1e6, (t2 - t1) / 1e6,
                            (t3 - t2) / 1e6, (t3 - t0) / 1e6);
                }
            }
        }
        spark.stop();
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * A timed main (not a test, not JMH): the same Spark queries over the same records stored as a struct file read by
 * this connector (with pushdown, without it, and cut into 7 splits on {@code local[2]}) and as Parquet written by Spark
 * itself from the struct file's DataFrame. Three queries over GeoPlace-shaped records: {@code count} where a selective
 * filter holds ({@code lat > 85 AND lng < 0}, about 1.4% of the rows), {@code country, sum(lng)} grouped by country,
 * and the older report query (count, mean latitude and longitude sum per country). The four formats of a query run in turn, 3 rounds to warm up,
 * then {@code runs} times; prints mean, standard deviation and best in milliseconds and the mean's ratio to the
 * struct file's with pushdown. Run it on a quiet machine:
 * {@code java <spark.jvm.flags of spark/pom.xml> -cp <test class path> io.structbridge.spark.SparkFormatsBenchmark 1000,1000000,10000000 7}
 * (a third argument, e.g. {@code grouped-sum,report}, runs only those queries)
 * (or {@code mvn -B -pl spark -am -Pspark-bench -DskipTests verify -Dbench.rows=...} where exec-maven-plugin is available).
 */
public final class SparkFormatsBenchmark {
    private SparkFormatsBenchmark() {}

    private static final String[] COUNTRIES = {"DE", "FR", "US", "BR", "IN", "CN", "JP", "ZA", "AU", "NO", "ES", "IT"};

    private record Query(String name, Function<Dataset<Row>, Dataset<Row>> body) {}

    private static final List<Query> QUERIES = List.of(
            new Query("count-filter", df -> df.where("lat > 85.0 AND lng < 0.0").agg(functions.count("*"))),
            new Query("grouped-sum", df -> df.groupBy("country").agg(functions.sum("lng"))),
            new Query("report", df -> df.groupBy("country").agg(functions.count("*"), functions.avg("lat"), functions.sum("lng"))));

    public static void main(String[] args) throws Exception {
        long[] sizes = Arrays.stream((args.length > 0 ? args[0] : "1000000,10000000").split(",")).mapToLong(Long::parseLong).toArray();
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        List<String> only = args.length > 2 ? List.of(args[2].split(",")) : QUERIES.stream().map(Query::name).toList();
        Path dir = Files.createTempDirectory("sb-spark-bench");
        SparkSession spark = SparkSession.builder().master("local[2]").appName("structbridge-formats")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        try {
            System.out.printf("%-9s %-13s %-16s %6s %9s %8s %9s %8s%n", "records", "query", "format", "splits", "mean ms", "sd ms",
                    "best ms", "x push");
            for (long n : sizes) {
                Path sb = dir.resolve("places-" + n + ".sb");
                write(sb, n);
                String parquet = dir.resolve("places-" + n + ".parquet").toString();
                structs(spark, sb, true, 0).write().mode(SaveMode.Overwrite).parquet(parquet);
                long seven = Math.max(1, (n + 6) / 7);
                for (Query q : QUERIES.stream().filter(q -> only.contains(q.name())).toList()) {
                    Dataset<Row> pq = spark.read().parquet(parquet);
                    List<Dataset<Row>> formats = List.of(structs(spark, sb, true, 0), structs(spark, sb, false, 0),
                            structs(spark, sb, true, seven), pq);
                    double[][] t = time(q, formats, runs);
                    String[] names = {"struct", "struct-nopush", "struct-7splits", "parquet"};
                    for (int f = 0; f < names.length; f++) {
                        report(n, q.name(), names[f], formats.get(f), t[f], t[0]);
                    }
                    check(q, formats.get(0), formats.get(1), pq);
                }
            }
        } finally {
            spark.stop();
        }
    }

    private static Dataset<Row> structs(SparkSession spark, Path sb, boolean push, long rowsPerSplit) {
        var r = spark.read().format("structbridge").option("type", GeoPlace.class.getName()).option("pushDown", push);
        if (rowsPerSplit > 0) {
            r = r.option("rowsPerSplit", rowsPerSplit);
        }
        return r.load(sb.toString());
    }

    /** Fails if the formats' counts or group counts differ (the timed queries must compute the same thing). */
    private static void check(Query q, Dataset<Row> push, Dataset<Row> plain, Dataset<Row> parquet) {
        long a = q.body().apply(push).count();
        long b = q.body().apply(plain).count();
        long c = q.body().apply(parquet).count();
        List<Row> x = q.body().apply(push).collectAsList();
        List<Row> y = q.body().apply(parquet).collectAsList();
        if (a != b || a != c || q.name().equals("count-filter") && !x.equals(y)) {
            throw new AssertionError(q.name() + ": results differ: " + x + " vs " + y);
        }
    }

    /** Writes {@code n} random places in batches of 100,000. */
    private static void write(Path file, long n) throws Exception {
        Random r = new Random(42);
        try (StructFile<GeoPlace> f = StructFile.create(file, GeoPlaceStruct.TYPE, n)) {
            List<GeoPlace> batch = new ArrayList<>(100_000);
            for (long i = 0; i < n; i++) {
                batch.add(new GeoPlace(r.nextDouble() * 180 - 90, r.nextDouble() * 360 - 180, "place " + i,
                        COUNTRIES[r.nextInt(COUNTRIES.length)]));
                if (batch.size() == 100_000) {
                    f.appendAll(batch);
                    batch.clear();
                }
            }
            f.appendAll(batch);
        }
    }

    /**
     * {@return {mean, standard deviation, best} milliseconds of {@code runs} runs of the query over {@code df}, after one
     * warm-up run; each run is a new query (planned again: analysis, pushdown, split planning), over the same loaded
     * DataFrame, as the old benchmark's were}
     */
    /** Untimed runs of each format first, in turn: the JIT compiles the reader's and Spark's code for that plan. */
    private static final int WARMUP = 3;

    /**
     * {@return mean, standard deviation and best ms of each format} The formats run in turn, one run each per round
     * (warm-up rounds first), so a drift of the machine or of the JIT during the measurement falls on all of them alike;
     * each run is a new query (planned again: analysis, pushdown, split planning) over the same loaded DataFrame.
     */
    private static double[][] time(Query q, List<Dataset<Row>> formats, int runs) {
        for (int i = 0; i < WARMUP; i++) {
            for (Dataset<Row> df : formats) {
                q.body().apply(df).collectAsList();
            }
        }
        double[][] ms = new double[formats.size()][runs];
        for (int i = 0; i < runs; i++) {
            for (int f = 0; f < formats.size(); f++) {
                long t0 = System.nanoTime();
                q.body().apply(formats.get(f)).collectAsList();
                ms[f][i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        double[][] stats = new double[formats.size()][];
        for (int f = 0; f < formats.size(); f++) {
            double[] m = ms[f];
            double mean = Arrays.stream(m).average().orElseThrow();
            double var = Arrays.stream(m).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, runs - 1);
            stats[f] = new double[] {mean, Math.sqrt(var), Arrays.stream(m).min().orElseThrow()};
        }
        return stats;
    }

    private static void report(long n, String query, String format, Dataset<Row> df, double[] t, double[] base) {
        int splits = df.rdd().getNumPartitions();
        System.out.printf("%-9d %-13s %-16s %6d %9.1f %8.1f %9.1f %8.2f%n", n, query, format, splits, t[0], t[1], t[2], t[0] / base[0]);
    }
}

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

/**
 * A timed main (not a test, not JMH): the same Spark aggregate over the same records stored three
 * ways — a struct file read by this connector, JSON Lines and Parquet, both written by Spark itself
 * from the struct file's DataFrame. Prints the median and best of the runs per format and the ratio
 * to the struct file. Run it on a quiet machine:
 * {@code mvn -B -pl spark -am -Pspark-bench -DskipTests verify -Dbench.rows=1000000,10000000}
 * (each run: count, mean latitude and longitude sum per country over GeoPlace-shaped records).
 */
public final class SparkFormatsBenchmark {
    private SparkFormatsBenchmark() {}

    private static final String[] COUNTRIES = {"DE", "FR", "US", "BR", "IN", "CN", "JP", "ZA", "AU", "NO", "ES", "IT"};

    public static void main(String[] args) throws Exception {
        long[] sizes = Arrays.stream((args.length > 0 ? args[0] : "1000000,10000000").split(",")).mapToLong(Long::parseLong).toArray();
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path dir = Files.createTempDirectory("sb-spark-bench");
        SparkSession spark = SparkSession.builder().master("local[2]").appName("structbridge-formats")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        try {
            System.out.printf("%-10s %-8s %12s %12s %8s%n", "records", "format", "median ms", "best ms", "x struct");
            for (long n : sizes) {
                Path sb = dir.resolve("places-" + n + ".sb");
                write(sb, n);
                Dataset<Row> structs = spark.read().format("structbridge").option("type", GeoPlace.class.getName()).load(sb.toString());
                String json = dir.resolve("places-" + n + ".jsonl").toString();
                String parquet = dir.resolve("places-" + n + ".parquet").toString();
                structs.write().mode(SaveMode.Overwrite).json(json);
                structs.write().mode(SaveMode.Overwrite).parquet(parquet);
                double[] base = time(structs, runs);
                report(n, "struct", base, base);
                report(n, "json", time(spark.read().schema(structs.schema()).json(json), runs), base);
                report(n, "parquet", time(spark.read().parquet(parquet), runs), base);
            }
        } finally {
            spark.stop();
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

    /** {@return {median, best} milliseconds of {@code runs} runs of the aggregate, after one warm-up run} */
    private static double[] time(Dataset<Row> df, int runs) {
        df.groupBy("country").agg(org.apache.spark.sql.functions.count("*"), org.apache.spark.sql.functions.avg("lat"),
                org.apache.spark.sql.functions.sum("lng")).collectAsList();
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            df.groupBy("country").agg(org.apache.spark.sql.functions.count("*"), org.apache.spark.sql.functions.avg("lat"),
                    org.apache.spark.sql.functions.sum("lng")).collectAsList();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return new double[] {ms[runs / 2], ms[0]};
    }

    private static void report(long n, String format, double[] t, double[] base) {
        System.out.printf("%-10d %-8s %12.1f %12.1f %8.2f%n", n, format, t[0], t[1], t[0] / base[0]);
    }
}

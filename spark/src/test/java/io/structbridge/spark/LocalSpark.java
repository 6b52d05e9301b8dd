package io.structbridge.spark;

import org.apache.spark.sql.SparkSession;

/** A real Spark in this JVM ({@code local[2]}, 2 shuffle partitions, no UI): one per test class. */
final class LocalSpark {
    private LocalSpark() {}

    static SparkSession start() {
        return SparkSession.builder()
                .master("local[2]")
                .appName("structbridge-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.default.parallelism", "2")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.adaptive.enabled", "false")
                .getOrCreate();
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A profiling main (not a test): nanoseconds per struct of the pushed aggregate reader's loop without Spark (one split
 * of {@code n} GeoPlace-shaped records, one thread, each run a new reader that maps the file again): a count where
 * {@code lat > 85 AND lng < 0}, and {@code sum(lng)} per country; first, as the floor, the same count as a plain loop
 * over one mapping kept open (memory traffic alone). {@code ReaderLoopProbe <n>}.
 */
public final class ReaderLoopProbe {
    private ReaderLoopProbe() {}

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Path f = Files.createTempDirectory("loop").resolve("p.sb");
        Random r = new Random(1);
        String[] cs = {"DE", "FR", "US", "BR", "IN", "CN", "JP", "ZA", "AU", "NO", "ES", "IT"};
        try (StructFile<GeoPlace> sf = StructFile.create(f, GeoPlaceStruct.TYPE, n)) {
            List<GeoPlace> b = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                b.add(new GeoPlace(r.nextDouble() * 180 - 90, r.nextDouble() * 360 - 180, "place " + i, cs[r.nextInt(cs.length)]));
            }
            sf.appendAll(b);
        }
        ReadOptions o = ReadOptions.from(Map.of("path", f.toString(), "type", GeoPlace.class.getName()));
        StructSplit split = new StructSplit(o, StructFiles.probe(o).identity(), 0, n);
        StructType full = new StructType().add("lat", DataTypes.DoubleType, false).add("lng", DataTypes.DoubleType, false)
                .add("name", DataTypes.StringType, false).add("country", DataTypes.StringType, false);
        FilterSpec filter = new FilterSpec.And(new FilterSpec.Compare("lat", FilterSpec.Op.GT, 85.0),
                new FilterSpec.Compare("lng", FilterSpec.Op.LT, 0.0));
        AggregatePlan count = new AggregatePlan(List.of(), List.of(new AggregatePlan.Function(AggregatePlan.Kind.COUNT, null)),
                new StructType().add("c", DataTypes.LongType), true, true);
        AggregatePlan group = new AggregatePlan(List.of("country"), List.of(new AggregatePlan.Function(AggregatePlan.Kind.SUM, "lng")),
                new StructType().add("country", DataTypes.StringType).add("s", DataTypes.DoubleType), true, true);
        StructType in = new StructType().add(full.apply("country")).add(full.apply("lng"));
        try (StructFile<GeoPlace> mapped = StructFile.open(f, GeoPlaceStruct.TYPE, false)) {
            java.lang.foreign.MemorySegment seg = mapped.storedStructs();
            long stride = mapped.stride();
            for (int rep = 0; rep < 6; rep++) {
                long t0 = System.nanoTime();
                long hits = 0;
                for (long i = 0; i < n; i++) {
                    double lat = seg.get(java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED, i * stride);
                    double lng = seg.get(java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED, i * stride + 8);
                    if (lat > 85 && lng < 0) {
                        hits++;
                    }
                }
                System.out.printf("raw loop over one mapping kept open: %.1f ns/struct (%d hits)%n", (System.nanoTime() - t0) / (double) n, hits);
            }
        }
        for (int rep = 0; rep < 8; rep++) {
            long t0 = System.nanoTime();
            long rows = drain(new AggregateReader(split, ReadPlan.of(new StructType(), filter, full), count));
            long t1 = System.nanoTime();
            long groups = drain(new AggregateReader(split, ReadPlan.of(in, null, full), group));
            long t2 = System.nanoTime();
            System.out.printf("count-filter %.1f ns/struct (%d rows), grouped-sum %.1f ns/struct (%d groups)%n",
                    (t1 - t0) / (double) n, rows, (t2 - t1) / (double) n, groups);
        }
    }

    static long drain(PartitionReader<InternalRow> r) throws Exception {
        long k = 0;
        try (r) {
            while (r.next()) {
                r.get();
                k++;
            }
        }
        return k;
    }
}

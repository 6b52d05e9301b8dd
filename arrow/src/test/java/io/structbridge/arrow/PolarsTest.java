package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.runtime.StructFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Polars (its own IPC reader, no pyarrow) reads the IPC file written from the GeoNames struct file; its
 * group-by (rows and mean latitude per country) and its 5 northernmost places equal Java's computation
 * over the records.
 */
class PolarsTest {
    @TempDir
    Path dir;

    private static final String GROUP_BY = """
            import sys, polars as pl
            df = pl.read_ipc(sys.argv[2])  # polars 2 has no memory_map argument (it was False here)
            g = df.group_by("country").agg(pl.len().alias("n"), pl.col("lat").mean().alias("mean")).sort("country")
            for country, n, mean in g.iter_rows():
                print(f"{country}\\t{n}\\t{mean!r}")
            top = df.sort(["lat", "name"], descending=[True, False]).head(5)
            for name, country, lat in top.select("name", "country", "lat").iter_rows():
                print(f"top\\t{name}\\t{country}\\t{lat!r}")
            """;

    @Test
    void polarsGroupByOverTheIpcFileEqualsJava() throws Exception {
        Python.requireModule("polars");
        List<GeoPlace> places = GeoNames.places();
        Path sb = dir.resolve("places.sb");
        try (StructFile<GeoPlace> f = StructFile.create(sb, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        Path ipc = dir.resolve("places.arrow");
        try (StructFile<GeoPlace> f = StructFile.open(sb, GeoPlaceStruct.TYPE, false)) {
            ArrowFiles.writeIpc(f, ipc);
        }
        Map<String, double[]> java = new TreeMap<>(Comparator.naturalOrder());
        for (GeoPlace p : places) {
            double[] s = java.computeIfAbsent(p.country(), k -> new double[2]);
            s[0] += p.lat();
            s[1]++;
        }
        List<String> groups = new ArrayList<>();
        List<String> top = new ArrayList<>();
        for (String line : Python.script(GROUP_BY, ipc.toString()).split("\n")) {
            (line.startsWith("top\t") ? top : groups).add(line);
        }
        assertEquals(java.size(), groups.size(), "countries");
        int i = 0;
        for (Map.Entry<String, double[]> e : java.entrySet()) {
            String[] f = groups.get(i++).split("\t");
            assertEquals(e.getKey(), f[0]);
            assertEquals((long) e.getValue()[1], Long.parseLong(f[1]), e.getKey());
            double mean = e.getValue()[0] / e.getValue()[1];
            assertEquals(mean, Double.parseDouble(f[2]), 1e-9 * Math.max(1, Math.abs(mean)), e.getKey());
        }
        List<GeoPlace> north = places.stream().sorted(Comparator.comparingDouble(GeoPlace::lat).reversed()
                .thenComparing(GeoPlace::name)).limit(5).toList();
        assertEquals(5, top.size(), String.join("\n", top));
        for (int k = 0; k < 5; k++) {
            GeoPlace p = north.get(k);
            String[] f = top.get(k).split("\t");
            assertEquals(List.of(p.name(), p.country(), p.lat()), List.of(f[1], f[2], Double.parseDouble(f[3])), "place " + k);
        }
        assertTrue(places.size() > 100_000);
    }
}

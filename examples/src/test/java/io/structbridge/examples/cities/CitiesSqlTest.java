package io.structbridge.examples.cities;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.StructFile;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main job's SQL step: DuckDB's answers over the GeoNames struct file (through the Arrow C stream)
 * equal Java's own computation over the records of the same file.
 */
class CitiesSqlTest {
    @TempDir
    static Path dir;
    static Path structFile;
    static List<Place> places;
    static CitiesSql.Result sql;

    @BeforeAll
    static void writeTheStructFileAndQueryIt() throws Exception {
        structFile = dir.resolve("cities.sb");
        CitiesPipeline.run(CitiesPipelineTest.INPUT, structFile, dir.resolve("absent.so"), 52.52, 13.405, 5);
        try (StructFile<Place> f = StructFile.open(structFile, PlaceStruct.TYPE, false)) {
            places = new java.util.ArrayList<>();
            for (long i = 0; i < f.count(); i++) {
                places.add(f.get(i));
            }
        }
        sql = CitiesSql.run(structFile);
    }

    @Test
    void topCountriesByPlacesAndTheirMeanLatitudeEqualJava() {
        Map<String, double[]> sums = new HashMap<>();
        for (Place p : places) {
            double[] s = sums.computeIfAbsent(p.country(), k -> new double[2]);
            s[0] += p.lat();
            s[1]++;
        }
        List<Map.Entry<String, double[]>> top = sums.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, double[]>>comparingDouble(e -> -e.getValue()[1]).thenComparing(Map.Entry::getKey))
                .limit(10).toList();
        assertEquals(places.size(), sql.places());
        assertEquals(10, sql.countries().size());
        for (int i = 0; i < 10; i++) {
            CitiesSql.CountryRow row = sql.countries().get(i);
            Map.Entry<String, double[]> java = top.get(i);
            assertEquals(java.getKey(), row.country(), "rank " + i);
            assertEquals((long) java.getValue()[1], row.places(), java.getKey());
            double mean = java.getValue()[0] / java.getValue()[1];
            assertEquals(mean, row.meanLat(), 1e-9 * Math.max(1, Math.abs(mean)), java.getKey());
        }
    }

    @Test
    void theFiveNorthernmostEqualJava() {
        List<Place> java = places.stream().sorted(Comparator.comparingDouble(Place::lat).reversed().thenComparing(Place::name))
                .limit(5).toList();
        assertEquals(5, sql.northernmost().size());
        for (int i = 0; i < 5; i++) {
            Place p = java.get(i);
            assertEquals(new CitiesSql.PlaceRow(p.name(), p.country(), p.lat(), p.lng()), sql.northernmost().get(i), "place " + i);
        }
    }

    @Test
    void theReportPrintsBothTables() throws Exception {
        String report = CitiesSql.report(structFile);
        assertTrue(report.contains("    country   places   mean lat\n"), report);
        assertTrue(report.contains(String.format("    %-7s %8d", sql.countries().getFirst().country(), sql.countries().getFirst().places())), report);
        assertTrue(report.contains(sql.northernmost().getFirst().name()), report);
    }
}

package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.StructFile;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL over the GeoNames struct file in DuckDB (JDBC driver, embedded): our ArrowArrayStream, imported
 * by DuckDB itself (through Arrow Java's {@code ArrowArrayStream} handle) and registered as a table; count, mean latitude per
 * country and the 5 northernmost places equal Java's own computation over the records.
 */
class DuckDbSqlTest {
    static List<GeoPlace> places;
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void writeStructFile() throws Exception {
        places = GeoNames.places();
        file = dir.resolve("places.sb");
        try (StructFile<GeoPlace> f = StructFile.create(file, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
    }

    /** Runs {@code sql} over a fresh stream of the file registered as table {@code places}; rows as strings. */
    static List<List<Object>> query(String sql) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        int unreleased = ArrowExport.unreleasedStructs();
        try (StructFile<GeoPlace> f = StructFile.open(file, GeoPlaceStruct.TYPE, false);
             BufferAllocator allocator = new RootAllocator();
             ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
            ArrowStreamExport.exportStream(f, 50_000, MemorySegment.ofAddress(stream.memoryAddress()));
            // DuckDB 2.0's JDBC driver reads the C stream itself: it takes Arrow Java's ArrowArrayStream (a
            // handle on the C struct we filled), not an ArrowReader
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
                c.unwrap(DuckDBConnection.class).registerArrowStream("places", stream);
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= n; i++) {
                            row.add(rs.getObject(i));
                        }
                        rows.add(row);
                    }
                }
            }
        }
        assertEquals(0, ArrowStreamExport.unreleasedStreams(), "the stream was released");
        assertEquals(unreleased, ArrowExport.unreleasedStructs(), "every batch was released");
        return rows;
    }

    @Test
    void countEqualsJava() throws Exception {
        List<List<Object>> rows = query("SELECT count(*), count(DISTINCT country) FROM places");
        assertTrue(places.size() > 100_000, "the GeoNames file: " + places.size());
        assertEquals(places.size(), ((Number) rows.getFirst().get(0)).longValue());
        assertEquals(places.stream().map(GeoPlace::country).distinct().count(), ((Number) rows.getFirst().get(1)).longValue());
    }

    @Test
    void meanLatitudePerCountryEqualsJava() throws Exception {
        Map<String, double[]> java = new TreeMap<>();
        for (GeoPlace p : places) {
            double[] s = java.computeIfAbsent(p.country(), k -> new double[2]);
            s[0] += p.lat();
            s[1]++;
        }
        List<List<Object>> rows = query("SELECT country, count(*), avg(lat) FROM places GROUP BY country ORDER BY country");
        assertEquals(java.size(), rows.size());
        int i = 0;
        for (Map.Entry<String, double[]> e : java.entrySet()) {
            List<Object> row = rows.get(i++);
            assertEquals(e.getKey(), row.get(0));
            assertEquals((long) e.getValue()[1], ((Number) row.get(1)).longValue(), e.getKey());
            double mean = e.getValue()[0] / e.getValue()[1];
            assertEquals(mean, ((Number) row.get(2)).doubleValue(), 1e-9 * Math.max(1, Math.abs(mean)), e.getKey());
        }
    }

    @Test
    void fiveNorthernmostEqualJava() throws Exception {
        List<GeoPlace> java = places.stream().sorted(Comparator.comparingDouble(GeoPlace::lat).reversed()
                .thenComparing(GeoPlace::name)).limit(5).toList();
        List<List<Object>> rows = query("SELECT name, country, lat, lng FROM places ORDER BY lat DESC, name LIMIT 5");
        assertEquals(5, rows.size());
        for (int i = 0; i < 5; i++) {
            GeoPlace p = java.get(i);
            assertEquals(List.of(p.name(), p.country(), p.lat(), p.lng()), rows.get(i), "place " + i);
        }
    }
}

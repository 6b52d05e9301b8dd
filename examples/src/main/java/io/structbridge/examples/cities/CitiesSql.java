package io.structbridge.examples.cities;

import io.structbridge.arrow.files.DuckDbTables;
import io.structbridge.runtime.StructFile;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * SQL over the struct file of places in DuckDB (embedded, JDBC): the file is handed to DuckDB as an
 * Arrow C stream ({@link DuckDbTables}), no copy into a database and no text in between.
 */
public final class CitiesSql {
    private CitiesSql() {}

    /** The places and mean latitude of one country. */
    public record CountryRow(String country, long places, double meanLat) {}

    /** One place. */
    public record PlaceRow(String name, String country, double lat, double lng) {}

    /** The results of both queries and the time they took. */
    public record Result(long places, List<CountryRow> countries, List<PlaceRow> northernmost, long millis) {}

    /** Per country: places and mean latitude, the 10 countries with the most places (ties by code). */
    public static final String TOP_COUNTRIES = "SELECT country, count(*) AS places, avg(lat) AS mean_lat FROM places"
            + " GROUP BY country ORDER BY places DESC, country LIMIT 10";

    /** The 5 northernmost places (ties by name). */
    public static final String NORTHERNMOST = "SELECT name, country, lat, lng FROM places ORDER BY lat DESC, name LIMIT 5";

    /**
     * {@return both queries' results over the struct file}
     *
     * @param structFile a struct file of {@link Place}s
     * @throws IOException if the file cannot be opened
     */
    public static Result run(Path structFile) throws IOException {
        long start = System.nanoTime();
        try (StructFile<Place> file = StructFile.open(structFile, PlaceStruct.TYPE, false);
             Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            List<CountryRow> countries = DuckDbTables.query(db, "places", file, TOP_COUNTRIES, rs -> {
                List<CountryRow> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(new CountryRow(rs.getString(1), rs.getLong(2), rs.getDouble(3)));
                }
                return out;
            });
            List<PlaceRow> north = DuckDbTables.query(db, "places", file, NORTHERNMOST, CitiesSql::places);
            return new Result(file.count(), countries, north, (System.nanoTime() - start) / 1_000_000);
        } catch (SQLException e) {
            throw new IOException(structFile + ": DuckDB: " + e.getMessage(), e);
        }
    }

    private static List<PlaceRow> places(ResultSet rs) throws SQLException {
        List<PlaceRow> out = new ArrayList<>();
        while (rs.next()) {
            out.add(new PlaceRow(rs.getString(1), rs.getString(2), rs.getDouble(3), rs.getDouble(4)));
        }
        return out;
    }

    /**
     * {@return the report the main job prints: two small tables}
     *
     * @param structFile a struct file of places
     * @throws IOException if the file cannot be opened
     */
    public static String report(Path structFile) throws IOException {
        Result r = run(structFile);
        StringBuilder b = new StringBuilder();
        b.append("SQL over the struct file in DuckDB (Arrow C stream, no database copy, no text): ").append(structFile).append(" (")
                .append(r.places()).append(" places, ").append(r.millis()).append(" ms)\n");
        b.append("  ").append(TOP_COUNTRIES).append('\n');
        b.append(String.format("    %-7s %8s %10s%n", "country", "places", "mean lat"));
        for (CountryRow c : r.countries()) {
            b.append(String.format("    %-7s %8d %10.4f%n", c.country(), c.places(), c.meanLat()));
        }
        b.append("  ").append(NORTHERNMOST).append('\n');
        b.append(String.format("    %-24s %-7s %9s %10s%n", "name", "country", "lat", "lng"));
        for (PlaceRow p : r.northernmost()) {
            b.append(String.format("    %-24s %-7s %9.4f %10.4f%n", p.name(), p.country(), p.lat(), p.lng()));
        }
        return b.toString();
    }
}

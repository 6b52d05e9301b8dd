package io.structbridge.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The GeoNames cities of {@code data/geonames-cities} (CC BY 4.0), read with Jackson as the main job reads them. */
final class GeoNames {
    private GeoNames() {}

    static final Path FILE = Path.of(System.getProperty("basedir", "."), "..", "data", "geonames-cities", "cities.json.gz");

    /** {@return the places whose name fits 63 UTF-8 bytes (the main job rejects the others)} */
    static List<GeoPlace> places() throws IOException {
        List<Map<String, String>> raw;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(FILE))) {
            raw = JsonMapper.builder().build().readValue(in, new TypeReference<List<Map<String, String>>>() {});
        }
        List<GeoPlace> out = new ArrayList<>(raw.size());
        for (Map<String, String> m : raw) {
            String name = m.get("name");
            if (name.getBytes(StandardCharsets.UTF_8).length > 63) {
                continue;
            }
            out.add(new GeoPlace(Double.parseDouble(m.get("lat")), Double.parseDouble(m.get("lng")), name, m.get("country")));
        }
        return out;
    }
}

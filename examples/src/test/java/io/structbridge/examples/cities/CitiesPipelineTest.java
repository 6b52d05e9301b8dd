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

    /**
     * The Python extension module written in Mojo ({@code src/main/mojo/nearest_mojo.mojo}, built by
     * {@code nearest_mojo.py} with {@code mojo build --emit shared-lib}) finds the same places and distances as Java and
     * the C kernel over the same struct file: the command of docs/getting-started.md, on this test's struct file.
     */
    @Test
    void theMojoExtensionFindsTheSamePlacesOverTheMemmap() throws Exception {
        Oracles.require("python3");
        Oracles.require("mojo");
        Path err = dir.resolve("nearest_mojo.err");
        Process p = new ProcessBuilder("python3", "src/main/python/nearest_mojo.py", nativeRun.structFile().toString(),
                "52.52", "13.405", "5").redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(900, TimeUnit.SECONDS) && p.exitValue() == 0, out + Files.readString(err));
        assertTrue(Files.readString(err).contains("Mojo kernel over " + nativeRun.accepted() + " Place structs at 0x"), Files.readString(err));
        JsonMapper json = JsonMapper.builder().build();
        JsonNode mojo = json.readTree(out);
        JsonNode java = json.readTree(nativeRun.json());
        assertEquals(java.size(), mojo.size());
        for (int i = 0; i < java.size(); i++) {
            assertEquals(java.get(i).get("index").asInt(), mojo.get(i).get("index").asInt());
            assertEquals(java.get(i).get("name").asString(), mojo.get(i).get("name").asString());
            assertEquals(java.get(i).get("country").asString(), mojo.get(i).get("country").asString());
            assertEquals(java.get(i).get("km").asDouble(), mojo.get(i).get("km").asDouble(), 1e-9);
        }
    }

    /** The main job's Mojo step: the command, and where mojo is missing first the one command that installs it. */
    @Test
    void theReportPrintsTheMojoStepOrHowToInstallMojo() {
        Path sb = Path.of("/data/cities.sb");
        String run = "python3 examples/src/main/python/nearest_mojo.py /data/cities.sb 52.52 13.405 5";
        assertEquals("  Mojo: " + run + "   (builds the Mojo extension nearest_mojo on first use)\n",
                CitiesPipeline.mojoStep(sb, 52.52, 13.405, 5, true));
        assertEquals("  Mojo: not installed; install it with: python3 -m pip install mojo==1.2.0\n        then: " + run + "\n",
                CitiesPipeline.mojoStep(sb, 52.52, 13.405, 5, false));
    }

    /**
     * No copy: Python moves place 100 of a copy of the struct file onto the query point through the writable memmap,
     * and the Mojo kernel, given the memmap's address, finds it at distance 0 first.
     */
    @Test
    void theMojoKernelReadsTheMemmapItself() throws Exception {
        Oracles.require("python3");
        Oracles.require("mojo");
        Path copy = dir.resolve("moved.sb");
        Files.copy(nativeRun.structFile(), copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        // the extension is built by the test above or here, through the script
        Process build = new ProcessBuilder("python3", "src/main/python/nearest_mojo.py", copy.toString(), "0", "0", "1")
                .redirectErrorStream(true).start();
        String log = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(build.waitFor(900, TimeUnit.SECONDS) && build.exitValue() == 0, log);
        String script = String.join("\n",
                "import sys",
                "sys.path.insert(0, 'target/python')",
                "sys.path.insert(0, 'target/mojo')",
                "import Place, nearest_mojo",
                "a = Place.open_array(sys.argv[1], mode='r+')",
                "a[100]['lat'] = -33.5",
                "a[100]['lng'] = 151.25",
                "a.flush()",
                "print(nearest_mojo.nearest(a.ctypes.data, len(a), -33.5, 151.25, 1))");
        Process p = new ProcessBuilder("python3", "-c", script, copy.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        assertEquals("[(100, 0.0)]", out.strip());
    }

    /** The command of docs/getting-started.md ({@code nearest.py FILE 52.52 13.405 5}), on this test's struct file. */
    @Test
    void pythonOpensTheSameFileWithTheGeneratedDtypeAndAgrees() throws Exception {
        Oracles.require("python3");
        Path err = dir.resolve("nearest.err");
        Process p = new ProcessBuilder("python3", "src/main/python/nearest.py", nativeRun.structFile().toString(),
                "52.52", "13.405", "5").redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, out + Files.readString(err));
        // validate_array over the memmap first: Java's validateAll verdict on the same file (no violation)
        assertEquals(nativeRun.violations() + " violations in " + nativeRun.accepted() + " Place structs", Files.readString(err).strip());
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

    /**
     * The second ABI: the same kernel source ({@code src/main/c/cities.c}, against the generated
     * {@code Place.h}/{@code Hit.h}), cross-compiled with aarch64-linux-gnu-gcc ({@code -static}) into a
     * small program that reads the struct file Java wrote and runs under qemu-aarch64, finds the same
     * places at the same distances.
     */
    @Test
    void theKernelCrossCompiledForAarch64ReadsTheSameStructFileUnderQemu() throws Exception {
        Path cc = Oracles.require("aarch64-linux-gnu-gcc");
        Path qemu = Oracles.require("qemu-aarch64");
        Path driver = dir.resolve("nearest_main.c");
        Files.writeString(driver, """
                #include <stdint.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                #include "Place.h"
                #include "Hit.h"
                void nearest(const Place* places, int64_t count, double lat, double lng, int32_t k, Hit* out);
                int main(int argc, char **argv) {
                    if (argc != 4) return 2;
                    FILE *f = fopen(argv[1], "rb");
                    if (!f) { perror(argv[1]); return 2; }
                    unsigned char h[128];
                    if (fread(h, 1, 128, f) != 128) return 2;
                    uint64_t size, count, data;
                    memcpy(&size, h + 16, 8); memcpy(&count, h + 40, 8); memcpy(&data, h + 48, 8);
                    if (size != sizeof(Place)) { fprintf(stderr, "size %llu\\n", (unsigned long long) size); return 3; }
                    Place *places = aligned_alloc(_Alignof(Place), count * sizeof(Place) + sizeof(Place));
                    fseek(f, (long) data, SEEK_SET);
                    if (fread(places, sizeof(Place), count, f) != count) return 4;
                    Hit hits[5];
                    nearest(places, (int64_t) count, atof(argv[2]), atof(argv[3]), 5, hits);
                    for (int i = 0; i < 5; i++) printf("%d %.17g\\n", hits[i].index, hits[i].km);
                    return 0;
                }
                """);
        Path exe = dir.resolve("nearest.aarch64");
        Oracles.run(List.of(cc.toString(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-static",
                "-I", Path.of("target", "c-headers").toAbsolutePath().toString(), "-o", exe.toString(), driver.toString(),
                Path.of("src", "main", "c", "cities.c").toAbsolutePath().toString(), "-lm"));
        String out = Oracles.run(List.of(qemu.toString(), exe.toString(), nativeRun.structFile().toString(), "52.52", "13.405"));
        List<String> lines = out.lines().toList();
        assertEquals(5, lines.size(), out);
        for (int i = 0; i < 5; i++) {
            String[] w = lines.get(i).split(" ");
            assertEquals(nativeRun.hits().get(i).index(), Integer.parseInt(w[0]), out);
            assertEquals(nativeRun.hits().get(i).km(), Double.parseDouble(w[1]), 1e-9, out);
        }
    }
}

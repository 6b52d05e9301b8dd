package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.processor.write.cheader.CArrowRuntime;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C Arrow runtime {@code structbridge_arrow.h} is one real file, {@code layout-runtime/src/main/c/structbridge_arrow.h}:
 * the processor holds it byte for byte as a resource, writes it once into {@code -Astructbridge.headerDir} beside the
 * headers (not into the class output, where each file has one originating record), and every header with an export
 * includes it instead of carrying its text. Alone (a translation unit that only includes it, twice) it compiles with
 * gcc, g++, the AArch64 cross gcc and nvcc, strict ISO ({@code -pedantic}) and GNU, all warnings errors.
 */
class CArrowRuntimeTest {
    /** The source, relative to the processor module (the folder surefire runs in). */
    private static final Path SOURCE = Path.of("../layout-runtime/src/main/c", CArrowRuntime.FILE);

    private static final Map<String, String> SOURCES = Map.of(
            "p.Point", "package p;\n@io.structbridge.annotations.Struct public record Point(double x, double y) {}\n",
            "p.Shape", "package p;\n@io.structbridge.annotations.Struct public record Shape(Point at, int sides) {}\n",
            "p.Blob", "package p;\n@io.structbridge.annotations.Union public record Blob(int i, float f) {}\n");

    @Test
    void oneFileWrittenOnceBesideTheHeadersAndIncludedByEachExport(@TempDir Path dir) throws Exception {
        DiskCompilation c = DiskCompilation.compile(dir, SOURCES, "-Astructbridge.headerDir=" + dir.resolve("h"));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        byte[] source = Files.readAllBytes(SOURCE);
        assertArrayEquals(source, CArrowRuntime.text().getBytes(StandardCharsets.UTF_8), "the processor's resource is the source");
        assertArrayEquals(source, Files.readAllBytes(dir.resolve("h").resolve(CArrowRuntime.FILE)), "the copy in headerDir");
        assertEquals(List.of("Blob.h", "Point.h", "Shape.h", CArrowRuntime.FILE), DiskCompilation.files(dir.resolve("h")));
        assertTrue(DiskCompilation.files(c.classes()).stream().noneMatch(f -> f.endsWith(CArrowRuntime.FILE)),
                "the class output holds no runtime (one originating record per file)");
        for (String name : List.of("Point", "Shape")) {
            String h = Files.readString(dir.resolve("h").resolve(name + ".h"));
            int arrow = h.indexOf("#ifdef STRUCTBRIDGE_ARROW\n");
            int include = h.indexOf("#include \"structbridge_arrow.h\"\n");
            assertTrue(arrow >= 0 && include > arrow && h.indexOf(name + "_export_arrow(") > include,
                    name + ".h includes the runtime in its opt-in section, before its export:\n" + h);
            assertEquals(include, h.lastIndexOf("#include \"structbridge_arrow.h\""), name + ".h includes it once");
            for (String runtimeText : List.of("ARROW_C_DATA_INTERFACE", "struct ArrowSchema {", "sb_arrow_put(sb_arrow_ctx",
                    "STRUCTBRIDGE_ARROW_MALLOC(size)", "<stdlib.h>")) {
                assertFalse(h.contains(runtimeText), name + ".h carries no runtime text: " + runtimeText);
            }
        }
        String union = Files.readString(dir.resolve("h").resolve("Blob.h"));
        assertTrue(union.contains("Blob_export_arrow is not generated") && !union.contains("structbridge_arrow.h"),
                "a struct without export includes no runtime:\n" + union);
    }

    @Test
    void theSourceKeepsItsShape() throws Exception {
        String text = Files.readString(SOURCE);
        assertFalse(text.contains("\\\\"), "no Java string escaping left");
        assertTrue(text.contains("'\\0'"), "C character escapes as C writes them");
        assertTrue(text.contains("arrow.apache.org/docs/format/CDataInterface.html"), "the spec it follows");
        assertTrue(text.indexOf("#ifndef STRUCTBRIDGE_ARROW_RUNTIME\n#define STRUCTBRIDGE_ARROW_RUNTIME\n")
                < text.indexOf("#include <stdlib.h>"), "include guard first");
        assertTrue(text.indexOf("#include <string.h>") < text.indexOf("extern \"C\" {"), "standard headers outside extern \"C\"");
        assertTrue(text.stripTrailing().endsWith("#endif /* STRUCTBRIDGE_ARROW_RUNTIME */"));
    }

    /** The imports every Python module begins with ({@code module_header.py}) are Python that runs on its own. */
    @Test
    void theModuleHeaderIsPythonThatRuns(@TempDir Path dir) throws Exception {
        Path header = Path.of("src/main/resources/io/structbridge/processor/write/python/module_header.py").toAbsolutePath();
        Process p = new ProcessBuilder(Gcc.tool("python3"), "-B", "-c", "import runpy\n"
                + "g = runpy.run_path(" + "'" + header + "'" + ")\n"
                + "assert all(k in g for k in ('_SB_ctypes', '_SB_typing', '_SB_np', '_SB_BaseModel')), sorted(g)\nprint('ok')\n")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals("ok\n", out);
    }

    /** Compiler lines: strict ISO with -pedantic, and GNU; nvcc has no -pedantic (its own generated code is not ISO). */
    private static final List<List<String>> MODES = List.of(
            List.of("gcc", "-x", "c", "-std=c11", "-pedantic"), List.of("gcc", "-x", "c", "-std=gnu11"),
            List.of("gcc", "-x", "c", "-std=gnu17"),
            List.of("g++", "-x", "c++", "-std=c++17", "-pedantic"), List.of("g++", "-x", "c++", "-std=gnu++17"),
            List.of("aarch64-linux-gnu-gcc", "-x", "c", "-std=c11", "-pedantic"),
            List.of("aarch64-linux-gnu-gcc", "-x", "c", "-std=gnu17"),
            List.of("nvcc", "-x", "cu", "-std=c++17", "-Werror", "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror"));

    @TestFactory
    Stream<DynamicTest> compilesOnItsOwn(@TempDir Path dir) {
        return MODES.stream().map(mode -> DynamicTest.dynamicTest(String.join(" ", mode), () -> {
            List<String> cmd = new ArrayList<>(mode);
            cmd.set(0, Gcc.tool(mode.getFirst()));
            String tag = String.join("", mode).replaceAll("[^A-Za-z0-9]", "");
            // the macros every header carries (structbridge_macros.h, written into each header) on their own too, used
            Path unit = Files.writeString(dir.resolve(tag + ".c"), "#include \"structbridge_arrow.h\"\n"
                    + "#include \"structbridge_arrow.h\" /* include guard */\n"
                    + "#include \"structbridge_macros.h\"\n#include \"structbridge_macros.h\" /* include guard */\n"
                    + "struct sb_probe { SB_ALIGNAS(16) int a; };\n"
                    + "SB_STATIC_ASSERT(SB_ALIGNOF(struct sb_probe) == 16, \"SB_ALIGNAS\");\nint sb_unit;\n");
            if (!mode.getFirst().equals("nvcc")) {
                cmd.addAll(List.of("-Wall", "-Wextra", "-Werror"));
            }
            cmd.addAll(List.of("-O2", "-I", SOURCE.toAbsolutePath().getParent().toString(),
                    "-I", Path.of("src/main/resources/io/structbridge/processor/write/cheader").toAbsolutePath().toString(),
                    "-c", unit.toString(), "-o",
                    dir.resolve(tag + ".o").toString()));
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
            assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
            assertTrue(Files.size(dir.resolve(tag + ".o")) > 0);
        }));
    }
}

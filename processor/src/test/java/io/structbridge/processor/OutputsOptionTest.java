package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.processor.check.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -Astructbridge.outputs}: a kind left out gets none of its files, anywhere; a bad value is an error. */
class OutputsOptionTest {
    private static final Map<String, String> SOURCES = Map.of(
            "p.Point", "package p;\n@io.structbridge.annotations.Struct public record Point(double x, double y) {}\n",
            "p.Shape", "package p;\n@io.structbridge.annotations.Struct public record Shape(Point at, int sides) {}\n");

    private static DiskCompilation compile(Path dir, String... options) {
        List<String> all = new java.util.ArrayList<>(List.of("-Astructbridge.headerDir=" + dir.resolve("h"),
                "-Astructbridge.pythonDir=" + dir.resolve("py"), "-Astructbridge.schemaDir=" + dir.resolve("json")));
        all.addAll(List.of(options));
        return DiskCompilation.compile(dir, SOURCES, all.toArray(String[]::new));
    }

    private static List<String> files(Path dir) {
        return Files.isDirectory(dir) ? DiskCompilation.files(dir) : List.of();
    }

    @Test
    void everyKindByDefault(@TempDir Path dir) {
        DiskCompilation c = compile(dir);
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        List<String> out = files(c.classes());
        for (String f : List.of("p/PointStruct.class", "p/PointValidator.class", "p/Point.h", "p/Point.py", "p/Point.mojo",
                "p/Point.schema.json")) {
            assertTrue(out.contains(f), f + " in " + out);
        }
        assertEquals(List.of("Point.h", "Shape.h", "structbridge_arrow.h"), files(dir.resolve("h")), "the headers and their runtime");
        assertEquals(List.of("Point.mojo", "Point.py", "Shape.mojo", "Shape.py", "structbridge_rt.mojo", "structbridge_rt.py"),
                files(dir.resolve("py")));
    }

    @Test
    void aKindLeftOutHasNoFileAnywhere(@TempDir Path dir) {
        DiskCompilation c = compile(dir, "-Astructbridge.outputs=c, schema");
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        // the records' own classes, and of the generated files only the headers and the schemas
        assertEquals(List.of("p/Point.class", "p/Point.h", "p/Point.schema.json", "p/Shape.class", "p/Shape.h", "p/Shape.schema.json"),
                files(c.classes()));
        assertEquals(List.of(), files(c.sources()), "no generated Java source");
        assertEquals(List.of("Point.h", "Shape.h", "structbridge_arrow.h"), files(dir.resolve("h")));
        assertEquals(List.of("Point.schema.json", "Shape.schema.json"), files(dir.resolve("json")));
        assertEquals(List.of(), files(dir.resolve("py")), "no Python or Mojo file, and no runtime");

        DiskCompilation java = compile(dir.resolve("java"), "-Astructbridge.outputs=java,mojo");
        assertTrue(java.success(), () -> String.join("\n", java.errors()));
        List<String> out = files(java.classes());
        assertTrue(out.contains("p/ShapeStruct.class") && out.contains("p/Shape.mojo"), out.toString());
        assertTrue(out.stream().noneMatch(f -> f.endsWith(".h") || f.endsWith(".py") || f.endsWith(".schema.json")), out.toString());
        assertEquals(List.of("Point.mojo", "Shape.mojo", "structbridge_rt.mojo"), files(dir.resolve("java/py")));
        assertEquals(List.of(), files(dir.resolve("java/h")), "no header, and no C runtime");
    }

    @Test
    void aBadListIsAnErrorNamingTheWord(@TempDir Path dir) {
        DiskCompilation c = compile(dir, "-Astructbridge.outputs=java,rust");
        assertEquals(List.of(Message.OUTPUTS_OPTION.format("java,rust", "'rust' is not an output", "java, c, python, mojo, schema")),
                c.errors());
        DiskCompilation empty = compile(dir.resolve("empty"), "-Astructbridge.outputs=");
        assertEquals(List.of(Message.OUTPUTS_OPTION.format("", "it has an empty item", "java, c, python, mojo, schema")),
                empty.errors());
        assertEquals(List.of(), files(dir.resolve("h")), "nothing is written after a bad list");
    }

    @Test
    void aPythonPackageNeedsPython(@TempDir Path dir) {
        DiskCompilation c = compile(dir, "-Astructbridge.outputs=java,c", "-Astructbridge.pythonPackage=geo");
        assertEquals(List.of(Message.PYTHON_PACKAGE_WITHOUT_PYTHON.format("geo", "java,c")), c.errors());
        assertTrue(files(c.classes()).stream().noneMatch(f -> f.startsWith("geo/")), "no package");
    }
}

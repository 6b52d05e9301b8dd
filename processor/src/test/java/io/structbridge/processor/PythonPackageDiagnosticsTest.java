package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code -Astructbridge.pythonPackage=<name>}: the name is checked ({@link Message#PYTHON_PACKAGE_NAME}), records
 * whose module or exported names meet are refused ({@link Message#PYTHON_PACKAGE_CLASH}), and the package's
 * layout (modules, {@code __init__.py}, {@code py.typed}, nested structs imported from their own module) is
 * what python3 imports.
 */
class PythonPackageDiagnosticsTest {
    private static JavaFileObject src(String name, String... lines) {
        return Compilations.source(name, lines);
    }

    private static Compilation compile(String packageName, JavaFileObject... sources) {
        Compilation c = Compilations.compiler().withOptions(List.of("--release", "22", "-Xlint:all,-processing,-options",
                "-Astructbridge.pythonPackage=" + packageName)).compile(sources);
        Compilations.assertNoCrash(c);
        return c;
    }

    private static final JavaFileObject POINT = src("p.Point", "package p;",
            "@io.structbridge.annotations.Struct public record Point(int x, int y) {}");

    @ParameterizedTest
    @ValueSource(strings = {"", "1geo", "geo..cities", "geo.", ".geo", "geo-cities", "geo.class", "import", "json", "numpy.sub",
        "pydantic", "ctypes", "geo.__init__", "géo", "geo cities", "sys"})
    void badNamesAreRefused(String name) {
        Compilation c = compile(name, POINT);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[" + Message.PYTHON_PACKAGE_NAME.id() + "] -Astructbridge.pythonPackage=");
        assertEquals(List.of(Message.PYTHON_PACKAGE_NAME.id()), Compilations.errorIds(c));
    }

    @ParameterizedTest
    @ValueSource(strings = {"geo", "geo.cities", "_private", "Geo_2.x_1", "io_structs", "numpy_structs"})
    void goodNamesGiveThePackage(String name) {
        Compilation c = compile(name, POINT);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, name, "__init__.py").contentsAsUtf8String()
                .contains("from .point import Point, Point_dtype, PointModel, Point_TEXT, Point_ENUMS, PointView, PointRecord\n");
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, name, "py.typed");
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, name, "point.py");
        // the loose module stays beside the classes; the runtime is in the package, not beside the loose module (each
        // class-output file outside the package belongs to one record: an isolating processor's promise)
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "p", "Point.py");
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, name, "structbridge_rt.py");
        assertEquals(List.of(), c.generatedFiles().stream().map(javax.tools.FileObject::getName)
                .filter(f -> f.endsWith("/p/structbridge_rt.py")).toList());
    }

    @Test
    void recordsOfTheSameNameInTwoJavaPackagesClash() {
        Compilation c = compile("geo", POINT, src("q.Point", "package q;",
                "@io.structbridge.annotations.Struct public record Point(long x) {}"));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[" + Message.PYTHON_PACKAGE_CLASH.id() + "] record q.Point cannot join the Python package geo: "
                + "its module point.py is also the module of p.Point");
        assertThat(c).hadErrorContaining("q.Point").inFile(c.sourceFiles().get(1));
    }

    @Test
    void recordsWhoseModulesDifferInCaseOnlyClash() {
        Compilation c = compile("geo", src("p.Ab", "package p;", "@io.structbridge.annotations.Struct public record Ab(int x) {}"),
                src("q.AB", "package q;", "@io.structbridge.annotations.Struct public record AB(int x) {}"));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[SB-PYTHON-PACKAGE-CLASH] record q.AB cannot join the Python package geo: its module ab.py");
    }

    @Test
    void aRecordWhoseModuleWouldBeTheRuntimeClashes() {
        // Structbridge_RT is no structbridge_rt (refused as a loose module name), but its package module would be
        Compilation c = compile("geo", POINT, src("q.Structbridge_RT", "package q;",
                "@io.structbridge.annotations.Struct public record Structbridge_RT(int x) {}"));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[SB-PYTHON-PACKAGE-CLASH] record q.Structbridge_RT cannot join the Python package geo: "
                + "its module would be structbridge_rt.py, the structbridge Python runtime that every module of the package imports");
    }

    @Test
    void exportedNamesThatMeetClash() {
        // Point's module exports Point_dtype; a record named Point_dtype would be exported under the same name
        Compilation c = compile("geo", POINT, src("q.Point_dtype", "package q;",
                "@io.structbridge.annotations.Struct public record Point_dtype(int x) {}"));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[SB-PYTHON-PACKAGE-CLASH] record q.Point_dtype cannot join the Python package geo: "
                + "__init__.py would export Point_dtype for both p.Point and q.Point_dtype");
    }

    /**
     * Two records tagging one union by different discriminators: each module defines its own ShapeModel (the tag lives
     * in the record), so the package exports neither, and both modules import and validate by their own tag (python3).
     */
    @Test
    void twoRecordsTaggingOneUnionKeepTheirModelsInTheirModules(@TempDir Path dir) throws IOException, InterruptedException {
        String a = "io.structbridge.annotations.";
        DiskCompilation c = DiskCompilation.compile(dir, Map.of(
                "p.Kind", "package p; public enum Kind { @" + a + "Code(1) CIRCLE, @" + a + "Code(2) RECT }",
                "p.Circle", "package p; @" + a + "Struct public record Circle(double r) {}",
                "p.Rect", "package p; @" + a + "Struct public record Rect(float w, float h) {}",
                "p.Shape", "package p; @" + a + "Union public record Shape(@" + a + "Case(\"CIRCLE\") Circle circle, @" + a
                        + "Case(\"RECT\") Rect rect) {}",
                "p.BoxA", "package p; @" + a + "Struct public record BoxA(Kind kind, @" + a + "Tag(\"kind\") Shape shape) {}",
                "p.BoxB", "package p; @" + a + "Struct public record BoxB(int id, Kind k, @" + a + "Tag(\"k\") Shape s) {}"),
                "-Astructbridge.pythonPackage=fleet");
        assertTrue(c.success(), c.errors().toString());
        String script = """
                import sys
                sys.path.insert(0, sys.argv[1])
                import fleet
                from fleet import boxa, boxb
                assert "ShapeModel" not in fleet.__all__ and not hasattr(fleet, "ShapeModel"), fleet.__all__
                assert boxa.ShapeModel is not boxb.ShapeModel
                a = fleet.BoxAModel.model_validate({"kind": "RECT", "shape": {"rect": {"w": 1.0, "h": 2.0}}})
                b = fleet.BoxBModel.model_validate({"id": 7, "k": "CIRCLE", "s": {"circle": {"r": 0.5}}})
                print(type(a.shape).__name__, type(b.s).__name__)
                """;
        Process p = new ProcessBuilder(Gcc.tool("python3"), "-c", script, c.classes().toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "python3 timed out");
        assertEquals(0, p.exitValue(), out);
        assertEquals("ShapeModel ShapeModel", out.strip());
    }

    /** Records of two Java packages, one nesting the other, and a record whose module name is a keyword (import_.py), imported by python3. */
    @Test
    void nestedRecordsAreImportedFromTheirOwnModule(@TempDir Path dir) throws IOException, InterruptedException {
        DiskCompilation c = DiskCompilation.compile(dir, Map.of(
                "p.Inner", "package p; @io.structbridge.annotations.Struct public record Inner(short a, double b) {}",
                "q.Outer", "package q; @io.structbridge.annotations.Struct public record Outer(byte tag, p.Inner inner, "
                        + "@io.structbridge.annotations.Length(2) p.Inner[] more) {}",
                "q.Import", "package q; @io.structbridge.annotations.Struct public record Import(int x) {}"),
                "-Astructbridge.pythonPackage=geo.cities");
        assertTrue(c.success(), c.errors().toString());
        Path pkg = c.classes().resolve("geo/cities");
        assertEquals(List.of("__init__.py", "import_.py", "inner.py", "outer.py", "py.typed", "structbridge_rt.py"), DiskCompilation.files(pkg));
        assertFalse(Files.exists(c.classes().resolve("geo/__init__.py")), "geo stays a namespace package");
        String outer = Files.readString(pkg.resolve("outer.py"));
        assertTrue(outer.contains("\nfrom .inner import Inner, Inner_dtype, InnerModel, Inner_TEXT, Inner_ENUMS, InnerView, InnerRecord\n"), outer);
        assertFalse(outer.contains("class Inner("), outer);
        assertEquals("""
                from .import_ import Import, Import_dtype, ImportModel, Import_TEXT, Import_ENUMS, ImportView, ImportRecord
                from .inner import Inner, Inner_dtype, InnerModel, Inner_TEXT, Inner_ENUMS, InnerView, InnerRecord
                from .outer import Outer, Outer_dtype, OuterModel, Outer_TEXT, Outer_ENUMS, OuterView, OuterRecord
                """, Files.readAllLines(pkg.resolve("__init__.py")).stream().filter(l -> l.startsWith("from ."))
                .map(l -> l + "\n").reduce("", String::concat));
        String script = """
                import ctypes, sys
                sys.path.insert(0, sys.argv[1])
                import geo.cities as g
                from geo.cities import outer, import_
                o = g.Outer()
                o.inner = g.Inner(a=3, b=0.5)  # ctypes takes only the field's own class: the package's Inner
                assert g.Outer._fields_[2][1] is g.Inner, g.Outer._fields_
                assert outer.SIZE == ctypes.sizeof(g.Outer) and import_.SIZE == ctypes.sizeof(g.Import)
                m = g.OuterModel.model_validate({"tag": 1, "inner": {"a": 3, "b": 0.5}, "more": [{"a": 1, "b": 1.0}, {"a": 2, "b": 2.0}]})
                assert isinstance(m.inner, g.InnerModel)
                assert g.Outer_dtype.fields["inner"][0] == g.Inner_dtype
                print(sorted(g.__all__))
                """;
        Process p = new ProcessBuilder(Gcc.tool("python3"), "-c", script, c.classes().toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "python3 timed out");
        assertEquals(0, p.exitValue(), out);
        assertEquals("['Import', 'ImportModel', 'ImportRecord', 'ImportView', 'Import_ENUMS', 'Import_TEXT', 'Import_dtype', "
                + "'Inner', 'InnerModel', 'InnerRecord', 'InnerView', 'Inner_ENUMS', 'Inner_TEXT', 'Inner_dtype', "
                + "'Outer', 'OuterModel', 'OuterRecord', 'OuterView', 'Outer_ENUMS', 'Outer_TEXT', 'Outer_dtype']", out.strip());
    }
}

package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.compile;
import static io.structbridge.processor.Compilations.errorIds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One bad record never hides another, and never stops a good record's files. */
class IsolationTest {
    static final String BAD_TEXT = """
            package p;

            import io.structbridge.annotations.*;

            @Struct
            record BadText(
                    int id,
                    String name) {}
            """;
    static final String BAD_PACK = """
            package p;

            import io.structbridge.annotations.*;

            @Struct(pack = 3)
            record BadPack(int id) {}
            """;
    static final String GOOD = """
            package p;

            import io.structbridge.annotations.*;

            @Struct
            public record Good(int id, double value, @Capacity(8) String tag) {}
            """;

    @Test
    void twoBadRecordsInSeparateFilesAreBothReported() {
        JavaFileObject badText = JavaFileObjects.forSourceString("p.BadText", BAD_TEXT);
        JavaFileObject badPack = JavaFileObjects.forSourceString("p.BadPack", BAD_PACK);
        JavaFileObject good = JavaFileObjects.forSourceString("p.Good", GOOD);
        Compilation c = compile(badText, good, badPack);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[SB-STRING-WITHOUT-CAPACITY]").inFile(badText).onLineContaining("String name");
        assertThat(c).hadErrorContaining("[SB-BAD-PACK]").inFile(badPack).onLineContaining("@Struct(pack = 3)");
        assertEquals(List.of("SB-BAD-PACK", "SB-STRING-WITHOUT-CAPACITY"), errorIds(c).stream().sorted().toList());
        assertThat(c).hadErrorCount(2);
    }

    /**
     * compile-testing refuses to show the generated files of a failed compilation, so this
     * compilation writes to disk, like a Maven build.
     */
    @Test
    void aGoodRecordStillGetsItsFilesWhenOthersFail(@TempDir Path dir) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("p.BadText", BAD_TEXT);
        files.put("p.Good", GOOD);
        files.put("p.BadPack", BAD_PACK);
        DiskCompilation c = DiskCompilation.compile(dir, files);
        assertFalse(c.success());
        assertEquals(2, c.errors().size(), () -> String.join("\n", c.errors()));
        assertThat(c.errors().stream().filter(e -> e.contains("[SB-STRING-WITHOUT-CAPACITY]")).count()).isEqualTo(1);
        assertThat(c.errors().stream().filter(e -> e.contains("[SB-BAD-PACK]")).count()).isEqualTo(1);

        List<String> sources = DiskCompilation.files(c.sources());
        assertThat(sources).containsAtLeast("p/GoodStruct.java", "p/GoodView.java", "p/GoodArray.java");
        assertThat(sources.stream().filter(s -> s.contains("Bad")).toList()).isEmpty();
        assertThat(Files.isRegularFile(c.classes().resolve("p/Good.h"))).isTrue();
        assertThat(DiskCompilation.files(c.classes()).stream().filter(s -> s.contains("Bad")).toList()).isEmpty();
    }

    @Test
    void aGoodRecordCompilesAndGeneratesInTheSameCompilationAsABadOne() {
        // The same, through compile-testing: the good record alone would succeed with these files.
        Compilation alone = compile(JavaFileObjects.forSourceString("p.Good", GOOD));
        assertThat(alone).succeededWithoutWarnings();
        assertThat(alone).generatedSourceFile("p.GoodStruct");
        assertThat(alone).generatedSourceFile("p.GoodView");
        assertThat(alone).generatedSourceFile("p.GoodArray");
        assertThat(alone).generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT, "p", "Good.h");
    }

    @Test
    void oneRecordReportsAllItsProblemsNotJustTheFirst() {
        JavaFileObject f = JavaFileObjects.forSourceLines("p.Many",
                "package p;",
                "import io.structbridge.annotations.*;",
                "@Struct(pack = 3)",
                "record Many(",
                "        String name,",
                "        int[] values,",
                "        @NativeType(CType.UINT32) int count,",
                "        java.util.List<String> list,",
                "        int unsigned) {}");
        Compilation c = compile(f);
        assertEquals(List.of("SB-ARRAY-WITHOUT-LENGTH", "SB-BAD-PACK", "SB-C-KEYWORD", "SB-NARROWING-CANNOT-HOLD",
                "SB-STRING-WITHOUT-CAPACITY", "SB-UNSUPPORTED-TYPE"), errorIds(c).stream().sorted().toList());
    }

    @Test
    void aRecordNestingABadOneFailsButItsSiblingsDoNot() {
        JavaFileObject inner = JavaFileObjects.forSourceLines("p.Inner", "package p;",
                "@io.structbridge.annotations.Struct", "record Inner(String s) {}");
        JavaFileObject outer = JavaFileObjects.forSourceLines("p.Outer", "package p;",
                "@io.structbridge.annotations.Struct", "record Outer(", "        Inner inner) {}");
        JavaFileObject sibling = JavaFileObjects.forSourceLines("p.Sibling", "package p;",
                "@io.structbridge.annotations.Struct", "record Sibling(long x) {}");
        Compilation c = compile(inner, outer, sibling);
        assertEquals(List.of("SB-NESTED-INVALID", "SB-STRING-WITHOUT-CAPACITY"), errorIds(c).stream().sorted().toList());
        assertThat(c).hadErrorContaining("[SB-NESTED-INVALID]").inFile(outer).onLineContaining("Inner inner");
    }
}

package io.structbridge.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names in the C headers: every record, component, enum constant, include guard and macro name is one gcc and g++
 * accept, distinct from every other one (records and enums of the same simple name in other packages, look-alike
 * names), and clear of the C and C++ libraries' names, with gcc/g++ as the oracle; a header is never silently
 * replaced by another record's. Each test says what used to happen.
 */
class CHeaderNamesTest {
    /**
     * Once accepted (and the generated Pydantic model, {@code a$b: int}, was a Python syntax error); now
     * refused: C, C++ and Python identifiers here hold ASCII letters, digits and '_' only (issue 9).
     */
    @Test
    void dollarInAComponentName() {
        Compilation c = Compilations.compile(source("p.Dollar", "package p;",
                "@io.structbridge.annotations.Struct public record Dollar(int a$b, int c) {}"));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[SB-C-RESERVED-NAME] component 'a$b' cannot be a name in the C header");
    }

    /** Was: #include "Inner.h" from p/Outer.h, not found in the class output's q/Inner.h. Checked in both layouts. */
    @Test
    void nestedStructFromAnotherPackageInTheHeader() {
        Compilation c = Compilations.compile(
                source("q.Inner", "package q;", "@io.structbridge.annotations.Struct public record Inner(int a) {}"),
                source("p.a.Outer", "package p.a;", "@io.structbridge.annotations.Struct public record Outer(q.Inner in, long b) {}"));
        assertThat(c).succeededWithoutWarnings();
        // The class output as it is packed in the jar, with its root on the include path; and the flat headerDir.
        Map<String, String> packaged = new LinkedHashMap<>();
        Map<String, String> flat = new LinkedHashMap<>();
        packaged.put("main.c", "#include \"p/a/Outer.h\"\nint sb_unused = sizeof(Outer) + offsetof(Outer, b);\n");
        flat.put("main.c", "#include \"Outer.h\"\nint sb_unused = sizeof(Outer) + offsetof(Outer, b);\n");
        for (JavaFileObject f : c.generatedFiles()) {
            String n = f.getName();
            if (n.endsWith(".h")) {
                String path = n.substring("/CLASS_OUTPUT/".length());
                packaged.put(path, read(f));
                flat.put(path.substring(path.lastIndexOf('/') + 1), read(f));
            }
        }
        for (boolean cxx : new boolean[] {false, true}) {
            for (Map<String, String> files : List.of(packaged, flat)) {
                Gcc.Result r = Gcc.check(cxx, files);
                assertWithMessage(files.keySet() + (cxx ? " g++" : " gcc") + "\n" + r.output()).that(r.ok()).isTrue();
            }
        }
    }

    /** Was: q/R.h silently replaced p/R.h in the flat -Astructbridge.headerDir. Now an error naming both records. */
    @Test
    void headerDirRefusesToReplaceTheHeaderOfASameNamedRecord(@TempDir Path dir) throws Exception {
        Compilation c = Compilations.compiler().withOptions(List.of("--release", "22", "-Astructbridge.headerDir=" + dir))
                .compile(source("p.R", "package p;", "@io.structbridge.annotations.Struct public record R(int fromP) {}"),
                        source("q.R", "package q;", "@io.structbridge.annotations.Struct public record R(long fromQ) {}"));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("[SB-OUTPUT-FAILED] structbridge could not write " + dir.toAbsolutePath().normalize().resolve("R.h"));
        assertThat(c).hadErrorContaining("it was already written for p.R");
        // the first record's header is intact
        String kept = Files.readString(dir.resolve("R.h"));
        assertWithMessage(kept).that(kept.contains("fromP")).isTrue();
    }

    /**
     * Was: p.Color and q.Color both defined COLOR_RED, a redefinition in one translation unit. Now the
     * package-qualified names are always there, and the short name only where it is unambiguous.
     */
    @Test
    void enumCodeMacrosOfSameNamedEnums() {
        Compilation c = Compilations.compile(
                source("p.Color", "package p;", "public enum Color { @io.structbridge.annotations.Code(1) RED, @io.structbridge.annotations.Code(5) BLUE }"),
                source("q.Color", "package q;", "public enum Color { @io.structbridge.annotations.Code(2) RED, @io.structbridge.annotations.Code(5) BLUE }"),
                source("p.A", "package p;", "@io.structbridge.annotations.Struct public record A(Color c) {}"),
                source("q.B", "package q;", "@io.structbridge.annotations.Struct public record B(Color c) {}"));
        assertThat(c).succeeded();
        Map<String, String> headers = CHeaderOracleTest.headers(c);
        for (boolean cxx : new boolean[] {false, true}) {
            Map<String, String> both = new LinkedHashMap<>(headers);
            both.put("main.c", "#include \"A.h\"\n#include \"B.h\"\n"
                    + "SB_STATIC_ASSERT(P_COLOR_RED == 1, \"p\");\nSB_STATIC_ASSERT(Q_COLOR_RED == 2, \"q\");\n"
                    + "SB_STATIC_ASSERT(COLOR_BLUE == 5, \"same code in both\");\n"
                    + "#ifdef COLOR_RED\n#error \"ambiguous short name still defined\"\n#endif\nint sb_unused;\n");
            Gcc.Result r = Gcc.check(cxx, both);
            assertWithMessage(r.output()).that(r.ok()).isTrue();
            // a third enum named Color agreeing with the first must not bring the ambiguous short name back
            Map<String, String> three = new LinkedHashMap<>(headers);
            three.putAll(CHeaderOracleTest.headers(Compilations.compile(
                    source("r.Color", "package r;", "public enum Color { @io.structbridge.annotations.Code(1) RED }"),
                    source("r.C", "package r;", "@io.structbridge.annotations.Struct public record C(Color c) {}"))));
            three.put("main.c", "#include \"A.h\"\n#include \"B.h\"\n#include \"C.h\"\n"
                    + "SB_STATIC_ASSERT(R_COLOR_RED == 1, \"r\");\n"
                    + "#ifdef COLOR_RED\n#error \"ambiguous short name defined again\"\n#endif\nint sb_unused;\n");
            r = Gcc.check(cxx, three);
            assertWithMessage(r.output()).that(r.ok()).isTrue();
            Map<String, String> one = new LinkedHashMap<>(headers);
            one.put("main.c", "#include \"A.h\"\nSB_STATIC_ASSERT(COLOR_RED == 1, \"short name\");\nint sb_unused;\n");
            r = Gcc.check(cxx, one);
            assertWithMessage(r.output()).that(r.ok()).isTrue();
        }
    }

    /**
     * Was: d08.UseAB, d08.Use_AB and d08.use.AB shared the include guard STRUCTBRIDGE_D08_USE_AB_H (the second
     * header included was empty), enums Col and COl shared a guard (COl's codes were never defined), q3.E_F and
     * q3.e.F too; and enums A_B { C } and A { B_C } both defined D09_A_B_C (redefined, an error). Now guards
     * and the SB_CODE_ macros are injective, and a documented upper-case macro two enums disagree on is undefined.
     */
    @Test
    void guardsAndMacrosOfLookAlikeNamesAreDistinct() {
        String a = "@io.structbridge.annotations.";
        Compilation c = Compilations.compile(
                source("d08.UseAB", "package d08;", a + "Struct public record UseAB(int a) {}"),
                source("d08.Use_AB", "package d08;", a + "Struct public record Use_AB(long b) {}"),
                source("d08.use.AB", "package d08.use;", a + "Struct public record AB(short c) {}"),
                source("d08.Col", "package d08;", "public enum Col { " + a + "Code(1) X }"),
                source("d08.COl", "package d08;", "public enum COl { " + a + "Code(3) X }"),
                source("d08.UCol", "package d08;", a + "Struct public record UCol(Col p, COl q) {}"),
                source("q3.E_F", "package q3;", "public enum E_F { " + a + "Code(1) G }"),
                source("q3.e.F", "package q3.e;", "public enum F { " + a + "Code(2) G }"),
                source("q3.UEF", "package q3;", a + "Struct public record UEF(E_F x, q3.e.F y) {}"),
                source("d09.A_B", "package d09;", "public enum A_B { " + a + "Code(1) C }"),
                source("d09.A", "package d09;", "public enum A { " + a + "Code(2) B_C }"),
                source("d09.UseAB2", "package d09;", a + "Struct public record UseAB2(A_B x, A y) {}"));
        assertThat(c).succeeded();
        Map<String, String> files = new LinkedHashMap<>();
        files.put("main.c", "#include \"d08/UseAB.h\"\n#include \"d08/Use_AB.h\"\n#include \"d08/use/AB.h\"\n"
                + "#include \"d08/UCol.h\"\n#include \"q3/UEF.h\"\n#include \"d09/UseAB2.h\"\n"
                + "SB_STATIC_ASSERT(sizeof(UseAB) == 4 && sizeof(Use_AB) == 8 && sizeof(AB) == 2, \"all three structs\");\n"
                + "SB_STATIC_ASSERT(SB_CODE_d08_0Col_0X == 1 && SB_CODE_d08_0COl_0X == 3, \"Col and COl\");\n"
                + "SB_STATIC_ASSERT(SB_CODE_q3_0E_1F_0G == 1 && SB_CODE_q3_0e_0F_0G == 2, \"E_F and e.F\");\n"
                + "SB_STATIC_ASSERT(SB_CODE_d09_0A_1B_0C == 1 && SB_CODE_d09_0A_0B_1C == 2, \"A_B.C and A.B_C\");\n"
                + "#if defined(D09_A_B_C) || defined(A_B_C) || defined(COL_X)\n#error \"a macro two enums disagree on\"\n#endif\n"
                + "SB_STATIC_ASSERT(sizeof(SB_FINGERPRINT_UseAB) == 33 && sizeof(SB_FINGERPRINT_Use_AB) == 33, \"fingerprints\");\n"
                + "#ifdef STRUCTBRIDGE_FINGERPRINT_USE_AB\n#error \"shared by UseAB and Use_AB\"\n#endif\n"
                + "int sb_unused;\n");
        for (JavaFileObject f : c.generatedFiles()) {
            if (f.getName().endsWith(".h")) {
                files.put(f.getName().substring("/CLASS_OUTPUT/".length()), read(f));
            }
        }
        for (boolean cxx : new boolean[] {false, true}) {
            Gcc.Result r = Gcc.check(cxx, files);
            assertWithMessage((cxx ? "g++" : "gcc") + "\n" + r.output()).that(r.ok()).isTrue();
        }
    }

    /**
     * Was: records named FILE (d12) and std (d07) were accepted, and a translation unit including stdio.h
     * (or any C++ header) with the generated header did not compile. The oracle: gcc/g++ refuse a struct of
     * each refused name next to the C standard headers, and accept one of a name the processor accepts.
     */
    @Test
    void libraryNamesAreRefusedExactlyWhereTheCompilersRefuseThem() {
        String includes = "#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n#include <errno.h>\n#include <complex.h>\n";
        for (String name : List.of("FILE", "tm", "printf", "EOF", "std")) {
            Compilation c = Compilations.compile(source("p." + name, "package p;",
                    "@io.structbridge.annotations.Struct public record " + name + "(int a) {}"));
            assertThat(c).hadErrorContaining("[SB-C-RESERVED-NAME] record name " + name);
            boolean cxx = name.equals("std");
            String tu = (cxx ? includes.replace("#include <complex.h>\n", "") : includes)
                    + "typedef struct " + name + " { int a; } " + name + ";\n";
            assertWithMessage(name).that(Gcc.check(cxx, Map.of("main.c", tu)).ok()).isFalse();
        }
        for (String name : List.of("errno", "I", "EOF")) {
            Compilation c = Compilations.compile(source("p.M", "package p;",
                    "@io.structbridge.annotations.Struct public record M(int " + name + ") {}"));
            assertThat(c).hadErrorContaining("[SB-C-RESERVED-NAME] component '" + name + "'");
            assertWithMessage(name).that(Gcc.check(false, Map.of("main.c", includes + "struct m { int " + name + "; };\n")).ok()).isFalse();
        }
        assertWithMessage("control").that(Gcc.check(false, Map.of("main.c", includes
                + "typedef struct Particle { int stdin_ok; } Particle;\n")).ok()).isTrue();
        assertThat(Compilations.compile(source("p.Particle", "package p;",
                "@io.structbridge.annotations.Struct public record Particle(int stdin) {}"))).succeeded();
    }

    private static String read(JavaFileObject f) {
        try {
            return f.getCharContent(true).toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

package io.structbridge.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * gcc and g++ judge the generated C headers, whose static assertions pin every size, alignment and
 * offset the processor computed; and they justify the name rules: each name the processor refuses
 * breaks a real compiler, each odd name it accepts compiles.
 */
class CHeaderOracleTest {

    /** {@return every generated header, by file name} */
    static Map<String, String> headers(Compilation c) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            String name = f.getName();
            if (name.endsWith(".h")) {
                try {
                    headers.put(name.substring(name.lastIndexOf('/') + 1), f.getCharContent(true).toString());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return headers;
    }

    /** Compiles {@code include} with gcc -std=c11 and g++ -std=c++17, -Wall -Wextra -Werror. */
    static void assertBothCompile(String header, Map<String, String> headers) {
        for (boolean cxx : new boolean[] {false, true}) {
            Map<String, String> files = new LinkedHashMap<>();
            files.put("main.c", "#include \"" + header + "\"\nint sb_unused;\n");
            files.putAll(headers);
            Gcc.Result r = Gcc.check(cxx, files);
            assertWithMessage((cxx ? "g++" : "gcc") + " on " + header + ":\n" + r.output() + "\n" + headers.get(header))
                    .that(r.ok()).isTrue();
        }
    }

    @Test
    void everyHeaderCompilesAndItsStaticAssertionsHold() {
        Compilation c = Compilations.compile(DeterminismTest.sources().toArray(JavaFileObject[]::new));
        assertThat(c).succeededWithoutWarnings();
        Map<String, String> headers = headers(c);
        assertWithMessage("headers").that(headers.keySet()).containsAtLeast("Inner.h", "Everything.h", "Packed.h",
                "Outer_Pt.h", "Outer_Line.h");
        for (String h : headers.keySet()) {
            assertBothCompile(h, headers);
        }
        // All at once in one translation unit: include guards and the shared macros.
        Map<String, String> all = new LinkedHashMap<>();
        StringBuilder main = new StringBuilder();
        headers.keySet().forEach(h -> main.append("#include \"").append(h).append("\"\n"));
        all.put("all.c", main.append("int sb_unused;\n").toString());
        all.putAll(headers);
        for (boolean cxx : new boolean[] {false, true}) {
            Gcc.Result r = Gcc.check(cxx, all);
            assertWithMessage(r.output()).that(r.ok()).isTrue();
        }
        // the second ABI: every static assertion also holds for the AArch64 cross compiler
        for (String std : new String[] {"c11", "gnu17"}) {
            Gcc.Result r = Gcc.checkAarch64(std, all);
            assertWithMessage("aarch64-linux-gnu-gcc -std=" + std + ":\n" + r.output()).that(r.ok()).isTrue();
        }
    }

    @Test
    void thePaddingNoteExampleMatchesGcc() {
        Compilation c = Compilations.compile(JavaFileObjects.forSourceLines("p.Holes", "package p;",
                "@io.structbridge.annotations.Struct public record Holes(byte a, long b, byte c) {}"));
        assertBothCompile("Holes.h", headers(c));
    }

    /** {@return the header of {@code record Probe(<components>)} with {@code PLACEHOLDER} renamed to {@code name}} */
    static Map<String, String> probe(String name, String... components) {
        List<JavaFileObject> sources = new ArrayList<>();
        sources.add(JavaFileObjects.forSourceLines("p.Probe", "package p;", "@io.structbridge.annotations.Struct",
                "public record Probe(" + String.join(", ", components) + ") {}"));
        sources.add(JavaFileObjects.forSourceLines("p.Point", "package p;", "@io.structbridge.annotations.Struct",
                "public record Point(int x, int y) {}"));
        Compilation c = Compilations.compile(sources.toArray(JavaFileObject[]::new));
        assertThat(c).succeeded();
        Map<String, String> headers = new LinkedHashMap<>();
        headers(c).forEach((k, v) -> headers.put(k, v.replace("placeholder", name)));
        return headers;
    }

    /**
     * Names the processor refuses with [SB-C-RESERVED-NAME]: put into an otherwise valid generated
     * header, gcc or g++ rejects them.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            NULL                       | int placeholder
            INT8_MAX                   | int placeholder
            SIZE_MAX                   | int placeholder
            INTPTR_MIN                 | int placeholder
            STRUCTBRIDGE_COMMON_MACROS | int placeholder
            Point                      | Point placeholder, int other
            int32_t                    | int other, long placeholder
            """)
    void refusedNamesBreakARealCompiler(String name, String components) {
        Map<String, String> headers = probe(name, components.split(", "));
        boolean c = Gcc.check(false, withMain(headers)).ok();
        boolean cxx = Gcc.check(true, withMain(headers)).ok();
        assertWithMessage(name + " compiles in C and C++, so refusing it is wrong:\n" + headers.get("Probe.h"))
                .that(c && cxx).isFalse();
    }

    /**
     * Names that look risky but that both compilers accept, so the processor must accept them. (INT8_C,
     * NULL_, SB_ALIGNAS and SB_STATIC_ASSERT were here: they compile alone, but they have the form of the
     * enum-code macros other headers define, COLOR_GREEN, so they are refused since issue 9, see
     * {@link #macroShapedNamesBreakARealCompilerNextToAnEnum}; x\u00e4 too: outside ASCII.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"Probe", "offsetof", "size_t", "_lower", "int8", "uint8_t_value", "Int8_C", "sB_ALIGNAS", "X"})
    void acceptedOddNamesCompile(String name) {
        Compilation c = Compilations.compile(JavaFileObjects.forSourceLines("p.Probe", "package p;",
                "@io.structbridge.annotations.Struct", "public record Probe(int " + name + ", long other) {}"));
        assertThat(c).succeededWithoutWarnings();
        assertBothCompile("Probe.h", headers(c));
    }

    /**
     * Why a member may not have the form of a macro: an enum Color's header defines COLOR_GREEN, and a
     * member COLOR_GREEN declared after it is replaced by the code. Shown with gcc and g++ on the header
     * the processor would have written, by renaming an accepted member (the processor now refuses the name).
     */
    @Test
    void macroShapedNamesBreakARealCompilerNextToAnEnum() {
        Compilation c = Compilations.compile(
                JavaFileObjects.forSourceLines("p.Color", "package p;", "import io.structbridge.annotations.Code;",
                        "public enum Color { @Code(1) RED, @Code(2) GREEN }"),
                JavaFileObjects.forSourceLines("p.Probe", "package p;", "@io.structbridge.annotations.Struct",
                        "public record Probe(Color color, int placeholder) {}"));
        assertThat(c).succeeded();
        Map<String, String> headers = new LinkedHashMap<>();
        headers(c).forEach((k, v) -> headers.put(k, v.replace("placeholder", "COLOR_GREEN")));
        assertWithMessage("COLOR_GREEN beside enum Color compiles").that(Gcc.check(false, withMain(headers)).ok()).isFalse();
        assertWithMessage("COLOR_GREEN beside enum Color compiles in C++").that(Gcc.check(true, withMain(headers)).ok()).isFalse();
        Compilation refused = Compilations.compile(
                JavaFileObjects.forSourceLines("p.Color", "package p;", "import io.structbridge.annotations.Code;",
                        "public enum Color { @Code(1) RED, @Code(2) GREEN }"),
                JavaFileObjects.forSourceLines("p.Probe", "package p;", "@io.structbridge.annotations.Struct",
                        "public record Probe(Color color, int COLOR_GREEN) {}"));
        assertThat(refused).hadErrorContaining("[SB-C-RESERVED-NAME] component 'COLOR_GREEN'");
    }

    private static Map<String, String> withMain(Map<String, String> headers) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("main.c", "#include \"Probe.h\"\nint sb_unused;\n");
        files.putAll(headers);
        return files;
    }
}

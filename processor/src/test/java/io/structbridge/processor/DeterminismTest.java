package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Same input, same bytes: every generated file is identical across compilations and carries no date. */
class DeterminismTest {
    /** Records with every kind of member and option. */
    static List<JavaFileObject> sources() {
        return List.of(
                JavaFileObjects.forSourceLines("p.Color", "package p;", "import io.structbridge.annotations.*;",
                        "public enum Color { @Code(1) RED, @Code(2) GREEN, @Code(200) BLUE }"),
                JavaFileObjects.forSourceLines("p.Inner", "package p;", "import io.structbridge.annotations.*;",
                        "@Struct(order = Endian.BIG)",
                        "public record Inner(short a, @NativeType(CType.UINT32) long b) {}"),
                JavaFileObjects.forSourceLines("p.Everything", "package p;", "import io.structbridge.annotations.*;",
                        "/** Everything at once. */",
                        "@Struct(align = 16)",
                        "public record Everything(boolean flag, byte b, short s, char c, int i, long l, float f, double d,",
                        "        @Capacity(12) String name, @Capacity(value = 4, encoding = Encoding.ASCII, nulTerminated = false) String code,",
                        "        @Length(3) int[] xs, @NativeType(CType.UINT8) @Length(2) int[] bytes, Inner inner,",
                        "        @Length(2) Inner[] inners, Color color, @NativeType(CType.UINT8) Color small,",
                        "        @Order(Endian.LITTLE) int little, @NativeType(CType.FLOAT) double narrow,",
                        "        @NativeType(CType.UINT64) long big, @Align(8) int aligned) {}"),
                JavaFileObjects.forSourceLines("p.Packed", "package p;", "import io.structbridge.annotations.*;",
                        "@Struct(pack = 1)", "public record Packed(byte a, long b, Inner in) {}"),
                JavaFileObjects.forSourceLines("p.Outer", "package p;", "import io.structbridge.annotations.*;",
                        "public final class Outer {", "    @Struct public record Pt(int x, int y) {}",
                        "    @Struct public record Line(Pt from, Pt to) {}", "}"));
    }

    static Map<String, byte[]> generated(Compilation c) {
        Map<String, byte[]> files = new TreeMap<>();
        for (JavaFileObject f : c.generatedFiles()) {
            try (InputStream in = f.openInputStream()) {
                files.put(f.toUri().toString(), in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }

    static Compilation compileAll(List<JavaFileObject> sources) {
        Compilation c = Compilations.compile(sources.toArray(JavaFileObject[]::new));
        assertThat(c).succeededWithoutWarnings();
        return c;
    }

    @Test
    void twoCompilationsGenerateIdenticalBytes() {
        Map<String, byte[]> first = generated(compileAll(sources()));
        Map<String, byte[]> second = generated(compileAll(sources()));
        assertEquals(first.keySet(), second.keySet());
        for (String name : first.keySet()) {
            assertArrayEquals(first.get(name), second.get(name), name);
        }
        List<String> names = new ArrayList<>(first.keySet());
        for (String r : List.of("Inner", "Everything", "Packed", "Outer_Pt", "Outer_Line")) {
            for (String kind : List.of("Struct", "View", "Array")) {
                assertThat(names).contains("mem:///SOURCE_OUTPUT/p/" + r + kind + ".java");
            }
            assertThat(names).contains("mem:///CLASS_OUTPUT/p/" + r + ".h");
        }
    }

    @Test
    void theOrderOfTheSourcesDoesNotMatter() {
        List<JavaFileObject> reversed = new ArrayList<>(sources());
        java.util.Collections.reverse(reversed);
        Map<String, byte[]> first = generated(compileAll(sources()));
        Map<String, byte[]> second = generated(compileAll(reversed));
        assertEquals(first.keySet(), second.keySet());
        for (String name : first.keySet()) {
            if (name.endsWith(".java") || name.endsWith(".h")) {
                assertArrayEquals(first.get(name), second.get(name), name);
            }
        }
    }

    private static final List<Pattern> TIMESTAMPS = List.of(
            Pattern.compile("\\b(19|20)\\d\\d-[01]\\d-[0-3]\\d"),          // ISO date
            Pattern.compile("\\b[0-2]\\d:[0-5]\\d(:[0-5]\\d)?\\b"),        // time of day
            Pattern.compile("(?i)\\bdate\\s*="),                             // @Generated(date = ...)
            Pattern.compile("(?i)\\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d"),    // RFC 1123
            Pattern.compile("(?i)\\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ 0-3]?\\d,? (19|20)\\d\\d"));

    @Test
    void noGeneratedFileCarriesADateOrTime() {
        Map<String, byte[]> files = generated(compileAll(sources()));
        String year = Integer.toString(java.time.Year.now().getValue());
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            if (f.getKey().endsWith(".class")) {
                continue;
            }
            String text = new String(f.getValue(), StandardCharsets.UTF_8);
            for (Pattern p : TIMESTAMPS) {
                assertWithMessage(f.getKey() + " matches " + p).that(p.matcher(text).find()).isFalse();
            }
            assertWithMessage(f.getKey()).that(text).doesNotContain(year);
        }
    }

    @Test
    void generatedAnnotationNamesOnlyTheGeneratorAndTheRecord() {
        Compilation c = compileAll(sources());
        for (JavaFileObject f : c.generatedSourceFiles()) {
            String text;
            try {
                text = f.getCharContent(true).toString();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertThat(text).contains("@io.structbridge.runtime.Generated(");
            assertThat(text).contains("value = \"io.structbridge.processor.StructProcessor\"");
            assertThat(text).doesNotContain("javax.annotation.processing.Generated");
        }
    }
}

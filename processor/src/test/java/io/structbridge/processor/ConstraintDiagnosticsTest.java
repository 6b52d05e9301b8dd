package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.structbridge.processor.check.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Compile-time consistency of Bean Validation constraints and Jackson annotations with the native
 * layout: one test per diagnostic, at the offending component.
 */
class ConstraintDiagnosticsTest {

    private static JavaFileObject record(String name, String... components) {
        return Compilations.source("p." + name,
                "package p;",
                "import io.structbridge.annotations.*;",
                "import jakarta.validation.constraints.*;",
                "@Struct",
                "public record " + name + "(",
                String.join(",\n", components),
                ") {}");
    }

    private static String id(Message m) {
        return "[" + m.id() + "]";
    }

    @Test
    void constraintOnATypeItDoesNotApplyTo() {
        JavaFileObject f = record("R", "@Size(max = 3) int count", "@Pattern(regexp = \"a\") long id", "@Min(1) String name_x");
        Compilation c = Compilations.compile(f);
        assertThat(c).hadErrorContaining(id(Message.CONSTRAINT_WRONG_TYPE) + " @Size on 'count' does not apply to int")
                .inFile(f).onLineContaining("@Size(max = 3) int count");
        assertThat(c).hadErrorContaining("@Pattern on 'id' does not apply to long").inFile(f).onLineContaining("long id");
    }

    @Test
    void constraintTheNativeTypeMakesImpossibleIsAnError() {
        JavaFileObject f = record("R", "@NativeType(CType.UINT8) @Min(300) int level",
                "@Capacity(4) @Size(min = 5) String code", "@Length(3) @Size(min = 4) int[] dims");
        Compilation c = Compilations.compile(f);
        assertThat(c).hadErrorContaining(id(Message.CONSTRAINT_NEVER_HOLDS) + " @Min on 'level' can never hold: the native type uint8_t only stores values 0..255")
                .inFile(f).onLineContaining("@Min(300) int level");
        assertThat(c).hadErrorContaining("@Size on 'code' can never hold").inFile(f).onLineContaining("String code");
        assertThat(c).hadErrorContaining("@Size on 'dims' can never hold").inFile(f).onLineContaining("int[] dims");
    }

    @Test
    void constraintTheNativeTypeAlreadyEnforcesIsAWarning() {
        JavaFileObject f = record("R", "@NativeType(CType.UINT8) @Max(300) int level", "@NativeType(CType.UINT16) @Min(-1) int port",
                "@NotNull int plain", "@Capacity(8) @Size(max = 20) String name");
        Compilation c = Compilations.compile(f);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining(id(Message.CONSTRAINT_REDUNDANT) + " @Max on 'level' has no effect: the native type already limits it to uint8_t values 0..255")
                .inFile(f).onLineContaining("@Max(300) int level");
        assertThat(c).hadWarningContaining("@Min on 'port' has no effect").inFile(f).onLineContaining("int port");
        assertThat(c).hadWarningContaining("@NotNull on 'plain' has no effect: a primitive is never null").inFile(f).onLineContaining("int plain");
        assertThat(c).hadWarningContaining("@Size on 'name' has no effect: max 20 exceeds the 7 bytes of text char[8] holds")
                .inFile(f).onLineContaining("String name");
    }

    @Test
    void javaOnlyRegexSyntaxIsFlagged() {
        JavaFileObject f = record("R", "@Capacity(16) @Pattern(regexp = \"(?i)[a-z]+\") String a",
                "@Capacity(16) @Pattern(regexp = \"a++\") String b", "@Capacity(16) @Pattern(regexp = \"\\\\Aab\\\\Z\") String c",
                "@Capacity(16) @Pattern(regexp = \"\\\\p{Alpha}+\") String d", "@Capacity(16) @Pattern(regexp = \"[a-z]+\") String e");
        Compilation c = Compilations.compile(f);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining(id(Message.PATTERN_NOT_ECMA) + " @Pattern on 'a' uses the inline flag group (?i")
                .inFile(f).onLineContaining("String a");
        assertThat(c).hadWarningContaining("@Pattern on 'b' uses the possessive quantifier ++").inFile(f).onLineContaining("String b");
        assertThat(c).hadWarningContaining("@Pattern on 'c' uses the anchor \\A").inFile(f).onLineContaining("String c");
        assertThat(c).hadWarningContaining("@Pattern on 'd' uses the Java-only property class \\p{Alpha}").inFile(f).onLineContaining("String d");
        assertThat(c).hadWarningCount(4);
    }

    @Test
    void aNamingStrategyThatCannotBeAppliedAtCompileTimeIsAnError() {
        JavaFileObject strategy = Compilations.source("p.Odd",
                "package p;",
                "public class Odd extends tools.jackson.databind.PropertyNamingStrategy {}");
        JavaFileObject f = Compilations.source("p.R",
                "package p;",
                "import io.structbridge.annotations.*;",
                "@Struct",
                "@tools.jackson.databind.annotation.JsonNaming(Odd.class)",
                "public record R(int userId) {}");
        Compilation c = Compilations.compile(strategy, f);
        assertThat(c).hadErrorContaining(id(Message.JSON_NAMING_UNSUPPORTED) + " @JsonNaming(Odd)").inFile(f).onLineContaining("public record R");
    }

    @Test
    void anEnumWithJsonValueIsAWarning() {
        JavaFileObject e = Compilations.source("p.Color",
                "package p;",
                "public enum Color {",
                "  @io.structbridge.annotations.Code(1) RED;",
                "  @com.fasterxml.jackson.annotation.JsonValue String json() { return \"red\"; }",
                "}");
        JavaFileObject f = record("R", "Color color");
        Compilation c = Compilations.compile(e, f);
        assertThat(c).succeeded();
        assertThat(c).hadWarningContaining(id(Message.ENUM_JSON_VALUE) + " enum Color has a @JsonValue method").inFile(f).onLineContaining("Color color");
    }

    @Test
    void badDecimalsDigitsAndContradictoryBoundsAreErrors() {
        JavaFileObject f = record("R", "@DecimalMax(\"abc\") double a", "@Digits(integer = -1, fraction = 0) int b",
                "@Min(10) @Max(5) int c");
        Compilation c = Compilations.compile(f);
        assertThat(c).hadErrorContaining(id(Message.BAD_DECIMAL) + " @DecimalMax(\"abc\") on 'a' is not a decimal number")
                .inFile(f).onLineContaining("double a");
        assertThat(c).hadErrorContaining(id(Message.BAD_DIGITS) + " @Digits(integer = -1, fraction = 0) on 'b'")
                .inFile(f).onLineContaining("int b");
        assertThat(c).hadErrorContaining(id(Message.CONSTRAINTS_CONTRADICT) + " @Min and @Max on 'c' leave no value")
                .inFile(f).onLineContaining("int c");
    }

    @Test
    void alignmentsBeyondWhatGccAcceptsAreErrors() {
        JavaFileObject f = Compilations.source("p.R", "package p;", "import io.structbridge.annotations.*;",
                "@Struct(align = 1073741824)", "public record R(int a, @Align(536870912) int b) {}");
        Compilation c = Compilations.compile(f);
        assertThat(c).hadErrorContaining(id(Message.ALIGN_TOO_LARGE) + " alignment 1073741824 on @Struct(align) of R exceeds 268435456")
                .inFile(f).onLineContaining("@Struct(align");
        assertThat(c).hadErrorContaining("alignment 536870912 on @Align of 'b' exceeds").inFile(f).onLineContaining("int b");
    }

    @Test
    void twoComponentsWithOneJsonNameAreAnError() {
        JavaFileObject f = Compilations.source("p.C", "package p;", "import io.structbridge.annotations.*;",
                "@Struct public record C(", "@com.fasterxml.jackson.annotation.JsonProperty(\"x\") int a,", "int x) {}");
        Compilation c = Compilations.compile(f);
        assertThat(c).hadErrorContaining(id(Message.JSON_NAME_CLASH) + " components 'a' and 'x' both have the JSON name \"x\"")
                .inFile(f).onLineContaining("int x)");
    }

    @Test
    void twoNestedStructsWithOneCNameAreAnError() {
        JavaFileObject p = Compilations.source("p.Point", "package p;", "@io.structbridge.annotations.Struct public record Point(int x) {}");
        JavaFileObject q = Compilations.source("q.Point", "package q;", "@io.structbridge.annotations.Struct public record Point(long y) {}");
        JavaFileObject both = Compilations.source("p.Both", "package p;",
                "@io.structbridge.annotations.Struct public record Both(Point a, q.Point b) {}");
        Compilation c = Compilations.compile(p, q, both);
        assertThat(c).hadErrorContaining(id(Message.C_NAME_CLASH) + " Both nests two different structs with the C name Point")
                .inFile(both).onLineContaining("public record Both");
    }

    @Test
    void aPointerToAnotherStructOfTheNestedCNameIsAnError() {
        // the header declares the target as struct Point *: the nested p.Point would retype it
        JavaFileObject p = Compilations.source("p.Point", "package p;", "@io.structbridge.annotations.Struct public record Point(int x) {}");
        JavaFileObject q = Compilations.source("q.Point", "package q;", "@io.structbridge.annotations.Struct public record Point(long y) {}");
        JavaFileObject both = Compilations.source("p.Both", "package p;",
                "@io.structbridge.annotations.Struct public record Both(Point a,",
                "@io.structbridge.annotations.Pointer(target = q.Point.class) java.lang.foreign.MemorySegment b) {}");
        Compilation c = Compilations.compile(p, q, both);
        assertThat(c).hadErrorContaining(id(Message.C_NAME_CLASH) + " Both nests two different structs with the C name Point (p.Point and q.Point)")
                .inFile(both).onLineContaining("public record Both");
    }

    @Test
    void twoRecordsOfOnePackageReachingTwoStructsOfOneCNameAreAnErrorOnTheLaterOne() {
        // each header alone compiles; H1.h and H2.h of package h in one translation unit declare struct Row twice
        JavaFileObject com = Compilations.source("com.Row", "package com;", "@io.structbridge.annotations.Struct public record Row(int x) {}");
        JavaFileObject de = Compilations.source("de.Row", "package de;", "@io.structbridge.annotations.Struct public record Row(long y) {}");
        JavaFileObject h1 = Compilations.source("h.H1", "package h;", "@io.structbridge.annotations.Struct public record H1(com.Row r) {}");
        JavaFileObject h2 = Compilations.source("h.H2", "package h;", "@io.structbridge.annotations.Struct public record H2(de.Row r) {}");
        Compilation c = Compilations.compile(com, de, h1, h2);
        assertThat(c).hadErrorContaining(id(Message.C_NAME_TAKEN) + " h.H2 reaches the C struct Row of de.Row, but h.H1 of package h reaches")
                .inFile(h2).onLineContaining("public record H2");
        assertThat(c).hadErrorCount(1);
        // records of other packages may share a C name: their headers need not meet
        assertThat(Compilations.compile(com, de, h1)).succeeded();
    }

    @Test
    void aNestedRecordAndATopLevelRecordWithTheSameFlatNameAreAnError() {
        // Outer.R generates p.Outer_RStruct, ...; so would a top-level Outer_R. (Was an [SB-INTERNAL-ERROR] FilerException.)
        JavaFileObject outer = Compilations.source("p.Outer", "package p;", "public final class Outer {",
                "    @io.structbridge.annotations.Struct public record R(int x) {}", "}");
        JavaFileObject flat = Compilations.source("p.Outer_R", "package p;",
                "@io.structbridge.annotations.Struct public record Outer_R(int y) {}");
        Compilation c = Compilations.compile(outer, flat);
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining(id(Message.GENERATED_NAME_CLASH) + " @Struct records ");
        assertThat(c).hadErrorContaining("both map to the generated names p.Outer_RStruct");
        for (var d : c.diagnostics()) {
            org.junit.jupiter.api.Assertions.assertFalse(d.getMessage(null).contains("SB-INTERNAL-ERROR"), d.toString());
        }
    }

    @Test
    void aStructLargerThanALongIsAnErrorNotAWrappedSize() {
        JavaFileObject n = Compilations.source("p.N", "package p;", "import io.structbridge.annotations.*;",
                "@Struct public record N(@Length(2000000000) long[] a) {}");
        JavaFileObject m = Compilations.source("p.M", "package p;", "import io.structbridge.annotations.*;",
                "@Struct public record M(@Length(2000000000) N[] n) {}");
        Compilation c = Compilations.compile(n, m);
        assertThat(c).hadErrorContaining(id(Message.STRUCT_TOO_LARGE) + " M is larger than a byte count can hold")
                .inFile(m).onLineContaining("public record M");
    }

    @Test
    void anUnwritableOutputFolderIsADiagnosticNotACrash(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("not-a-folder"), "x");
        JavaFileObject f = record("R", "int a");
        Compilation c = Compilations.compiler().withOptions(
                java.util.stream.Stream.concat(Compilations.OPTIONS.stream(),
                        java.util.stream.Stream.of("-Astructbridge.headerDir=" + file)).toList()).compile(f);
        assertThat(c).hadErrorContaining(id(Message.OUTPUT_FAILED) + " structbridge could not write " + file.resolve("R.h"))
                .inFile(f).onLineContaining("public record R");
    }

    @Test
    void aRecordTooWideForTheJsonReaderGetsANote() {
        StringBuilder components = new StringBuilder();
        for (int i = 0; i < 65; i++) {
            components.append(i == 0 ? "" : ", ").append("int f").append(i);
        }
        JavaFileObject f = Compilations.source("p.Wide", "package p;", "@io.structbridge.annotations.Struct",
                "public record Wide(" + components + ") {}");
        JavaFileObject marker = Compilations.source("io.structbridge.jackson.JsonReading", "package io.structbridge.jackson;",
                "public final class JsonReading {}");
        Compilation c = Compilations.compile(f, marker);
        assertThat(c).hadNoteContaining(id(Message.JSON_CODEC_SKIPPED) + " no streaming JSON codec (WideJson) for Wide: it has 65 components")
                .inFile(f).onLineContaining("public record Wide");
    }

    @Test
    void emailIsValidatedByHibernateValidatorSoTheGeneratedValidatorSaysSo() {
        JavaFileObject f = record("Contact", "@Capacity(32) @Email String email");
        Compilation c = Compilations.compile(f);
        assertThat(c).succeeded();
        assertThat(c).generatedSourceFile("p.ContactValidator").contentsAsUtf8String()
                .contains("ValidationFallback.validate(value, prefix)");
        // Found by a new user: nothing at build time said the run time needs the fallback module.
        assertThat(c).hadWarningContaining(id(Message.VALIDATION_FALLBACK) + " Contact has constraints that structbridge does not compile")
                .inFile(f).onLineContaining("record Contact");
        assertThat(c).hadWarningContaining("io.structbridge:structbridge-hibernate-validator is not on this compile class path");
    }

    @Test
    void theFallbackWarningIsGoneWhenTheFallbackModuleIsOnTheClassPath() {
        JavaFileObject f = record("Contact", "@Capacity(32) @Email String email");
        JavaFileObject hv = Compilations.source("io.structbridge.hv.HibernateValidatorFallback", "package io.structbridge.hv;",
                "public final class HibernateValidatorFallback {}");
        Compilation c = Compilations.compile(f, hv);
        assertThat(c).succeeded();
        assertEquals(0, c.diagnostics().stream().filter(d -> d.getMessage(null).contains(id(Message.VALIDATION_FALLBACK))).count());
    }
}

package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

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
}

package io.structbridge.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.errorIds;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor never throws out of {@code process}: odd or broken input ends in diagnostics (or in
 * generated files), never in "An annotation processor threw an uncaught exception" nor in
 * {@code [SB-INTERNAL-ERROR]}.
 */
class RobustnessTest {
    static JavaFileObject src(String name, String... lines) {
        return JavaFileObjects.forSourceLines(name, lines);
    }

    /** Compiles, and fails on any sign of a processor crash (also an exception out of javac). */
    static Compilation compile(JavaFileObject... sources) {
        Compilation c = assertDoesNotThrow(() -> Compilations.compiler().compile(sources));
        Compilations.assertNoCrash(c);
        return c;
    }

    @Test
    void unresolvableComponentType() {
        JavaFileObject f = src("p.Lost", "package p;", "@io.structbridge.annotations.Struct",
                "record Lost(int id, Missing missing, @io.structbridge.annotations.Length(2) Gone[] gone) {}");
        Compilation c = compile(f);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("cannot find symbol");
        assertEquals(List.of("SB-UNRESOLVED-TYPE", "SB-UNRESOLVED-TYPE"), errorIds(c));
    }

    @Test
    void nestedStructWithAnUnresolvableType() {
        JavaFileObject inner = src("p.Inner", "package p;", "@io.structbridge.annotations.Struct",
                "record Inner(Missing missing) {}");
        JavaFileObject outer = src("p.Outer", "package p;", "@io.structbridge.annotations.Struct",
                "record Outer(Inner inner) {}");
        Compilation c = compile(inner, outer);
        assertThat(c).failed();
        assertEquals(List.of("SB-NESTED-INVALID", "SB-UNRESOLVED-TYPE"), errorIds(c).stream().sorted().toList());
    }

    @Test
    void unresolvableAnnotationValues() {
        // Once [SB-INTERNAL-ERROR] ClassCastException: an unresolved value reads as the String "<error>".
        JavaFileObject f = src("p.Odd", "package p;", "import io.structbridge.annotations.*;",
                "@Struct(pack = Sizes.PACK, size = Sizes.SIZE)",
                "record Odd(@Capacity(Sizes.CAP) String s, @Length(Sizes.LEN) int[] xs,",
                "        @Align(Sizes.ALIGN) long b, @Offset(Sizes.OFF) int c, @Bits(Sizes.BITS) int d) {}");
        Compilation c = compile(f);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("cannot find symbol");
        assertEquals(List.of("SB-UNRESOLVED-VALUE"), errorIds(c));
        JavaFileObject g = src("p.Odd2", "package p;", "import io.structbridge.annotations.*;",
                "@Struct record Odd2(@Capacity(Sizes.CAP) String s, @Length(Sizes.LEN) int[] xs,",
                "        @Align(Sizes.ALIGN) long b, @Offset(Sizes.OFF) int c, @Bits(Sizes.BITS) int d, int ok) {}");
        assertEquals(List.of("SB-UNRESOLVED-VALUE", "SB-UNRESOLVED-VALUE", "SB-UNRESOLVED-VALUE", "SB-UNRESOLVED-VALUE",
                "SB-UNRESOLVED-VALUE"), errorIds(compile(g)));
    }

    @Test
    void unresolvableEnumConstantCode() {
        JavaFileObject e = src("p.E", "package p;", "import io.structbridge.annotations.*;",
                "enum E { @Code(Codes.A) A, @Code(2) B }");
        JavaFileObject f = src("p.R", "package p;", "@io.structbridge.annotations.Struct", "record R(E e) {}");
        Compilation c = compile(e, f);
        assertThat(c).failed();
        assertEquals(List.of("SB-UNRESOLVED-VALUE"), errorIds(c));
    }

    @Test
    void enumAnnotationValueThatIsNoConstantStopsJavacBeforeProcessing() {
        JavaFileObject f = src("p.Odd", "package p;", "import io.structbridge.annotations.*;",
                "@Struct record Odd(@NativeType(CType.NOPE) int a) {}");
        Compilation c = compile(f);
        assertThat(c).hadErrorContaining("an enum annotation value must be an enum constant");
        assertEquals(List.of(), errorIds(c));
    }

    @Test
    void recordNestedInAnInterfaceARecordAndAnEnum() {
        JavaFileObject api = src("p.Api", "package p;", "import io.structbridge.annotations.*;",
                "public interface Api {", "    @Struct record Msg(int id, long stamp) {}", "}");
        JavaFileObject rec = src("p.Holder", "package p;", "import io.structbridge.annotations.*;",
                "@Struct public record Holder(int a) {", "    @Struct public record Part(short b) {}", "}");
        JavaFileObject en = src("p.Kind", "package p;", "import io.structbridge.annotations.*;",
                "public enum Kind {", "    @Code(1) A;", "    @Struct public record Tag(byte t) {}", "}");
        JavaFileObject generic = src("p.Box", "package p;", "import io.structbridge.annotations.*;",
                "public final class Box<T> {", "    @Struct public record Cell(int v) {}", "}");
        Compilation c = compile(api, rec, en, generic);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("p.Api_MsgStruct");
        assertThat(c).generatedSourceFile("p.Api_MsgView");
        assertThat(c).generatedSourceFile("p.Api_MsgArray");
        assertThat(c).generatedSourceFile("p.HolderStruct");
        assertThat(c).generatedSourceFile("p.Holder_PartStruct");
        assertThat(c).generatedSourceFile("p.Kind_TagStruct");
        assertThat(c).generatedSourceFile("p.Box_CellStruct");
    }

    @Test
    void enumWithoutCodesInASecondRecordOnlyFailsThatRecord() {
        JavaFileObject good = src("p.Good", "package p;", "import io.structbridge.annotations.*;",
                "public enum Good { @Code(1) A, @Code(2) B }");
        JavaFileObject bad = src("p.Bad", "package p;", "public enum Bad { A, B }");
        JavaFileObject first = src("p.First", "package p;", "@io.structbridge.annotations.Struct",
                "record First(Good g) {}");
        JavaFileObject second = src("p.Second", "package p;", "@io.structbridge.annotations.Struct",
                "record Second(Good g,", "        Bad b) {}");
        Compilation c = compile(good, bad, first, second);
        assertThat(c).failed();
        assertEquals(List.of("SB-ENUM-CODE-MISSING", "SB-ENUM-CODE-MISSING"), errorIds(c));
        assertThat(c).hadErrorContaining("Bad.A has no @Code").inFile(second).onLineContaining("Bad b");
        assertThat(c).hadErrorContaining("Bad.B has no @Code").inFile(second).onLineContaining("Bad b");
    }

    @Test
    void recordsInTheUnnamedPackage() {
        JavaFileObject f = src("Plain", "@io.structbridge.annotations.Struct",
                "public record Plain(int x, @io.structbridge.annotations.Capacity(4) String s) {}");
        JavaFileObject g = src("User", "@io.structbridge.annotations.Struct", "public record User(Plain p) {}");
        Compilation c = compile(f, g);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("PlainStruct");
        assertThat(c).generatedSourceFile("UserView");
        assertThat(c).generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT, "", "User.h");
    }

    @Test
    void recordsNamedLikeTypesTheGeneratedCodeUses() {
        // JavaPoet must qualify the JDK and runtime types these names shadow in package p.
        String[] names = {"Type", "Objects", "MemorySegment", "Generated", "StructType", "Values", "Arrays", "List"};
        for (String n : names) {
            JavaFileObject f = src("p." + n, "package p;", "@io.structbridge.annotations.Struct",
                    "public record " + n + "(int a, @io.structbridge.annotations.Length(2) long[] b,"
                            + " @io.structbridge.annotations.Capacity(6) java.lang.String c) {}");
            Compilation c = compile(f);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).generatedSourceFile("p." + n + "Struct");
        }
    }

    @Test
    void recordWithConstructorStaticMembersAndInterfaces() {
        JavaFileObject f = src("p.Rich", "package p;", "import io.structbridge.annotations.*;",
                "@Struct @Deprecated(since = \"1\")",
                "public record Rich(int a, long b) implements Comparable<Rich>, java.io.Serializable {",
                "    public static final int LIMIT = 3;",
                "    static int counter;",
                "    public Rich { if (a < 0) throw new IllegalArgumentException(); }",
                "    public Rich(int a) { this(a, 0L); }",
                "    public int sum() { return a + (int) b; }",
                "    @Override public int compareTo(Rich o) { return Integer.compare(a, o.a); }",
                "}");
        Compilation c = compile(f);
        assertThat(c).succeeded();
        assertThat(c).generatedSourceFile("p.RichStruct");
    }

    @Test
    void recordWhoseAccessorDoesNotCompile() {
        // int[] hashCode() cannot override Object.hashCode(): javac reports it, the accessor element is
        // missing (RecordComponentElement.getAccessor() is null), and the processor must cope.
        JavaFileObject f = src("p.Hash", "package p;", "import io.structbridge.annotations.*;",
                "@Struct record Hash(int ok, @Length(2) int[] hashCode) {}");
        Compilation c = compile(f);
        assertThat(c).failed();
        assertThat(c).hadErrorContaining("hashCode()");
    }

    @Test
    void structOnAnAnnotationTypeAndAnEnum() {
        JavaFileObject a = src("p.Ann", "package p;", "@io.structbridge.annotations.Struct", "@interface Ann {}");
        JavaFileObject e = src("p.En", "package p;", "@io.structbridge.annotations.Struct", "enum En { A }");
        Compilation c = compile(a, e);
        assertEquals(List.of("SB-NOT-A-RECORD", "SB-NOT-A-RECORD"), errorIds(c));
    }

    @Test
    void localRecordsAreInvisibleToProcessorsAndCompileQuietly() {
        // javac does not give local classes to annotation processors: nothing is generated, nothing fails.
        JavaFileObject f = src("p.Host", "package p;", "final class Host {", "    void m() {",
                "        @io.structbridge.annotations.Struct record Local(int x) {}", "    }", "}");
        Compilation c = compile(f);
        assertThat(c).succeededWithoutWarnings();
        assertThat(c.generatedSourceFiles()).isEmpty();
    }

    @Test
    void everythingWrongAtOnce() {
        JavaFileObject f = src("p.Worst", "package p;", "import io.structbridge.annotations.*;",
                "@Struct(pack = 7, align = 6, size = -9)",
                "record Worst<T>(T t, @Bits(2) @Capacity(0) @Length(0) @Align(3) @Offset(-4) int read,",
                "        @NativeType(CType.FLOAT) boolean unsigned, Worst<T> self, @Length(-1) Worst[] selves,",
                "        java.util.List<Object> NULL, int eType, int e_type, Object __x) {}");
        Compilation c = compile(f);
        assertThat(c).failed();
        assertThat(errorIds(c).size()).isAtLeast(15);
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            assertThat(d.getMessage(Locale.ROOT)).doesNotContain("SB-INTERNAL-ERROR");
        }
    }

    @Test
    void manyRecordsWithCyclesAndGoodOnesTogether() {
        JavaFileObject a = src("p.A", "package p;", "@io.structbridge.annotations.Struct", "record A(B b, C c) {}");
        JavaFileObject b = src("p.B", "package p;", "@io.structbridge.annotations.Struct", "record B(C c, A a) {}");
        JavaFileObject cc = src("p.C", "package p;", "@io.structbridge.annotations.Struct", "record C(int x) {}");
        JavaFileObject d = src("p.D", "package p;", "@io.structbridge.annotations.Struct",
                "record D(@io.structbridge.annotations.Length(2) D[] ds, C c) {}");
        Compilation c = compile(a, b, cc, d);
        assertThat(c).failed();
        assertEquals(List.of("SB-RECURSIVE", "SB-RECURSIVE", "SB-RECURSIVE"), errorIds(c));
    }

    @Test
    void hugeButValidSizes() {
        JavaFileObject f = src("p.Big", "package p;", "import io.structbridge.annotations.*;",
                "@Struct record Big(@Capacity(Integer.MAX_VALUE) String s, @Length(1 << 20) long[] xs, @Align(1 << 12) byte b) {}");
        Compilation c = compile(f);
        assertThat(c).succeeded();
    }
}

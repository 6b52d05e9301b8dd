package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.oracles.OracleProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unions, tagged unions, pointers and bit-fields combined: each combination either compiles into outputs
 * that gcc, g++ and python3 accept, or is refused with an SB- error on the element, never an internal error.
 */
class ConstructCombinationsTest {
    private static final String HEAD = "package t;\nimport io.structbridge.annotations.*;\nimport java.lang.foreign.MemorySegment;\n";

    private static Map<String, String> sources(String... nameAndBody) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameAndBody.length; i += 2) {
            m.put("t." + nameAndBody[i], HEAD + nameAndBody[i + 1] + "\n");
        }
        return m;
    }

    private static String run(Path dir, String... cmd) {
        return OracleProcess.of(cmd).in(dir).mergeErrors().timeout(120).check().stdout();
    }

    /** Every header compiles (gcc C11 and g++ C++17, all in one translation unit) and every module imports. */
    private static void outputsCompileAndImport(Path dir, DiskCompilation c, List<String> records) throws Exception {
        Path t = c.classes().resolve("t");
        StringBuilder unit = new StringBuilder();
        for (String r : records) {
            unit.append("#include \"").append(r).append(".h\"\n");
        }
        unit.append("int main(void) { return 0; }\n");
        Path cFile = dir.resolve("all.c");
        Files.writeString(cFile, unit);
        run(dir, Gcc.tool("gcc"), "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", t.toString(), "-fsyntax-only", cFile.toString());
        run(dir, Gcc.tool("g++"), "-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I", t.toString(), "-fsyntax-only", cFile.toString());
        StringBuilder py = new StringBuilder("import sys\nsys.path.insert(0, sys.argv[1])\n");
        for (String r : records) {
            py.append("import ").append(r).append('\n');
        }
        run(dir, Gcc.tool("python3"), "-c", py.toString(), t.toString());
    }

    @Test
    void taggedUnionsHoldingAPointerCompileWithoutJson(@TempDir Path dir) throws Exception {
        DiskCompilation c = DiskCompilation.compile(dir, sources(
                "UL", "@Union public record UL(@Case(codes={1}) int a, @Case(codes={2}) @Pointer MemorySegment p) {}",
                "TL", "@Struct public record TL(int k, @Tag(\"k\") UL u) {}",
                "SP", "@Struct public record SP(int v, @Pointer MemorySegment p) {}",
                "U1", "@Union public record U1(@Case(codes={1}) int a, @Case(codes={2}) SP sp) {}",
                "T1", "@Struct public record T1(int k, @Tag(\"k\") U1 u) {}"));
        assertTrue(c.success(), String.join("\n", c.errors()));
        assertTrue(c.diagnostics().stream().anyMatch(d -> d.getMessage(null).contains("[SB-POINTER-NO-JSON] no JSON codec, JSON Schema or Pydantic model for TL")),
                c.diagnostics().toString());
        assertFalse(Files.exists(c.classes().resolve("t/TL.schema.json")));
        outputsCompileAndImport(dir, c, List.of("UL", "TL", "SP", "U1", "T1"));
    }

    @Test
    void aTaggedUnionWithAnUntaggedUnionMemberImportsInPython(@TempDir Path dir) throws Exception {
        DiskCompilation c = DiskCompilation.compile(dir, sources(
                "UA", "@Union public record UA(int a, float b) {}",
                "UJ", "@Union public record UJ(@Case(codes={1}) int a, @Case(codes={2}) UA inner) {}",
                "TJ", "@Struct public record TJ(int k, @Tag(\"k\") UJ u) {}"));
        assertTrue(c.success(), String.join("\n", c.errors()));
        outputsCompileAndImport(dir, c, List.of("UA", "UJ", "TJ"));
    }

    @Test
    void aPointerToAUnionIsAUnionPointerInC(@TempDir Path dir) throws Exception {
        DiskCompilation c = DiskCompilation.compile(dir, sources(
                "UA", "@Union public record UA(int a, float b) {}",
                "Q3", "@Struct public record Q3(@Pointer(target = UA.class) MemorySegment a, int n) {}",
                "U13", "@Union public record U13(@Pointer(target = U13.class) MemorySegment p, long l) {}"));
        assertTrue(c.success(), String.join("\n", c.errors()));
        assertTrue(Files.readString(c.classes().resolve("t/Q3.h")).contains("union UA *a;"));
        outputsCompileAndImport(dir, c, List.of("UA", "Q3", "U13"));
        // and C can assign a union's address to it
        Path use = dir.resolve("use.c");
        Files.writeString(use, "#include \"Q3.h\"\n#include \"UA.h\"\nint main(void) { UA u; Q3 q; q.a = &u; u.a = 1; return q.a->a - 1; }\n");
        run(dir, Gcc.tool("gcc"), "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", c.classes().resolve("t").toString(), "-o",
                dir.resolve("use").toString(), use.toString());
        run(dir, dir.resolve("use").toString());
    }

    @Test
    void refusedWithAnSbErrorOnTheElement(@TempDir Path dir) {
        record Case(Map<String, String> files, String expected) {}
        List<Case> cases = List.of(
                new Case(sources("Z", "@Struct public record Z(@Bits(value = 3, zeroWidthBefore = CType.FLOAT) int a) {}"),
                        "zeroWidthBefore lists FLOAT, but a zero-width bit-field has an integer type"),
                new Case(sources("Z", "@Struct public record Z(@Bits(value = 3, zeroWidthBefore = CType.FLOAT16) int a) {}"),
                        "zeroWidthBefore lists FLOAT16"),
                new Case(sources("Z", "@Struct public record Z(@Bits(64) @NativeType(CType.UINT64_BITS) long big) {}"),
                        "UINT64_BITS (raw 64 bits in a long) is for whole uint64_t members"),
                new Case(sources("E", "public enum E { @Code(1) A }", "Z", "@Struct public record Z(@NativeType(CType.UINT64_BITS) E e) {}"),
                        "@NativeType(UINT64_BITS) is not an integer type"),
                new Case(sources("Z", "@Union public record Z() {}"), "@Union record Z has no components"));
        for (int i = 0; i < cases.size(); i++) {
            Case k = cases.get(i);
            DiskCompilation c = DiskCompilation.compile(dir.resolve("c" + i), k.files());
            assertFalse(c.success(), k.files().toString());
            String errors = String.join("\n", c.errors());
            assertTrue(errors.contains(k.expected()) && errors.contains("[SB-") && !errors.contains("SB-INTERNAL-ERROR"),
                    k.files() + "\n" + errors);
        }
    }
}

package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.processor.check.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @Reserved} and {@code @FormerName} in every output: former JSON names are the ones the member
 * really had (the lock's), a retired JSON name stays retired, a reserved member's zero bytes are valid for old
 * readers, the C name of reserved bytes is no component's, Python's alignment counts reserved members (gcc as the
 * oracle), and a reserved first member is a member of version 1.
 */
class DeclaredChangesAcrossOutputsTest {
    private static final String HEAD = "package lk;\nimport io.structbridge.annotations.*;\nimport com.fasterxml.jackson.annotation.JsonProperty;\n";

    private static DiskCompilation compile(Path dir, Path lock, Map<String, String> sources) {
        Map<String, String> all = new LinkedHashMap<>();
        sources.forEach((k, v) -> all.put(k, HEAD + v));
        return lock == null ? DiskCompilation.compile(dir, all) : DiskCompilation.compile(dir, all, "-Astructbridge.layoutLock=" + lock);
    }

    private static List<String> errors(DiskCompilation c) {
        List<String> out = new ArrayList<>();
        for (Diagnostic<?> d : c.diagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                out.add(d.getMessage(Locale.ROOT));
            }
        }
        return out;
    }

    private static void assertError(DiskCompilation c, Message m, String... says) {
        List<String> e = errors(c);
        assertTrue(e.stream().anyMatch(x -> x.startsWith("[" + m.id() + "]") && List.of(says).stream().allMatch(x::contains)),
                () -> m.id() + " saying " + List.of(says) + ", got:\n" + e);
    }

    @Test
    void aFormerJsonNameIsTheLockedOneNotTheDerivedOne(@TempDir Path dir) throws IOException {
        Path lock = dir.resolve("lock");
        DiskCompilation v1 = compile(dir.resolve("v1"), lock, Map.of("lk.T",
                "@Struct record T(long time, @JsonProperty(\"p\") double px, @JsonProperty(\"px\") int other) {}"));
        assertTrue(v1.success(), () -> String.join("\n", errors(v1)));
        DiskCompilation v2 = compile(dir.resolve("v2"), lock, Map.of("lk.T",
                "@Struct record T(long time, @JsonProperty(\"p\") @FormerName(\"px\") double bid, @Reserved @JsonProperty(\"px\") int other) {}"));
        assertTrue(v2.success(), () -> String.join("\n", errors(v2)));
        // bid's JSON name was "p" and still is: no alias; "px" is the retired name of 'other', never bid's (every reader
        // accepts and ignores it, as the reserved member's old property)
        String schema = Files.readString(v2.classes().resolve("lk/T.schema.json"));
        assertFalse(schema.contains("\"required\": [\"px\"]") || schema.contains("\"required\":[\"px\"]"), schema);
        assertTrue(schema.contains("\"px\": {\n      \"description\": \"The removed component other (@Reserved)"), schema);
        String py = Files.readString(v2.classes().resolve("lk/T.py"));
        assertFalse(py.lines().anyMatch(l -> l.contains("AliasChoices") && l.contains("\"px\"")), py);
        // a former JSON name taking the retired name with a lock: SB-LOCK-NAME-REUSED
        Path lock2 = dir.resolve("lock2");
        assertTrue(compile(dir.resolve("w1"), lock2, Map.of("lk.T",
                "@Struct record T(long time, double px, @JsonProperty(\"q\") int other) {}")).success());
        DiskCompilation w2 = compile(dir.resolve("w2"), lock2, Map.of("lk.T",
                "@Struct record T(long time, @FormerName(\"px\") double bid, @Reserved @JsonProperty(\"q\") int other, @Since(2) @JsonProperty(\"q\") long z) {}"));
        assertError(w2, Message.LOCK_NAME_REUSED, "'z'", "\"q\"");
    }

    @Test
    void withoutALockAFormerOrLiveJsonNameCannotBeARetiredOne(@TempDir Path dir) {
        assertError(compile(dir.resolve("a"), null, Map.of("lk.A",
                "@Struct record A(@FormerName(\"yy\") int x, @JsonProperty(\"yy\") @Reserved int y) {}")),
                Message.FORMER_NAME, "\"yy\"", "reserved component 'y'");
        assertError(compile(dir.resolve("b"), null, Map.of("lk.A",
                "@Struct record A(@JsonProperty(\"yy\") int x, @JsonProperty(\"yy\") @Reserved int y) {}")),
                Message.RESERVED_MISUSE, "'y'", "\"yy\"");
    }

    @Test
    void aRenameThatKeepsTheJsonNameIsNoAlias(@TempDir Path dir) throws IOException {
        Path lock = dir.resolve("lock");
        String naming = "@tools.jackson.databind.annotation.JsonNaming(tools.jackson.databind.PropertyNamingStrategies.UpperCamelCaseStrategy.class)\n";
        assertTrue(compile(dir.resolve("v1"), lock, Map.of("lk.T", naming + "@Struct record T(long time, double px) {}")).success());
        DiskCompilation v2 = compile(dir.resolve("v2"), lock, Map.of("lk.T", naming + "@Struct record T(long time, @FormerName(\"px\") double Px) {}"));
        assertTrue(v2.success(), () -> String.join("\n", errors(v2)));
        String py = Files.readString(v2.classes().resolve("lk/T.py"));
        assertFalse(py.contains("AliasChoices"), py);
    }

    @Test
    void reservingAMemberWhoseZeroOldReadersRefuseIsAnError(@TempDir Path dir) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("lk.Color", "enum Color { @Code(1) RED, @Code(2) BLUE }");
        s.put("lk.A", "@Struct record A(int a, @Reserved Color c) {}");
        assertError(compile(dir.resolve("a"), null, s), Message.RESERVED_DEFAULT, "'c'", "no constant of code 0");
        // with a lock, the constraints the member had
        Path lock = dir.resolve("lock");
        DiskCompilation v1 = compile(dir.resolve("v1"), lock, Map.of("lk.T",
                "@Struct record T(int a, @jakarta.validation.constraints.Min(1) int b, @Capacity(4) @jakarta.validation.constraints.NotBlank String t) {}"));
        assertTrue(v1.success(), () -> String.join("\n", errors(v1)));
        DiskCompilation v2 = compile(dir.resolve("v2"), lock, Map.of("lk.T", "@Struct record T(int a, @Reserved int b, @Capacity(4) String t) {}"));
        assertError(v2, Message.RESERVED_DEFAULT, "'b'", "@Min(1)");
        DiskCompilation v3 = compile(dir.resolve("v3"), lock, Map.of("lk.T",
                "@Struct record T(int a, @jakarta.validation.constraints.Min(1) int b, @Reserved @Capacity(4) String t) {}"));
        assertError(v3, Message.RESERVED_DEFAULT, "'t'", "@NotBlank");
        Path ok = dir.resolve("ok");
        assertTrue(compile(dir.resolve("o1"), ok, Map.of("lk.T", "@Struct record T(int a, @jakarta.validation.constraints.Min(0) int b) {}")).success());
        DiskCompilation o2 = compile(dir.resolve("o2"), ok, Map.of("lk.T", "@Struct record T(int a, @Reserved int b) {}"));
        assertTrue(o2.success(), () -> String.join("\n", errors(o2)));
    }

    @Test
    void theCNameOfReservedBytesIsNoComponentsName(@TempDir Path dir) {
        assertError(compile(dir.resolve("a"), null, Map.of("lk.A", "@Struct record A(@Reserved int x, int sb_reserved_x) {}")),
                Message.C_RESERVED_NAME, "sb_reserved_");
        assertError(compile(dir.resolve("b"), null, Map.of("lk.A", "@Struct record A(@FormerName(\"a$b\") int x) {}")),
                Message.FORMER_NAME, "a$b");
        assertError(compile(dir.resolve("c"), null, Map.of("lk.A", "@Struct record A(@FormerName(\"pr\u00efce\") int x) {}")),
                Message.FORMER_NAME, "ASCII");
        assertError(compile(dir.resolve("d"), null, Map.of("lk.A", "@Struct record A(@FormerName({}) int x) {}")),
                Message.FORMER_NAME, "names no former name");
    }

    /** The layout an offset error prints shows a reserved member by its C declaration, not as a hole to pack. */
    @Test
    void theLayoutOfAnOffsetErrorShowsReservedBytes(@TempDir Path dir) {
        DiskCompilation c = compile(dir, null, Map.of("lk.O",
                "@Struct record O(byte a, @Reserved int gone, @Offset(9) short b, @Reserved byte c) {}"));
        assertError(c, Message.OFFSET_MISMATCH, "'b': asserted offset 9 but the computed offset is 8",
                "/* XXX 3 bytes hole, try to pack */\n  \tint32_t gone;", "/*     4     4 */ /* reserved: a removed member, bytes kept */",
                "int8_t c;", "/*    10     1 */ /* reserved", "/* XXX 1 byte tail padding */",
                "holes: 1, sum holes: 3", "/* padding: 1 */", "reserved: 5 bytes in 2 removed members");
    }

    @Test
    void aReservedFirstMemberIsAMemberOfVersionOne(@TempDir Path dir) {
        Path lock = dir.resolve("lock");
        assertTrue(compile(dir.resolve("v1"), lock, Map.of("lk.A", "@Struct record A(long t) {}")).success());
        DiskCompilation v2 = compile(dir.resolve("v2"), lock, Map.of("lk.A", "@Struct record A(@Reserved long t, @Since(2) int x) {}"));
        assertTrue(v2.success(), () -> String.join("\n", errors(v2)));
    }

    /**
     * ctypes, NumPy and Mojo against gcc: a struct's alignment counts its reserved members, packed or not (in Mojo,
     * where reserved bytes are padding, {@code @align}; Q's compile-time assertions check every nested offset).
     */
    @Test
    void pythonAndMojoAlignmentCountReservedMembers(@TempDir Path dir) throws Exception {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("lk.A16", "@Struct(align=16) record A16(int a) {}");
        s.put("lk.P4", "@Struct(pack=4) record P4(byte x, @Reserved A16 r, byte y) {}");
        s.put("lk.P2", "@Struct record P2(byte x, @Reserved double r, byte y) {}");
        s.put("lk.Q", "@Struct record Q(byte a, P4 p, byte b, P2 p2, byte c) {}");
        DiskCompilation c = compile(dir.resolve("c"), null, s);
        assertTrue(c.success(), () -> String.join("\n", errors(c)));
        Path w = c.classes().resolve("lk");
        Files.writeString(w.resolve("m.c"), "#include \"Q.h\"\n#include <stdio.h>\nint main(void) { printf(\"P4 %zu %zu\\nP2 %zu %zu\\nQ %zu %zu\\n\","
                + " sizeof(P4), _Alignof(P4), sizeof(P2), _Alignof(P2), sizeof(Q), _Alignof(Q)); return 0; }\n");
        run(w, Gcc.tool("gcc"), "-std=c11", "-o", "m", "m.c");
        String gcc = run(w, w.resolve("m").toString());
        String ctypes = run(w, Gcc.tool("python3"), "-B", "-c", "import ctypes, P4, P2, Q\n"
                + "for m in (P4, P2, Q):\n    c = getattr(m, m.__name__)\n    print(m.__name__, ctypes.sizeof(c), ctypes.alignment(c))\n");
        assertEquals(gcc, ctypes);
        // NumPy: an aligned (not packed) dtype has gcc's alignment too
        String numpy = run(w, Gcc.tool("python3"), "-B", "-c", "import P2, Q\n"
                + "for m in (P2, Q):\n    d = getattr(m, m.__name__ + '_dtype')\n    print(m.__name__, d.itemsize, d.alignment)\n");
        assertEquals(gcc.lines().filter(l -> !l.startsWith("P4")).map(l -> l + "\n").reduce("", String::concat), numpy);
        String mojo = Gcc.tool("mojo");
        Files.copy(Path.of("src/main/resources/io/structbridge/processor/write/mojo/structbridge_rt.mojo"), w.resolve("structbridge_rt.mojo"));
        Files.writeString(w.resolve("main.mojo"), "from P4 import P4\nfrom P2 import P2\nfrom Q import Q\n\ndef main():\n"
                + "    print(\"P4\", P4.SIZE, P4.ALIGNMENT)\n    print(\"P2\", P2.SIZE, P2.ALIGNMENT)\n    print(\"Q\", Q.SIZE, Q.ALIGNMENT)\n");
        run(w, mojo, "build", "-I", ".", "main.mojo", "-o", "mojo_main");
        assertEquals(gcc, run(w, w.resolve("mojo_main").toString()));
    }

    private static String run(Path dir, String... cmd) {
        return OracleProcess.of(cmd).in(dir).mergeErrors().timeout(300)
                .env("PYTHONPATH", Path.of("src/main/resources/io/structbridge/processor/write/python").toAbsolutePath().toString())
                .check().stdout();
    }
}

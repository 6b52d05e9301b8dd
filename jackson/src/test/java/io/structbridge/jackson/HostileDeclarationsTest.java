package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Declarations that once gave outputs the real tools refused (issue 9): each is now either accepted with
 * every output valid ({@link GeneratedOutputs}: javac, gcc and g++ in four modes, python3 import, sizes and
 * alignments against gcc, Pydantic JSON names) or refused with an {@code SB-} error naming the element.
 */
class HostileDeclarationsTest {
    private static final String HEAD = "package h;\nimport io.structbridge.annotations.*;\n"
            + "import com.fasterxml.jackson.annotation.JsonProperty;\nimport jakarta.validation.constraints.Pattern;\n";

    /** Names with a line feed, U+2028, NEL, a quote, a backslash, a Unicode escape's spelling, non-ASCII. */
    @Test
    void jsonNamesAndPatternsAreDataInEveryOutput(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Renamed", HEAD + "@Struct public record Renamed(@JsonProperty(\"a\\nb\") int a, @JsonProperty(\"c\\u2028d\") int c,\n"
                        + " @JsonProperty(\"q\\\"uote\") int q, @JsonProperty(\"back\\\\slash\") int b, @JsonProperty(\"nel\\u0085\") int n,\n"
                        + " @JsonProperty(\"uni\\\\u000a\") int u, @JsonProperty(\"\u00e9\u20ac\\uD83D\\uDE00\") int e,\n"
                        + " @JsonProperty(\"*/ \\\"\\\"\\\" '''\") int t) {}\n",
                "h.Patterned", HEAD + "@Struct public record Patterned(\n"
                        + " @Capacity(16) @Pattern(regexp = \"[\\\"\\\\\\\\]x\\u2028y\\nz\\\\\\\\\") String p,\n"
                        + " @Capacity(16) @Pattern(regexp = \"\\\"\\\"\\\"|'''|\\\\\\\\\") String r) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.check(dir, src, Map.of(
                "Renamed", List.of("a\nb", "c\u2028d", "q\"uote", "back\\slash", "nel\u0085", "uni\\u000a", "\u00e9\u20ac\uD83D\uDE00",
                        "*/ \"\"\" '''"),
                "Patterned", List.of("p", "r")));
        assertTrue(o.success(), o.sbErrors().toString());
    }

    /**
     * Was: an enum constant's JSON name with U+2028 broke the generated codec's error message literal in two
     * (javac: unclosed string literal). JSON names of enum constants with line separators, quotes, backslashes.
     */
    @Test
    void enumJsonNamesAreDataInEveryOutput(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Sep", HEAD + "public enum Sep { @Code(1) @JsonProperty(\"a\\u2028b\") A, @Code(2) @JsonProperty(\"c\\u2029d\") C,\n"
                        + " @Code(3) @JsonProperty(\"q\\\"u\\\\o\\nte\") Q, @Code(4) @JsonProperty(\"*/ \\u0085\") S, @Code(5) B }\n",
                "h.UsesSep", HEAD + "@Struct public record UsesSep(Sep e, int n) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.check(dir, src, Map.of("UsesSep", List.of("e", "n")));
        assertTrue(o.success(), o.sbErrors().toString());
    }

    /** Names Python, Pydantic or ctypes treat specially, kept as the JSON names. */
    @Test
    void pythonNamesAreMangledOnlyInPython(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Py", HEAD + "@Struct public record Py(int from, int from_, int _x, int f_x, int model_x, int None, int lambda,\n"
                        + " int def, int with, int fn, int let, int var, int inout, int owned, int alias, int trait, int int_, int self,\n"
                        + " int json, int copy, int schema, int Field, int BaseModel, int ctypes, int np, int __pad0x, int _pad0) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.check(dir, src, Map.of("Py", List.of("from", "from_", "_x", "f_x", "model_x",
                "None", "lambda", "def", "with", "fn", "let", "var", "inout", "owned", "alias", "trait", "int_", "self", "json", "copy",
                "schema", "Field", "BaseModel", "ctypes", "np", "__pad0x", "_pad0")));
        // __pad0x begins with two underscores: reserved for the C implementation, so refused.
        assertTrue(o.refused("SB-C-RESERVED-NAME", "'__pad0x'"), o.sbErrors().toString());
        src.put("h.Py", src.get("h.Py").replace(" int __pad0x,", ""));
        o = GeneratedOutputs.check(dir.resolve("2"), src, Map.of("Py", List.of("from", "from_", "_x", "f_x", "model_x",
                "None", "lambda", "def", "with", "fn", "let", "var", "inout", "owned", "alias", "trait", "int_", "self", "json", "copy",
                "schema", "Field", "BaseModel", "ctypes", "np", "_pad0")));
        assertTrue(o.success(), o.sbErrors().toString());
    }

    /**
     * Records named like the names the module imports (np, Field, BaseModel, ...): the module binds its imports to
     * _SB_ names, so each imports, and the model keeps its constraints (a record Field once replaced pydantic.Field,
     * and every constraint of the module was silently lost).
     */
    @Test
    void recordsNamedLikeTheModulesImports(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.np", HEAD + "@Struct public record np(int a) {}\n",
                "h.Annotated", HEAD + "@Struct public record Annotated(int a) {}\n",
                "h.ConfigDict", HEAD + "@Struct public record ConfigDict(int a) {}\n",
                "h.Literal", HEAD + "@Struct public record Literal(int z) {}\n",
                "h.Field", HEAD + "@Struct public record Field(int a) {}\n",
                "h.BaseModel", HEAD + "@Struct public record BaseModel(int a) {}\n",
                "h.model_validator", HEAD + "@Struct public record model_validator(int a) {}\n",
                "h.Col", "package h;\nimport io.structbridge.annotations.*;\npublic enum Col { @Code(1) R, @Code(2) G }\n",
                "h.HostL", HEAD + "@Struct public record HostL(Literal l, Col c, Field f, np n, BaseModel b, Annotated a, ConfigDict d,\n"
                        + " model_validator m, @Capacity(4) @Pattern(regexp = \"[a-z]+\") String s, @JsonProperty(\"x\") int int_) {}\n");
        GeneratedOutputs.Outcome o = GeneratedOutputs.check(dir, src, Map.of());
        assertTrue(o.success(), o.sbErrors().toString());
        Path pkg = o.classes().resolve("h");
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", "-c", """
                import importlib, pydantic, sys
                sys.path.insert(0, ".")
                for n in ["np", "Annotated", "ConfigDict", "Literal", "Field", "BaseModel", "model_validator"]:
                    m = importlib.import_module(n)
                    cls = getattr(m, n + "Model")
                    assert issubclass(cls, pydantic.BaseModel), n
                    assert cls.model_validate_json('{"%s": 7}' % ("z" if n == "Literal" else "a")) is not None
                    try:
                        cls.model_validate_json('{"%s": 100000000000000000000}' % ("z" if n == "Literal" else "a"))
                        raise SystemExit(n + ": an int32 accepted 10**20")
                    except pydantic.ValidationError:
                        pass
                    assert m.NAME == n and m.SIZE == 4 and isinstance(m.CDEF, str) and callable(m.open_array), n
                    assert getattr(m, n).__mro__[1].__name__ == "Structure", n
                h = importlib.import_module("HostL")
                good = '{"l": {"z": 1}, "c": "G", "f": {"a": 1}, "n": {"a": 1}, "b": {"a": 1}, "a": {"a": 1}, "d": {"a": 1}, "m": {"a": 1}, "s": "ab", "x": 3}'
                h.HostLModel.model_validate_json(good)
                for bad in [good.replace('"G"', '"B"'), good.replace('"ab"', '"AB"'), good.replace('{"a": 1}', '{"a": 4294967296}', 1)]:
                    try:
                        h.HostLModel.model_validate_json(bad)
                        raise SystemExit("accepted " + bad)
                    except pydantic.ValidationError:
                        pass
                print("ok")
                """), pkg, null);
        assertEquals("ok", r.out().strip(), r.out());
    }

    /** Record names that would shadow a module Python imports, or a name the module binds: refused. */
    @Test
    void recordNamesThatShadowPythonAreRefused(@TempDir Path dir) {
        List<String> names = List.of("numpy", "json", "ctypes", "typing", "fcntl", "os", "mmap", "pydantic", "cffi", "sys",
                "CDEF", "open_array", "FINGERPRINT", "SIZE", "NAME", "ALIGNMENT", "ValueError", "None");
        Map<String, String> all = new LinkedHashMap<>();
        names.forEach(n -> all.put("h." + n, HEAD + "@Struct public record " + n + "(int a) {}\n"));
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir.resolve("names"), all);
        for (String name : names) {
            assertTrue(o.refused("SB-PYTHON-RECORD-NAME", "record name " + name + " "), name + ": " + o.sbErrors());
        }
        Map<String, String> src = GeneratedOutputs.sources("h.Inner", HEAD + "@Struct public record Inner(int a) {}\n",
                "h.InnerModel", HEAD + "@Struct public record InnerModel(int a) {}\n",
                "h.Host", HEAD + "@Struct public record Host(Inner i, InnerModel m) {}\n");
        assertTrue(GeneratedOutputs.compile(dir.resolve("clash"), src).refused("SB-PYTHON-NAME-CLASH", "InnerModel"));
    }

    private static String javaLiteral(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            b.append(c == '\\' || c == '"' ? "\\" + c : c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return b.append('"').toString();
    }

    /**
     * @Pattern regexes Java takes and Pydantic's Rust engine refuses (lookaround, backreferences, named groups,
     * Java's escapes): the module imports, and its model accepts exactly the sample strings java.util.regex
     * matches (Hibernate Validator's semantics); constructs Python's re cannot mean the same are refused.
     */
    @Test
    void patternsPydanticsRustEngineRefuses(@TempDir Path dir) {
        List<String> regexes = List.of("(?=a)a+", "(?<!a)b", "(a)\\1", "(?<n>a)\\k<n>", "\\uD83D\\uDE00", "\\0101", "\\cJ",
                "\\Qa.b\\E", "\\h", "\\Aa\\Z", "\\R", "(?=.)a.b$", "[\\h\\d]+(?!z)", "\\e|(?=a)\\w", "(a)(b)?\\1",
                "(?<=a)b|a\\s*", "(\\d)\\1\\d*+", "\\x{1F600}|(?>ab|a)c", "[^a\\Q]\\E]+(?<=b)", "\\v\\H(?!a)", "a|[a-c]++(?=c)",
                "[a-c]+", "\\d{2}");
        List<String> samples = List.of("", "a", "aa", "b", "ab", "ba", "aaa", "A", "\n", "a\n", "\t", " ", "a.b", "aXb", "\r\n",
                "\u00a0", "\u2028", "x", "\u0663", "1", "11", "112", "\uD83D\uDE00", "\u001b", "abc", "ac", "a\u0085b", "\u000b\u00a0",
                "\u000bq", "c", "]", "\\", "12", "a\r\n");
        Map<String, String> src = new LinkedHashMap<>();
        for (int i = 0; i < regexes.size(); i++) {
            src.put("h.Rx" + i, HEAD + "@Struct public record Rx" + i + "(@Capacity(16) @Pattern(regexp = " + javaLiteral(regexes.get(i))
                    + ") String s) {}\n");
        }
        GeneratedOutputs.Outcome o = GeneratedOutputs.check(dir, src, Map.of());
        assertTrue(o.success(), o.sbErrors().toString());
        StringBuilder expected = new StringBuilder();
        StringBuilder script = new StringBuilder("import importlib, json, sys, pydantic\nsys.path.insert(0, '.')\n"
                + "samples = json.loads(sys.stdin.read())\n");
        for (int i = 0; i < regexes.size(); i++) {
            java.util.regex.Pattern p = java.util.regex.Pattern.compile(regexes.get(i));
            expected.append(i).append(':');
            for (int k = 0; k < samples.size(); k++) {
                expected.append(p.matcher(samples.get(k)).matches() ? '1' : '0');
            }
            expected.append('\n');
            script.append("m = importlib.import_module('Rx").append(i).append("').Rx").append(i).append("Model\n")
                    .append("r = ''\nfor t in samples:\n    try:\n        m(s=t); r += '1'\n")
                    .append("    except pydantic.ValidationError:\n        r += '0'\nprint('").append(i).append(":' + r)\n");
        }
        String json = "[" + String.join(", ", samples.stream().map(t -> {
            StringBuilder b = new StringBuilder("\"");
            t.chars().forEach(c -> b.append(String.format("\\u%04x", c)));
            return b.append('"').toString();
        }).toList()) + "]";
        // every pattern accepts some samples and refuses others, so the comparison means something
        assertTrue(expected.toString().lines().allMatch(l -> l.indexOf('1', l.indexOf(':')) > 0 && l.indexOf('0', l.indexOf(':')) > 0),
                expected.toString());
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", "-c", script.toString()), o.classes().resolve("h"), json);
        assertEquals(expected.toString(), r.out(), "per pattern, per sample: 1 = accepted (left java.util.regex, right Pydantic)\n" + regexes);

        Map<String, String> refused = new LinkedHashMap<>();
        List<String> bad = List.of("\\X", "\\G", "(?i)(?=a)a", "(?<=a+)b", "[a[b]](?=a)", "\\p{javaLowerCase}", "(?=a)\\p{L}",
                "(?<=(a))b", "(?=a)[]a]");
        for (int i = 0; i < bad.size(); i++) {
            refused.put("h.Bad" + i, HEAD + "@Struct public record Bad" + i + "(@Capacity(16) @Pattern(regexp = " + javaLiteral(bad.get(i))
                    + ") String s) {}\n");
        }
        GeneratedOutputs.Outcome b = GeneratedOutputs.compile(dir.resolve("bad"), refused);
        for (String regex : bad) {
            assertTrue(b.refused("SB-PYTHON-PATTERN", "@Pattern \"" + regex + "\""), regex + ": " + b.sbErrors());
        }
        assertEquals(bad.size(), b.sbErrors().size(), b.sbErrors().toString());
    }

    /** A big-endian bool (ctypes has no swapped bool), mixed byte orders, nesting across orders: all import. */
    @Test
    void byteOrdersAndBoolsImport(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.BigBool", HEAD + "@Struct(order = Endian.BIG) public record BigBool(boolean flag, int n, short s, @Length(3) boolean[] bits) {}\n",
                "h.Mixed", HEAD + "@Struct public record Mixed(boolean a, @Order(Endian.BIG) int b, @Order(Endian.LITTLE) long c,\n"
                        + " @Order(Endian.BIG) @Length(2) short[] d, BigBool inner, @NativeType(CType.UINT64) @Order(Endian.BIG) long u,\n"
                        + " @Order(Endian.BIG) double x, @Order(Endian.BIG) float y) {}\n",
                "h.Packed", HEAD + "@Struct(pack = 2) public record Packed(byte a, int b, Mixed m, byte c) {}\n",
                "h.Aligned", HEAD + "@Struct public record Aligned(byte a, @Align(16) int b) {}\n",
                "h.Big", HEAD + "@Struct(align = 64) public record Big(byte a, long b) {}\n");
        assertTrue(GeneratedOutputs.check(dir, src, Map.of()).success());
    }

    /** @Capacity and @Length up to Integer.MAX_VALUE: the module imports (NumPy's itemsize is a C int). */
    @Test
    void hugeCapacitiesImport(@TempDir Path dir) {
        Map<String, String> src = GeneratedOutputs.sources(
                "h.Huge", HEAD + "@Struct public record Huge(@Capacity(Integer.MAX_VALUE) String s, @Length(Integer.MAX_VALUE) long[] big) {}\n",
                "h.Edge", HEAD + "@Struct public record Edge(@Capacity(Integer.MAX_VALUE) String s) {}\n");
        assertTrue(GeneratedOutputs.check(dir, src, Map.of()).success());
    }

    static Map<String, String> chain(int levels) {
        Map<String, String> src = new LinkedHashMap<>();
        for (int i = 0; i < levels; i++) {
            String member = i == levels - 1 ? "int v" : "N" + (i + 1) + " next";
            src.put("h.N" + i, HEAD + "@Struct public record N" + i + "(int a, " + member + ") {}\n");
        }
        return src;
    }

    /**
     * gcc stops at 200 nested includes and Pydantic's model_json_schema between 40 and 50 levels: a chain of
     * 32 structs works in every output, 33 is refused, and so is a chain of 200 (gcc's limit, as in the issue).
     */
    @Test
    void nestingDepthIsBounded(@TempDir Path dir) {
        assertTrue(GeneratedOutputs.check(dir.resolve("ok"), chain(32), Map.of()).success());
        GeneratedOutputs.Outcome deep = GeneratedOutputs.compile(dir.resolve("deep"), chain(33));
        assertTrue(deep.refused("SB-NESTING-TOO-DEEP", "N0 nests structs 33 levels deep"), deep.sbErrors().toString());
        GeneratedOutputs.Outcome deeper = GeneratedOutputs.compile(dir.resolve("deeper"), chain(200));
        assertTrue(deeper.refused("SB-NESTING-TOO-DEEP", "N167 nests structs 33 levels deep"), deeper.sbErrors().toString());
        assertTrue(deeper.refused("SB-NESTED-INVALID", "nests N1, which has errors of its own"), deeper.sbErrors().toString());
    }

    private static void refused(Path dir, String record, String id, String... parts) {
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, GeneratedOutputs.sources("h.R", HEAD
                + "enum Color { @Code(1) GREEN, @Code(2) RED }\n" + record));
        List<String> wanted = new ArrayList<>(List.of(parts));
        wanted.add(id);
        assertTrue(o.refused(wanted.toArray(String[]::new)), () -> record + ": " + o.sbErrors());
    }

    /** Names C, C++ or ctypes cannot hold are refused, naming the element and the reason. */
    @Test
    void namesNoOutputCanHoldAreRefused(@TempDir Path dir) throws Exception {
        refused(dir.resolve("1"), "@Struct record R(int a$b) {}", "SB-C-RESERVED-NAME", "component 'a$b'", "ASCII");
        refused(dir.resolve("2"), "@Struct record R(int a\u20ac) {}", "SB-C-RESERVED-NAME", "component 'a\u20ac'", "ASCII");
        refused(dir.resolve("3"), "@Struct record R(int gr\u00fcn) {}", "SB-C-RESERVED-NAME", "component 'gr\u00fcn'", "ASCII");
        refused(dir.resolve("4"), "@Struct record R(int _fields_) {}", "SB-PYTHON-RESERVED-NAME", "'_fields_'", "ctypes");
        refused(dir.resolve("5"), "@Struct record R(int _pack_, int x) {}", "SB-PYTHON-RESERVED-NAME", "'_pack_'");
        refused(dir.resolve("6"), "@Struct record R(Color c, int COLOR_GREEN) {}", "SB-C-RESERVED-NAME", "'COLOR_GREEN'", "macros");
        refused(dir.resolve("7"), "@Struct record R(int linux) {}", "SB-C-RESERVED-NAME", "'linux'", "gnu17");
        refused(dir.resolve("8"), "@Struct record R(int unix) {}", "SB-C-RESERVED-NAME", "'unix'", "gnu17");
        refused(dir.resolve("9"), "@Struct record R(int SB_ALIGNAS) {}", "SB-C-RESERVED-NAME", "'SB_ALIGNAS'");
        refused(dir.resolve("10"), "@Struct record R$1(int a) {}", "SB-C-RESERVED-NAME", "record name R$1");
        refused(dir.resolve("11"), "enum E\u00c4 { @Code(1) A }\n@Struct record R(E\u00c4 e) {}", "SB-C-RESERVED-NAME", "enum E\u00c4");
        refused(dir.resolve("12"), "enum E { @Code(1) GR\u00dcN }\n@Struct record R(E e) {}", "SB-C-RESERVED-NAME", "E.GR\u00dcN");
    }

    /** Every lower-case macro gcc and g++ predefine in the GNU modes on this machine (and for AArch64) is refused. */
    @Test
    void everyPredefinedMacroIsRefused(@TempDir Path dir) {
        Oracles.requireTool("gcc");
        TreeSet<String> macros = new TreeSet<>();
        List<List<String>> compilers = new ArrayList<>(List.of(List.of("gcc", "-std=gnu17", "-x", "c"),
                List.of("g++", "-std=gnu++17", "-x", "c++")));
        if (Files.isExecutable(Path.of("/usr/bin/aarch64-linux-gnu-gcc"))) {
            compilers.add(List.of("aarch64-linux-gnu-gcc", "-std=gnu17", "-x", "c"));
        }
        for (List<String> cc : compilers) {
            List<String> cmd = new ArrayList<>(cc);
            cmd.addAll(List.of("-dM", "-E", "/dev/null"));
            GeneratedOutputs.Result r = GeneratedOutputs.run(cmd, dir, null);
            assertEquals(0, r.exit(), r.out());
            r.out().lines().map(l -> l.split(" ")[1].replaceAll("\\(.*", ""))
                    .filter(m -> !m.startsWith("_")).forEach(macros::add);
        }
        assertFalse(macros.isEmpty(), "gcc -dM -E lists linux and unix on Linux");
        int i = 0;
        for (String m : macros) {
            refused(dir.resolve("m" + i++), "@Struct record R(int " + m + ") {}", "SB-C-RESERVED-NAME", "'" + m + "'");
        }
    }

    /** A user's class named like a generated one: reported by name, not an internal FilerException. */
    @Test
    void userClassNamedLikeAGeneratedOneIsReported(@TempDir Path dir) {
        for (String suffix : List.of("View", "Struct", "Array", "Json", "Validator")) {
            GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir.resolve(suffix), GeneratedOutputs.sources(
                    "h.Foo", HEAD + "@Struct public record Foo(int a) {}\n", "h.Foo" + suffix, "package h;\nclass Foo" + suffix + " {}\n"));
            assertTrue(o.refused("SB-GENERATED-CLASS-EXISTS", "h.Foo" + suffix), () -> suffix + ": " + o.sbErrors());
            assertEquals(1, o.sbErrors().size(), o.sbErrors().toString());
        }
    }
}

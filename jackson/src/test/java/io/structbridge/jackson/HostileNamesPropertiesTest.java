package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Tuple;

/**
 * Hostile identifiers and strings in records (Unicode letters, '$', quotes, backslashes, U+2028, U+2029,
 * NEL, NUL, keywords of Java's neighbours C, C++, Python and Mojo, gcc's predefined macros, ctypes and
 * Pydantic names, names that differ only by trailing underscores, macro-shaped names): every record the
 * processor accepts has outputs the real tools take ({@link GeneratedOutputs}: javac, gcc and g++ in c11,
 * gnu17, c++17 and gnu++17, python3 import with sizes and alignments against gcc, the Pydantic model's
 * JSON names equal to the declaration's); every record it refuses gets {@code SB-} errors on its own file.
 * Several records share one compilation to keep the run short.
 */
class HostileNamesPropertiesTest {
    private static final List<String> HOSTILE = List.of(
            // C and C++ keywords Java allows
            "auto", "register", "signed", "unsigned", "union", "typedef", "restrict", "inline", "bool", "not", "and", "xor",
            "delete", "template", "typename", "explicit", "sizeof", "struct", "extern", "mutable", "friend", "asm",
            // Python keywords, builtins and soft keywords
            "from", "def", "del", "elif", "except", "in", "is", "lambda", "nonlocal", "pass", "raise", "with", "None", "True",
            "False", "async", "await", "global", "print", "match", "case", "type", "int", "str", "list", "bytes", "self", "cls",
            // Mojo keywords
            "fn", "let", "var", "inout", "owned", "borrowed", "alias", "trait", "ref", "raises", "out", "mut", "deinit",
            // gcc's predefined macros, macro-shaped names, header macros
            "linux", "unix", "i386", "COLOR_GREEN", "SB_ALIGNAS", "INT8_MAX", "NULL", "EOF", "UINT64_C", "X_", "A1_b",
            // ctypes and Pydantic
            "_fields_", "_pack_", "_align_", "_objects", "_b_base_", "model_config", "model_fields", "json", "copy", "dict",
            "schema", "validate", "construct", "Field", "BaseModel", "ConfigDict", "Annotated", "Literal", "ctypes", "np",
            // generated names and underscores
            "_pad0", "__pad0", "_x", "__x", "x_", "x__", "_", "$", "a$b", "$x", "read", "segment", "offset", "toString",
            // Unicode letters
            "gr\u00f6\u00dfe", "a\u20ac", "\u0394x", "\u00f1", "\u65e5\u672c", "\u0130i", "\ufb01x", "x\u0301");

    private static final String JSON_CHARS = "ab\"\\\n\r\t\u2028\u2029\u0085\u0000\u007f*/'{}$%#\u00e9\u20ac\uD83D\uDE00 u0";

    record Component(String name, String json, String pattern, int kind) {}

    @Provide
    Arbitrary<List<List<Component>>> batches() {
        Arbitrary<String> names = Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.of(HOSTILE)),
                Tuple.of(2, Arbitraries.of(HOSTILE).map(n -> n + "_")), Tuple.of(1, Arbitraries.of(HOSTILE).map(n -> "_" + n)),
                Tuple.of(1, Arbitraries.strings().withChars("abxyzXYZ_$09\u00e9\u20ac").ofMinLength(1).ofMaxLength(4)),
                Tuple.of(3, Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(5)));
        Arbitrary<String> json = Arbitraries.strings().withChars(JSON_CHARS).ofMinLength(1).ofMaxLength(6);
        Arbitrary<Component> component = Combinators.combine(names, json.injectNull(0.4), json.injectNull(0.7),
                Arbitraries.integers().between(0, 4)).as(Component::new);
        return component.list().ofMinSize(1).ofMaxSize(4).list().ofSize(4);
    }

    @Property(tries = 30)
    void everyAcceptedRecordHasValidOutputs(@ForAll("batches") List<List<Component>> batch) throws IOException {
        Path dir = Files.createTempDirectory("sb-hostile");
        Map<String, String> sources = new LinkedHashMap<>();
        Map<String, List<String>> jsonNames = new LinkedHashMap<>();
        for (int i = 0; i < batch.size(); i++) {
            Tuple.Tuple2<String, List<String>> r = record("R" + i, batch.get(i), i);
            if (r != null) {
                sources.put("h.R" + i, r.get1());
                jsonNames.put("R" + i, r.get2());
            }
        }
        if (sources.isEmpty()) {
            return;
        }
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir.resolve("first"), sources);
        if (!o.success()) {
            // Each refusal is an SB- error on the refused record's own file; the others must then build.
            Set<String> refused = new HashSet<>();
            for (String e : o.sbErrors()) {
                String file = e.substring(0, Math.max(0, e.indexOf(".java:")));
                String record = file.substring(file.lastIndexOf('/') + 1);
                assertTrue(sources.containsKey("h." + record), () -> "an SB- error on no record's file: " + e);
                refused.add("h." + record);
            }
            refused.forEach(sources::remove);
            refused.forEach(r -> Statistics.label("records").collect("refused"));
            jsonNames.keySet().removeIf(k -> refused.contains("h." + k));
            if (sources.isEmpty()) {
                return;
            }
        }
        sources.keySet().forEach(r -> Statistics.label("records").collect("accepted"));
        GeneratedOutputs.Outcome accepted = GeneratedOutputs.check(dir.resolve("second"), sources, jsonNames);
        assertTrue(accepted.success(), () -> "refused only in a second compilation: " + accepted.sbErrors());
        delete(dir);
    }

    /** {@return the source of a record and its JSON names, or null when Java itself would refuse it} */
    private static Tuple.Tuple2<String, List<String>> record(String name, List<Component> components, int seed) {
        StringBuilder b = new StringBuilder("package h;\nimport io.structbridge.annotations.*;\n"
                + "import com.fasterxml.jackson.annotation.JsonProperty;\nimport jakarta.validation.constraints.Pattern;\n"
                + "enum Color" + name + " { @Code(1) GREEN, @Code(2) RED }\n");
        b.append(switch (seed % 3) {
            case 0 -> "@Struct";
            case 1 -> "@Struct(order = Endian.BIG)";
            default -> "@Struct(pack = 2)";
        }).append(" public record ").append(name).append("(");
        Set<String> seen = new HashSet<>();
        Set<String> seenJson = new HashSet<>();
        List<String> json = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (Component c : components) {
            if (!javaIdentifier(c.name()) || !seen.add(c.name())) {
                continue;
            }
            String j = c.json() == null ? c.name() : c.json();
            if (!seenJson.add(j)) {
                continue;
            }
            json.add(j);
            StringBuilder p = new StringBuilder();
            if (c.json() != null) {
                p.append("@JsonProperty(").append(javaLiteral(c.json())).append(") ");
            }
            p.append(switch (c.kind()) {
                case 0 -> "int ";
                case 1 -> "boolean ";
                case 2 -> "@Order(Endian.LITTLE) @Length(2) short[] ";
                case 3 -> "Color" + name + " ";
                default -> "@Capacity(8) " + (c.pattern() == null ? "" : "@Pattern(regexp = " + javaLiteral(regex(c.pattern())) + ") ")
                        + "String ";
            }).append(c.name());
            parts.add(p.toString());
        }
        if (parts.isEmpty()) {
            return null;
        }
        b.append(String.join(",\n        ", parts)).append(") {}\n");
        return Tuple.of(b.toString(), json);
    }

    /** A regex that matches {@code text} literally: metacharacters escaped, everything else raw. */
    private static String regex(String text) {
        StringBuilder b = new StringBuilder();
        text.codePoints().forEach(c -> {
            if ("\\^$.|?*+()[]{}".indexOf(c) >= 0) {
                b.append('\\');
            }
            b.appendCodePoint(c);
        });
        return "(?:" + b + ")|x";
    }

    private static boolean javaIdentifier(String s) {
        if (s.isEmpty() || !Character.isJavaIdentifierStart(s.codePointAt(0)) || JAVA_KEYWORDS.contains(s) || s.equals("_")) {
            return false;
        }
        return s.codePoints().allMatch(Character::isJavaIdentifierPart) && s.codePoints().noneMatch(Character::isIdentifierIgnorable);
    }

    /** Java's reserved keywords and literals (JLS 3.9), and yield and record (left out to be safe). */
    private static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case", "catch",
            "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
            "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new",
            "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
            "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null",
            "yield", "record");

    /**
     * A Java string literal with octal escapes for control characters, never a Unicode escape of a line
     * break (javac translates those before lexing); unpaired surrogates, which UTF-8 cannot hold, as Unicode escapes.
     */
    static String javaLiteral(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        b.append(String.format(Locale.ROOT, "\\%03o", (int) c));
                    } else if (Character.isSurrogate(c)) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    private static void delete(Path dir) {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

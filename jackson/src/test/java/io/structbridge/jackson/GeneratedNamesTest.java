package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every name a user may give a record, a component or a package either compiles, with every output valid for its
 * tool, or is refused with an {@code SB-} error on the user's own file: the generated Java never depends on a simple
 * name that a user's type (a record {@code Long} or {@code Math} beside the others, hiding {@code java.lang}) or a
 * member type the generated class inherits ({@code StructColumns.RowValidator} once hid the validator of a record
 * {@code Row}) can capture. The names are not hand-picked: every public type of {@code java.lang} in the running JDK,
 * every type the generated code refers to, every member type the generated classes declare or inherit, every member
 * and variable name of the generated classes, as found in a reference compilation. All records of a list share one
 * package and one javac run, as they would in a user's project, so each name meets all the others; the accepted ones
 * then go through {@link GeneratedOutputs#check} (javac, gcc and g++ in four strict modes, python3 imports with gcc's
 * sizes, the JSON names of the schemas) and the schemas through Python's {@code jsonschema} meta-schema check.
 */
class GeneratedNamesTest {
    private static final String A = "@io.structbridge.annotations.";
    private static final String C = "io.structbridge.annotations.CType.";
    private static final String V = "@jakarta.validation.constraints.";
    private static final String STRING = "java.lang.String";
    private static final String SEGMENT = "java.lang.foreign.MemorySegment";

    /** Record component names Java refuses (JLS 8.10.1), keywords and literals (JLS 3.9). */
    private static final Set<String> NOT_COMPONENTS = Set.of("clone", "finalize", "getClass", "hashCode", "notify", "notifyAll",
            "toString", "wait", "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
            "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
            "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private", "protected",
            "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
            "transient", "try", "void", "volatile", "while", "true", "false", "null", "_", "record", "yield", "var", "sealed",
            "permits", "non-sealed", "when");

    /** The names the issue reported (3 of 39 ordinary names broke javac): they must be accepted. */
    private static final List<String> REPORTED = List.of("Row", "Long", "Math");

    // ---------------------------------------------------------------- sources

    /** The helper types every package of the test declares: a nested struct, two enums, a tagged union's parts. */
    private static Map<String, String> helpers(String pkg) {
        Map<String, String> m = new LinkedHashMap<>();
        String head = "package " + pkg + ";\n";
        m.put(pkg + ".SbInner", head + A + "Struct public record SbInner(int sbA, " + A + "Capacity(4) " + STRING + " sbB) {}\n");
        m.put(pkg + ".SbRect", head + A + "Struct public record SbRect(float sbW, float sbH) {}\n");
        m.put(pkg + ".SbColor", head + "public enum SbColor { " + A + "Code(1) RED, " + A + "Code(2) GREEN }\n");
        m.put(pkg + ".SbKind", head + "public enum SbKind { " + A + "Code(1) CIRCLE, " + A + "Code(2) RECT }\n");
        m.put(pkg + ".SbShape", head + A + "Union public record SbShape(" + A + "Case(\"CIRCLE\") SbInner sbCircle, "
                + A + "Case(\"RECT\") SbRect sbRect) {}\n");
        return m;
    }

    /**
     * {@return a record named {@code name} of one of four shapes, chosen by {@code kind}: a struct with every kind of
     * member and constraint, a struct with a tagged union, a union, a struct with pointers} {@code extra} is one more
     * component declaration, or empty.
     */
    static String record(String pkg, String name, int kind, String extra) {
        return record(pkg, name, kind, extra, false);
    }

    /**
     * {@link #record(String, String, int, String)} with the annotations imported ({@code imports}) rather than named in
     * full: a component named {@code io} or {@code jakarta} would otherwise hide the package in the record's own
     * annotations, which javac refuses before the processor sees them.
     */
    static String record(String pkg, String name, int kind, String extra, boolean imports) {
        String text = declaration(name, kind, extra);
        if (!imports) {
            return "package " + pkg + ";\n" + text;
        }
        return "package " + pkg + ";\nimport io.structbridge.annotations.*;\nimport jakarta.validation.constraints.*;\n"
                + text.replace(A, "@").replace(C, "CType.").replace(V, "@");
    }

    private static String declaration(String name, int kind, String extra) {
        String more = extra.isEmpty() ? "" : ",\n        " + extra;
        String nt = A + "NativeType(" + C;
        String body = switch (kind % 4) {
            case 0 -> A + "Struct public record " + name + "(boolean sbFlag, byte sbI8, short sbI16, char sbC16, int sbI32, long sbI64,\n"
                    + "        float sbF32, double sbF64, " + nt + "UINT8) int sbU8, " + nt + "UINT16) int sbU16, " + nt + "UINT32) long sbU32,\n"
                    + "        " + nt + "UINT64) long sbU64, " + nt + "UINT64_BITS) long sbFull, " + nt + "FLOAT16) float sbHalf,\n"
                    + "        " + nt + "FLOAT) double sbNarrow, " + A + "Capacity(8) " + V + "Size(max = 6) " + V
                    + "Pattern(regexp = \"[a-z]*\") " + STRING + " sbText,\n"
                    + "        " + A + "Length(2) short[] sbShorts, " + A + "Length(2) " + nt + "UINT64_BITS) long[] sbFulls,\n"
                    + "        " + A + "Length(2) " + nt + "FLOAT16) float[] sbHalves, " + A + "Length(3) byte[] sbBytes, "
                    + A + "Length(2) char[] sbChars,\n"
                    + "        " + A + "Bits(3) " + nt + "UINT8) int sbBits, " + A + "Bits(4) " + nt + "UINT8) int sbBits2,\n"
                    + "        SbInner sbInner, " + A + "Length(2) SbInner[] sbInners, SbColor sbColor,\n"
                    + "        " + V + "Min(1) " + V + "Max(100) int sbRange, " + V + "DecimalMin(\"0.5\") double sbDec,\n"
                    + "        " + V + "Digits(integer = 3, fraction = 2) double sbDigits, " + A + "Capacity(4) " + V + "NotBlank " + STRING
                    + " sbBlank" + more + ") {}\n";
            case 1 -> A + "Struct public record " + name + "(SbKind sbKind, " + A + "Tag(\"sbKind\") SbShape sbShape, int sbI32" + more + ") {}\n";
            case 2 -> A + "Union public record " + name + "(int sbI32, float sbF32, SbInner sbInner, " + A + "Length(4) byte[] sbBytes"
                    + more + ") {}\n";
            default -> A + "Struct public record " + name + "(" + A + "Pointer " + SEGMENT + " sbPtr, " + A + "Pointer(target = SbInner.class) "
                    + SEGMENT + " sbNext,\n        " + A + "Pointer(cString = true) " + SEGMENT + " sbStr, int sbI32" + more + ") {}\n";
        };
        return body;
    }

    /** {@return a component named {@code name} of a type chosen by {@code i}} */
    private static String component(String name, int i, boolean imports) {
        String a = imports ? "@" : A;
        return switch (i % 6) {
            case 0 -> "int " + name;
            case 1 -> a + "Capacity(6) " + STRING + " " + name;
            case 2 -> "SbInner " + name;
            case 3 -> a + "Length(2) int[] " + name;
            case 4 -> "SbColor " + name;
            default -> a + "NativeType(" + (imports ? "CType." : C) + "UINT64_BITS) long " + name;
        };
    }

    // ---------------------------------------------------------------- oracles

    /** Every public top-level class and interface of java.lang in the running JDK (its jrt image). */
    static List<String> javaLangTypes() throws IOException {
        Set<String> names = new TreeSet<>();
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        try (Stream<Path> s = Files.list(jrt.getPath("/modules/java.base/java/lang"))) {
            for (Path p : s.toList()) {
                String f = p.getFileName().toString();
                if (f.endsWith(".class") && !f.contains("$") && !f.equals("module-info.class")) {
                    String n = f.substring(0, f.length() - ".class".length());
                    try {
                        if (Modifier.isPublic(Class.forName("java.lang." + n, false, ClassLoader.getPlatformClassLoader()).getModifiers())) {
                            names.add(n);
                        }
                    } catch (ClassNotFoundException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return List.copyOf(names);
    }

    /** What a reference compilation of every record shape shows about the generated code. */
    /** @param identifiers every Java identifier the generated sources of the reference records spell */
    record Reference(Set<String> referencedTypes, Set<String> memberTypes, Set<String> members, Set<String> variables,
                     Set<String> identifiers) {}

    private static Reference reference;

    /** Record names that must compile, whether or not the generated code spells them. */
    private static final List<String> MUST_ACCEPT = List.of("Long", "Math", "String", "Integer", "Object", "Record", "Override",
            "Deprecated", "SuppressWarnings", "System", "Thread", "Character", "Byte", "Short", "Float", "Double", "Boolean", "Void",
            "Enum", "Class", "Iterable", "MemorySegment", "MemoryLayout", "ValueLayout", "Arena", "StructType", "StructArray",
            "StructColumns", "Objects", "List", "Arrays", "Generated", "Type", "Codec");

    private static final Pattern IDENTIFIER = Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

    /**
     * Compiles one record of each shape (with Jackson on the class path, so with its {@code RJson}) and reads, from
     * the generated sources, every type they refer to outside the record's package and every variable they declare,
     * and, from the compiled classes, every member and member type each generated class declares or inherits.
     */
    static synchronized Reference reference(Path dir) throws IOException {
        if (reference != null) {
            return reference;
        }
        Map<String, String> src = new LinkedHashMap<>(helpers("ref"));
        for (int k = 0; k < 4; k++) {
            src.put("ref.Ref" + k, record("ref", "Ref" + k, k, ""));
        }
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, src);
        assertTrue(o.success(), () -> "the reference records: " + o.sbErrors());
        Set<String> types = new TreeSet<>();
        Set<String> variables = new TreeSet<>();
        Set<String> identifiers = new TreeSet<>();
        Path generated = dir.resolve("generated");
        List<Path> sources;
        try (Stream<Path> s = Files.walk(generated)) {
            sources = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        Pattern external = Pattern.compile("\\b(?:java|javax|io\\.structbridge|tools\\.jackson|com\\.fasterxml)(?:\\.[a-z][a-z0-9_]*)*((?:\\.[A-Z][A-Za-z0-9_]*)+)");
        for (Path p : sources) {
            String text = Files.readString(p, StandardCharsets.UTF_8);
            Matcher m = external.matcher(text);
            while (m.find()) {
                for (String part : m.group(1).substring(1).split("\\.")) {
                    types.add(part);
                }
            }
            variables.addAll(declaredVariables(text));
            Matcher id = IDENTIFIER.matcher(text);
            while (id.find()) {
                identifiers.add(id.group());
            }
        }
        Set<String> memberTypes = new TreeSet<>(List.of("Row", "RowValidator"));
        Set<String> members = new TreeSet<>();
        List<URL> urls = new ArrayList<>();
        urls.add(o.classes().toUri().toURL());
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), GeneratedNamesTest.class.getClassLoader())) {
            for (int k = 0; k < 4; k++) {
                for (String suffix : List.of("Struct", "View", "Array", "Columns", "Validator", "Json")) {
                    Class<?> c;
                    try {
                        c = Class.forName("ref.Ref" + k + suffix, false, loader);
                    } catch (ClassNotFoundException e) {
                        continue; // a union or a pointer has no RJson
                    }
                    collect(c, memberTypes, members);
                }
            }
        }
        members.removeIf(n -> n.toLowerCase(java.util.Locale.ROOT).contains("sb") || n.startsWith("lambda$"));
        variables.removeIf(n -> n.toLowerCase(java.util.Locale.ROOT).contains("sb"));
        reference = new Reference(types, memberTypes, members, variables, identifiers);
        return reference;
    }

    /** Adds the names of {@code c}'s members and nested types, and of the member types it inherits. */
    private static void collect(Class<?> c, Set<String> memberTypes, Set<String> members) {
        for (Class<?> nested : c.getDeclaredClasses()) {
            memberTypes.add(nested.getSimpleName());
            collect(nested, memberTypes, members);
        }
        for (Method m : c.getDeclaredMethods()) {
            if (!m.isSynthetic()) {
                members.add(m.getName());
            }
        }
        for (Field f : c.getDeclaredFields()) {
            if (!f.isSynthetic()) {
                members.add(f.getName());
            }
        }
        List<Class<?>> supers = new ArrayList<>(List.of(c.getInterfaces()));
        if (c.getSuperclass() != null) {
            supers.add(c.getSuperclass());
        }
        for (Class<?> s : supers) {
            for (Class<?> t = s; t != null; t = t.getSuperclass()) {
                for (Class<?> inherited : t.getDeclaredClasses()) {
                    memberTypes.add(inherited.getSimpleName());
                }
                for (Class<?> i : t.getInterfaces()) {
                    for (Class<?> inherited : i.getDeclaredClasses()) {
                        memberTypes.add(inherited.getSimpleName());
                    }
                }
            }
        }
    }

    private static final Pattern DECLARATION = Pattern.compile(
            "([\\w$.]+(?:<[^<>;(){}]*>)?(?:\\[])*)\\s+([A-Za-z_$][\\w$]*)\\s*(?==|;|,|\\)|:)");
    private static final Pattern LAMBDA = Pattern.compile("(?:\\(([\\w$, ]*)\\)|([A-Za-z_$][\\w$]*))\\s*->");
    private static final Set<String> NOT_TYPES = Set.of("return", "throw", "new", "case", "else", "yield", "assert", "instanceof",
            "package", "import");

    /** {@return the names a Java source declares as fields, parameters, locals and lambda parameters} */
    static Set<String> declaredVariables(String source) {
        String code = source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ")
                .replaceAll("\"(?:\\\\.|[^\"\\\\])*\"", "\"\"").replaceAll("'(?:\\\\.|[^'\\\\])*'", "''");
        Set<String> names = new TreeSet<>();
        Matcher m = DECLARATION.matcher(code);
        while (m.find()) {
            if (!NOT_TYPES.contains(m.group(1))) {
                names.add(m.group(2));
            }
        }
        Matcher l = LAMBDA.matcher(code);
        while (l.find()) {
            for (String n : (l.group(1) != null ? l.group(1) : l.group(2)).split(",")) {
                if (!n.isBlank()) {
                    names.add(n.strip());
                }
            }
        }
        names.removeIf(n -> NOT_COMPONENTS.contains(n) || n.matches("[A-Z0-9_$]+"));
        return names;
    }

    // ---------------------------------------------------------------- the run

    /** The outcome of one list: the names accepted and the names refused with their SB- errors. */
    record Verdicts(Set<String> accepted, Map<String, List<String>> refused) {}

    /**
     * Compiles every case's sources together; removes the cases refused with SB- errors (each on a file of the case
     * itself) and checks every output of the rest in a second compilation, which must succeed.
     *
     * @param cases case name to its sources (qualified name to text); {@code shared} sources belong to no case
     */
    private static Verdicts run(Path dir, Map<String, String> shared, Map<String, Map<String, String>> all) {
        Map<String, Map<String, String>> cases = acceptedByJava(dir.resolve("java"), shared, all);
        Map<String, String> files = new LinkedHashMap<>(shared);
        Map<String, String> owner = new LinkedHashMap<>();
        cases.forEach((name, sources) -> sources.forEach((q, text) -> {
            files.put(q, text);
            owner.put(q, name);
        }));
        // the processor alone finds the refused cases; the second compilation compiles what it generates for the rest
        GeneratedOutputs.Outcome first = GeneratedOutputs.compile(dir.resolve("first"), files, List.of("-proc:only"));
        Map<String, List<String>> refused = new TreeMap<>();
        Path src = dir.resolve("first").resolve("src");
        for (String e : first.sbErrors()) {
            assertFalse(e.contains("SB-INTERNAL-ERROR"), e);
            int at = e.indexOf(".java:");
            assertTrue(at > 0, () -> "an SB- error on no file: " + e);
            String file = e.substring(0, at + ".java".length());
            String qualified = src.relativize(Path.of(file)).toString().replace(File.separatorChar, '.');
            qualified = qualified.substring(0, qualified.length() - ".java".length());
            String name = owner.get(qualified);
            String q = qualified;
            assertTrue(name != null, () -> "an SB- error on a shared file " + q + ": " + e);
            refused.computeIfAbsent(name, k -> new ArrayList<>()).add(e.substring(e.indexOf("[SB-")));
        }
        refused.forEach((n, e) -> log("  refused " + n + ": " + e.getFirst()));
        Map<String, String> kept = new LinkedHashMap<>(shared);
        Set<String> accepted = new TreeSet<>();
        cases.forEach((name, sources) -> {
            if (!refused.containsKey(name)) {
                kept.putAll(sources);
                accepted.add(name);
            }
        });
        GeneratedOutputs.Outcome second = GeneratedOutputs.check(dir.resolve("second"), kept, Map.of());
        assertTrue(second.success(), () -> "refused only in a second compilation: " + second.sbErrors());
        checkSchemas(second.classes());
        return new Verdicts(accepted, refused);
    }

    /** Every generated JSON Schema is a valid draft 2020-12 schema (Python jsonschema's meta-schema check). */
    private static void checkSchemas(Path classes) {
        List<String> schemas = new ArrayList<>();
        try (Stream<Path> s = Files.walk(classes)) {
            s.filter(p -> p.toString().endsWith(".schema.json")).sorted().forEach(p -> schemas.add(p.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Oracles.requirePython("jsonschema");
        String script = "import json, sys, jsonschema\nn = 0\nfor p in sys.stdin.read().split('\\n'):\n"
                + "    if p:\n        jsonschema.Draft202012Validator.check_schema(json.load(open(p, encoding='utf-8')))\n"
                + "        n += 1\nprint(n)\n";
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", "-c", script), classes, String.join("\n", schemas));
        assertEquals(String.valueOf(schemas.size()), r.out().strip(), r.out());
    }

    private static void report(String what, Verdicts v) {
        log(what + ": " + v.accepted().size() + " accepted, " + v.refused().size() + " refused with SB- errors (listed above)");
    }

    /** Appends a line to {@code target/generated-names.txt}, the record of what each list accepted and refused. */
    private static synchronized void log(String line) {
        try {
            Path file = Path.of(System.getProperty("basedir", "."), "target", "generated-names.txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------- the lists

    /**
     * Records named after every public java.lang type the generated code spells, every type it refers to and every
     * member type the generated classes declare or inherit, all in one package: each name meets every other.
     */
    @Test
    void recordsNamedAfterTypesTheGeneratedCodeUses(@TempDir Path dir) throws IOException {
        Reference ref = reference(dir.resolve("reference"));
        // a java.lang type the generated code never spells cannot be captured there: the record named after it
        // meets nothing (the four reference shapes between them generate every kind of class and member)
        Set<String> names = new TreeSet<>(javaLangTypes());
        names.retainAll(ref.identifiers());
        names.addAll(ref.referencedTypes());
        names.addAll(ref.memberTypes());
        names.addAll(List.of("MemorySegment", "MemoryLayout", "ValueLayout", "Arena", "StructType", "StructArray", "StructColumns",
                "Objects", "List", "Arrays", "Generated", "Type", "Codec", "Row", "RowValidator"));
        names.addAll(MUST_ACCEPT);
        assertTrue(names.containsAll(List.of("String", "Long", "Math", "Override", "SuppressWarnings", "Record", "Iterable",
                "Values", "MemorySegment", "ValueLayout")), names.toString());
        Map<String, Map<String, String>> cases = new LinkedHashMap<>();
        int i = 0;
        for (String n : names) {
            cases.put(n, Map.of("names." + n, record("names", n, i++, "")));
        }
        Verdicts v = run(dir.resolve("records"), helpers("names"), cases);
        report(names.size() + " record names", v);
        assertTrue(v.accepted().containsAll(MUST_ACCEPT), () -> v.refused().toString());
    }

    /**
     * The issue's case: records named {@code Row}, {@code Long} and {@code Math} beside ordinary ones, in one package
     * (there, {@code Row} is not refused for a record {@code RowValidator} beside it, as in the list above).
     */
    @Test
    void theReportedNamesCompileBesideOrdinaryOnes(@TempDir Path dir) {
        Map<String, Map<String, String>> cases = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(REPORTED);
        names.addAll(List.of("Point", "Sample", "Reading", "Header", "Entry", "Node"));
        for (int i = 0; i < names.size(); i++) {
            cases.put(names.get(i), Map.of("p." + names.get(i), record("p", names.get(i), i, "")));
        }
        Verdicts v = run(dir, helpers("p"), cases);
        assertEquals(new TreeSet<>(names), v.accepted(), () -> v.refused().toString());
    }

    /** Components named after every member and variable of the generated classes, and after the types they use. */
    @Test
    void componentsNamedAfterGeneratedMembersAndVariables(@TempDir Path dir) throws IOException {
        Reference ref = reference(dir.resolve("reference"));
        Set<String> names = new TreeSet<>(ref.members());
        names.addAll(ref.variables());
        names.addAll(ref.memberTypes());
        names.addAll(List.of("layout", "sizeof", "alignof", "$LAYOUT", "LAYOUT", "SIZE", "ALIGNMENT", "TYPE", "COLUMNS", "STRUCT",
                "FINGERPRINT", "segment", "offset", "value", "java", "io", "Math", "Long", "String", "Objects"));
        names.removeIf(n -> NOT_COMPONENTS.contains(n) || !Character.isJavaIdentifierStart(n.codePointAt(0))
                || !n.codePoints().allMatch(Character::isJavaIdentifierPart));
        assertTrue(names.containsAll(List.of("layout", "sizeof", "describe", "write", "check", "at", "wrap", "count")), names.toString());
        Map<String, Map<String, String>> cases = new LinkedHashMap<>();
        int i = 0;
        for (String n : names) {
            String r = "K" + i;
            cases.put(n, Map.of("k." + r, record("k", r, i % 4 == 2 ? 0 : i % 4, component(n, i, true), true)));
            i++;
        }
        Verdicts v = run(dir.resolve("components"), helpers("k"), cases);
        report(names.size() + " component names", v);
        for (String n : List.of("layout", "describe", "write", "check", "count", "at", "wrap", "value", "java", "io", "Math", "Long")) {
            assertTrue(v.accepted().contains(n), () -> n + " refused: " + v.refused().get(n));
        }
    }

    /**
     * Packages named like Java's, the runtime's and the generated variables: each holds records named {@code Row} and
     * {@code Codec} (the names of types the generated classes declare, so their references there are qualified) and
     * an enum {@code Type}, which a record of another package nests.
     */
    @Test
    void packagesNamedLikeJavaAndLikeGeneratedVariables(@TempDir Path dir) throws IOException {
        Reference ref = reference(dir.resolve("reference"));
        Set<String> packages = new TreeSet<>(List.of("java_", "javax.sb", "jdk.sb", "sun.sb", "lang", "foreign", "util", "io",
                "io.structbridge", "io.structbridge.runtime", "io.structbridge.jackson", "tools", "com", "structbridge", "names.java",
                "names.java.lang", "names.io", "Type", "Row", "Codec", "String", "Math", "Long", "in", "at", "de"));
        packages.addAll(ref.variables());
        Map<String, Map<String, String>> cases = new LinkedHashMap<>();
        int i = 0;
        for (String p : packages) {
            Map<String, String> s = new LinkedHashMap<>();
            String head = "package " + p + ";\n";
            s.put(p + ".Type", head + "public enum Type { " + A + "Code(1) A, " + A + "Code(2) B }\n");
            s.put(p + ".Row", head + A + "Struct public record Row(int sbA, Type sbType, " + A + "Capacity(4) " + STRING + " sbS) {}\n");
            s.put(p + ".Codec", head + A + "Struct public record Codec(Row sbRow, Type sbType, " + A + "Length(2) Row[] sbRows) {}\n");
            // each in a package of its own: one package's headers reaching io.Row and de.Row would be refused (SB-C-NAME-TAKEN)
            s.put("h" + i + ".H" + i, "package h" + i + ";\nimport " + p + ".Codec;\nimport " + p + ".Row;\nimport " + p + ".Type;\n" + A
                    + "Struct public record H" + i + "(Codec sbCodec, Row sbRow, Type sbType) {}\n");
            cases.put(p, s);
            i++;
        }
        Verdicts v = run(dir.resolve("packages"), Map.of(), cases);
        report(packages.size() + " package names", v);
        for (String p : List.of("java_", "io", "io.structbridge.jackson", "com", "names.java", "de", "in", "at")) {
            assertTrue(v.accepted().contains(p), () -> p + " refused: " + v.refused().get(p));
        }
    }

    /**
     * {@return the cases whose sources javac compiles without the processor} A package Java itself refuses (or whose
     * sources javac refuses) is no case: all are compiled together, and the cases with an error in one of their files
     * are left out, until the rest compiles.
     */
    private static Map<String, Map<String, String>> acceptedByJava(Path dir, Map<String, String> shared,
                                                                   Map<String, Map<String, String>> cases) {
        Map<String, Map<String, String>> ok = new LinkedHashMap<>(cases);
        for (int round = 0; !ok.isEmpty(); round++) {
            Path d = dir.resolve("round" + round);
            Map<Path, String> owner = new LinkedHashMap<>();
            Map<String, Map<String, String>> compiled = new LinkedHashMap<>();
            compiled.put("", shared);
            compiled.putAll(ok);
            GeneratedOutputs.Result r = javacAlone(d, compiled, owner);
            if (r.exit() == 0) {
                return ok;
            }
            Set<String> bad = new TreeSet<>();
            for (String line : r.out().lines().toList()) {
                int at = line.indexOf(".java:");
                if (at > 0 && line.contains(": error: ")) {
                    String name = owner.get(Path.of(line.substring(0, at + ".java".length())));
                    assertTrue(name != null && !name.isEmpty(), () -> "javac refused a file of no case:\n" + r.out());
                    if (bad.add(name)) {
                        log("  javac refuses " + name + " by itself: " + line.substring(line.indexOf(": error: ") + 2));
                    }
                }
            }
            assertFalse(bad.isEmpty(), () -> "javac failed without naming a file:\n" + r.out());
            bad.forEach(ok::remove);
        }
        return ok;
    }

    private static GeneratedOutputs.Result javacAlone(Path dir, Map<String, Map<String, String>> cases, Map<Path, String> owner) {
        try {
            List<String> cmd = new ArrayList<>(List.of("--release", "22", "-proc:none", "-encoding", "UTF-8", "-Xmaxerrs", "100000", "-classpath",
                    System.getProperty("java.class.path"), "-d", Files.createDirectories(dir.resolve("classes")).toString()));
            for (Map.Entry<String, Map<String, String>> c : cases.entrySet()) {
                for (Map.Entry<String, String> f : c.getValue().entrySet()) {
                    Path p = dir.resolve("src").resolve(f.getKey().replace('.', '/') + ".java");
                    Files.createDirectories(p.getParent());
                    Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                    owner.put(p, c.getKey());
                    cmd.add(p.toString());
                }
            }
            return GeneratedOutputs.javac(cmd);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The harvest of declared variables finds parameters, locals, lambda parameters and fields, and no keyword. */
    @Test
    void declaredVariablesAreFound() {
        Set<String> found = declaredVariables("class X { private final long row$; static int f(java.lang.foreign.MemorySegment segment, long offset) {"
                + " int n = 0; for (long i = 0; i < 3; i++) { } java.util.List<String> out = null; return g((a, b) -> a, c -> c); }"
                + " // int notMe = 1;\n String s = \"int neither = 2;\"; }");
        assertEquals(new TreeSet<>(List.of("row$", "segment", "offset", "n", "i", "out", "a", "b", "c", "s")), found);
    }
}

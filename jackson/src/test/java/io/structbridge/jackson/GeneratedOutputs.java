package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the processor on declarations written to disk (javac as Maven runs it, with Jackson on
 * the class path so every record also gets its {@code RJson} codec) and holds every output of every
 * accepted record to the real tools: javac compiled the generated Java; the C headers compile with gcc
 * and g++ in {@code -std=c11}, {@code gnu17}, {@code c++17} and {@code gnu++17} with {@code -Wall -Wextra
 * -Werror}; every Python module imports (python3 with NumPy and Pydantic), its ctypes class and NumPy
 * dtype have gcc's {@code sizeof} and {@code _Alignof}, and its Pydantic model has exactly the JSON
 * names of the JSON Schema (and of the declaration, when given); every JSON Schema is JSON.
 */
final class GeneratedOutputs {
    private GeneratedOutputs() {}

    /** The outcome of one compilation: the structbridge errors, if the processor refused something. */
    record Outcome(boolean success, List<String> sbErrors, Path classes) {
        /** {@return whether some structbridge error contains every one of {@code parts}} */
        boolean refused(String... parts) {
            return sbErrors.stream().anyMatch(e -> Stream.of(parts).allMatch(e::contains));
        }
    }

    static final List<List<String>> C_MODES = List.of(
            List.of("gcc", "-x", "c", "-std=c11"), List.of("gcc", "-x", "c", "-std=gnu17"),
            List.of("g++", "-x", "c++", "-std=c++17"), List.of("g++", "-x", "c++", "-std=gnu++17"));

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * Compiles {@code sources} (qualified name to text) with the processor in {@code dir}, then checks every
     * output of the accepted records. A refused declaration must be refused with {@code SB-} errors only.
     *
     * @param jsonNames the JSON names each record ({@code cName}) must have, in order, or an empty map
     */
    static Outcome check(Path dir, Map<String, String> sources, Map<String, List<String>> jsonNames) {
        Oracles.requirePython("numpy", "pydantic");
        Oracles.requireTool("gcc");
        Oracles.requireTool("g++");
        Outcome o = compile(dir, sources);
        List<String> internal = o.sbErrors.stream().filter(e -> e.contains("SB-INTERNAL-ERROR")).toList();
        assertEquals(List.of(), internal, "the processor crashed");
        if (!o.success) {
            return o;
        }
        checkHeaders(o.classes);
        checkPython(o.classes, jsonNames);
        checkSchemas(o.classes);
        return o;
    }

    static Outcome compile(Path dir, Map<String, String> sources) {
        return compile(dir, sources, List.of());
    }

    /** {@link #compile(Path, Map)} with more javac options ({@code -Astructbridge.pythonPackage=...}). */
    static Outcome compile(Path dir, Map<String, String> sources, List<String> options) {
        try {
            Path src = Files.createDirectories(dir.resolve("src"));
            Path gen = Files.createDirectories(dir.resolve("generated"));
            Path out = Files.createDirectories(dir.resolve("classes"));
            List<File> inputs = new ArrayList<>();
            for (Map.Entry<String, String> f : sources.entrySet()) {
                Path p = src.resolve(f.getKey().replace('.', '/') + ".java");
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                inputs.add(p.toFile());
            }
            // javac in this JVM (java.util.spi.ToolProvider: the tests run on the class path, so jdk.compiler is in the
            // boot layer): warm after the first compilation, where a new javac process would start cold each time. The
            // processor is found on the processor path like any registered processor, in a class loader of its own.
            List<String> cmd = new ArrayList<>(List.of("--release", "22", "-Xlint:all,-processing,-options", "-encoding", "UTF-8",
                    "-Xmaxerrs", "10000", "-Xmaxwarns", "10000", "-classpath", System.getProperty("java.class.path"),
                    "-processorpath", System.getProperty("java.class.path"), "-processor", "io.structbridge.processor.StructProcessor",
                    "-d", out.toString(), "-s", gen.toString()));
            cmd.addAll(options);
            inputs.forEach(f -> cmd.add(f.getPath()));
            Result r = javac(cmd);
            boolean ok = r.exit == 0;
            List<String> sb = r.out.lines().filter(l -> l.contains("error: [SB-")).toList();
            if (!ok && sb.isEmpty()) {
                fail("no structbridge error, yet javac failed (generated code that does not compile?):\n" + r.out);
            }
            return new Outcome(ok, sb, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs javac in this JVM with {@code args}: its exit code and its output (diagnostics and notes). */
    static Result javac(List<String> args) {
        java.io.StringWriter text = new java.io.StringWriter();
        int exit;
        try (java.io.PrintWriter w = new java.io.PrintWriter(text)) {
            exit = java.util.spi.ToolProvider.findFirst("javac").orElseThrow(() -> new IllegalStateException("no javac in this JDK"))
                    .run(w, w, args.toArray(String[]::new));
        }
        return new Result(exit, text.toString());
    }

    /**
     * Every header of a package, included in one translation unit, compiles in the four modes: one translation unit
     * per package, all of them given to one gcc (g++) per mode, which compiles each on its own.
     */
    static void checkHeaders(Path classes) {
        List<String> files = new ArrayList<>();
        StringBuilder all = new StringBuilder();
        for (Map.Entry<Path, List<Path>> pkg : byFolder(classes, ".h").entrySet()) {
            StringBuilder tu = new StringBuilder();
            for (Path h : pkg.getValue()) {
                tu.append("#include \"").append(classes.relativize(h).toString().replace(File.separatorChar, '/')).append("\"\n");
            }
            tu.append("int sb_main_unused(void);\n");
            Path file = classes.resolve("all-" + files.size() + ".c");
            write(file, tu.toString());
            files.add(file.toString());
            all.append("// ").append(file.getFileName()).append('\n').append(tu);
        }
        if (files.isEmpty()) {
            return;
        }
        for (List<String> mode : C_MODES) {
            List<String> cmd = new ArrayList<>(mode);
            cmd.addAll(List.of("-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I", classes.toString()));
            cmd.addAll(files);
            Result r = run(cmd, classes, null);
            assertEquals(0, r.exit, () -> String.join(" ", mode) + " refused the generated headers:\n" + r.out + "\n" + all);
        }
    }

    /**
     * Every Python module imports; its ctypes class and dtype have the size and alignment gcc gives the C
     * struct; its Pydantic model has the JSON Schema's property names (and {@code jsonNames}' when given).
     * The modules (each self-contained) of every package are loaded by one interpreter.
     */
    static void checkPython(Path classes, Map<String, List<String>> jsonNames) {
        Map<Path, List<Path>> modules = byFolder(classes, ".py");
        modules.values().removeIf(List::isEmpty);
        if (modules.isEmpty()) {
            return;
        }
        Map<Path, Map<String, long[]>> gcc = new LinkedHashMap<>();
        List<Path> order = new ArrayList<>();
        for (Map.Entry<Path, List<Path>> pkg : modules.entrySet()) {
            gcc.put(pkg.getKey(), gccLayouts(classes, pkg.getKey(), pkg.getValue()));
            order.addAll(pkg.getValue());
        }
        Path script = classes.resolve("check_outputs.py");
        write(script, PYTHON_CHECK);
        // The class output has no runtime (each of its files belongs to one record): as docs/python.md tells a user of
        // these modules, the runtime comes from the processor jar, here the processor on this test's class path.
        Path runtime = classes.resolveSibling("python-runtime");
        try {
            Files.createDirectories(runtime);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        write(runtime.resolve("structbridge_rt.py"), pythonRuntime());
        List<String> cmd = new ArrayList<>(List.of("python3", script.toString(), runtime.toString()));
        order.forEach(p -> cmd.add(p.toString()));
        Result r = run(cmd, classes, null);
        assertEquals(0, r.exit, () -> "a generated Python module failed:\n" + r.out);
        List<String> lines = r.out.lines().toList();
        assertEquals(order.size(), lines.size(), r.out);
        for (int i = 0; i < lines.size(); i++) {
            Path folder = order.get(i).getParent();
            JsonNode n = JSON.readTree(lines.get(i));
            String name = n.get("name").asString();
            long[] c = gcc.get(folder).get(name);
            String where = classes.relativize(folder) + "/" + name + ".py against gcc";
            assertEquals(c[0], n.get("ctypes_size").asLong(), where + ": ctypes.sizeof");
            if (n.get("dtype_size").asLong() == 0) {
                assertTrue(c[0] > Integer.MAX_VALUE, where + ": no dtype, yet the struct fits NumPy's itemsize");
            } else {
                assertEquals(c[0], n.get("dtype_size").asLong(), where + ": dtype itemsize");
            }
            if (!n.get("over_aligned").asBoolean() || n.get("python_align").asBoolean()) {
                assertEquals(c[1], n.get("ctypes_align").asLong(), where + ": ctypes.alignment");
            }
            if (!n.get("packed").asBoolean() && !n.get("over_aligned").asBoolean() && n.get("dtype_size").asLong() > 0) {
                assertEquals(c[1], n.get("dtype_align").asLong(), where + ": dtype alignment");
            }
            Path schemaFile = folder.resolve(name + ".schema.json");
            if (!Files.exists(schemaFile)) {
                // a union or a struct holding one untagged, or a pointer: no JSON form, so no schema and no model
                assertTrue(n.get("properties").isNull(), where + ": a Pydantic model, but no JSON Schema");
                continue;
            }
            List<String> schema = new ArrayList<>();
            JSON.readTree(read(schemaFile)).get("properties").propertyNames().forEach(schema::add);
            List<String> pydantic = new ArrayList<>();
            n.get("properties").forEach(x -> pydantic.add(x.asString()));
            assertEquals(schema, pydantic, where + ": the Pydantic model's JSON names against the schema's");
            if (jsonNames.containsKey(name)) {
                assertEquals(jsonNames.get(name), pydantic, where + ": the Pydantic model's JSON names against the declaration");
            }
        }
    }

    /** {@return cName to {sizeof, _Alignof} of every struct of a package, from gcc} */
    private static Map<String, long[]> gccLayouts(Path classes, Path folder, List<Path> modules) {
        StringBuilder c = new StringBuilder("#include <stdio.h>\n");
        List<String> names = modules.stream().map(p -> p.getFileName().toString().replace(".py", "")).toList();
        for (String n : names) {
            c.append("#include \"").append(n).append(".h\"\n");
        }
        c.append("int main(void) {\n");
        for (String n : names) {
            c.append("    printf(\"").append(n).append(" %zu %zu\\n\", sizeof(").append(n).append("), _Alignof(").append(n).append("));\n");
        }
        c.append("    return 0;\n}\n");
        Path src = folder.resolve("layouts.c");
        write(src, c.toString());
        Path exe = folder.resolve("layouts");
        Result compiled = run(List.of("gcc", "-std=gnu17", "-o", exe.toString(), src.toString()), folder, null);
        assertEquals(0, compiled.exit, compiled.out);
        Result ran = run(List.of(exe.toString()), folder, null);
        assertEquals(0, ran.exit, ran.out);
        Map<String, long[]> result = new TreeMap<>();
        for (String line : ran.out.lines().toList()) {
            String[] parts = line.split(" ");
            result.put(parts[0], new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2])});
        }
        return result;
    }

    static void checkSchemas(Path classes) {
        for (List<Path> schemas : byFolder(classes, ".schema.json").values()) {
            for (Path s : schemas) {
                JsonNode n = JSON.readTree(read(s));
                assertFalse(n.get("properties").isEmpty(), s.toString());
            }
        }
    }

    /** {@return the text of the Python runtime as the processor jar holds it} */
    static String pythonRuntime() {
        try (java.io.InputStream in = GeneratedOutputs.class.getClassLoader()
                .getResourceAsStream("io/structbridge/processor/write/python/structbridge_rt.py")) {
            assertTrue(in != null, "the processor jar holds the Python runtime");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final String PYTHON_CHECK = """
            import ctypes, importlib.util, json, os, sys
            sys.path.insert(0, sys.argv[1])  # the runtime structbridge_rt, which every module imports
            for i, path in enumerate(sys.argv[2:]):
                name = os.path.basename(path)[:-3]
                spec = importlib.util.spec_from_file_location("sb_generated_%d_%s" % (i, name), path)
                m = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(m)
                cls = getattr(m, name)
                dtype = getattr(m, name + "_dtype")
                model = getattr(m, name + "Model", None)
                props = None if model is None else list(model.model_json_schema(by_alias=True)["properties"].keys())
                print(json.dumps({"name": name, "ctypes_size": ctypes.sizeof(cls), "ctypes_align": ctypes.alignment(cls),
                    "dtype_size": 0 if dtype is None else dtype.itemsize, "dtype_align": 0 if dtype is None else dtype.alignment,
                    "packed": "_pack_" in cls.__dict__, "over_aligned": "_align_" in cls.__dict__,
                    "python_align": sys.version_info >= (3, 13), "properties": props}))
            """;

    private static Map<Path, List<Path>> byFolder(Path root, String suffix) {
        Map<Path, List<Path>> result = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.getFileName().toString().endsWith(suffix) && Files.isRegularFile(p)).sorted()
                    .forEach(p -> result.computeIfAbsent(p.getParent(), k -> new ArrayList<>()).add(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    record Result(int exit, String out) {}

    /** Runs {@code cmd} in {@code dir}; its output goes to a file, so the timeout holds whatever it prints. */
    static Result run(List<String> cmd, Path dir, String stdin) {
        try {
            Path log = Files.createTempFile("sb-run", ".log");
            try {
                Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start();
                if (stdin != null) {
                    p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
                }
                p.getOutputStream().close();
                if (!p.waitFor(300, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    fail("timed out after 300 s: " + cmd);
                }
                return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void write(Path p, String text) {
        try {
            Files.writeString(p, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return sources as one map, in order} */
    static Map<String, String> sources(String... nameAndText) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameAndText.length; i += 2) {
            m.put(nameAndText[i], nameAndText[i + 1]);
        }
        return m;
    }
}

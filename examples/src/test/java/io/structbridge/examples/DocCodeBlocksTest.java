package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.examples.cities.Place;
import io.structbridge.examples.cities.PlaceStruct;
import io.structbridge.oracles.OracleProcess;
import io.structbridge.oracles.OracleTool;
import io.structbridge.runtime.StructFile;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fenced code block of README.md and docs/*.md (but the generated docs/diagnostics.md) says, in an HTML
 * comment on the line just before its fence ({@code <!-- block: ... -->}), what becomes of it, and the marker is
 * true:
 * <ul>
 * <li>{@code ... by DocCodeBlocksTest as ID}: this class compiles, runs or checks the block; every ID of the docs is
 * one this class handles ({@link #HANDLED}) and every handled ID is in the docs (blocks sharing an ID have the same
 * text);</li>
 * <li>{@code ... by SomeTest}: a test class of that name exists in the repository and its source names the doc file
 * (so it reads the block or runs what it shows);</li>
 * <li>{@code output ...}: what a program or the compiler prints, shown, not copied;</li>
 * <li>{@code ... not run: REASON} or {@code ... not compiled: REASON}: nobody runs it, and the reason says why.</li>
 * </ul>
 * The Java blocks are compiled with the real processor in one javac run (statement snippets wrapped in a class
 * with the imports and the variables they use, see {@link #WRAPS}), the record versions of the layout lock stories in
 * order against a lock folder, C blocks with gcc -std=c11 -Wall -Wextra -Werror against the generated headers, the
 * Python blocks with python3, the Mojo blocks with mojo build, the local shell blocks with /bin/sh.
 */
class DocCodeBlocksTest {
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final Pattern FENCE = Pattern.compile("^\\s*```(\\S*)\\s*$");
    static final Pattern MARKER = Pattern.compile("^<!-- block: (.+) -->$");
    static final Pattern BY = Pattern.compile("\\bby ([A-Z]\\w+)(?: as ([a-z0-9-]+))?");

    /** The IDs of the blocks this class compiles, runs or checks. */
    static final Set<String> HANDLED = Set.of(
            "particle-record", "particle-h", "particle-use", "particle-file", "particle-python", "particle-c",
            "particle-columns", "particle-retain", "rt-py-unzip", "structfile-h-unzip",
            "tick-versions", "tick-error", "tick-since", "tick-declared", "lock-option",
            "lock-since", "lock-declared", "lock-migrate",
            "places-arrow", "places-duckdb", "places-duckdb-tables", "places-c-arrow", "check-places", "check-places-run", "arrow-h-unzip",
            "mojo-rt-unzip", "mojo-app", "mojo-build", "order-json", "order-validate", "figure-records", "figure-json",
            "figure-arrow", "abi-stat", "abi-cross", "plain-javac", "optional-deps", "places-python-arrow");

    /** A fenced block: its file (relative to the root), the line of its opening fence, language, marker and text. */
    record Block(String file, int line, String lang, String marker, String text) {
        String where() {
            return file + ":" + line;
        }
    }

    /**
     * How a Java statement snippet becomes a compilation unit: its package, the imports a user writes, the variables
     * it uses (method parameters) and whether it has member declarations before its first blank line.
     */
    record Wrap(String pkg, String imports, String params) {}

    static final String FFM = "import java.lang.foreign.*;\nimport java.nio.file.Path;\nimport java.util.List;\n"
            + "import io.structbridge.runtime.*;\n";
    static final Map<String, Wrap> WRAPS = Map.ofEntries(
            Map.entry("particle-use", new Wrap("doc.particle", FFM, "")),
            Map.entry("particle-file", new Wrap("doc.particle", FFM, "")),
            Map.entry("particle-columns", new Wrap("doc.particle", FFM, "ParticleArray particles")),
            Map.entry("particle-retain", new Wrap("doc.particle", FFM + "import io.structbridge.arrow.*;\n",
                    "ParticleArray particles, MemorySegment schemaAddress, MemorySegment arrayAddress")),
            Map.entry("places-arrow", new Wrap("doc.places", FFM + "import io.structbridge.arrow.*;\nimport io.structbridge.examples.cities.*;\n",
                    "PlaceArray places, MemorySegment schemaAddress, MemorySegment arrayAddress, MemorySegment segment, long first,"
                            + " long count, StructFile<Place> file, MemorySegment streamAddress")),
            Map.entry("places-duckdb", new Wrap("doc.places", FFM + "import io.structbridge.arrow.*;\nimport io.structbridge.examples.cities.*;\n"
                    + "import java.sql.*;\nimport org.apache.arrow.c.ArrowArrayStream;\nimport org.apache.arrow.memory.*;\n"
                    + "import org.duckdb.DuckDBConnection;\n", "Path path")),
            Map.entry("places-duckdb-tables", new Wrap("doc.places", FFM + "import io.structbridge.arrow.files.*;\n"
                    + "import io.structbridge.examples.cities.*;\nimport java.sql.*;\nimport java.util.ArrayList;\n", "Path path")),
            Map.entry("order-json", new Wrap("doc.order", FFM + "import io.structbridge.jackson.*;\nimport java.io.InputStream;\n"
                    + "import tools.jackson.core.*;\n", "InputStream inputStream, JsonParser parser, MemorySegment segment, long offset,"
                    + " OrderArray orders, String oneJson, JsonGenerator generator")),
            Map.entry("order-validate", new Wrap("doc.order", FFM, "Order order, MemorySegment segment, long offset, OrderArray orderArray")),
            Map.entry("figure-json", new Wrap("doc.figure", "import tools.jackson.databind.json.JsonMapper;\n", "JsonMapper mapper")),
            Map.entry("figure-arrow", new Wrap("doc.figure", FFM + "import io.structbridge.arrow.*;\nimport io.structbridge.arrow.files.*;\n",
                    "FigureArray figures, MemorySegment schemaAddress, MemorySegment arrayAddress, java.sql.Connection db")),
            Map.entry("abi-stat", new Wrap("doc.abi", FFM + "import io.structbridge.fixtures.*;\n", "Arena arena")));

    @TempDir
    static Path tmp;
    static Map<String, Block> blocks;
    /** The one javac run over the records and snippets of the main compilation. */
    static Path classes;
    static Path headers;
    static Path python;

    @BeforeAll
    static void readBlocks() throws IOException {
        blocks = new LinkedHashMap<>();
        for (Block b : allBlocks()) {
            Matcher m = BY.matcher(b.marker() == null ? "" : b.marker());
            if (m.find() && m.group(1).equals(DocCodeBlocksTest.class.getSimpleName()) && m.group(2) != null) {
                Block before = blocks.putIfAbsent(m.group(2), b);
                if (before != null) {
                    assertEquals(before.text(), b.text(), b.where() + " shares its ID " + m.group(2) + " with " + before.where()
                            + ": the same text");
                }
            }
        }
    }

    @Test
    void everyBlockCarriesATruthfulMarker() throws IOException {
        List<String> problems = new ArrayList<>();
        Set<String> ids = new TreeSet<>();
        for (Block b : allBlocks()) {
            String marker = b.marker();
            if (marker == null) {
                problems.add(b.where() + ": ```" + b.lang() + " block without a marker (<!-- block: ... --> on the line before)");
                continue;
            }
            Matcher m = BY.matcher(marker);
            if (m.find()) {
                String test = m.group(1);
                if (test.equals(getClass().getSimpleName())) {
                    if (m.group(2) == null) {
                        problems.add(b.where() + ": a marker naming " + test + " needs \"as ID\"");
                    } else {
                        ids.add(m.group(2));
                    }
                    continue;
                }
                List<Path> sources = testSources(test);
                if (sources.isEmpty()) {
                    problems.add(b.where() + ": no test class " + test);
                } else if (sources.stream().noneMatch(s -> read(s).contains(b.file()))) {
                    problems.add(b.where() + ": " + test + " does not name " + b.file());
                }
            } else if (!marker.startsWith("output") && !marker.matches(".*\\bnot (run|compiled): \\S.*")) {
                problems.add(b.where() + ": the marker \"" + marker + "\" names no test, is no output and gives no reason why"
                        + " it is not run");
            }
        }
        assertEquals(List.of(), problems);
        assertEquals(new TreeSet<>(HANDLED), ids, "the IDs in the docs are the ones this test handles");
    }

    /**
     * The docs' Java blocks, every record of the docs but the lock stories' with the snippets that use them, in one javac
     * run with the processor (done once, for this test and the ones that run what it compiled).
     */
    @Test
    void theJavaBlocksCompileWithTheProcessor() throws IOException {
        mainCompilation();
    }

    static synchronized void mainCompilation() throws IOException {
        if (classes != null) {
            return;
        }
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("doc.particle.Particle", "package doc.particle;\nimport io.structbridge.annotations.*;\n" + text("particle-record"));
        sources.put("doc.order.Order", """
                package doc.order;
                import io.structbridge.annotations.*;
                @Struct public record Order(long id, int qty, @Capacity(16) String sku) {}
                """);
        sources.put("doc.figure.Circle", "package doc.figure;\n@io.structbridge.annotations.Struct record Circle(double r) {}\n");
        sources.put("doc.figure.Rect", "package doc.figure;\n@io.structbridge.annotations.Struct record Rect(double w, double h) {}\n");
        sources.put("doc.figure.Figure", "package doc.figure;\nimport io.structbridge.annotations.*;\n" + text("figure-records"));
        sources.put("CheckPlaces", text("check-places"));
        for (Map.Entry<String, Wrap> w : WRAPS.entrySet()) {
            sources.put(w.getValue().pkg() + "." + className(w.getKey()), wrap(w.getKey(), w.getValue()));
        }
        sources.put("doc.particle.RunDocs", """
                package doc.particle;
                public class RunDocs {
                    public static void main(String[] args) throws Exception {
                        BlockParticleUse.run();
                        BlockParticleFile.run();
                    }
                }
                """);
        Path dir = Files.createDirectories(tmp.resolve("main"));
        headers = dir.resolve("headers");
        python = dir.resolve("python");
        Javac r = javac(dir, sources, List.of("-Astructbridge.headerDir=" + headers, "-Astructbridge.pythonDir=" + python));
        assertEquals(0, r.exit(), "the docs' Java blocks compile with the processor:\n" + r.out() + "\n" + numbered(sources));
        classes = dir.resolve("classes");
    }

    /** The README's worked example, run: the checked write, the struct file, then Python and C over that file. */
    @Test
    void theParticleStoryRunsInJavaPythonAndC() throws IOException {
        mainCompilation();
        Path work = Files.createDirectories(tmp.resolve("particle"));
        OracleProcess.Result r = OracleProcess.of(java(), "--enable-native-access=ALL-UNNAMED", "-cp",
                classes + File.pathSeparator + System.getProperty("java.class.path"), "doc.particle.RunDocs").in(work).check();
        assertTrue(r.stderr().contains("Particle.species: must fit uint8_t (0..255); value 300"), r.output());
        assertTrue(r.stdout().contains("1 structs at offset 128"), r.output());
        assertEquals(128 + 64, Files.size(work.resolve("particles.sb")), "trimmed to 128 + 1 * 64 bytes");

        // the generated header holds every line the docs show of it
        String header = Files.readString(headers.resolve("Particle.h"));
        for (String line : text("particle-h").lines().toList()) {
            if (!line.isBlank() && !line.contains("/* ... ")) {
                assertTrue(header.contains(line), "Particle.h has the line shown in the docs:\n" + line + "\n--- Particle.h ---\n" + header);
            }
        }

        // the runtimes, as the docs take them out of the jars, beside the module the class output holds
        sh(work, text("rt-py-unzip"));
        assertEquals(Files.readString(python.resolve("structbridge_rt.py")), Files.readString(work.resolve("structbridge_rt.py")));
        Files.copy(classes.resolve("doc/particle/Particle.py"), work.resolve("Particle.py"));
        OracleTool.requirePythonModules("numpy", "pydantic");
        Path script = Files.writeString(work.resolve("particle.py"), text("particle-python"));
        OracleProcess.Result py = OracleProcess.of("python3", script.toString()).in(work).env("PYTHONPATH", "").check();
        assertEquals("Particle.species: must fit uint8_t (0..255); value 300\n", py.stdout(), py.output());

        sh(work, text("structfile-h-unzip"));
        Path gcc = OracleTool.require("gcc", "Debian package gcc");
        String c = text("particle-c");
        String includes = c.lines().takeWhile(l -> l.startsWith("#")).reduce("", (a, l) -> a + l + "\n");
        String body = c.substring(includes.length());
        // "/* ... */" stands for the use of p: without it, p is unused
        Path program = Files.writeString(work.resolve("read.c"), includes + "int main(void) {\n" + body + "return 0;\n}\n");
        OracleProcess.of(gcc.toString(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unused-variable", "-I", ".", "-I",
                headers.toString(), "-o", "read", program.toString()).in(work).check();
        OracleProcess.of(work.resolve("read").toString()).in(work).check();
    }

    /**
     * docs/abi.md: the commands that build one C program for both ABIs and run it under qemu-aarch64, with a read.c that
     * prints the layout of Particle and the first id of a struct file of it: both lines must be the same.
     */
    @Test
    void theAbiCommandsPrintTheSameOnBothAbis() throws IOException {
        mainCompilation();
        OracleTool.require("gcc", "Debian package gcc");
        OracleTool.require("aarch64-linux-gnu-gcc", "Debian packages gcc-aarch64-linux-gnu and libc6-dev-arm64-cross");
        OracleTool.require("qemu-aarch64", "Debian package qemu-user");
        Path work = Files.createDirectories(tmp.resolve("abi"));
        Path h = Files.createDirectories(work.resolve("target/classes/com/example"));
        Files.copy(classes.resolve("doc/particle/Particle.h"), h.resolve("Particle.h"));
        Files.writeString(work.resolve("read.c"), """
                #include <stddef.h>
                #include <stdio.h>
                #include "Particle.h"
                int main(int argc, char **argv) {
                    Particle p;
                    FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
                    if (f == NULL || fread(&p, sizeof p, 1, f) != 1) { return 1; }
                    fclose(f);
                    printf("sizeof %zu align %zu velocity at %zu id %d\\n", sizeof(Particle), (size_t) SB_ALIGNOF(Particle),
                           offsetof(Particle, velocity), (int) p.id);
                    return 0;
                }
                """);
        byte[] particle = new byte[64];
        particle[0] = 42; // id 42, little-endian on both ABIs
        Files.write(work.resolve("data.sb"), particle);
        OracleProcess.Result r = OracleProcess.of("/bin/sh", "-c", "set -e\n" + text("abi-cross")).in(work).timeout(120).check();
        assertEquals("sizeof 64 align 8 velocity at 40 id 42\n".repeat(2), r.stdout(), "the same output on both ABIs");
    }

    /** README "When the record changes": the versions in order against one lock, the refused one with the shown error. */
    @Test
    void theReadmeTickVersionsMeetTheLockAsShown() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("tick"));
        List<String> lock = List.of(lockOption(project));
        List<String> versions = text("tick-versions").lines().toList();
        assertEquals(2, versions.size(), "two versions of Tick");
        String head = "package demo;\nimport io.structbridge.annotations.*;\nimport io.structbridge.runtime.*;\nimport java.nio.file.Path;\n";

        // version 1, and a file of it written by its code
        Javac v1 = javac(project.resolve("v1"), Map.of("demo.Tick", head + versions.get(0), "demo.WriteV1", """
                package demo;
                import io.structbridge.runtime.StructFile;
                import java.nio.file.Path;
                public class WriteV1 {
                    public static void main(String[] args) throws Exception {
                        try (StructFile<Tick> f = StructFile.create(Path.of("ticks-v1.sb"), TickStruct.TYPE, 1)) {
                            f.appendAll(java.util.List.of(new Tick(1L, 2, 3.5)));
                        }
                    }
                }
                """), lock);
        assertEquals(0, v1.exit(), v1.out());
        assertTrue(Files.isRegularFile(project.resolve("src/main/layout-lock/demo.Tick.v1.properties")), "writes demo.Tick.v1.properties");
        OracleProcess.of(java(), "--enable-native-access=ALL-UNNAMED", "-cp", v1.classes() + File.pathSeparator
                + System.getProperty("java.class.path"), "demo.WriteV1").in(project).check();

        // the inserted member: refused with the error shown (the file's path and line aside)
        Javac inserted = javac(project.resolve("inserted"), Map.of("demo.Tick", head + versions.get(1)), lock);
        assertTrue(inserted.exit() != 0, "inserting a member is refused");
        String shown = squeeze(text("tick-error").replaceFirst("^\\S*Tick\\.java:\\d+: ", ""));
        assertTrue(squeeze(inserted.out()).contains(shown), "the README shows the error the processor prints:\n" + shown
                + "\n--- javac ---\n" + inserted.out());

        // version 2: new code reads the old file, then migrates it
        String since = text("tick-since");
        int blank = since.indexOf("\n\n");
        Javac v2 = javac(project.resolve("v2"), Map.of("demo.Tick", head + since.substring(0, blank + 1),
                "demo.TickSince", head + "public class TickSince {\n    public static void main(String[] args) throws Exception {\n"
                        + since.substring(blank + 2) + "    }\n}\n"), lock);
        assertEquals(0, v2.exit(), v2.out());
        assertTrue(Files.isRegularFile(project.resolve("src/main/layout-lock/demo.Tick.v2.properties")), "writes demo.Tick.v2.properties");
        OracleProcess.of(java(), "--enable-native-access=ALL-UNNAMED", "-cp", v2.classes() + File.pathSeparator
                + System.getProperty("java.class.path"), "demo.TickSince").in(project).check();
        assertTrue(Files.isRegularFile(project.resolve("ticks-v2.sb")), "migrated");

        // the declared changes: a member reserved, one renamed
        Javac declared = javac(project.resolve("declared"), Map.of("demo.Tick", head + text("tick-declared")), lock);
        assertEquals(0, declared.exit(), declared.out());
    }

    /** docs/layout-lock.md: @Since, the declared changes in order against one lock, and migrate. */
    @Test
    void theLayoutLockGuideRecordsCompileInOrder() throws IOException {
        String head = "package demo;\nimport io.structbridge.annotations.*;\nimport io.structbridge.runtime.*;\nimport java.nio.file.Path;\n";
        String side = "package demo;\nimport io.structbridge.annotations.Code;\nenum Side { @Code(1) BUY, @Code(2) SELL }\n";
        Path since = Files.createDirectories(tmp.resolve("lock-since"));
        Javac s = javac(since.resolve("build"), Map.of("demo.Side", side, "demo.Tick", head + text("lock-since"),
                "demo.Migrate", head + "class Migrate {\n    static void run() throws Exception {\n" + text("lock-migrate") + "    }\n}\n"),
                List.of(lockOption(since)));
        assertEquals(0, s.exit(), s.out());

        Path declared = Files.createDirectories(tmp.resolve("lock-declared"));
        List<String> versions = splitDeclarations(text("lock-declared"));
        assertEquals(2, versions.size(), "two versions of Tick");
        for (int i = 0; i < versions.size(); i++) {
            Javac v = javac(declared.resolve("v" + i), Map.of("demo.Side", side, "demo.Tick", head + versions.get(i)),
                    List.of(lockOption(declared)));
            assertEquals(0, v.exit(), "version " + (i + 1) + ":\n" + v.out());
        }
    }

    /** The blocks about the examples' Place: the C Arrow export, the Java checker and its command, the header's jar path. */
    @Test
    void thePlaceBlocksCompileAndRun() throws Exception {
        Path gcc = OracleTool.require("gcc", "Debian package gcc");
        Path work = Files.createDirectories(tmp.resolve("places"));
        String c = text("places-c-arrow");
        String includes = c.lines().takeWhile(l -> l.startsWith("#")).reduce("", (a, l) -> a + l + "\n");
        Path unit = Files.writeString(work.resolve("export.c"), includes + "#include <stdio.h>\n"
                + "void export_places(const Place *places, int64_t n) {\n" + c.substring(includes.length()) + "}\n");
        OracleProcess.of(gcc.toString(), "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", Path.of("target/c-headers").toAbsolutePath()
                .toString(), "-c", "-o", "export.o", unit.toString()).in(work).check();

        // docs/c-and-cuda.md: structbridge_arrow.h out of the runtime jar, beside the class output's headers
        Path arrow = Files.createDirectories(tmp.resolve("arrow-h"));
        Files.createDirectories(arrow.resolve("target"));
        Files.createDirectories(arrow.resolve("include"));
        Files.createSymbolicLink(arrow.resolve("target/classes"), Path.of("target/classes").toAbsolutePath());
        Files.writeString(arrow.resolve("export.c"), "#define STRUCTBRIDGE_ARROW\n#include \"io/structbridge/examples/cities/Place.h\"\n");
        sh(arrow, text("arrow-h-unzip"));
        assertTrue(Files.isRegularFile(arrow.resolve("export.o")));

        // docs/struct-files.md: CheckPlaces with the JDK's source launcher on the main job's struct file
        Path tree = Files.createDirectories(tmp.resolve("check"));
        Files.createDirectories(tree.resolve("examples/target"));
        Files.createDirectories(tree.resolve("layout-runtime/target"));
        Files.createSymbolicLink(tree.resolve("examples/target/classes"), Path.of("target/classes").toAbsolutePath());
        String jar = "structbridge-layout-runtime-" + version() + ".jar";
        Files.createSymbolicLink(tree.resolve("layout-runtime/target").resolve(jar), ROOT.resolve("layout-runtime/target").resolve(jar));
        io.structbridge.examples.cities.CitiesPipeline.run(Path.of("..", "data", "geonames-cities", "cities.json.gz"),
                tree.resolve("examples/target/cities.sb"), null, 52.52, 13.405, 5);
        Files.writeString(tree.resolve("CheckPlaces.java"), text("check-places"));
        String command = text("check-places-run");
        OracleProcess.Result r = OracleProcess.of("/bin/sh", "-c", "set -e\n" + command).in(tree)
                .env("JDK22", System.getProperty("java.home")).check();
        String expected = command.lines().filter(l -> l.startsWith("# ")).map(l -> l.substring(2) + "\n").reduce("", String::concat);
        assertEquals(expected, r.stdout(), "the output the guide shows");
    }

    /** docs/mojo.md: the runtime out of the processor jar, app.mojo built both ways the guide shows, and run. */
    @Test
    void theMojoAppBuildsBothWaysAndRuns() throws IOException {
        Path mojo = Oracles.require("mojo");
        Path work = Files.createDirectories(tmp.resolve("mojo"));
        Files.createDirectories(work.resolve("target/classes/com/example"));
        Files.createSymbolicLink(work.resolve("target/python"), Path.of("target/python").toAbsolutePath());
        Files.createSymbolicLink(work.resolve("target/classes/com/example/fleet"),
                Path.of("target/classes/io/structbridge/examples/cities").toAbsolutePath());
        sh(work, text("mojo-rt-unzip"));
        Files.writeString(work.resolve("app.mojo"), text("mojo-app"));
        try (StructFile<Place> f = StructFile.create(work.resolve("places.sb"), PlaceStruct.TYPE, 2)) {
            f.appendAll(List.of(new Place(52.52437, 13.41053, "Berlin", "DE"), new Place(48.85341, 2.3488, "Paris", "FR")));
        }
        String build = text("mojo-build");
        for (String line : build.lines().toList()) {
            Files.deleteIfExists(work.resolve("app"));
            OracleProcess.of("/bin/sh", "-c", line).in(work).env("PATH", mojo.getParent() + File.pathSeparator + System.getenv("PATH"))
                    .timeout(600).check();
            OracleProcess.Result r = OracleProcess.of(work.resolve("app").toString()).in(work).check();
            assertEquals("2 places; the first at latitude 52.52437\n", r.stdout(), line);
        }
    }

    /**
     * docs/python.md "Arrow, Polars and DuckDB without the JVM": the block runs on a places.sb of two Places with the
     * generated module (the loop's {@code ...} is Python's Ellipsis), and its table holds them.
     */
    @Test
    void thePythonArrowBlockRunsOnAStructFile() throws IOException {
        Path python = Oracles.require("python3");
        Path work = Files.createDirectories(tmp.resolve("pyarrow"));
        try (StructFile<Place> f = StructFile.create(work.resolve("places.sb"), PlaceStruct.TYPE, 2)) {
            f.appendAll(List.of(new Place(52.52437, 13.41053, "Berlin", "DE"), new Place(48.85341, 2.3488, "Paris", "FR")));
        }
        String script = "import sys\nsys.path.insert(0, sys.argv[1])\n" + text("places-python-arrow")
                + "\nprint(table.num_rows, table.column(\"name\").to_pylist(), frame.height, len(schema))\n";
        OracleProcess.Result r = OracleProcess.of(python.toString(), "-c", script, Path.of("target/python").toAbsolutePath().toString())
                .in(work).check();
        assertEquals("2 ['Berlin', 'Paris'] 2 " + PlaceStruct.TYPE.columns().size() + "\n", r.stdout());
    }

    /** docs/getting-started.md "Plain javac": the command itself, with the jars it names in a folder. */
    @Test
    void thePlainJavacCommandCompilesAProject() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("plain"));
        String v = version();
        Files.copy(ROOT.resolve("processor/target/structbridge-processor-" + v + ".jar"), work.resolve("processor.jar"));
        Files.copy(ROOT.resolve("annotations/target/structbridge-annotations-" + v + ".jar"), work.resolve("annotations.jar"));
        Files.copy(ROOT.resolve("layout-runtime/target/structbridge-layout-runtime-" + v + ".jar"), work.resolve("layout-runtime.jar"));
        for (String jar : List.of("javapoet-0.22.0.jar", "jakarta.validation-api-3.1.1.jar")) {
            Files.copy(onClassPath(jar), work.resolve(jar));
        }
        Files.createDirectories(work.resolve("src/sensors"));
        Files.writeString(work.resolve("src/sensors/Reading.java"), """
                package sensors;
                @io.structbridge.annotations.Struct
                public record Reading(long time, @jakarta.validation.constraints.PositiveOrZero double value) {}
                """);
        OracleProcess.of("/bin/sh", "-c", "set -e\n" + text("plain-javac")).in(work)
                .env("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + System.getenv("PATH")).check();
        assertTrue(Files.isRegularFile(work.resolve("out/classes/sensors/ReadingView.class")));
        assertTrue(Files.isRegularFile(work.resolve("out/generated/sensors/ReadingView.java")));
        assertTrue(Files.isRegularFile(work.resolve("out/classes/sensors_py/__init__.py")));
        assertTrue(Files.isRegularFile(work.resolve("out/python/Reading.py")));
    }

    /**
     * docs/getting-started.md "Optional dependencies": each dependency with a version has the version this build uses
     * (declared in a pom.xml of the repository, or resolved onto this test's class path), and each structbridge artifact is one the BOM manages.
     */
    @Test
    void theOptionalDependenciesAreThisBuildsOnes() throws IOException {
        String xml = text("optional-deps");
        String bom = Files.readString(ROOT.resolve("bom/pom.xml"));
        StringBuilder poms = new StringBuilder();
        try (Stream<Path> s = Files.walk(ROOT, 2)) {
            for (Path p : s.filter(p -> p.getFileName().toString().equals("pom.xml")).toList()) {
                poms.append(Files.readString(p).replaceAll("\\s+", ""));
            }
        }
        String properties = Files.readString(ROOT.resolve("pom.xml"));
        Matcher dep = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL).matcher(xml);
        int n = 0;
        while (dep.find()) {
            n++;
            String d = dep.group(1);
            String artifact = tag(d, "artifactId");
            String version = tag(d, "version");
            if (tag(d, "groupId").equals("io.structbridge")) {
                assertTrue(bom.contains("<artifactId>" + artifact + "</artifactId>"), artifact + " is in the BOM");
            } else {
                assertTrue(version != null, artifact + " has a version");
                boolean literal = poms.toString().contains("<artifactId>" + artifact + "</artifactId><version>" + version + "</version>");
                Matcher prop = Pattern.compile("<artifactId>" + Pattern.quote(artifact) + "</artifactId><version>\\$\\{([^}]+)}</version>")
                        .matcher(poms);
                boolean viaProperty = prop.find() && properties.contains("<" + prop.group(1) + ">" + version + "</" + prop.group(1) + ">");
                // or, not declared (arrow-vector), the version on this module's test class path
                boolean resolved = System.getProperty("java.class.path").contains(File.separator + artifact + "-" + version + ".jar");
                assertTrue(literal || viaProperty || resolved, artifact + " " + version + " is the version this build declares or uses");
            }
        }
        assertTrue(n >= 8, "the dependencies were read: " + n);
    }

    // ---------------------------------------------------------------------------------------------------------------

    /** {@return every fenced block of README.md and docs/*.md but docs/diagnostics.md, with the marker before it} */
    static List<Block> allBlocks() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("diagnostics.md")).sorted().forEach(files::add);
        }
        List<Block> out = new ArrayList<>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f);
            String name = ROOT.relativize(f).toString().replace(File.separatorChar, '/');
            for (int i = 0; i < lines.size(); i++) {
                Matcher open = FENCE.matcher(lines.get(i));
                if (!open.matches()) {
                    continue;
                }
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).strip().equals("```")) {
                    end++;
                }
                assertTrue(end < lines.size(), name + ":" + (i + 1) + ": unclosed fence");
                Matcher m = i > 0 ? MARKER.matcher(lines.get(i - 1).strip()) : null;
                StringBuilder text = new StringBuilder();
                lines.subList(i + 1, end).forEach(l -> text.append(l).append('\n'));
                out.add(new Block(name, i + 1, open.group(1), m != null && m.matches() ? m.group(1).strip() : null, text.toString()));
                i = end;
            }
        }
        return out;
    }

    static String text(String id) {
        Block b = blocks.get(id);
        assertTrue(b != null, "no block of the docs is marked \"by DocCodeBlocksTest as " + id + "\"");
        return b.text();
    }

    /** {@return the test sources named {@code test}.java in any module} */
    static List<Path> testSources(String test) {
        try (Stream<Path> s = Files.walk(ROOT, 1)) {
            List<Path> found = new ArrayList<>();
            for (Path module : s.filter(Files::isDirectory).toList()) {
                Path tests = module.resolve("src/test/java");
                if (Files.isDirectory(tests)) {
                    try (Stream<Path> t = Files.walk(tests)) {
                        t.filter(p -> p.getFileName().toString().equals(test + ".java")).forEach(found::add);
                    }
                }
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String className(String id) {
        StringBuilder b = new StringBuilder("Block");
        for (String part : id.split("-")) {
            b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        }
        return b.toString();
    }

    /** A snippet as a class: hoisted imports, member declarations (before a blank line, if any start with static), the statements. */
    static String wrap(String id, Wrap w) {
        String t = text(id);
        StringBuilder imports = new StringBuilder(w.imports());
        List<String> lines = new ArrayList<>(t.lines().toList());
        while (!lines.isEmpty() && (lines.getFirst().startsWith("import ") || lines.getFirst().isBlank())) {
            imports.append(lines.removeFirst()).append('\n');
        }
        String rest = String.join("\n", lines) + "\n";
        String members = "";
        if (rest.startsWith("static ")) {
            int blank = rest.indexOf("\n\n");
            members = rest.substring(0, blank + 1);
            rest = rest.substring(blank + 2);
        }
        return "package " + w.pkg() + ";\n" + imports + "public class " + className(id) + " {\n" + members
                + "    public static void run(" + w.params() + ") throws Exception {\n" + rest + "    }\n}\n";
    }

    /** {@return the declarations of a block, one per line starting with @Struct (continuation lines joined to theirs)} */
    static List<String> splitDeclarations(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("@Struct") || out.isEmpty()) {
                out.add(line + "\n");
            } else {
                out.set(out.size() - 1, out.getLast() + line + "\n");
            }
        }
        return out;
    }

    /** {@return the lock option of docs/layout-lock.md, for a project in {@code project}} */
    static String lockOption(Path project) {
        Matcher m = Pattern.compile("<arg>(-Astructbridge\\.layoutLock=[^<]+)</arg>").matcher(text("lock-option"));
        assertTrue(m.find(), "the guide's lock option");
        return m.group(1).replace("${project.basedir}", project.toString());
    }

    record Javac(int exit, String out, Path classes) {}

    /** Compiles {@code sources} (qualified name to text) with the processor, in this JVM, into dir/classes. */
    static Javac javac(Path dir, Map<String, String> sources, List<String> options) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path out = Files.createDirectories(dir.resolve("classes"));
        Path gen = Files.createDirectories(dir.resolve("generated"));
        List<String> args = new ArrayList<>(List.of("--release", "22", "-encoding", "UTF-8", "-proc:full", "-processor",
                "io.structbridge.processor.StructProcessor", "-processorpath", System.getProperty("java.class.path"),
                "-classpath", System.getProperty("java.class.path"), "-d", out.toString(), "-s", gen.toString()));
        args.addAll(options);
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path p = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(p.getParent());
            Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
            args.add(p.toString());
        }
        StringWriter text = new StringWriter();
        int exit;
        try (PrintWriter w = new PrintWriter(text)) {
            exit = java.util.spi.ToolProvider.findFirst("javac").orElseThrow().run(w, w, args.toArray(String[]::new));
        }
        return new Javac(exit, text.toString(), out);
    }

    static void sh(Path dir, String script) {
        OracleTool.require("unzip", "Debian package unzip");
        OracleProcess.of("/bin/sh", "-c", "set -e\n" + localJars(script)).in(dir).check();
    }

    /**
     * {@return the script with the jars it takes from ~/.m2 taken from this build's target folders instead}: the tests
     * run before anything is installed (mvn verify), so ~/.m2 may hold another build's jars or none.
     */
    static String localJars(String script) {
        return script.replaceAll("~/\\.m2/repository/io/structbridge/structbridge-([a-z-]+)/[^/]+/", ROOT + "/$1/target/");
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static String version() throws IOException {
        return tag(Files.readString(ROOT.resolve("pom.xml")), "version");
    }

    static String tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        return m.find() ? m.group(1) : null;
    }

    static Path onClassPath(String jar) {
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.endsWith(File.separator + jar)) {
                return Path.of(e);
            }
        }
        return fail(jar + " is not on the test class path");
    }

    static String squeeze(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    static String numbered(Map<String, String> sources) {
        StringBuilder b = new StringBuilder();
        sources.forEach((name, text) -> {
            b.append("--- ").append(name).append('\n');
            int[] n = {1};
            text.lines().forEach(l -> b.append(n[0]++).append(": ").append(l).append('\n'));
        });
        return b.toString();
    }
}

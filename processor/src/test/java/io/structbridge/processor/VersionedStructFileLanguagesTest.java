package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.processor.VersionedStructFileTest.Version;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Struct files across layout versions in C and Python, for real: versions 1, 2 and 3 of {@code Tick} (those of
 * {@link VersionedStructFileTest}), each compiled on its own. The files Java writes with each version are read by a C
 * program compiled against each version's generated header ({@code sb_map_versions}, {@code sb_read}, the file's
 * stride) and by Python with each version's generated module ({@code open_array}, {@code validate_array}), every value
 * compared with what Java's {@code StructFile} of that version reads; a file Python writes in place ({@code mode="r+"})
 * is read by Java; a file of an unrelated lineage and every single-bit flip of a format-3 header and lineage block are
 * refused by Java, C and Python with one message. Without gcc or python3 the tests that need them are skipped
 * (failed under CI=true).
 */
class VersionedStructFileLanguagesTest {
    private static final int COUNT = 3;
    @TempDir
    static Path shared;
    private static final List<Version> VERSIONS = new ArrayList<>();
    private static Version otherV2;
    private static final List<Path> FILES = new ArrayList<>();

    static Version compile(String name, int number, String tick) throws Exception {
        return compile(shared, name, number, tick);
    }

    /** {@return version {@code number} of Tick, its source {@code tick}, compiled under {@code dir/name}} */
    static Version compile(Path dir, String name, int number, String tick) throws Exception {
        DiskCompilation c = DiskCompilation.compile(dir.resolve(name),
                Map.of("vt.Tick", tick, "vt.Side", VersionedStructFileTest.SIDE));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        URLClassLoader loader = new URLClassLoader(name, new URL[] {c.classes().toUri().toURL()},
                VersionedStructFileLanguagesTest.class.getClassLoader());
        Class<?> record = loader.loadClass("vt.Tick");
        StructType<?> type = (StructType<?>) loader.loadClass("vt.TickStruct").getField("TYPE").get(null);
        return new Version(number, loader, record, type, c.classes());
    }

    @BeforeAll
    static void compileAndWrite() throws Exception {
        VERSIONS.add(compile("v1", 1, VersionedStructFileTest.V1));
        VERSIONS.add(compile("v2", 2, VersionedStructFileTest.V2));
        VERSIONS.add(compile("v3", 3, VersionedStructFileTest.V3));
        otherV2 = compile("other-v2", 2, VersionedStructFileTest.OTHER_V2);
        for (Version v : VERSIONS) {
            FILES.add(write(v, shared.resolve("tick-v" + v.number() + ".sb")));
        }
    }

    @AfterAll
    static void close() throws IOException {
        for (Version v : VERSIONS) {
            v.loader().close();
        }
        otherV2.loader().close();
    }

    static Path write(Version v, Path file) throws Exception {
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            records.add(v.make(v.number(), i));
        }
        appendAll(v.type(), file, records);
        return file;
    }

    @SuppressWarnings("unchecked")
    private static <R extends Record> void appendAll(StructType<R> type, Path file, List<Record> records) throws IOException {
        try (StructFile<R> f = StructFile.create(file, type, records.size())) {
            f.appendAll((List<R>) records);
        }
    }

    /** {@return one struct as the C and Python readers print it: each of the reader's components, enums by code} */
    static String line(int i, Map<String, Object> values) {
        StringBuilder b = new StringBuilder(i + ":");
        values.forEach((k, x) -> {
            String shown = switch (k) {
                case "price" -> String.format(Locale.ROOT, "%.1f", ((Number) x).doubleValue());
                case "side" -> Integer.toString(List.of("NONE", "BUY", "SELL").indexOf((String) x));
                default -> x.toString();
            };
            b.append(' ').append(k).append('=').append(shown);
        });
        return b.toString();
    }

    /**
     * {@return what Java's StructFile of {@code reader} reads in {@code file}: a first line from {@code head} (the file's
     * layout version, stride and count), then one line per struct} or the refusal
     */
    static List<String> java(Version reader, Path file, java.util.function.Function<StructFile<?>, String> head)
            throws Exception {
        List<String> out = new ArrayList<>();
        try (StructFile<?> f = StructFile.open(file, reader.type(), false)) {
            out.add(head.apply(f));
            for (int i = 0; i < f.count(); i++) {
                out.add(line(i, VersionedStructFileTest.read((Record) f.get(i))));
            }
        } catch (StructFile.StructFileException e) {
            out.add(e.getMessage());
        }
        return out;
    }

    /** The C program of {@code v}: for each path, "count N layout V stride S" and one line per struct, or the refusal. */
    static String cProgram(Version v) {
        // every version's header, version 1's too, defines SB_LINEAGE_Tick and SB_LAYOUT_VERSION_Tick
        String lineage = "{ SB_LINEAGE_Tick(sb_lineage_entry) }";
        StringBuilder fields = new StringBuilder("printf(\"%llu: time=%lld qty=%d venue=%.*s\", (unsigned long long) i, "
                + "(long long) t->time, (int) t->qty, (int) sizeof t->venue, t->venue);\n");
        if (v.number() >= 2) {
            fields.append("printf(\" price=%.1f\", t->price);\n");
        }
        if (v.number() >= 3) {
            fields.append("printf(\" lots=%d side=%d\", (int) t->lots, (int) t->side);\n");
        }
        return """
                #include "structfile.h"
                #include "Tick.h"
                static const sb_layout_version lineage[] = @LINEAGE@;
                int main(int argc, char** argv) {
                    for (int a = 1; a < argc; a++) {
                        sb_file f;
                        char error[2048];
                        _Static_assert(SB_LAYOUT_VERSION_Tick == sizeof lineage / sizeof lineage[0], "lineage");
                        if (sb_map_versions(argv[a], "Tick", lineage, SB_LAYOUT_VERSION_Tick, &f, error,
                                            sizeof error) != 0) {
                            printf("%s\\n", error);
                            continue;
                        }
                        printf("count %llu layout %u stride %llu\\n", (unsigned long long) f.count, (unsigned) f.version,
                               (unsigned long long) f.stride);
                        for (uint64_t i = 0; i < f.count; i++) {
                            Tick copy;
                            const Tick* t = &copy;
                            if (f.version >= sizeof lineage / sizeof lineage[0]) {
                                t = (const Tick*) ((const char*) f.data + i * f.stride); /* same or newer: in place */
                            } else if (sb_read(&f, i, &copy, sizeof copy) != 0) { /* older: widened, zeros */
                                printf("sb_read failed\\n");
                                return 1;
                            }
                            @FIELDS@
                            printf("\\n");
                        }
                        sb_unmap(&f);
                    }
                    return 0;
                }
                """.replace("@LINEAGE@", lineage).replace("@FIELDS@", fields.toString());
    }

    /** {@return the lines a C program of {@code v} prints for {@code files}} */
    static List<String> c(Version v, List<Path> files) throws Exception {
        String gcc = Gcc.tool("gcc");
        Path dir = v.classes().resolve("vt");
        Path structfile = Path.of("../layout-runtime/src/main/c/structfile.h").toAbsolutePath().normalize();
        Files.copy(structfile, dir.resolve("structfile.h"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(dir.resolve("read.c"), cProgram(v));
        Run built = run(dir, List.of(gcc, "-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-O1", "-o", "read", "read.c"));
        assertEquals(0, built.status(), built.output());
        List<String> cmd = new ArrayList<>(List.of(dir.resolve("read").toString()));
        files.forEach(f -> cmd.add(f.toString()));
        Run r = run(dir, cmd);
        assertEquals(0, r.status(), r.output());
        return r.output().lines().toList();
    }

    /** Python with the module of {@code v}: for each path, "count N itemsize S", each struct and validate_array's count. */
    static final String PYTHON_READER = """
            import sys
            sys.path.insert(0, sys.argv[1])
            import Tick
            names = [n for n in ("time", "qty", "venue", "price", "lots", "side") if n in Tick.Tick_dtype.names]
            for path in sys.argv[2:]:
                try:
                    a = Tick.open_array(path)
                except Exception as e:
                    print(e)
                    continue
                print(f"count {len(a)} itemsize {a.dtype.itemsize} writeable {a.flags.writeable}")
                for i in range(len(a)):
                    shown = []
                    for n in names:
                        x = a[i][n]
                        shown.append(f"{n}={x.decode() if isinstance(x, bytes) else f'{x:.1f}' if n == 'price' else int(x)}")
                    print(f"{i}: " + " ".join(shown))
                print("violations", len(Tick.validate_array(a)))
                # the typed views walk the array open_array gave, whatever the file's stride
                walker = None
                consistent = True
                for i, view in enumerate(Tick.TickView.iter(a)):
                    at = Tick.TickView.at(a, i)
                    walker = at if walker is None else walker.move(i)
                    consistent &= view.load() == at.load() == walker.load() and view.time == int(a[i]["time"])
                print(f"views {Tick.TickView.count(a)} {'consistent' if consistent else 'differ'}")
                try:
                    Tick.open_array(path, "r+")
                    print("r+ OK")
                except ValueError as e:
                    print("r+:", e)
            """;

    static List<String> python(Version v, String script, List<Path> files) throws Exception {
        String python = Gcc.tool("python3");
        List<String> cmd = new ArrayList<>(List.of(python, "-c", script, v.classes().resolve("vt").toString()));
        files.forEach(f -> cmd.add(f.toString()));
        Run r = run(v.classes(), cmd);
        assertEquals(0, r.status(), r.output());
        return r.output().lines().toList();
    }

    record Run(int status, String output) {}

    static Run run(Path dir, List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("OPENBLAS_NUM_THREADS", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(900, TimeUnit.SECONDS), "timed out: " + cmd); // a mojo build under load: no test depends on timing
        return new Run(p.exitValue(), out);
    }

    @Test
    void cReadsEveryFileWithEveryVersionsHeader() throws Exception {
        for (Version reader : VERSIONS) {
            List<String> expected = new ArrayList<>();
            for (Path file : FILES) {
                expected.addAll(java(reader, file, f -> "count " + f.count() + " layout " + f.layoutVersion() + " stride "
                        + f.stride()));
            }
            assertEquals(expected, c(reader, FILES), "C with version " + reader.number() + "'s header");
        }
    }

    @Test
    void pythonReadsEveryFileWithEveryVersionsModule() throws Exception {
        for (Version reader : VERSIONS) {
            List<String> expected = new ArrayList<>();
            for (Path file : FILES) {
                int[] version = new int[1];
                long[] structs = new long[1];
                expected.addAll(java(reader, file, f -> {
                    version[0] = f.layoutVersion();
                    structs[0] = f.count();
                    return "count " + f.count() + " itemsize " + Math.max(f.stride(), reader.type().size())
                            + " writeable False";
                }));
                expected.add("violations 0");
                expected.add("views " + structs[0] + " consistent");
                expected.add(version[0] == reader.number() ? "r+ OK"
                        : "r+: " + file + ": the file holds layout version " + version[0] + " of Tick and the reader's is "
                                + "version " + reader.number() + ": a file of another layout version opens read-only (mode "
                                + "'r' or 'c'); to write it, migrate it to version " + reader.number()
                                + " first (Java's StructFile.migrate" + (version[0] > reader.number() ? ", which drops the "
                                + "members added after version " + reader.number() + ", and their values" : "") + ")");
            }
            assertEquals(expected, python(reader, PYTHON_READER, FILES), "Python with version " + reader.number() + "'s module");
        }
    }

    /** Python writes in place (mode "r+") a file of its own version; Java of every version reads what it wrote. */
    @Test
    void javaReadsWhatPythonWroteInPlace() throws Exception {
        String script = """
                import sys
                sys.path.insert(0, sys.argv[1])
                import Tick
                a = Tick.open_array(sys.argv[2], "r+")
                for i in range(len(a)):
                    a[i]["qty"] = 500 + i
                    if "price" in Tick.Tick_dtype.names:
                        a[i]["price"] = 0.25 + i
                a.flush()
                del a
                print("done")
                """;
        for (Version writer : VERSIONS) {
            Path copy = shared.resolve("py-r+-v" + writer.number() + ".sb");
            Files.copy(FILES.get(writer.number() - 1), copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            assertEquals(List.of("done"), python(writer, script, List.of(copy)));
            for (Version reader : VERSIONS) {
                try (StructFile<?> f = StructFile.open(copy, reader.type(), false)) {
                    for (int i = 0; i < COUNT; i++) {
                        Map<String, Object> got = VersionedStructFileTest.read((Record) f.get(i));
                        assertEquals(500 + i, got.get("qty"), "qty " + i + " of v" + writer.number() + " read by v" + reader.number());
                        if (got.containsKey("price")) {
                            assertEquals(writer.number() >= 2 ? 0.25 + i : 0.0, got.get("price"));
                        }
                        assertEquals("v" + writer.number() + "-" + i, got.get("venue"));
                    }
                }
            }
        }
    }

    /** The Mojo program of {@link #mojoProgram()}, built once per test JVM; null until then. */
    private static Path mojoProgram;

    /**
     * {@return one Mojo program for every version and every check, built on first use and shared by the test classes
     * of this JVM} A build takes tens of seconds, one per version and check took minutes. Version {@code n}'s generated
     * {@code Tick.mojo} (from {@link VersionedStructFileTest#V1} to {@code V3}, compiled here on their own) is the package
     * {@code v<n>} of the build, imported as {@code Tick<n>}. The first argument names the check and the version:
     * <ul>
     * <li>{@code read<n>}: for each path, "count N layout V stride S" and each struct's time and qty
     *     ({@code StructFile.read}), or the refusal;
     * <li>{@code ptr<n>}: for each path, the first struct's time through {@code struct_at(0)} and through
     *     {@code structs()}, or each one's refusal.
     * </ul>
     */
    static synchronized Path mojoProgram() throws Exception {
        if (mojoProgram != null) {
            return mojoProgram;
        }
        String mojo = Gcc.tool("mojo");
        Path root = Files.createDirectories(Path.of("target", "versioned-mojo").toAbsolutePath());
        // the runtime as the processor writes it beside the modules of -Astructbridge.pythonDir
        Files.copy(Path.of("src/main/resources/io/structbridge/processor/write/mojo/structbridge_rt.mojo"),
                root.resolve("structbridge_rt.mojo"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        List<String> sources = List.of(VersionedStructFileTest.V1, VersionedStructFileTest.V2, VersionedStructFileTest.V3);
        List<Integer> numbers = new ArrayList<>();
        for (int n = 1; n <= sources.size(); n++) {
            Version v = compile(root.resolve("java"), "v" + n, n, sources.get(n - 1));
            v.loader().close();
            Path pkg = Files.createDirectories(root.resolve("v" + n));
            Files.writeString(pkg.resolve("__init__.mojo"), "");
            Files.copy(tickMojo(v), pkg.resolve("Tick.mojo"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            numbers.add(n);
        }
        Files.writeString(root.resolve("read.mojo"), mojoSource(numbers));
        Run built = run(root, List.of(mojo, "build", "-I", ".", "read.mojo", "-o", "read-mojo"));
        assertEquals(0, built.status(), built.output());
        mojoProgram = root.resolve("read-mojo");
        return mojoProgram;
    }

    /** {@return the source of {@link #mojoProgram()} for the versions {@code numbers}} */
    static String mojoSource(List<Integer> numbers) {
        StringBuilder s = new StringBuilder("from std.sys import argv\nimport structbridge_rt as _sbrt\n");
        for (int n : numbers) {
            s.append("from v").append(n).append(".Tick import Tick as Tick").append(n).append('\n');
        }
        for (int n : numbers) {
            s.append("""


                    def read@N@(path: String) raises:
                        var f = _sbrt.StructFile[Tick@N@](path)
                        print("count", f.count, "layout", f.version, "stride", f.stride)
                        for i in range(f.count):
                            var t = Tick@N@()
                            f.read(i, Pointer[Tick@N@, MutAnyOrigin](unsafe_from_address=Int(Pointer(to=t))))
                            print(String(i, ": time=", t.time, " qty=", t.qty))
                        f.close()


                    def ptr@N@(path: String) raises:
                        var f = _sbrt.StructFile[Tick@N@](path)
                        try:
                            print("struct_at time=" + String(f.struct_at(0)[].time))
                        except e:
                            print(e)
                        try:
                            print("structs time=" + String(f.structs()[].time))
                        except e:
                            print(e)
                        f.close()
                    """.replace("@N@", Integer.toString(n)));
        }
        s.append("""


                def main():
                    var args = argv()
                    var check = String(args[1])
                    for a in range(2, len(args)):
                        var path = String(args[a])
                        try:
                """);
        String keyword = "if";
        for (int n : numbers) {
            for (String check : List.of("read", "ptr")) {
                s.append("            ").append(keyword).append(" check == \"").append(check).append(n).append("\":\n")
                        .append("                ").append(check).append(n).append("(path)\n");
                keyword = "elif";
            }
        }
        s.append("""
                            else:
                                print("unknown check", check)
                        except e:
                            print(e)
                """);
        return s.toString();
    }

    /** {@return the lines {@link #mojoProgram()} prints for {@code check} ("read1", "ptr3", ...) and {@code files}} */
    static List<String> mojo(String check, List<Path> files) throws Exception {
        Path program = mojoProgram();
        List<String> cmd = new ArrayList<>(List.of(program.toString(), check));
        files.forEach(f -> cmd.add(f.toString()));
        Run r = run(program.getParent(), cmd);
        assertEquals(0, r.status(), r.output());
        return r.output().lines().toList();
    }

    @Test
    void mojoReadsEveryFileWithEveryVersionsStructAndRefusesAnUnrelatedOne() throws Exception {
        Path other = write(otherV2, shared.resolve("other-v2-mojo.sb"));
        List<Path> files = new ArrayList<>(FILES);
        files.add(other);
        for (Version reader : VERSIONS) {
            List<String> expected = new ArrayList<>();
            for (Path file : files) {
                for (String l : java(reader, file, f -> "count " + f.count() + " layout " + f.layoutVersion() + " stride "
                        + f.stride())) {
                    int cut = l.indexOf(" venue=");
                    expected.add(l.matches("\\d+: .*") && cut > 0 ? l.substring(0, cut) : l);
                }
            }
            assertEquals(expected, mojo("read" + reader.number(), files), "Mojo with version " + reader.number() + "'s struct");
        }
    }

    /** {@return {@code v}'s generated Tick.mojo} */
    private static Path tickMojo(Version v) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.walk(v.classes().getParent())) {
            return s.filter(p -> p.getFileName().toString().equals("Tick.mojo")).findFirst()
                    .orElseThrow(() -> new AssertionError("no Tick.mojo under " + v.classes().getParent()));
        }
    }

    /** A file of an unrelated lineage: Java, C and Python refuse it with one message. */
    @Test
    void anUnrelatedLineageIsRefusedWithOneMessage() throws Exception {
        Path other = write(otherV2, shared.resolve("other-v2.sb"));
        for (Version reader : List.of(VERSIONS.get(1), VERSIONS.get(2))) {
            String java = java(reader, other, f -> "read").getFirst();
            assertTrue(java.contains("neither an ancestor nor a descendant") && java.contains("layout version 2 differs"), java);
            assertTrue(java.endsWith(VersionedStructFileTest.SAME_NAME_HINT_V2), java);
            assertEquals(List.of(java), c(reader, List.of(other)), "C, reader v" + reader.number());
            assertEquals(List.of(java), python(reader, PYTHON_READER, List.of(other)), "Python, reader v" + reader.number());
        }
    }

    /**
     * A layout refusal ends with what to do, in Java, C, Python and Mojo word for word: for a file of the reader's
     * struct name (another version 1 or 2 of Tick, a changed record) how to read it after the record changed, for a
     * file of another name (Tick's files renamed Tock) to open it with that type's reader; each with the message of
     * format 2 (a file of version 1 read by version 1) and with the lineage message.
     */
    @Test
    void aLayoutRefusalSaysWhatToDoInEveryLanguage() throws Exception {
        Version otherV1 = compile("other-v1-hint", 1, VersionedStructFileTest.OTHER_V1);
        Path sameV1;
        try {
            sameV1 = write(otherV1, shared.resolve("other-v1-hint.sb"));
        } finally {
            otherV1.loader().close();
        }
        Path sameV2 = write(otherV2, shared.resolve("other-v2-hint.sb"));
        Path tockV1 = VersionedStructFileTest.renamed(FILES.get(0), shared.resolve("tock-v1.sb"), "Tock");
        Path tockV3 = VersionedStructFileTest.renamed(FILES.get(2), shared.resolve("tock-v3.sb"), "Tock");
        // @Since(K), K one more than the file's layout version: 2 for the format-2 file, 3 for the file of version 2
        String sameV1Hint = "; if the record changed since the file was written, read it by keeping the old members in "
                + "their order and adding new ones after them with @Since(2) (see \"Old files and new code\" in "
                + "docs/layout-lock.md), or write the file again with the current record";
        String sameV2Hint = "; if the record changed since the file was written, read it by keeping the old members in "
                + "their order and adding new ones after them with @Since(3) (see \"Old files and new code\" in "
                + "docs/layout-lock.md), or write the file again with the current record";
        String other = "; the file holds another struct type: open it with the reader of that type";
        String lineage = ": the file's layout is neither an ancestor nor a descendant of the reader's";
        int[] shapes = new int[4]; // same name: format 2, lineage; other name: format 2, lineage
        for (Version reader : VERSIONS) {
            // version 1 reads the other version 2: a descendant of its own
            List<Path> files = reader.number() == 1 ? List.of(sameV1, tockV1, tockV3) : List.of(sameV1, sameV2, tockV1, tockV3);
            List<String> java = new ArrayList<>();
            for (Path file : files) {
                List<String> refused = java(reader, file, f -> "read");
                assertEquals(1, refused.size(), "refused: " + refused);
                String m = refused.getFirst();
                boolean renamed = file.getFileName().toString().startsWith("tock");
                assertTrue(m.startsWith(file + ": the file holds " + (renamed ? "Tock" : "Tick") + " ("), m);
                assertTrue(m.endsWith(renamed ? other : file.equals(sameV2) ? sameV2Hint : sameV1Hint), m);
                boolean format2 = !m.contains(lineage);
                assertEquals(format2, reader.number() == 1 && !file.equals(tockV3), m);
                shapes[(renamed ? 2 : 0) + (format2 ? 0 : 1)]++;
                java.add(m);
            }
            assertEquals(java, c(reader, files), "C, reader v" + reader.number());
            assertEquals(java, python(reader, PYTHON_READER, files), "Python, reader v" + reader.number());
            assertEquals(java, mojo("read" + reader.number(), files), "Mojo, reader v" + reader.number());
        }
        assertEquals(List.of(1, 4, 1, 5), java.util.Arrays.stream(shapes).boxed().toList(), "each case, each message");
    }

    /** Every single-bit flip of a format-3 header and lineage block: C and Python give Java's message. */
    @Test
    void everyBitFlipOfAFormatThreeHeaderAndLineageGivesJavasMessage(@TempDir Path dir) throws Exception {
        byte[] b = Files.readAllBytes(FILES.get(2));
        int end = 128 + 8 + 56 * 3;
        Version v3 = VERSIONS.get(2);
        List<Path> files = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int bit = 0; bit < end * 8; bit++) {
            byte[] c = b.clone();
            c[bit / 8] ^= (byte) (1 << (bit % 8));
            Path f = Files.write(dir.resolve("flip-" + bit + ".sb"), c);
            files.add(f);
            List<String> java = java(v3, f, x -> "read");
            assertEquals(1, java.size(), "bit " + bit + " is refused: " + java);
            expected.add(java.getFirst());
        }
        assertEquals(expected, c(v3, files), "C");
        List<String> py = python(v3, PYTHON_READER, files);
        assertEquals(expected, py, "Python");
    }

    /**
     * Mojo's in-place pointers: {@code struct_at(i)} of a file of an older layout version (structs shorter than the
     * reader's) would read past each struct, and {@code structs()} steps by the reader's size, wrong for any other
     * version: both raise then, naming the way that works; on the reader's own version both read in place.
     */
    @Test
    void mojoInPlacePointersRefuseAFileWhoseStructsAreNotTheReaders() throws Exception {
        for (Version reader : List.of(VERSIONS.get(0), VERSIONS.get(2))) {
            List<String> expected = new ArrayList<>();
            for (Path file : List.of(FILES.get(0), FILES.get(2))) {
                long time;
                int version;
                long stride;
                try (StructFile<?> f = StructFile.open(file, reader.type(), false)) {
                    time = (Long) VersionedStructFileTest.read((Record) f.get(0)).get("time");
                    version = f.layoutVersion();
                    stride = f.stride();
                }
                long size = reader.type().size();
                String older = "the file holds layout version " + version + " of Tick, older than the reader's: its structs are "
                        + stride + " bytes, fewer than the " + size + " of Tick; read(i, out) copies one with zeros for the "
                        + "members it lacks";
                if (version < reader.number()) {
                    expected.add("struct_at: " + older);
                    expected.add("structs: " + older);
                } else {
                    expected.add("struct_at time=" + time);
                    expected.add(version == reader.number() ? "structs time=" + time
                            : "structs: the file holds layout version " + version + " of Tick, newer than the reader's: its "
                                    + "structs are " + stride + " bytes apart, not the " + size + " of Tick; struct_at(i) finds each");
                }
            }
            assertEquals(expected, mojo("ptr" + reader.number(), List.of(FILES.get(0), FILES.get(2))), "Mojo v" + reader.number());
        }
    }

    /**
     * Runtime version 1 of structbridge_rt.py read no format-3 file: the module of a record of several layout versions
     * refuses it at import with the version check's message, not with a missing name.
     */
    @Test
    void aModuleRefusesTheRuntimeThatPredatesLayoutVersions(@TempDir Path dir) throws Exception {
        Path vt = VERSIONS.get(2).classes().resolve("vt");
        try (java.util.stream.Stream<Path> s = Files.list(vt)) {
            for (Path py : s.filter(p -> p.toString().endsWith(".py")).toList()) {
                Files.copy(py, dir.resolve(py.getFileName()));
            }
        }
        Path rt = dir.resolve("structbridge_rt.py");
        String text = io.structbridge.processor.write.python.PythonRuntime.text();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\nRUNTIME_VERSION: int = (\\d+)\n").matcher(text);
        assertTrue(m.find(), "the runtime states its version");
        int version = Integer.parseInt(m.group(1));
        Files.writeString(rt, text.replace(m.group(), "\nRUNTIME_VERSION: int = " + (version - 1) + "\n"));
        Run r = run(dir, List.of(Gcc.tool("python3"), "-c", "import sys\nsys.path.insert(0, sys.argv[1])\ntry:\n"
                + "    import Tick\nexcept ImportError as e:\n    print(e)\n", dir.toString()));
        assertEquals(0, r.status(), r.output());
        assertEquals("this module was generated for structbridge's Python runtime version " + version + ", but " + rt
                + " is version " + (version - 1) + ": "
                + "generate the module and the runtime with the same structbridge (-Astructbridge.pythonDir and the package get "
                + "structbridge_rt.py, and the processor jar holds it)", r.output().strip());
    }
}

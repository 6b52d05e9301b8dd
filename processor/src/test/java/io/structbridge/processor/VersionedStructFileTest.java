package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.runtime.LayoutVersion;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.File;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Struct files across layout versions, for real: versions 1, 2 and 3 of one record, each compiled as a compilation
 * of its own (javac with the processor) and loaded by a class loader of its own, so that old code is really old.
 * Each version writes a file with known values; each version reads every file (the members a reader lacks are
 * absent, the members a file lacks read as zero); a newer file opens read-only and refuses {@code elements()};
 * each file is migrated to each version and read back; a file of an unrelated lineage is refused naming both
 * layouts; every single-bit flip of a format-3 header and lineage block is refused; an absurd entry count is refused
 * before anything is allocated. The lineage's sizes and alignments are gcc's for each version's generated header.
 */
class VersionedStructFileTest {
    static final String SIDE = """
            package vt;
            import io.structbridge.annotations.*;
            public enum Side { @Code(0) NONE, @Code(1) BUY, @Code(2) SELL }
            """;
    static final String V1 = """
            package vt;
            import io.structbridge.annotations.*;
            @Struct public record Tick(
                    long time,
                    @jakarta.validation.constraints.Min(0) int qty,
                    @Capacity(12) String venue) {}
            """;
    static final String V2 = V1.replace("String venue) {}", "String venue,\n        @Since(2) double price) {}");
    static final String V3 = V2.replace("double price) {}", "double price,\n"
            + "        @Since(3) @jakarta.validation.constraints.PositiveOrZero int lots,\n        @Since(3) Side side) {}");
    /** Another version 1 of Tick (a longer venue): no ancestor or descendant of the others. */
    static final String OTHER_V1 = V1.replace("@Capacity(12)", "@Capacity(20)");
    /** Another version 2: version 1, then a long where version 2 has a double. */
    static final String OTHER_V2 = V2.replace("double price", "long price");
    private static final int COUNT = 3;
    /**
     * How a layout refusal ends when the file's struct has the reader's name and the file is of layout version 1
     * (format 2, or format 3 with one lineage entry), in every language: {@code @Since(2)}, one more than the file's.
     */
    static final String SAME_NAME_HINT_V1 = "; if the record changed since the file was written, read it by keeping the "
            + "old members in their order and adding new ones after them with @Since(2) (see \"Old files and new code\" "
            + "in docs/layout-lock.md), or write the file again with the current record";
    /** The same for a file of layout version 2: {@code @Since(3)}. */
    static final String SAME_NAME_HINT_V2 = "; if the record changed since the file was written, read it by keeping the "
            + "old members in their order and adding new ones after them with @Since(3) (see \"Old files and new code\" "
            + "in docs/layout-lock.md), or write the file again with the current record";
    /** How a layout refusal ends when the file's struct has another name, in every language. */
    static final String OTHER_NAME_HINT = "; the file holds another struct type: open it with the reader of that type";

    @TempDir
    static Path shared;
    /** Versions 1, 2, 3 at index 0, 1, 2. */
    private static final List<Version> VERSIONS = new ArrayList<>();
    private static Version otherV1;
    private static Version otherV2;
    /** The file each version wrote, by version (1-based index - 1). */
    private static final List<Path> FILES = new ArrayList<>();

    /** One compiled version: its class loader, record class and struct type. */
    record Version(int number, URLClassLoader loader, Class<?> record, StructType<?> type, Path classes) {
        /** {@return a record of this version with the values of struct {@code i} of {@code writer}'s file} */
        Record make(int writer, int i) throws ReflectiveOperationException {
            RecordComponent[] cs = record.getRecordComponents();
            Object[] args = new Object[cs.length];
            Map<String, Object> v = values(writer, i);
            for (int k = 0; k < cs.length; k++) {
                Object x = v.get(cs[k].getName());
                if (x instanceof String s && cs[k].getType().isEnum()) {
                    x = enumConstant(cs[k].getType(), s);
                } else if (x instanceof Double d && cs[k].getType() == long.class) {
                    x = (long) (double) d; // the other version 2's long price
                }
                args[k] = x;
            }
            Constructor<?> c = record.getDeclaredConstructor(java.util.Arrays.stream(cs).map(RecordComponent::getType)
                    .toArray(Class<?>[]::new));
            return (Record) c.newInstance(args);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static Object enumConstant(Class<?> type, String name) {
            return Enum.valueOf((Class) type, name);
        }

        List<String> components() {
            return java.util.Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).toList();
        }
    }

    /** The values version {@code writer} writes as struct {@code i} (every component of version 3; a version takes its own). */
    static Map<String, Object> values(int writer, int i) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("time", 1_000L * writer + i);
        v.put("qty", 10 * writer + i);
        v.put("venue", "v" + writer + "-" + i);
        v.put("price", 1.5 * writer + i);
        v.put("lots", 7 * i + writer);
        v.put("side", i % 2 == 0 ? "SELL" : "BUY");
        return v;
    }

    /** The zero value a reader gives a component its file lacks. */
    static Object zero(String component) {
        return switch (component) {
            case "time", "qty", "lots" -> component.equals("time") ? (Object) 0L : (Object) 0;
            case "venue" -> "";
            case "price" -> 0.0;
            case "side" -> "NONE";
            default -> throw new IllegalArgumentException(component);
        };
    }

    /** {@return the components of {@code r}, enums by name} */
    static Map<String, Object> read(Record r) throws ReflectiveOperationException {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Object x = c.getAccessor().invoke(r);
            out.put(c.getName(), x instanceof Enum<?> e ? e.name() : x);
        }
        return out;
    }

    /** {@return what reader {@code reader} must read as struct {@code i} of a file of version {@code fileVersion}} */
    static Map<String, Object> expected(Version reader, int writer, int fileVersion, int i) {
        Map<String, Object> all = values(writer, i);
        List<String> inFile = VERSIONS.get(fileVersion - 1).components();
        Map<String, Object> out = new LinkedHashMap<>();
        for (String c : reader.components()) {
            out.put(c, inFile.contains(c) ? all.get(c) : zero(c));
        }
        return out;
    }

    static Version compile(String name, int number, String tick) throws IOException, ReflectiveOperationException {
        DiskCompilation c = DiskCompilation.compile(shared.resolve(name), Map.of("vt.Tick", tick, "vt.Side", SIDE));
        assertTrue(c.success(), () -> String.join("\n", c.errors()));
        List<URL> urls = new ArrayList<>(List.of(c.classes().toUri().toURL()));
        URLClassLoader loader = new URLClassLoader(name, urls.toArray(URL[]::new), VersionedStructFileTest.class.getClassLoader());
        Class<?> record = loader.loadClass("vt.Tick");
        StructType<?> type = (StructType<?>) loader.loadClass("vt.TickStruct").getField("TYPE").get(null);
        return new Version(number, loader, record, type, c.classes());
    }

    @BeforeAll
    static void compileAndWriteEachVersion() throws Exception {
        VERSIONS.add(compile("v1", 1, V1));
        VERSIONS.add(compile("v2", 2, V2));
        VERSIONS.add(compile("v3", 3, V3));
        otherV1 = compile("other-v1", 1, OTHER_V1);
        otherV2 = compile("other-v2", 2, OTHER_V2);
        for (Version v : VERSIONS) {
            FILES.add(write(v, shared.resolve("tick-v" + v.number() + ".sb")));
        }
    }

    @AfterAll
    static void closeLoaders() throws IOException {
        for (Version v : VERSIONS) {
            v.loader().close();
        }
        otherV1.loader().close();
        otherV2.loader().close();
    }

    /** {@return {@code file}, written by {@code v} with its {@link #COUNT} structs} */
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

    @Test
    void eachVersionReadsEveryFile() throws Exception {
        for (Version reader : VERSIONS) {
            for (int u = 1; u <= 3; u++) {
                String what = "version " + reader.number() + " reading the file of version " + u;
                try (StructFile<?> f = StructFile.open(FILES.get(u - 1), reader.type(), false)) {
                    assertEquals(u, f.layoutVersion(), what);
                    assertEquals(COUNT, f.count(), what);
                    assertEquals(VERSIONS.get(u - 1).type().size(), f.stride(), what);
                    for (int i = 0; i < COUNT; i++) {
                        Record r = f.get(i);
                        assertEquals(reader.record(), r.getClass(), what);
                        assertEquals(expected(reader, u, u, i), read(r), what + ", struct " + i);
                    }
                    // the reader's own array type and validator over elements(): for an older file the file's bytes then
                    // zeros, for a newer one each struct cut to the reader's size (a copy); the same values as get(i)
                    Class<?> array = reader.loader().loadClass("vt.TickArray");
                    Object view = array.getMethod("over", MemorySegment.class).invoke(null, f.elements());
                    for (int i = 0; i < COUNT; i++) {
                        Object r = array.getMethod("get", long.class).invoke(view, (long) i);
                        assertEquals(expected(reader, u, u, i), read((Record) r), what + ", view " + i);
                    }
                    Object violations = reader.loader().loadClass("vt.TickValidator").getMethod("validateAll", array)
                            .invoke(null, view);
                    assertEquals(List.of(), violations, what + ": the zero defaults are valid");
                    assertEquals(COUNT * reader.type().size(), f.elements().byteSize(), what);
                    // storedStructs(): the mapping as stored, the file's stride apart; for a newer file the reader's
                    // members in place (what the Spark connector reads)
                    assertEquals(COUNT * f.stride(), f.storedStructs().byteSize(), what);
                    if (u >= reader.number()) {
                        for (int i = 0; i < COUNT; i++) {
                            Record r = reader.type().read(f.storedStructs(), i * f.stride());
                            assertEquals(expected(reader, u, u, i), read(r), what + ", stored struct " + i);
                        }
                    }
                }
            }
        }
    }

    @Test
    void onlyAFileOfTheReadersOwnVersionOpensWritable() throws Exception {
        for (Version reader : VERSIONS) {
            for (int u = 1; u <= 3; u++) {
                Path file = FILES.get(u - 1);
                byte[] before = Files.readAllBytes(file);
                if (u == reader.number()) {
                    StructFile.open(file, reader.type(), true).close();
                } else {
                    StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                            () -> StructFile.open(file, reader.type(), true).close());
                    assertEquals(file + ": the file holds layout version " + u + " of Tick and the reader's is version "
                            + reader.number() + ": a file of another layout version opens read-only (writable false); to "
                            + "write it, migrate it to version " + reader.number() + " first (Java's StructFile.migrate"
                            + (u > reader.number() ? ", which drops the members added after version " + reader.number()
                                    + ", and their values" : "") + ")", e.getMessage());
                }
                assertArrayEquals(before, Files.readAllBytes(file), "the file is unchanged");
            }
        }
    }

    /** A writer of the file's own version appends to a format-3 file (it grows, is trimmed, stays sealed); older readers read it. */
    @Test
    void aWriterOfTheFilesVersionAppendsToAFormatThreeFile(@TempDir Path dir) throws Exception {
        Path copy = Files.copy(FILES.get(2), dir.resolve("v3.sb"));
        Version v3 = VERSIONS.get(2);
        append(v3.type(), copy, List.of(v3.make(3, 3), v3.make(3, 4)));
        assertEquals(320 + 5 * 40, Files.size(copy));
        for (Version reader : VERSIONS) {
            try (StructFile<?> f = StructFile.open(copy, reader.type(), false)) {
                assertEquals(5, f.count());
                for (int i = 0; i < 5; i++) {
                    assertEquals(expected(reader, 3, 3, i), read(f.get(i)), "version " + reader.number() + ", struct " + i);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <R extends Record> void append(StructType<R> type, Path file, List<Record> records) throws IOException {
        try (StructFile<R> f = StructFile.open(file, type, true)) {
            f.appendAll((List<R>) records);
        }
    }

    /** Version 1 writes format 2 as before versions existed; versions 2 and 3 write format 3, as docs/struct-files.md says. */
    @Test
    void theBytesOfFormatTwoAndThree() throws IOException {
        ByteBuffer v1 = ByteBuffer.wrap(Files.readAllBytes(FILES.get(0))).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(2, v1.getInt(8));
        assertEquals(128, v1.getLong(48));
        assertEquals(128 + COUNT * 24, v1.capacity());
        CRC32 crc = new CRC32();
        crc.update(v1.array(), 0, 124);
        assertEquals((int) crc.getValue(), v1.getInt(124));
        for (int n = 2; n <= 3; n++) {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(FILES.get(n - 1))).order(ByteOrder.LITTLE_ENDIAN);
            long end = 128 + 8 + 56L * n;
            long data = (end + 63) / 64 * 64;
            StructType<?> type = VERSIONS.get(n - 1).type();
            assertEquals(3, b.getInt(8), "format 3");
            assertEquals(type.size(), b.getLong(16));
            assertEquals(type.size(), b.getLong(32), "stride");
            assertEquals(data, b.getLong(48));
            assertEquals(data + COUNT * type.size(), b.capacity());
            assertEquals(n, b.getInt(128));
            assertEquals(0, b.getInt(132));
            for (int k = 1; k <= n; k++) {
                int e = 136 + 56 * (k - 1);
                StructType<?> version = VERSIONS.get(k - 1).type();
                assertEquals(k, b.getInt(e));
                assertEquals(0, b.getInt(e + 4));
                assertEquals(version.size(), b.getLong(e + 8));
                assertEquals(version.alignment(), b.getLong(e + 16));
                assertEquals(version.fingerprint(), new String(b.array(), e + 24, 32, java.nio.charset.StandardCharsets.US_ASCII));
            }
            for (long i = end; i < data; i++) {
                assertEquals(0, b.get((int) i), "zeros up to the data offset");
            }
            CRC32 c = new CRC32();
            c.update(b.array(), 0, 124);
            c.update(b.array(), 128, (int) end - 128);
            assertEquals((int) c.getValue(), b.getInt(124), "the checksum covers the lineage block");
        }
    }

    /** Each version's lineage: entry k is version k's own layout, compiled on its own, and gcc's for its header. */
    @Test
    void theLineageIsEachVersionsOwnLayoutAndGccs() throws IOException {
        List<LayoutVersion> lineage = VERSIONS.get(2).type().lineage();
        assertEquals(3, lineage.size());
        for (Version v : VERSIONS) {
            LayoutVersion entry = lineage.get(v.number() - 1);
            assertEquals(new LayoutVersion(v.number(), v.type().size(), v.type().alignment(), v.type().fingerprint()), entry);
            assertEquals(v.type().lineage(), lineage.subList(0, v.number()), "version " + v.number() + "'s own lineage");
            String header = Files.readString(v.classes().resolve("vt/Tick.h"));
            assertTrue(header.contains(v.type().fingerprint()), "the header carries the fingerprint");
            Gcc.Layout gcc = Gcc.layout(stripIncludes(header), "Tick");
            assertEquals(gcc.size(), entry.size(), "gcc's sizeof of version " + v.number());
            assertEquals(gcc.alignment(), entry.alignment(), "gcc's _Alignof of version " + v.number());
        }
        assertEquals(List.of(new LayoutVersion(1, 24, 8, VERSIONS.get(0).type().fingerprint())), VERSIONS.get(0).type().lineage(),
                "a record of one version: the default lineage");
    }

    private static String stripIncludes(String header) {
        StringBuilder b = new StringBuilder();
        for (String l : header.split("\n")) {
            if (!l.startsWith("#include \"")) {
                b.append(l).append('\n');
            }
        }
        return b.toString();
    }

    @Test
    void eachFileMigratesToEachVersion(@TempDir Path dir) throws Exception {
        for (int u = 1; u <= 3; u++) {
            for (Version to : VERSIONS) {
                Path target = dir.resolve("from-v" + u + "-to-v" + to.number() + ".sb");
                StructFile.migrate(FILES.get(u - 1), target, to.type());
                try (StructFile<?> f = StructFile.open(target, to.type(), true)) {
                    assertEquals(to.number(), f.layoutVersion());
                    assertEquals(to.type().size(), f.stride());
                    assertEquals(COUNT, f.count());
                }
                // read back by every version: what the target's version kept of the file of version u
                for (Version reader : VERSIONS) {
                    try (StructFile<?> f = StructFile.open(target, reader.type(), false)) {
                        for (int i = 0; i < COUNT; i++) {
                            Map<String, Object> want = new LinkedHashMap<>();
                            List<String> kept = VERSIONS.get(Math.min(u, to.number()) - 1).components();
                            for (String c : reader.components()) {
                                want.put(c, kept.contains(c) ? values(u, i).get(c) : zero(c));
                            }
                            assertEquals(want, read(f.get(i)), "v" + u + " -> v" + to.number() + " read by v" + reader.number());
                        }
                    }
                }
                if (u == to.number()) {
                    assertArrayEquals(Files.readAllBytes(FILES.get(u - 1)), Files.readAllBytes(target), "a copy");
                }
            }
        }
        // an older file migrated to the newest version is what that version writes for the same values with zeros
        Path widened = dir.resolve("from-v1-to-v3.sb");
        byte[] b = Files.readAllBytes(widened);
        try (StructFile<?> f = StructFile.open(FILES.get(0), VERSIONS.get(2).type(), false)) {
            MemorySegment copy = f.elements();
            assertArrayEquals(copy.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                    java.util.Arrays.copyOfRange(b, (int) (b.length - copy.byteSize()), b.length), "the migrated structs are elements()");
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".sbtmp")).toList(), "no temporary file");
        }
    }

    @Test
    void aMigrationRefusesAnExistingTargetAndLeavesNothingWhenItFails(@TempDir Path dir) throws Exception {
        Path target = Files.writeString(dir.resolve("there.sb"), "keep me");
        FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class,
                () -> StructFile.migrate(FILES.get(0), target, VERSIONS.get(2).type()));
        assertEquals(target.toString(), e.getFile());
        assertEquals("keep me", Files.readString(target));
        Path link = Files.createSymbolicLink(dir.resolve("dangling.sb"), dir.resolve("nowhere.sb"));
        assertThrows(FileAlreadyExistsException.class, () -> StructFile.migrate(FILES.get(0), link, VERSIONS.get(2).type()));
        // an unrelated file: refused, no target, no temporary file
        Path other = write(otherV1, dir.resolve("other.sb"));
        Path none = dir.resolve("none.sb");
        StructFile.StructFileException refused = assertThrows(StructFile.StructFileException.class,
                () -> StructFile.migrate(other, none, VERSIONS.get(2).type()));
        assertTrue(refused.getMessage().contains("neither an ancestor nor a descendant"), refused.getMessage());
        assertFalse(Files.exists(none));
        // a target folder that does not exist
        assertThrows(IOException.class, () -> StructFile.migrate(FILES.get(0), dir.resolve("no/such/dir.sb"), VERSIONS.get(2).type()));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("dangling.sb", "other.sb", "there.sb"),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    /**
     * A migration streams in chunks of a few MiB. Native memory Tracking (the JVM's own count of native memory,
     * FFM arenas and direct buffers included, in its category "Other") shows the peak: opening a 24 MB file of
     * version 1 with version 3 allocates its 40 MB widened copy, while migrating the same file to version 3 stays
     * below 16 MiB; the migrated file holds every struct.
     */
    @Test
    void aMigrationOfALargeFileStreamsInChunks(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.sb");
        int n = 1_000_000;
        Version v1 = VERSIONS.get(0);
        List<Record> records = new ArrayList<>(java.util.Collections.nCopies(n, v1.make(1, 1)));
        appendAll(v1.type(), big, records);
        Path target = dir.resolve("big-v3.sb");
        Path program = Files.writeString(dir.resolve("Migrate.java"), """
                public class Migrate {
                    public static void main(String[] a) throws Exception {
                        var type = (io.structbridge.runtime.StructType<?>) Class.forName("vt.TickStruct").getField("TYPE").get(null);
                        if (a[0].equals("migrate")) {
                            io.structbridge.runtime.StructFile.migrate(java.nio.file.Path.of(a[1]), java.nio.file.Path.of(a[2]), type);
                            System.out.println("migrated");
                        } else {
                            try (var f = io.structbridge.runtime.StructFile.open(java.nio.file.Path.of(a[1]), type, false)) {
                                f.get(0); // the first get widens the whole file into a copy
                                System.out.println("opened " + f.count());
                            }
                        }
                    }
                }
                """);
        StringBuilder cp = new StringBuilder(VERSIONS.get(2).classes().toString());
        for (File f : Compilations.CLASSPATH) {
            cp.append(File.pathSeparator).append(f);
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = List.of(java, "-XX:NativeMemoryTracking=summary", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:+PrintNMTStatistics", "--enable-native-access=ALL-UNNAMED", "-cp", cp.toString(), program.toString());
        String opened = run(dir, command, "open", big.toString());
        assertTrue(opened.startsWith("opened 1000000"), opened);
        assertTrue(otherPeak(opened) >= 40_000_000L, "the widened copy of the first get: " + otherPeak(opened));
        String migrated = run(dir, command, "migrate", big.toString(), target.toString());
        assertTrue(migrated.startsWith("migrated"), migrated);
        assertTrue(otherPeak(migrated) < 16L << 20, "the migration's peak: " + otherPeak(migrated));
        System.out.println("native memory (NMT Other) at its peak: opening with widening " + otherPeak(opened)
                + " bytes, migrating " + otherPeak(migrated) + " bytes");
        try (StructFile<?> f = StructFile.open(target, VERSIONS.get(2).type(), false)) {
            assertEquals(n, f.count());
            assertEquals(expected(VERSIONS.get(2), 1, 1, 1), read(f.get(0)));
            assertEquals(expected(VERSIONS.get(2), 1, 1, 1), read(f.get(n - 1)));
        }
    }

    /** {@return the peak of Native Memory Tracking's category "Other" in bytes, from its summary at exit} */
    private static long otherPeak(String output) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "- +Other \\(reserved=\\d+, committed=\\d+\\)\\s*\\(malloc=(\\d+) tag=Other[^)]*\\)\\s*(\\(peak=(\\d+)|\\(at peak\\))")
                .matcher(output);
        assertTrue(m.find(), output);
        return Long.parseLong(m.group(3) != null ? m.group(3) : m.group(1));
    }

    private static String run(Path dir, List<String> command, String... args) {
        List<String> all = new ArrayList<>(command);
        all.addAll(List.of(args));
        return OracleProcess.of(all).in(dir).mergeErrors().timeout(300).check().stdout().strip();
    }

    @Test
    void aFileOfAnUnrelatedLineageIsRefusedNamingBothLayouts(@TempDir Path dir) throws Exception {
        Path other = write(otherV1, dir.resolve("other-v1.sb"));
        StructType<?> o = otherV1.type();
        // version 1 against another version 1: the message of format 2, word for word
        StructType<?> v1 = VERSIONS.get(0).type();
        StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                () -> StructFile.open(other, v1, false));
        assertEquals(other + ": the file holds Tick (fingerprint " + o.fingerprint() + ", size 32, alignment 8, stride 32); "
                + "the reader expects Tick (fingerprint " + v1.fingerprint() + ", size 24, alignment 8, stride 24)"
                + SAME_NAME_HINT_V1, e.getMessage());
        // version 3 against it: neither an ancestor nor a descendant, version 1 differs
        StructType<?> v3 = VERSIONS.get(2).type();
        e = assertThrows(StructFile.StructFileException.class, () -> StructFile.open(other, v3, false));
        assertEquals(other + ": the file holds Tick (layout version 1, fingerprint " + o.fingerprint() + ", size 32, "
                + "alignment 8, stride 32); the reader expects Tick (layout version 3, fingerprint " + v3.fingerprint()
                + ", size 40, alignment 8, stride 40): the file's layout is neither an ancestor nor a descendant of the "
                + "reader's (layout version 1 differs: the file's has fingerprint " + o.fingerprint() + ", size 32, "
                + "alignment 8, the reader's fingerprint " + v1.fingerprint() + ", size 24, alignment 8)" + SAME_NAME_HINT_V1,
                e.getMessage());
        // another version 2 of the same version 1: a descendant of version 1, but not an ancestor of version 3
        Path other2 = write(otherV2, dir.resolve("other-v2.sb"));
        try (StructFile<?> f = StructFile.open(other2, v1, false)) {
            assertEquals(2, f.layoutVersion());
            assertEquals(expected(VERSIONS.get(0), 2, 2, 1), read(f.get(1)));
        }
        e = assertThrows(StructFile.StructFileException.class, () -> StructFile.open(other2, v3, false));
        assertTrue(e.getMessage().contains("(layout version 2 differs: the file's has fingerprint "
                + otherV2.type().fingerprint() + ", size 32, alignment 8, the reader's fingerprint "
                + VERSIONS.get(1).type().fingerprint() + ", size 32, alignment 8)" + SAME_NAME_HINT_V2), e.getMessage());
        assertTrue(e.getMessage().endsWith(SAME_NAME_HINT_V2), e.getMessage());
        assertTrue(e.getMessage().startsWith(other2 + ": the file holds Tick (layout version 2, fingerprint "), e.getMessage());
        e = assertThrows(StructFile.StructFileException.class, () -> StructFile.open(FILES.get(2), otherV2.type(), false));
        assertTrue(e.getMessage().contains("neither an ancestor nor a descendant"), e.getMessage());
    }

    /**
     * The new user's case: a member added to a record without {@code @Since}. The file the record wrote before is
     * refused with the message of format 2 ending with what to do, a newer file with the lineage message and the same
     * ending; doing what it says (the member appended with {@code @Since(2)}) reads the file.
     */
    @Test
    void aFileOfTheReadersNameSaysHowToReadItAfterTheRecordChanged() throws Exception {
        Version added = compile("added", 1, V1.replace("String venue) {}", "String venue,\n        double price) {}"));
        try {
            StructType<?> a = added.type();
            String v1 = VERSIONS.get(0).type().fingerprint();
            String v3 = VERSIONS.get(2).type().fingerprint();
            StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                    () -> StructFile.open(FILES.get(0), a, false));
            assertEquals(FILES.get(0) + ": the file holds Tick (fingerprint " + v1 + ", size 24, alignment 8, stride 24); "
                    + "the reader expects Tick (fingerprint " + a.fingerprint() + ", size 32, alignment 8, stride 32); if "
                    + "the record changed since the file was written, read it by keeping the old members in their order and "
                    + "adding new ones after them with @Since(2) (see \"Old files and new code\" in docs/layout-lock.md), or "
                    + "write the file again with the current record", e.getMessage());
            e = assertThrows(StructFile.StructFileException.class, () -> StructFile.open(FILES.get(2), a, false));
            assertEquals(FILES.get(2) + ": the file holds Tick (layout version 3, fingerprint " + v3 + ", size 40, "
                    + "alignment 8, stride 40); the reader expects Tick (layout version 1, fingerprint " + a.fingerprint()
                    + ", size 32, alignment 8, stride 32): the file's layout is neither an ancestor nor a descendant of the "
                    + "reader's (layout version 1 differs: the file's has fingerprint " + v1 + ", size 24, alignment 8, the "
                    + "reader's fingerprint " + a.fingerprint() + ", size 32, alignment 8); if the record changed since the "
                    + "file was written, read it by keeping the old members in their order and adding new ones after them "
                    + "with @Since(4) (see \"Old files and new code\" in docs/layout-lock.md), or write the file again with "
                    + "the current record", e.getMessage());
            // what the message says: the old members in their order, the new one after them with @Since(2) (V2)
            try (StructFile<?> f = StructFile.open(FILES.get(0), VERSIONS.get(1).type(), false)) {
                assertEquals(expected(VERSIONS.get(1), 1, 1, 2), read(f.get(2)));
            }
        } finally {
            added.loader().close();
        }
    }

    /** A file of another struct: both messages end naming no file or layout again, only what to do. */
    @Test
    void aFileOfAnotherStructNameSaysToOpenItWithThatTypesReader(@TempDir Path dir) throws Exception {
        Path tock1 = renamed(FILES.get(0), dir.resolve("tock-v1.sb"), "Tock");
        Path tock3 = renamed(FILES.get(2), dir.resolve("tock-v3.sb"), "Tock");
        String v1 = VERSIONS.get(0).type().fingerprint();
        String v3 = VERSIONS.get(2).type().fingerprint();
        StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                () -> StructFile.open(tock1, VERSIONS.get(0).type(), false));
        assertEquals(tock1 + ": the file holds Tock (fingerprint " + v1 + ", size 24, alignment 8, stride 24); the reader "
                + "expects Tick (fingerprint " + v1 + ", size 24, alignment 8, stride 24); the file holds another struct "
                + "type: open it with the reader of that type", e.getMessage());
        e = assertThrows(StructFile.StructFileException.class, () -> StructFile.open(tock1, VERSIONS.get(2).type(), false));
        assertEquals(tock1 + ": the file holds Tock (layout version 1, fingerprint " + v1 + ", size 24, alignment 8, stride "
                + "24); the reader expects Tick (layout version 3, fingerprint " + v3 + ", size 40, alignment 8, stride 40): "
                + "the file's layout is neither an ancestor nor a descendant of the reader's; the file holds another struct "
                + "type: open it with the reader of that type", e.getMessage());
        e = assertThrows(StructFile.StructFileException.class, () -> StructFile.open(tock3, VERSIONS.get(0).type(), false));
        assertEquals(tock3 + ": the file holds Tock (layout version 3, fingerprint " + v3 + ", size 40, alignment 8, stride "
                + "40); the reader expects Tick (layout version 1, fingerprint " + v1 + ", size 24, alignment 8, stride 24): "
                + "the file's layout is neither an ancestor nor a descendant of the reader's; the file holds another struct "
                + "type: open it with the reader of that type", e.getMessage());
        // migrate opens its source with the same checks and the same words
        Path none = dir.resolve("none.sb");
        e = assertThrows(StructFile.StructFileException.class, () -> StructFile.migrate(tock3, none, VERSIONS.get(1).type()));
        assertTrue(e.getMessage().endsWith("of the reader's; the file holds another struct type: open it with the reader of "
                + "that type"), e.getMessage());
        assertFalse(Files.exists(none));
    }

    /**
     * {@return {@code to}, a copy of the struct file {@code from} whose header names the struct {@code name}, the
     * checksum redone (over the lineage block too for format 3)}
     */
    static Path renamed(Path from, Path to, String name) throws IOException {
        byte[] x = Files.readAllBytes(from);
        ByteBuffer w = ByteBuffer.wrap(x).order(ByteOrder.LITTLE_ENDIAN);
        byte[] bytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(bytes.length <= 31, name);
        java.util.Arrays.fill(x, 88, 120, (byte) 0);
        System.arraycopy(bytes, 0, x, 88, bytes.length);
        CRC32 crc = new CRC32();
        crc.update(x, 0, 124);
        if (w.getInt(8) == 3) {
            crc.update(x, 128, 8 + 56 * w.getInt(128));
        }
        w.putInt(124, (int) crc.getValue());
        return Files.write(to, x);
    }

    /** Every single-bit flip of a format-3 file's header and lineage block is refused, never read. */
    @Test
    void everySingleBitFlipOfAFormatThreeHeaderAndLineageIsRefused(@TempDir Path dir) throws IOException {
        byte[] b = Files.readAllBytes(FILES.get(2));
        int end = 128 + 8 + 56 * 3;
        StructType<?> v3 = VERSIONS.get(2).type();
        Path f = dir.resolve("flip.sb");
        int[] seen = new int[4];
        for (int bit = 0; bit < end * 8; bit++) {
            byte[] c = b.clone();
            c[bit / 8] ^= (byte) (1 << (bit % 8));
            Files.write(f, c);
            String where = "bit " + (bit % 8) + " of byte " + (bit / 8);
            StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                    () -> StructFile.open(f, v3, false).close(), where);
            String m = e.getMessage();
            int byteAt = bit / 8;
            if (byteAt < 8) {
                assertEquals(f + ": not a structbridge struct file (bad magic)", m, where);
                seen[0]++;
            } else if (byteAt < 12 && (c[8] & 0xff) != 2) {
                assertTrue(m.startsWith(f + ": format version "), where + ": " + m);
                seen[1]++;
            } else if (byteAt >= 128 && byteAt < 132 && !m.contains("header checksum")) {
                assertTrue(m.contains("lineage block"), where + ": " + m);
                seen[2]++;
            } else {
                assertTrue(m.startsWith(f + ": header checksum 0x") && m.endsWith("): the header is corrupt"), where + ": " + m);
                seen[3]++;
            }
        }
        assertEquals(end * 8, seen[0] + seen[1] + seen[2] + seen[3]);
        assertEquals(List.of(64, 31), List.of(seen[0], seen[1]), "the version's bit 0 makes it 2: a format-2 checksum");
        assertTrue(seen[2] > 20, "most flips of the entry count: refused by its range or the file's length: " + seen[2]);
    }

    @Test
    void anAbsurdEntryCountIsRefusedBeforeAnythingIsRead(@TempDir Path dir) throws IOException {
        byte[] b = Files.readAllBytes(FILES.get(2));
        StructType<?> v3 = VERSIONS.get(2).type();
        Map<Long, String> cases = new LinkedHashMap<>();
        cases.put(0xFFFF_FFFFL, "the lineage block lists 4294967295 layout versions; a format-3 file lists 1 to 65535");
        cases.put(65536L, "the lineage block lists 65536 layout versions; a format-3 file lists 1 to 65535");
        cases.put(0L, "the lineage block lists 0 layout versions; a format-3 file lists 1 to 65535");
        cases.put(65535L, "the lineage block of 65535 layout versions (bytes 128 to 3670095) does not fit the file's "
                + b.length + " bytes");
        for (Map.Entry<Long, String> c : cases.entrySet()) {
            byte[] x = b.clone();
            ByteBuffer.wrap(x).order(ByteOrder.LITTLE_ENDIAN).putInt(128, (int) (long) c.getKey());
            Path f = Files.write(dir.resolve("n" + c.getKey() + ".sb"), x);
            StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                    () -> StructFile.open(f, v3, false).close());
            assertEquals(f + ": " + c.getValue(), e.getMessage());
        }
        Path tiny = Files.write(dir.resolve("tiny.sb"), java.util.Arrays.copyOf(b, 130));
        StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                () -> StructFile.open(tiny, v3, false).close());
        assertEquals(tiny + ": 130 bytes end inside the lineage block of a format-3 file (its entry count is bytes 128 to 131)",
                e.getMessage());
    }

    /** A format-3 file whose checksum is right but whose lineage is not well formed. */
    @Test
    void aResealedLineageIsCheckedEntryByEntry(@TempDir Path dir) throws IOException {
        byte[] b = Files.readAllBytes(FILES.get(2));
        StructType<?> v3 = VERSIONS.get(2).type();
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("entry-version", "lineage entry 2 of 3 holds layout version 5; the entries of a format-3 file are versions 1 to 3 in order");
        cases.put("reserved", "bytes 140 to 143 (reserved, in the lineage block) hold 0x00000001; a format-3 file has 0 there");
        cases.put("last", "the header's layout (fingerprint " + v3.fingerprint() + ", size 40, alignment 8) is not the last"
                + " entry of the file's lineage (layout version 3: fingerprint " + v3.fingerprint() + ", size 48, alignment 8)");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            byte[] x = b.clone();
            ByteBuffer w = ByteBuffer.wrap(x).order(ByteOrder.LITTLE_ENDIAN);
            switch (c.getKey()) {
                case "entry-version" -> w.putInt(136 + 56, 5);
                case "reserved" -> w.putInt(140, 1);
                default -> w.putLong(136 + 2 * 56 + 8, 48); // a well-shaped entry (41 would fail the shape first)
            }
            CRC32 crc = new CRC32();
            crc.update(x, 0, 124);
            crc.update(x, 128, 8 + 56 * 3);
            w.putInt(124, (int) crc.getValue());
            Path f = Files.write(dir.resolve(c.getKey() + ".sb"), x);
            StructFile.StructFileException e = assertThrows(StructFile.StructFileException.class,
                    () -> StructFile.open(f, v3, false).close());
            assertEquals(f + ": " + c.getValue(), e.getMessage());
        }
    }
}

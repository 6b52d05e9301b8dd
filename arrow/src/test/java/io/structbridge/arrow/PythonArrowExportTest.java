package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Arrow export of the generated Python modules (to_arrow, record_batches, arrow_stream: structbridge_rt.py, no JVM
 * on the path) against Java's: for every fixture, a struct file of random structs read by python3 gives the schema
 * (types, names, nullability, enum metadata) and the values, byte for byte, of Java's ArrowExport of the same structs
 * as pyarrow reads them from an Arrow IPC file; in batches of 16 rows too; Polars reading the C stream gives the frame
 * it gives for Java's table; pyarrow.parquet.read_table of ArrowFiles.writeParquet's file gives the same rows.
 * Corrupt bool bytes, enum codes and texts are refused with Java's message (the same first error, row and field);
 * the numeric leaves of a read-only mapping that Arrow can take as they are are views of it (buffer addresses inside
 * the mapping), of a writable array copies.
 */
class PythonArrowExportTest {
    @TempDir
    Path dir;

    @TempDir
    static Path shared;

    /** The generated modules of the fixtures and of this module's records, with the runtime from the processor jar. */
    private static Path modules;

    private static final List<String> EXTRA = List.of("io.structbridge.arrow.OneValue", "io.structbridge.arrow.Samples",
            "io.structbridge.arrow.Tick", "io.structbridge.arrow.Mixed");

    private static String script;

    @BeforeAll
    static void copyModules() throws IOException {
        modules = Files.createDirectories(shared.resolve("modules"));
        Path fixtures = Path.of("").toAbsolutePath().getParent().resolve("src-test-fixtures/target/python");
        try (Stream<Path> s = Files.list(fixtures)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".py")).toList()) {
                Files.copy(p, modules.resolve(p.getFileName()));
            }
        }
        for (String n : List.of("OneValue", "Samples", "Tick", "Mixed", "Packed", "Singles", "SinglePoint", "GeoPlace")) {
            try (InputStream in = PythonArrowExportTest.class.getResourceAsStream(n + ".py")) {
                Files.write(modules.resolve(n + ".py"), in.readAllBytes());
            }
        }
        try (InputStream in = ClassLoader.getSystemResourceAsStream("io/structbridge/processor/write/python/structbridge_rt.py")) {
            Files.write(modules.resolve("structbridge_rt.py"), in.readAllBytes());
        }
        try (InputStream in = PythonArrowExportTest.class.getResourceAsStream("python_arrow_export.py")) {
            script = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static void requirePython() {
        Python.requireModule("numpy");
        Python.requireModule("pyarrow");
        Python.requireModule("polars");
    }

    private static String module(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Writes n random structs of type as a struct file, Java's IPC file and (without FLOAT16) Java's Parquet file. */
    private String compare(String name, int n, long seed) throws IOException {
        StructType<Record> type = ArrowJavaOracleTest.type(name);
        Path file = dir.resolve(module(name) + ".sb");
        Path ipc = dir.resolve(module(name) + ".arrow");
        Path parquet = dir.resolve(module(name) + ".parquet");
        boolean half = type.columns().stream().anyMatch(c -> c.kind() == Column.Kind.FLOAT16);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(seed));
            try (StructFile<Record> f = StructFile.create(file, type, n)) {
                f.appendStructs(seg);
            }
            IpcPyarrowTest.writeIpc(type, seg, n, ipc);
            if (!half) {
                ArrowFiles.writeParquet(type, seg, n, 16, parquet);
            }
        }
        return Python.read(script, "compare", modules.toString(), module(name), file.toString(), ipc.toString(),
                half ? "-" : parquet.toString());
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureEqualsJavasExport() {
        return Stream.concat(ArrowJavaOracleTest.FIXTURES.stream(), EXTRA.stream()).map(name -> DynamicTest.dynamicTest(name, () -> {
            requirePython();
            String out = compare(name, 203, name.hashCode() + 31L);
            assertTrue(out.startsWith(module(name) + " rows 203 polars "), out);
        }));
    }

    @Test
    void theGeoNamesFileEqualsJavasExport() throws Exception {
        requirePython();
        List<GeoPlace> places = GeoNames.places();
        Path file = dir.resolve("GeoPlace.sb");
        Path ipc = dir.resolve("GeoPlace.arrow");
        Path parquet = dir.resolve("GeoPlace.parquet");
        try (StructFile<GeoPlace> f = StructFile.create(file, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        try (StructFile<GeoPlace> f = StructFile.open(file, GeoPlaceStruct.TYPE, false)) {
            IpcPyarrowTest.writeIpc(f.type(), f.elements(), f.count(), ipc);
            ArrowFiles.writeParquet(f, parquet);
        }
        String out = Python.read(script, "compare", modules.toString(), "GeoPlace", file.toString(), ipc.toString(), parquet.toString());
        assertEquals("GeoPlace rows " + places.size() + " polars " + places.size() + "\n", out);
    }

    /** {@return Java's message refusing the export of the n structs, or "ok"} */
    private static String javaVerdict(StructType<?> type, MemorySegment seg, int n) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ArrowExport.ARRAY_SIZE);
            ArrowExport.exportArray(type, seg, 0, n, out);
            CData.release(out, CData.A_RELEASE);
            return "ok";
        } catch (ArrowDataException e) {
            return e.getMessage();
        }
    }

    /**
     * Random corruption of the checked members (bool bytes, enum codes, text bytes: a missing NUL, bytes above 0x7F,
     * invalid UTF-8), one to four values in random rows of a file: Python refuses with Java's message, the first error
     * Java's export meets (its order: blocks of rows, then leaf, then row), or accepts as Java does.
     */
    @TestFactory
    Stream<DynamicTest> corruptValuesAreRefusedWithJavasMessage() {
        return Stream.of("Envelope", "Texts", "AllScalars", "Tagged", "io.structbridge.arrow.Mixed", "io.structbridge.arrow.Singles",
                "Arrays").map(name -> DynamicTest.dynamicTest(name, () -> {
            requirePython();
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            List<Column> checked = type.columns().stream().filter(c -> c.kind() == Column.Kind.BOOL || c.kind() == Column.Kind.ENUM
                    || c.kind() == Column.Kind.TEXT).toList();
            assertTrue(!checked.isEmpty(), name);
            Random random = new Random(name.hashCode() + 5L);
            int n = 3000;
            StringBuilder manifest = new StringBuilder();
            List<String> expected = new ArrayList<>();
            int refused = 0;
            for (int k = 0; k < 40; k++) {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
                    RandomStructs.fill(type, seg, n, new Random(random.nextLong()));
                    Path file = dir.resolve(module(name) + "-" + k + ".sb");
                    long data;
                    try (StructFile<Record> f = StructFile.create(file, type, n)) {
                        f.appendStructs(seg);
                        data = f.dataOffset();
                    }
                    int bad = 1 + random.nextInt(4);
                    for (int b = 0; b < bad; b++) {
                        Column c = checked.get(random.nextInt(checked.size()));
                        long at = (long) random.nextInt(n) * type.size() + c.offset() + (c.bitField() ? 0
                                : random.nextInt((int) c.byteSize()));
                        byte v = switch (random.nextInt(4)) {
                            case 0 -> (byte) (0x80 + random.nextInt(0x80));
                            case 1 -> (byte) random.nextInt(8);
                            case 2 -> (byte) 'x';
                            default -> (byte) random.nextInt(256);
                        };
                        seg.set(ValueLayout.JAVA_BYTE, at, v);
                        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                                java.nio.file.StandardOpenOption.WRITE)) {
                            ch.write(java.nio.ByteBuffer.wrap(new byte[] {v}), data + at); // past StructFile's checks
                        }
                    }
                    String want = javaVerdict(type, seg, n);
                    refused += want.equals("ok") ? 0 : 1;
                    manifest.append(file).append('\t').append(want).append('\n');
                    expected.add("same");
                }
            }
            assertTrue(refused >= 15, name + ": many cases are refused by Java (" + refused + " of 40)");
            Path list = Files.writeString(dir.resolve("manifest.tsv"), manifest.toString());
            String out = Python.read(script, "errors", modules.toString(), module(name), list.toString());
            assertEquals(String.join("\n", expected) + "\n", out, name + ": Python's verdicts against Java's");
        }));
    }

    /**
     * Zero-copy where the layout allows: a struct of one numeric member (OneValue) or one array member (Samples) is
     * its column's Arrow data as it stands, so to_arrow of a read-only mapping hands over a view of it (the buffer's
     * address inside the mapping); a writable array (mode "c") is copied; Tick's six columns are interleaved in its
     * structs, so each is one strided copy.
     */
    @Test
    void numericColumnsOfAReadOnlyMappingAreViewsWhereTheLayoutAllows() throws Exception {
        requirePython();
        assertEquals("r inside\nc outside\n", zeroCopy("io.structbridge.arrow.OneValue"));
        assertEquals("r inside\nc outside\n", zeroCopy("io.structbridge.arrow.Samples"));
        assertEquals("r outside outside outside outside outside outside\nc outside outside outside outside outside outside\n",
                zeroCopy("io.structbridge.arrow.Tick"));
    }

    private String zeroCopy(String name) throws IOException {
        StructType<Record> type = ArrowJavaOracleTest.type(name);
        int n = 1000;
        Path file = dir.resolve(module(name) + "-zc.sb");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(7));
            try (StructFile<Record> f = StructFile.create(file, type, n)) {
                f.appendStructs(seg);
            }
        }
        return Python.read(script, "zero_copy", modules.toString(), module(name), file.toString());
    }
}

package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.fixtures.TextsStruct;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ArrowFiles}: the IPC file and the Parquet file written from struct memory, read by pyarrow in a
 * python3 subprocess ({@code pyarrow.ipc.open_file}, {@code pyarrow.parquet.read_table}); every value of
 * every row, for every fixture and the GeoNames struct file, equals the record the generated reader
 * decodes, in canonical form. A large file is written within an allocator limit far below its size (one
 * batch at a time); an invalid value leaves no file behind.
 */
class ArrowFilesTest {
    @TempDir
    Path dir;

    private static final String READ = Canonical.PYTHON + """
            import sys
            if sys.argv[2] == "ipc":
                import pyarrow.ipc
                with pyarrow.ipc.open_file(sys.argv[3]) as f:
                    t = f.read_all()
            else:
                import pyarrow.parquet
                t = pyarrow.parquet.read_table(sys.argv[3])
            out = sys.stdout
            for row in t.to_pylist():
                out.write(canon(row) + "\\n")
            """;

    private static String expected(StructType<Record> type, MemorySegment seg, long n) {
        return Stream.iterate(0L, i -> i + 1).limit(n).map(i -> Canonical.of(type.read(seg, i * type.size()), type.columns()) + "\n")
                .collect(Collectors.joining());
    }

    private Stream<DynamicTest> everyFixture(String format) {
        return ArrowJavaOracleTest.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Python.requireModule("pyarrow");
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            int n = 70;
            try (Arena arena = Arena.ofShared()) {
                MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
                RandomStructs.fill(type, seg, n, new Random(name.hashCode() + 3));
                Path file = dir.resolve(name + "." + format);
                // batches of 16 rows: the files hold several record batches / row groups' worth of batches
                if (format.equals("ipc")) {
                    ArrowFiles.writeIpc(type, seg, n, 16, file);
                } else if (type.columns().stream().anyMatch(c -> c.kind() == Column.Kind.FLOAT16)) {
                    // DuckDB has no half-precision type: refused up front, naming the member, no file
                    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                            () -> ArrowFiles.writeParquet(type, seg, n, 16, file));
                    assertTrue(e.getMessage().contains(".half is a FLOAT16"), e.getMessage());
                    assertFalse(Files.exists(file));
                    return;
                } else {
                    ArrowFiles.writeParquet(type, seg, n, 16, file);
                }
                assertEquals(expected(type, seg, n), Python.read(READ, format, file.toString()), name);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> pyarrowReadsTheIpcFileOfEveryFixture() {
        return everyFixture("ipc");
    }

    @TestFactory
    Stream<DynamicTest> pyarrowReadsTheParquetFileOfEveryFixture() {
        return everyFixture("parquet");
    }

    @Test
    void pyarrowReadsTheGeoNamesFilesWrittenFromTheStructFile() throws Exception {
        Python.requireModule("pyarrow");
        List<GeoPlace> places = GeoNames.places();
        Path sb = dir.resolve("places.sb");
        try (StructFile<GeoPlace> f = StructFile.create(sb, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        Path ipc = dir.resolve("places.arrow");
        Path parquet = dir.resolve("places.parquet");
        try (StructFile<GeoPlace> f = StructFile.open(sb, GeoPlaceStruct.TYPE, false)) {
            ArrowFiles.writeIpc(f, ipc);
            ArrowFiles.writeParquet(f, parquet);
        }
        StringBuilder expected = new StringBuilder();
        for (GeoPlace p : places) {
            expected.append(Canonical.of(p, GeoPlaceStruct.COLUMNS)).append('\n');
        }
        assertEquals(expected.toString(), Python.read(READ, "ipc", ipc.toString()), "IPC");
        assertEquals(expected.toString(), Python.read(READ, "parquet", parquet.toString()), "Parquet");
    }

    /**
     * Issue 20 item 19: the Parquet file keeps what the IPC file says about fixed arrays and enums for the
     * readers that honour Parquet's {@code ARROW:schema} metadata: pyarrow.parquet reads Envelope's
     * {@code lead.velocity} as {@code fixed_size_list<double>[3]}, {@code tags} as a fixed-size list of 2
     * structs and the enum codes with their {@code structbridge.enum} metadata, field for field as pyarrow
     * reads the IPC file of the same structs (nullability aside: DuckDB writes every Parquet field optional),
     * and its values equal the generated reader's. DuckDB, which ignores {@code ARROW:schema}, reads the same
     * rows with variable-length lists ({@code DOUBLE[]}), as docs/arrow-and-sql.md says.
     */
    @Test
    void parquetKeepsFixedSizeListsAndEnumMetadataForArrowReaders() throws Exception {
        Python.requireModule("pyarrow");
        Python.requireModule("duckdb");
        StructType<Record> type = ArrowJavaOracleTest.type("Envelope");
        int n = 40;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(19));
            Path parquet = dir.resolve("envelope.parquet");
            Path ipc = dir.resolve("envelope.arrow");
            ArrowFiles.writeParquet(type, seg, n, 16, parquet);
            ArrowFiles.writeIpc(type, seg, n, 16, ipc);
            String out = Python.script(Canonical.PYTHON + """
                    import sys, pyarrow, pyarrow.ipc, pyarrow.parquet, duckdb
                    def md(f):
                        # field metadata as text ({} and None alike: none)
                        return "{%s}" % ",".join("%s=%s" % kv for kv in sorted((f.metadata or {}).items())) if f.metadata else ""
                    def desc(t):
                        # the type with its children's metadata, nullability left out (Parquet fields are optional)
                        if pyarrow.types.is_struct(t):
                            return "struct<" + ",".join(f.name + md(f) + ":" + desc(f.type) for f in t) + ">"
                        if pyarrow.types.is_fixed_size_list(t):
                            return "fixed_size_list<%s>[%d]" % (desc(t.value_type), t.list_size)
                        if pyarrow.types.is_list(t):
                            return "list<%s>" % desc(t.value_type)
                        return str(t)
                    def fields(schema):
                        return [f.name + md(f) + ":" + desc(f.type) for f in schema]
                    p = pyarrow.parquet.read_table(sys.argv[2])
                    i = pyarrow.ipc.open_file(sys.argv[3]).read_all()
                    if fields(p.schema) != fields(i.schema):
                        sys.exit("Parquet %s\\nIPC     %s" % (fields(p.schema), fields(i.schema)))
                    print(p.schema.field("lead").type.field("velocity").type)
                    print(p.schema.field("tags").type)
                    for row in p.to_pylist():
                        print(canon(row))
                    d = duckdb.sql("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('%s'))" % sys.argv[2])
                    print(dict(d.fetchall())["tags"])
                    print(duckdb.sql("SELECT count(*), sum(lead.velocity[1]) FROM read_parquet('%s')" % sys.argv[2]).fetchall()[0][0])
                    """, parquet.toString(), ipc.toString());
            String[] lines = out.split("\n");
            assertTrue(lines[0].matches("fixed_size_list<\\w+: double( not null)?>\\[3\\]"), "pyarrow: lead.velocity " + lines[0]);
            assertTrue(lines[1].startsWith("fixed_size_list<") && lines[1].endsWith(">[2]"), "pyarrow: tags " + lines[1]);
            StringBuilder rows = new StringBuilder();
            for (int k = 2; k < 2 + n; k++) {
                rows.append(lines[k]).append('\n');
            }
            assertEquals(expected(type, seg, n), rows.toString(), "pyarrow reads the Parquet file's values");
            assertTrue(lines[2 + n].endsWith("[]"), "DuckDB reads tags as a variable-length list: " + lines[2 + n]);
            assertEquals(Integer.toString(n), lines[3 + n], "DuckDB reads every row");
        }
    }

    @Test
    void aLargeFileIsWrittenOneBatchAtATime() throws Exception {
        Python.requireModule("pyarrow");
        StructType<Record> type = ArrowJavaOracleTest.type("Particle");
        long n = 400_000; // about 50 bytes of Arrow data each
        Path file = dir.resolve("large.arrow");
        try (Arena arena = Arena.ofShared();
             BufferAllocator limited = new RootAllocator(4L << 20)) { // 4 MiB for Arrow Java's buffers
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(12));
            ArrowFiles.writeIpc(type, seg, n, 8_192, file, limited);
            assertTrue(Files.size(file) > 16L << 20, "the file is far larger than the limit: " + Files.size(file));
            // pyarrow: row count, and the sum of the ids equals Java's
            long javaSum = 0;
            for (long i = 0; i < n; i++) {
                javaSum += seg.get(ValueLayout.JAVA_INT_UNALIGNED, i * type.size() + type.columns().getFirst().offset());
            }
            String out = Python.script("""
                    import sys, pyarrow.ipc, pyarrow.compute as pc
                    with pyarrow.ipc.open_file(sys.argv[2]) as f:
                        t = f.read_all()
                        print(t.num_rows, f.num_record_batches, pc.sum(t.column("id")).as_py())
                    """, file.toString());
            assertEquals(n + " " + ((n + 8_191) / 8_192) + " " + javaSum, out.strip());
        }
    }

    @Test
    void anInvalidValueLeavesNoFile() throws Exception {
        StructType<Record> type = ArrowJavaOracleTest.type("Texts");
        int n = 50;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(4));
            // invalid UTF-8 in row 37
            MemorySegment.copy(new byte[] {(byte) 0xC3, 0x28, 0}, 0, seg, ValueLayout.JAVA_BYTE, 37 * type.size() + TextsStruct.UTF8_OFFSET, 3);
            for (String format : List.of("ipc", "parquet")) {
                Path file = dir.resolve("bad." + format);
                Files.writeString(file, "before");
                IOException e = assertThrows(IOException.class, () -> {
                    if (format.equals("ipc")) {
                        ArrowFiles.writeIpc(type, seg, n, 16, file);
                    } else {
                        ArrowFiles.writeParquet(type, seg, n, 16, file);
                    }
                });
                assertTrue(e.getMessage().contains("row 37") && e.getMessage().contains("utf8"), format + ": " + e.getMessage());
                assertEquals("before", Files.readString(file), format + ": target unchanged");
                try (Stream<Path> files = Files.list(dir)) {
                    assertEquals(List.of(file.getFileName().toString()), files.map(p -> p.getFileName().toString())
                            .filter(s -> s.startsWith("bad.") || s.startsWith(".bad.")).toList(), format + ": no partial file");
                }
                Files.delete(file);
            }
        }
    }
}

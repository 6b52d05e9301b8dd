package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Arrow export the C header offers ({@code R_export_arrow}, behind {@code STRUCTBRIDGE_ARROW}),
 * without Java on the path: the header is compiled by gcc (C11, all warnings errors, {@code -Wpedantic})
 * into a shared library, python3 maps the struct file with NumPy ({@code numpy.memmap}), calls the export
 * through cffi and imports it with {@code pyarrow.RecordBatch._import_from_c}. Oracles: the records Java
 * reads from the same bytes (in the canonical form of {@link Canonical}), and the schema and values of
 * the Java export of the same structs as pyarrow reads them from an IPC file (types, names, nullability,
 * enum metadata must be equal). Releases are counted by the allocator hooks of the header: every block
 * is freed once the batch is gone.
 */
class CArrowExportTest {
    @TempDir
    Path dir;

    private static final String CDEF = """
            struct ArrowSchema { const char* format; const char* name; const char* metadata; int64_t flags; int64_t n_children;
              struct ArrowSchema** children; struct ArrowSchema* dictionary; void (*release)(struct ArrowSchema*); void* private_data; };
            struct ArrowArray { int64_t length; int64_t null_count; int64_t offset; int64_t n_buffers; int64_t n_children;
              const void** buffers; struct ArrowArray** children; struct ArrowArray* dictionary; void (*release)(struct ArrowArray*);
              void* private_data; };
            long sbt_live_blocks(void);
            """;

    /** argv: library, struct file, data offset, count, C name, Java IPC file. Prints canonical rows, then "live N". */
    private static final String EXPORT = Canonical.PYTHON + """
            import sys, gc, cffi, numpy, pyarrow, pyarrow.ipc
            lib_path, path, offset, count, name, ipc = sys.argv[2:8]
            offset, count = int(offset), int(count)
            ffi = cffi.FFI()
            ffi.cdef(CDEF + "int %s_export_arrow_message(const void *structs, int64_t n, struct ArrowSchema *schema_out, "
                     "struct ArrowArray *array_out, char *message, size_t message_size);" % name)
            lib = ffi.dlopen(lib_path)
            header = numpy.fromfile(path, dtype="<u8", count=7)  # the struct file's header: count at byte 40, data offset at 48
            if (int(header[5]), int(header[6])) != (count, offset):
                sys.exit("header says %d structs at %d" % (header[5], header[6]))
            mm = numpy.memmap(path, dtype=numpy.uint8, mode="r", offset=int(header[6]))
            schema = ffi.new("struct ArrowSchema *")
            array = ffi.new("struct ArrowArray *")
            message = ffi.new("char[512]")
            rc = getattr(lib, name + "_export_arrow_message")(ffi.from_buffer(mm), int(header[5]), schema, array, message, 512)
            if rc != 0:
                sys.exit("export failed: %d %s" % (rc, ffi.string(message).decode()))
            held = lib.sbt_live_blocks()
            batch = pyarrow.RecordBatch._import_from_c(int(ffi.cast("uintptr_t", array)), int(ffi.cast("uintptr_t", schema)))
            if array.release != ffi.NULL or schema.release != ffi.NULL:
                sys.exit("the imported structs are not marked released (moved)")
            java = pyarrow.ipc.open_file(ipc).read_all()
            if not batch.schema.equals(java.schema, check_metadata=True):
                sys.exit("schema differs from the Java export's:\\nC:    %s\\nJava: %s" % (batch.schema, java.schema))
            rows = batch.to_pylist()
            java_rows = java.to_pylist()
            out = sys.stdout
            for i, row in enumerate(rows):
                line = canon(row)
                if line != canon(java_rows[i]):
                    sys.exit("row %d differs from the Java export's:\\nC:    %s\\nJava: %s" % (i, line, canon(java_rows[i])))
                out.write(line + "\\n")
            del batch, rows
            gc.collect()
            out.write("held %d live %d\\n" % (held, lib.sbt_live_blocks()))
            """.replace("CDEF", "\"\"\"" + CDEF + "\"\"\"");

    /** The shim: counting allocator hooks, then the headers with external linkage for their export functions. */
    private static String shim(List<String> headers) {
        StringBuilder includes = new StringBuilder();
        for (String h : headers) {
            includes.append("#include \"").append(h).append("\"\n");
        }
        return """
                #include <stdlib.h>
                static long sbt_blocks;
                static void *sbt_malloc(size_t n) {
                    void *p = malloc(n);
                    if (p != NULL) {
                        sbt_blocks++;
                    }
                    return p;
                }
                static void sbt_free(void *p) {
                    if (p != NULL) {
                        sbt_blocks--;
                    }
                    free(p);
                }
                #define STRUCTBRIDGE_ARROW_MALLOC(size) sbt_malloc(size)
                #define STRUCTBRIDGE_ARROW_FREE(block) sbt_free(block)
                #define STRUCTBRIDGE_ARROW
                #define STRUCTBRIDGE_ARROW_API
                %slong sbt_live_blocks(void);
                long sbt_live_blocks(void) {
                    return sbt_blocks;
                }
                """.formatted(includes);
    }

    @TempDir
    static Path shared;

    private static Path library;

    /**
     * {@return the shared library exporting every struct of {@link CArrowHeaderCompileTest#ACCEPTED}, {@code name}
     * among them} One library for the class, built once with gcc {@code -O2}: each Python script that loads it is a
     * process of its own, so the allocator hooks' count starts at 0 for each export.
     */
    private static synchronized Path library(String name) throws IOException {
        assertTrue(CArrowHeaderCompileTest.ACCEPTED.contains(name), name + " is one of the headers the library holds");
        if (library == null) {
            CHeaders.require("gcc");
            Path d = Files.createDirectories(shared.resolve("c-export"));
            List<String> headers = new ArrayList<>();
            for (String n : CArrowHeaderCompileTest.ACCEPTED) {
                headers.add(CHeaders.copy(n, d).getFileName().toString());
            }
            Path src = d.resolve("shim.c");
            Files.writeString(src, shim(headers));
            Path lib = d.resolve("libsbtexport.so");
            CHeaders.check(d, CHeaders.compile(List.of("gcc", "-x", "c", "-std=c11"), "-O2", "-shared", "-fPIC", "-o", lib.toString(),
                    src.toString()).toArray(String[]::new));
            library = lib;
        }
        return library;
    }

    private static void requirePython() {
        Python.requireModule("numpy");
        Python.requireModule("cffi");
        Python.requireModule("pyarrow");
    }

    /** Exports {@code count} structs of {@code file} through the C library and compares with Java's records; returns the held block count. */
    private long exportAndCompare(String name, StructType<?> type, Path file, List<? extends Record> expected) throws IOException {
        Path lib = library(name);
        long offset;
        long count;
        Path ipc = dir.resolve(CHeaders.cName(name) + ".arrow");
        try (StructFile<?> f = StructFile.open(file, type, false)) {
            offset = f.dataOffset();
            count = f.count();
            IpcPyarrowTest.writeIpc(f.type(), f.elements(), f.count(), ipc);
        }
        String want = expected.stream().map(r -> Canonical.of(r, type.columns()) + "\n").collect(Collectors.joining());
        String out = Python.script(EXPORT, lib.toString(), file.toString(), Long.toString(offset), Long.toString(count),
                CHeaders.cName(name), ipc.toString());
        int tail = out.lastIndexOf("held ");
        assertTrue(tail >= 0, out);
        assertEquals(want, out.substring(0, tail), name + ": the C export's values as pyarrow reads them");
        String[] held = out.substring(tail).trim().split(" ");
        assertEquals("live 0", held[2] + " " + held[3], name + ": every block freed once the batch is released");
        long blocks = Long.parseLong(held[1]);
        assertTrue(blocks > 0, "the allocator hooks counted the export's blocks");
        return blocks;
    }

    /**
     * Issue 20 item 18: the Python recipe of docs/arrow-and-sql.md (section "Arrow from C and Python"), run as written
     * (with the GeoNames struct file and its GeoPlace module for Place), then handed to DuckDB's default
     * connection ({@code duckdb.register}, the table released when DuckDB shuts down at interpreter exit)
     * and to Polars in the same process. The interpreter must exit with 0: a release callback called after
     * cffi unloaded the library that holds it is a SIGSEGV at exit (exit status 139 from the shell, -11 here).
     * Oracles: DuckDB's and Polars' row counts and DuckDB's northernmost place against the Java records.
     */
    @Test
    void theGuideRecipeFeedsDuckDbAndPolarsAndTheInterpreterExitsCleanly() throws Exception {
        requirePython();
        Python.requireModule("duckdb");
        Python.requireModule("polars");
        String readme = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/arrow-and-sql.md"));
        int at = readme.indexOf("Python, with no Java running:");
        assertTrue(at >= 0, "docs/arrow-and-sql.md has the recipe");
        int sh = readme.indexOf("```sh\n", at) + "```sh\n".length();
        String build = readme.substring(sh, readme.indexOf("\n```", sh) + 1);
        int py = readme.indexOf("```python\n", sh) + "```python\n".length();
        String recipe = readme.substring(py, readme.indexOf("\n```", py) + 1);
        Path work = Files.createDirectories(dir.resolve("recipe"));
        List<GeoPlace> places = GeoNames.places();
        try (StructFile<GeoPlace> f = StructFile.create(work.resolve("places.sb"), GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        // the guide's commands and code, with GeoPlace (header, Python module, functions) for Place
        Path headers = Files.createDirectories(work.resolve("headers"));
        CHeaders.copy("io.structbridge.arrow.GeoPlace", headers);
        Files.writeString(work.resolve("build.sh"), "set -e\nHEADERS='" + headers + "'\n" + geo(build));
        Python.Result built = Python.run(List.of("/bin/sh", "-c", "cd '" + work + "' && sh build.sh"), null);
        assertEquals(0, built.exit(), "the guide's build commands:\n" + built.out());
        try (java.io.InputStream in = getClass().getResourceAsStream("GeoPlace.py")) {
            Files.write(work.resolve("GeoPlace.py"), in.readAllBytes());
        }
        // the runtime the module imports, from the processor jar (the class output holds none), as the guide says
        try (java.io.InputStream in = ClassLoader.getSystemResourceAsStream("io/structbridge/processor/write/python/structbridge_rt.py")) {
            Files.write(work.resolve("structbridge_rt.py"), in.readAllBytes());
        }
        String use = """
                import duckdb, polars
                duckdb.register("places", batch)        # DuckDB's default connection keeps the table until it shuts down
                print(duckdb.sql("SELECT count(*) FROM places").fetchall()[0][0])
                print(duckdb.sql("SELECT name FROM places ORDER BY lat DESC, name LIMIT 1").fetchall()[0][0])
                frame = polars.from_arrow(batch)
                print(frame.height)
                del batch, frame
                """;
        Path program = Files.writeString(work.resolve("recipe.py"), geo(recipe) + use);
        Python.Result r = Python.run(List.of("/bin/sh", "-c", "cd '" + work + "' && exec python3 -X utf8 recipe.py"), null);
        assertEquals(0, r.exit(), "the guide's recipe, then DuckDB and Polars: the interpreter must exit with 0 (139 or -11 is"
                + " a SIGSEGV at exit):\n" + r.out() + "\n" + Files.readString(program));
        GeoPlace north = places.stream().max(java.util.Comparator.comparingDouble(GeoPlace::lat)
                .thenComparing(GeoPlace::name, java.util.Comparator.reverseOrder())).orElseThrow();
        assertEquals(places.size() + "\n" + north.name() + "\n" + places.size() + "\n", r.out(), "counts and the northernmost place");
    }

    /** {@return the guide's text about the struct Place with GeoPlace's names: its header, its functions, its Python module} */
    private static String geo(String text) {
        return text.replace("\"Place.h\"", "\"GeoPlace.h\"").replace("Place_", "GeoPlace_").replace("from Place import", "from GeoPlace import");
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureThroughCffiEqualsJava() {
        return ArrowJavaOracleTest.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            requirePython();
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            int n = 203;
            Path file = dir.resolve(CHeaders.cName(name) + ".sb");
            List<Record> expected = new ArrayList<>();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
                RandomStructs.fill(type, seg, n, new Random(name.hashCode() + 12));
                // the full range of raw 64-bit unsigned members: all ones and the top bit alone
                for (Column c : type.columns()) {
                    if (c.kind() == Column.Kind.UINT64_BITS && !c.bitField()) {
                        seg.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(c.order()), c.offset(), -1L);
                        seg.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(c.order()), type.size() + c.offset(), Long.MIN_VALUE);
                    }
                }
                for (long i = 0; i < n; i++) {
                    expected.add(type.read(seg, i * type.size()));
                }
                try (StructFile<Record> f = StructFile.create(file, type, n)) {
                    f.appendStructs(seg);
                }
            }
            exportAndCompare(name, type, file, expected);
        }));
    }

    @Test
    void theGeoNamesStructFileThroughCffiEqualsJava() throws Exception {
        requirePython();
        List<GeoPlace> places = GeoNames.places();
        Path file = dir.resolve("places.sb");
        try (StructFile<GeoPlace> f = StructFile.create(file, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        assertTrue(places.size() > 1000, "the GeoNames file holds " + places.size() + " places");
        exportAndCompare("io.structbridge.arrow.GeoPlace", GeoPlaceStruct.TYPE, file, places);
    }

    /** argv: library, C name, Java IPC file. Prints the field types of the C export's schema, then of the Java export's. */
    private static final String SHAPES = """
            import sys, cffi, pyarrow, pyarrow.ipc
            lib_path, name, ipc = sys.argv[2:5]
            ffi = cffi.FFI()
            ffi.cdef(CDEF + "int %s_export_arrow(const void *structs, int64_t n, struct ArrowSchema *schema_out, "
                     "struct ArrowArray *array_out);" % name)
            lib = ffi.dlopen(lib_path)
            def shape(t):
                if pyarrow.types.is_fixed_size_list(t):
                    return "list%d<%s>" % (t.list_size, shape(t.value_type))
                if pyarrow.types.is_struct(t):
                    return "struct<" + ",".join(t.field(i).name + ":" + shape(t.field(i).type) for i in range(t.num_fields)) + ">"
                return str(t)
            structs = ffi.new("char[]", 4096)
            schema = ffi.new("struct ArrowSchema *")
            array = ffi.new("struct ArrowArray *")
            rc = getattr(lib, name + "_export_arrow")(structs, 1, schema, array)
            if rc != 0:
                sys.exit("export failed: %d" % rc)
            batch = pyarrow.RecordBatch._import_from_c(int(ffi.cast("uintptr_t", array)), int(ffi.cast("uintptr_t", schema)))
            print(" ".join(f.name + ":" + shape(f.type) for f in batch.schema))
            java = pyarrow.ipc.open_file(ipc).schema
            print(" ".join(f.name + ":" + shape(f.type) for f in java))
            """.replace("CDEF", "\"\"\"" + CDEF + "\"\"\"");

    /**
     * Finding 07: {@code int32_t one[1]} is an array of one element, not an {@code int32_t}. The expected
     * types are the C declarations of {@link Singles} and {@link SinglePoint} (a {@code T[1]} is a
     * fixed-size list of one, a scalar {@code T} is {@code T}), as pyarrow reads the C export and the
     * Java export (the Java export's schema was the scalar before the fix).
     */
    @Test
    void anArrayOfOneIsAFixedSizeListOfOneInTheCAndJavaExports() throws IOException {
        requirePython();
        String name = "io.structbridge.arrow.Singles";
        StructType<Record> type = ArrowJavaOracleTest.type(name);
        assertTrue(type.size() <= 4096, "the script's zeroed buffer holds one struct");
        Path ipc = dir.resolve("singles-shapes.arrow");
        try (Arena arena = Arena.ofConfined()) {
            IpcPyarrowTest.writeIpc(type, arena.allocate(type.size(), type.alignment()), 1, ipc);
        }
        String point = "struct<x:int16,ys:list1<int64>>";
        String want = "one:list1<int32> plain:int32 d:list1<double> u8:list1<uint8> flag:list1<bool> big:list1<int16> pts:list1<"
                + point + "> p:" + point;
        String[] lines = Python.script(SHAPES, library(name).toString(), CHeaders.cName(name), ipc.toString()).split("\n");
        assertEquals(want, lines[0], "the C export's schema as pyarrow reads it");
        assertEquals(want, lines[1], "the Java export's schema as pyarrow reads it");
    }

    /** argv: library, struct file, data offset, count, C name. Prints rc, whether the outputs are untouched, live blocks, message. */
    private static final String REFUSE = """
            import sys, cffi, errno, numpy
            lib_path, path, offset, count, name = sys.argv[2:7]
            ffi = cffi.FFI()
            ffi.cdef(CDEF + "int %s_export_arrow_message(const void *structs, int64_t n, struct ArrowSchema *schema_out, "
                     "struct ArrowArray *array_out, char *message, size_t message_size);"
                     "int %s_export_arrow(const void *structs, int64_t n, struct ArrowSchema *schema_out, "
                     "struct ArrowArray *array_out);" % (name, name))
            lib = ffi.dlopen(lib_path)
            mm = numpy.memmap(path, dtype=numpy.uint8, mode="r", offset=int(offset))
            schema = ffi.new("struct ArrowSchema *")
            array = ffi.new("struct ArrowArray *")
            ffi.memmove(schema, b"3" * ffi.sizeof(schema[0]), ffi.sizeof(schema[0]))
            ffi.memmove(array, b"3" * ffi.sizeof(array[0]), ffi.sizeof(array[0]))
            message = ffi.new("char[512]")
            rc = getattr(lib, name + "_export_arrow_message")(ffi.from_buffer(mm), int(count), schema, array, message, 512)
            rc4 = getattr(lib, name + "_export_arrow")(ffi.from_buffer(mm), int(count), schema, array)
            untouched = bytes(ffi.buffer(schema)) == b"3" * ffi.sizeof(schema[0]) and bytes(ffi.buffer(array)) == b"3" * ffi.sizeof(array[0])
            print(errno.errorcode.get(rc, rc), errno.errorcode.get(rc4, rc4), "untouched" if untouched else "WRITTEN",
                  "live", lib.sbt_live_blocks())
            print(ffi.string(message).decode())
            """.replace("CDEF", "\"\"\"" + CDEF + "\"\"\"");

    /** Writes {@code bytes} at {@code offset} of struct {@code row} of 20 random structs, exports through C and through Java. */
    private String[] refused(String name, long row, long offset, String javaMessage, byte... bytes) throws IOException {
        requirePython();
        StructType<Record> type = ArrowJavaOracleTest.type(name);
        int n = 20;
        Path file = dir.resolve(name + "-bad.sb");
        long offsetInFile;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(1));
            try (StructFile<Record> f = StructFile.create(file, type, n)) {
                f.appendStructs(seg); // valid structs: the struct file refuses to append invalid ones
                offsetInFile = f.dataOffset();
            }
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, row * type.size() + offset, bytes.length);
            ArrowDataException e = org.junit.jupiter.api.Assertions.assertThrows(ArrowDataException.class,
                    () -> ArrowExport.exportArray(type, seg, 0, n, arena.allocate(ArrowExport.ARRAY_SIZE)));
            if (javaMessage != null) {
                assertEquals(javaMessage, e.getMessage().substring(0, Math.min(javaMessage.length(), e.getMessage().length())),
                        "the Java export refuses the same value");
            }
        }
        // then the bad bytes, written into the file as a foreign (C) writer would
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(bytes), offsetInFile + row * type.size() + offset);
        }
        Path lib = library(name);
        String[] lines = Python.script(REFUSE, lib.toString(), file.toString(), Long.toString(offsetInFile), Integer.toString(n),
                CHeaders.cName(name)).split("\n");
        assertEquals("EINVAL EINVAL untouched live 0", lines[0], name + ": refused, outputs untouched, nothing left allocated");
        return lines;
    }

    @Test
    void aBoolByteOtherThanZeroOrOneIsRefusedWithRowAndField() throws IOException {
        String java = "row 4, field 'flag': bool byte 2 is neither 0 nor 1";
        String[] r = refused("AllScalars", 4, io.structbridge.fixtures.AllScalarsStruct.FLAG_OFFSET, java, (byte) 2);
        assertEquals(java, r[1]);
    }

    /** One stored byte that no export accepts: struct, row, byte offset in the struct, the byte, and the member path. */
    record BadByte(String name, long row, long offset, int value, String field) {}

    /**
     * Issue 20 item 17: every message that shows a stored byte (a bool byte, a one-byte enum code, a byte
     * in ASCII text) is the same in the Java and the C export, and shows the byte unsigned: 0x80..0xFF
     * were {@code bool byte -128} in Java and {@code bool byte 128} in C. Scalars take the export's fast
     * path, array elements, nested structs and struct arrays the general one, Mixed the transposed one.
     * The oracle is the C export compiled by gcc; the Java message must also name the byte as the C
     * library's {@code %u} would print it.
     */
    @TestFactory
    Stream<DynamicTest> aStoredByteAbove0x7fIsShownUnsignedAndTheSameInJavaAndC() {
        long tags1 = io.structbridge.fixtures.EnvelopeStruct.TAGS_OFFSET + io.structbridge.fixtures.TaggedStruct.SIZE
                + io.structbridge.fixtures.TaggedStruct.COLOR_OFFSET;
        return Stream.of(
                new BadByte("AllScalars", 3, io.structbridge.fixtures.AllScalarsStruct.FLAG_OFFSET, 0x80, "flag"),
                new BadByte("AllScalars", 5, io.structbridge.fixtures.AllScalarsStruct.FLAG_OFFSET, 0xFF, "flag"),
                new BadByte("Arrays", 2, io.structbridge.fixtures.ArraysStruct.FLAGS_OFFSET + 2, 0x80, "flags"),
                new BadByte("Envelope", 6, io.structbridge.fixtures.EnvelopeStruct.LAST_OFFSET, 0xC8, "last"),
                new BadByte("Envelope", 7, tags1, 0x80, "tags[1].color"),
                new BadByte("Tagged", 9, io.structbridge.fixtures.TaggedStruct.COLOR_OFFSET, 0xFE, "color"),
                new BadByte("Texts", 1, io.structbridge.fixtures.TextsStruct.ASCII4_OFFSET, 0x80, "ascii4"))
                .map(b -> DynamicTest.dynamicTest(b.name() + " " + b.field() + " 0x" + Integer.toHexString(b.value()), () -> {
                    String[] r = refused(b.name(), b.row(), b.offset(), null, (byte) b.value());
                    String java = javaRefusal(b.name(), b.row(), b.offset(), (byte) b.value());
                    assertEquals(r[1], java, "the Java export's message is the C export's");
                    assertTrue(java.startsWith("row " + b.row() + ", field '" + b.field() + "': "), java);
                    String unsigned = Integer.toString(b.value());
                    String hex = String.format("%02x", b.value());
                    assertTrue(java.contains(" " + unsigned + " ") || java.endsWith(hex) || java.contains(hex),
                            "the byte shown unsigned (" + unsigned + " or hex " + hex + "): " + java);
                }));
    }

    /** {@return the message of the Java export of 20 random structs of {@code name} with {@code bytes} at {@code offset} of {@code row}} */
    private static String javaRefusal(String name, long row, long offset, byte... bytes) {
        StructType<Record> type = ArrowJavaOracleTest.type(name);
        int n = 20;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(1));
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, row * type.size() + offset, bytes.length);
            return org.junit.jupiter.api.Assertions.assertThrows(ArrowDataException.class,
                    () -> ArrowExport.exportArray(type, seg, 0, n, arena.allocate(ArrowExport.ARRAY_SIZE))).getMessage();
        }
    }

    @Test
    void invalidUtf8IsRefusedWithRowAndField() throws IOException {
        String java = "row 7, field 'utf8': invalid UTF-8 in 61c328";
        String[] r = refused("Texts", 7, io.structbridge.fixtures.TextsStruct.UTF8_OFFSET, java, (byte) 'a', (byte) 0xC3, (byte) 0x28, (byte) 0);
        assertEquals(java, r[1]);
    }

    @Test
    void textWithoutItsNulIsRefusedWithRowAndField() throws IOException {
        String java = "row 0, field 'utf8': no NUL terminator within the capacity of 8 bytes";
        String[] r = refused("Texts", 0, io.structbridge.fixtures.TextsStruct.UTF8_OFFSET, java, "abcdefgh".getBytes());
        assertEquals(java, r[1]);
    }

    @Test
    void anEnumCodeOfNoConstantIsRefusedWithRowAndField() throws IOException {
        String java = "row 13, field 'color': enum code 77 is not one of";
        String[] r = refused("Tagged", 13, io.structbridge.fixtures.TaggedStruct.COLOR_OFFSET, java, (byte) 77);
        assertEquals(java + " RED=1,GREEN=2,BLUE=200", r[1]);
    }

    @Test
    void aByteAbove0x7fInAsciiTextIsRefusedWithRowAndField() throws IOException {
        String java = "row 2, field 'ascii4': byte above 0x7F in ASCII text 41e9";
        String[] r = refused("Texts", 2, io.structbridge.fixtures.TextsStruct.ASCII4_OFFSET, java, (byte) 'A', (byte) 0xE9, (byte) 0, (byte) 0);
        assertEquals(java, r[1]);
    }
}

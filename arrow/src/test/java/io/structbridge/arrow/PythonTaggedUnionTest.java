package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.fixtures.kinds.CellStruct;
import io.structbridge.fixtures.kinds.FigureStruct;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import io.structbridge.runtime.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated Python modules' Arrow export of tagged unions (to_arrow, record_batches: structbridge_rt.py, no JVM
 * involved) against Java's ArrowExport of the same struct file, both read by pyarrow in this process
 * ({@link EmbeddedPython}): the same schema (dense unions, field metadata) and the same values (Table.equals), in
 * one batch and in batches of 7 rows; a discriminator selecting no member and a bad live member raise ArrowDataError
 * with Java's message (row and path). Java's export itself is held to the records in {@link TaggedUnionExportTest}.
 */
class PythonTaggedUnionTest {
    @TempDir
    static Path dir;

    private static Path modules;

    @BeforeAll
    static void modules() throws IOException {
        EmbeddedPython.require("pyarrow");
        modules = Files.createDirectories(dir.resolve("modules"));
        Path fixtures = Path.of("").toAbsolutePath().getParent().resolve("src-test-fixtures/target/python");
        try (Stream<Path> s = Files.list(fixtures)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".py")).toList()) {
                Files.copy(p, modules.resolve(p.getFileName()));
            }
        }
        for (String module : List.of("Drawing.py", "Nest.py")) {
            try (InputStream in = PythonTaggedUnionTest.class.getResourceAsStream(module)) {
                Files.write(modules.resolve(module), in.readAllBytes());
            }
        }
        try (InputStream in = ClassLoader.getSystemResourceAsStream("io/structbridge/processor/write/python/structbridge_rt.py")) {
            Files.write(modules.resolve("structbridge_rt.py"), in.readAllBytes());
        }
        EmbeddedPython.run("""
                import sys, importlib
                sys.path.insert(0, %s)
                import structbridge_rt
                importlib.reload(structbridge_rt)
                """.formatted(pyString(modules.toString())));
    }

    private static String pyString(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static <R extends Record> Path file(String name, StructType<R> type, List<R> records) throws IOException {
        Path p = dir.resolve(name + "-" + records.size() + "-" + System.nanoTime() + ".sb");
        try (StructFile<R> f = StructFile.create(p, type, records.size())) {
            f.appendAll(records);
        }
        return p;
    }

    /** Patches {@code bytes} at byte {@code at} of struct {@code row} of the file. */
    private static void patch(Path p, StructType<?> type, long row, long at, byte[] bytes) throws IOException {
        long data;
        try (StructFile<?> f = StructFile.open(p, type, false)) {
            data = f.dataOffset();
        }
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), data + row * type.size() + at);
        }
    }

    /** Python's to_arrow of the file equals pyarrow's import of Java's export of it: "same" or what differs. */
    private static String compare(String module, StructType<?> type, Path p, int batchRows) throws IOException {
        return compare(module, type, p, batchRows, UnionMode.DENSE);
    }

    private static String compare(String module, StructType<?> type, Path p, int batchRows, UnionMode mode) throws IOException {
        List<String> outs = new ArrayList<>();
        try (StructFile<?> f = StructFile.open(p, type, false); Arena arena = Arena.ofConfined()) {
            MemorySegment schema = arena.allocate(ArrowExport.SCHEMA_SIZE);
            MemorySegment array = arena.allocate(ArrowExport.ARRAY_SIZE);
            ArrowExport.exportArray(type, f.elements(), 0, f.count(), array, mode);
            ArrowExport.exportSchema(type, schema, mode);
            EmbeddedPython.run("""
                    import pyarrow as pa, importlib
                    _m = importlib.import_module(%s)
                    _java = pa.RecordBatch._import_from_c(%d, %d)
                    _py = _m.to_arrow(%s, batch_rows=%s, unions=%s)
                    _py.validate(full=True)
                    _jt = pa.Table.from_batches([_java])
                    if not _py.schema.equals(_jt.schema, check_metadata=True):
                        _res = "schema: python " + str(_py.schema) + " java " + str(_jt.schema)
                    elif not _py.equals(_jt):
                        _res = "values: python " + str(_py.to_pylist()) + " java " + str(_jt.to_pylist())
                    else:
                        _res = "same " + str(_py.num_rows) + " " + str(len(_py.column(0).chunks))
                    del _java, _jt, _py
                    """.formatted(pyString(module), array.address(), schema.address(), pyString(p.toString()),
                    batchRows == 0 ? "None" : Integer.toString(batchRows), mode == UnionMode.SPARSE ? "'sparse'" : "'dense'"));
            outs.add(EmbeddedPython.text("_res"));
        }
        return outs.getFirst();
    }

    /** {@return Python's ArrowDataError message for the file, or "no error"} */
    private static String pythonError(String module, Path p) {
        EmbeddedPython.run("""
                import importlib
                _m = importlib.import_module(%s)
                try:
                    _m.to_arrow(%s)
                    _res = "no error"
                except _m.ArrowDataError as e:
                    _res = str(e)
                """.formatted(pyString(module), pyString(p.toString())));
        return EmbeddedPython.text("_res");
    }

    private static <R extends Record> String javaError(StructType<R> type, Path p) throws IOException {
        try (StructFile<R> f = StructFile.open(p, type, false); Arena arena = Arena.ofConfined()) {
            ArrowExport.export(f, arena.allocate(ArrowExport.SCHEMA_SIZE), arena.allocate(ArrowExport.ARRAY_SIZE));
            return "no error";
        } catch (ArrowDataException e) {
            return e.getMessage();
        }
    }

    @Test
    void figuresCellsAndDrawingsAsJavaExportsThem() throws IOException {
        Path figures = file("figures", FigureStruct.TYPE, TaggedUnionExportTest.figures(50));
        assertEquals("same 50 1", compare("Figure", FigureStruct.TYPE, figures, 0));
        assertEquals("same 50 8", compare("Figure", FigureStruct.TYPE, figures, 7));
        Path cells = file("cells", CellStruct.TYPE, TaggedUnionExportTest.cells(40));
        assertEquals("same 40 1", compare("Cell", CellStruct.TYPE, cells, 0));
        assertEquals("same 40 6", compare("Cell", CellStruct.TYPE, cells, 7));
        List<Drawing> drawings = new ArrayList<>();
        var f = TaggedUnionExportTest.figures(30);
        var c = TaggedUnionExportTest.cells(10);
        for (int i = 0; i < 10; i++) {
            drawings.add(new Drawing(i, f.get(3 * i), new io.structbridge.fixtures.kinds.Figure[] {f.get(3 * i + 1), f.get((3 * i + 5) % 30)},
                    c.get(i)));
        }
        Path d = file("drawings", DrawingStruct.TYPE, drawings);
        assertEquals("same 10 1", compare("Drawing", DrawingStruct.TYPE, d, 0));
        assertEquals("same 10 4", compare("Drawing", DrawingStruct.TYPE, d, 3));
    }

    /**
     * unions="sparse" is Java's UnionMode.SPARSE (batches of 5 rows where a member has no row: its child all null), and
     * DuckDB (python) reads it from arrow_stream as its UNION: union_tag and the members equal the records.
     */
    @Test
    void sparseUnionsAsJavaExportsThemAndDuckDbReadsThem() throws IOException {
        List<Drawing> drawings = new ArrayList<>();
        var f = TaggedUnionExportTest.figures(30);
        var c = TaggedUnionExportTest.cells(10);
        for (int i = 0; i < 10; i++) {
            var more = i < 5 ? TaggedUnionExportTest.circle(i, i) : f.get((3 * i + 5) % 30);
            drawings.add(new Drawing(i, f.get(3 * i), new io.structbridge.fixtures.kinds.Figure[] {f.get(3 * i + 1), more}, c.get(i)));
        }
        Path d = file("drawings", DrawingStruct.TYPE, drawings);
        assertEquals("same 10 1", compare("Drawing", DrawingStruct.TYPE, d, 0, UnionMode.SPARSE));
        assertEquals("same 10 2", compare("Drawing", DrawingStruct.TYPE, d, 5, UnionMode.SPARSE));
        List<io.structbridge.fixtures.kinds.Figure> figures = TaggedUnionExportTest.figures(20);
        Path p = file("figures", FigureStruct.TYPE, figures);
        EmbeddedPython.require("duckdb");
        EmbeddedPython.run("""
                import duckdb, Figure
                _reader = Figure.arrow_stream(%s, batch_rows=6, unions="sparse")
                _con = duckdb.connect()
                _res = "\\n".join(f"{i} {t} {r} {w}" for i, t, r, w in
                                   _con.execute("SELECT id, union_tag(shape), shape.circle.r, shape.rect.w FROM _reader ORDER BY id").fetchall())
                _con.close()
                del _reader
                """.formatted(pyString(p.toString())));
        String expected = String.join("\n", figures.stream().sorted(java.util.Comparator.comparingInt(io.structbridge.fixtures.kinds.Figure::id))
                .map(x -> x.id() + " " + (x.kind() == io.structbridge.fixtures.kinds.FigureKind.CIRCLE
                        ? "circle " + x.shape().circle().r() + " None" : "rect None " + x.shape().rect().w())).toList());
        assertEquals(expected, EmbeddedPython.text("_res"));
    }

    @Test
    void badDataRaisesJavasMessage() throws IOException {
        Path cells = file("cells", CellStruct.TYPE, TaggedUnionExportTest.cells(12));
        patch(cells, CellStruct.TYPE, 9, 0, le((short) 7));
        String java = javaError(CellStruct.TYPE, cells);
        assertEquals("row 9, field 'type': discriminator type = 7 selects no member of union 'value' (1 -> i, 2 -> d, 3 -> d,"
                + " -1 -> s)", java);
        assertEquals(java, pythonError("Cell", cells));

        Path figures = file("figures", FigureStruct.TYPE, TaggedUnionExportTest.figures(12));
        patch(figures, FigureStruct.TYPE, 4, 0, le(31));
        java = javaError(FigureStruct.TYPE, figures);
        assertEquals("row 4, field 'kind': enum code 31 is not one of CIRCLE=1,RECT=2,SQUARE=30", java);
        assertEquals(java, pythonError("Figure", figures));

        List<Drawing> drawings = new ArrayList<>();
        var f = TaggedUnionExportTest.figures(8);
        for (int i = 0; i < 5; i++) {
            drawings.add(new Drawing(i, f.get(i), new io.structbridge.fixtures.kinds.Figure[] {f.get(i + 1), f.get(i + 2)},
                    new io.structbridge.fixtures.kinds.Cell((short) -1, new io.structbridge.fixtures.kinds.CellValue(0, 0, "ok"))));
        }
        Path d = file("drawings", DrawingStruct.TYPE, drawings);
        long s = DrawingStruct.COLUMNS.stream().filter(x -> x.path().equals("cell.value.s")).findFirst().orElseThrow().offset();
        patch(d, DrawingStruct.TYPE, 3, s, new byte[] {'A', 'A', 'A', 'A', 'A', 'A', 'A', 'A'});
        java = javaError(DrawingStruct.TYPE, d);
        assertEquals("row 3, field 'cell.value.s': no NUL terminator within the capacity of 8 bytes", java);
        assertEquals(java, pythonError("Drawing", d));
        long kind = DrawingStruct.COLUMNS.stream().filter(x -> x.path().equals("more[1].kind")).findFirst().orElseThrow().offset();
        patch(d, DrawingStruct.TYPE, 2, kind, le(0));
        java = javaError(DrawingStruct.TYPE, d);
        assertEquals("row 2, field 'more[1].kind': enum code 0 is not one of CIRCLE=1,RECT=2,SQUARE=30", java);
        assertEquals(java, pythonError("Drawing", d));
    }

    private static Nest nest(int i, int tag) {
        NestOuter o = switch (tag) {
            case 4 -> new NestOuter(null, i % 2 == 0 ? NestKind.NEG : NestKind.SEVEN, 0);
            case 5 -> new NestOuter(null, null, -i);
            default -> new NestOuter(i % 2 == 0 ? new NestInner((byte) 1, new NestInnerU(i % 3 == 0, null))
                    : new NestInner((byte) 2, new NestInnerU(false, "n" + i)), null, 0);
        };
        return new Nest(i, (short) tag, o, i % 3 == 0);
    }

    /**
     * A union inside a member of another union (found by review): batches in which no row holds that member (sparse: its
     * child is zeros, nothing read, as Java's), and the inner union's errors named by the outer row and full path.
     */
    @Test
    void unionsInsideUnionMembersAsJavaExportsThem() throws IOException {
        List<Nest> noInner = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            noInner.add(nest(i, i % 2 == 0 ? 4 : 5));
        }
        Path none = file("nest-no-inner", NestStruct.TYPE, noInner);
        for (UnionMode mode : UnionMode.values()) {
            assertEquals("same 12 1", compare("Nest", NestStruct.TYPE, none, 0, mode), mode.toString());
            assertEquals("same 12 4", compare("Nest", NestStruct.TYPE, none, 3, mode), mode.toString());
        }
        List<Nest> mixed = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            mixed.add(nest(i, i < 18 ? new int[] {4, -3, 5, 9}[i % 4] : 5)); // the last batch of 3 (rows 18, 19) has no inner
        }
        Path p = file("nest", NestStruct.TYPE, mixed);
        for (UnionMode mode : UnionMode.values()) {
            assertEquals("same 20 1", compare("Nest", NestStruct.TYPE, p, 0, mode), mode.toString());
            assertEquals("same 20 7", compare("Nest", NestStruct.TYPE, p, 3, mode), mode.toString());
        }
        Column s = NestStruct.TYPE.columns().stream().filter(c -> c.path().equals("o.inner.u.s")).findFirst().orElseThrow();
        Column t = NestStruct.TYPE.columns().stream().filter(c -> c.path().equals("o.inner.t")).findFirst().orElseThrow();
        Path badText = file("nest-bad-text", NestStruct.TYPE, mixed);
        patch(badText, NestStruct.TYPE, 5, s.offset(), new byte[] {'a', 'b', 'c', 'd'}); // row 5: tag 9, t 2, no NUL
        assertEquals("row 5, field 'o.inner.u.s': no NUL terminator within the capacity of 4 bytes", javaError(NestStruct.TYPE, badText));
        assertEquals(javaError(NestStruct.TYPE, badText), pythonError("Nest", badText));
        Path badTag = file("nest-bad-tag", NestStruct.TYPE, mixed);
        patch(badTag, NestStruct.TYPE, 10, t.offset(), new byte[] {0}); // row 10: tag 5, inner dead: not read
        patch(badTag, NestStruct.TYPE, 13, t.offset(), new byte[] {0}); // row 13: tag -3, inner live
        assertEquals("row 13, field 'o.inner.t': discriminator t = 0 selects no member of union 'u' (1 -> b, 2 -> s)",
                javaError(NestStruct.TYPE, badTag));
        assertEquals(javaError(NestStruct.TYPE, badTag), pythonError("Nest", badTag));
    }

    @Test
    void untaggedUnionsStayRefusedInPython() {
        EmbeddedPython.run("""
                import importlib
                _m = importlib.import_module("Unions_Holder")
                try:
                    _m.arrow_schema()
                    _res = "no error"
                except NotImplementedError as e:
                    _res = str(e)
                """);
        String python = EmbeddedPython.text("_res");
        StructType<Record> holder = ArrowJavaOracleTest.type("Unions_Holder");
        String java;
        try {
            ArrowExport.exportSchema(holder, Arena.global().allocate(ArrowExport.SCHEMA_SIZE));
            java = "no error";
        } catch (UnsupportedOperationException e) {
            java = e.getMessage();
        }
        assertEquals(java, python);
    }

    private static byte[] le(short v) {
        return ByteBuffer.allocate(2).order(ByteOrder.nativeOrder()).putShort(v).array();
    }

    private static byte[] le(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(v).array();
    }
}

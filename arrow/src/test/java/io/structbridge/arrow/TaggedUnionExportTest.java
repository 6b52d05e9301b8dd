package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.kinds.Cell;
import io.structbridge.fixtures.kinds.CellStruct;
import io.structbridge.fixtures.kinds.CellValue;
import io.structbridge.fixtures.kinds.Circle;
import io.structbridge.fixtures.kinds.Figure;
import io.structbridge.fixtures.kinds.FigureKind;
import io.structbridge.fixtures.kinds.FigureShape;
import io.structbridge.fixtures.kinds.FigureStruct;
import io.structbridge.fixtures.kinds.Rect;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.TaggedUnion;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 24 item 6: tagged unions exported as Arrow dense unions ({@code +ud}) through the C Data Interface, read by
 * pyarrow in this process ({@link EmbeddedPython}): {@code validate(full=True)}, the union's type ids (which member
 * is live, by child name) and {@code to_pylist()} equal the records written (the live member's value only), for an
 * enum discriminator (Figure), an integer one with a text member (Cell), and unions in a nested struct and in each
 * element of a nested struct array (Drawing). A discriminator that selects no member, and a bad value of the live
 * member, are ArrowDataExceptions naming the row and path; a dead member's bytes are never read; an untagged union
 * is still refused.
 */
class TaggedUnionExportTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @BeforeAll
    static void python() {
        EmbeddedPython.require("pyarrow");
    }

    static Figure circle(double r, int id) {
        return new Figure(FigureKind.CIRCLE, new FigureShape(new Circle(r), null), id);
    }

    static Figure rect(FigureKind kind, float w, float h, int id) {
        return new Figure(kind, new FigureShape(null, new Rect(w, h)), id);
    }

    static List<Figure> figures(int n) {
        List<Figure> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(switch (i % 3) {
                case 0 -> circle(0.25 * i, i);
                case 1 -> rect(FigureKind.RECT, 0.5f * i, 2f, -i);
                default -> rect(FigureKind.SQUARE, 1.25f * i, 1.25f * i, i * 1000);
            });
        }
        return out;
    }

    static List<Cell> cells(int n) {
        List<Cell> out = new ArrayList<>();
        String[] texts = {"", "a", "élan", "1234567"};
        for (int i = 0; i < n; i++) {
            out.add(switch (i % 4) {
                case 0 -> new Cell((short) 1, new CellValue(Long.MIN_VALUE + i, 0, null));
                case 1 -> new Cell((short) 2, new CellValue(0, -0.5 * i, null));
                case 2 -> new Cell((short) 3, new CellValue(0, 1e300, null));
                default -> new Cell((short) -1, new CellValue(0, 0, texts[(i / 4) % texts.length]));
            });
        }
        return out;
    }

    /** The JSON pyarrow gives: the live member's value (what {@code to_pylist()} shows for a union). */
    static Object figureJson(Figure f) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("kind", switch (f.kind()) {
            case CIRCLE -> 1;
            case RECT -> 2;
            case SQUARE -> 30;
        });
        o.put("shape", f.kind() == FigureKind.CIRCLE ? Map.of("r", f.shape().circle().r())
                : map("w", (double) f.shape().rect().w(), "h", (double) f.shape().rect().h()));
        o.put("id", f.id());
        return o;
    }

    static Object cellJson(Cell c) {
        return map("type", (int) c.type(), "value", switch (c.type()) {
            case 1 -> c.value().i();
            case 2, 3 -> c.value().d();
            default -> c.value().s();
        });
    }

    static String liveMember(Figure f) {
        return f.kind() == FigureKind.CIRCLE ? "circle" : "rect";
    }

    static String liveMember(Cell c) {
        return switch (c.type()) {
            case 1 -> "i";
            case 2, 3 -> "d";
            default -> "s";
        };
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static <R extends Record> MemorySegment write(Arena arena, StructType<R> type, List<R> records) {
        MemorySegment seg = arena.allocate(type.size() * Math.max(1, records.size()), type.alignment());
        for (int i = 0; i < records.size(); i++) {
            type.write(seg, i * type.size(), records.get(i));
        }
        return seg;
    }

    /** pyarrow's import of the export of {@code rows} structs: to_pylist as JSON, and the member names of union {@code union}. */
    static List<String> pyarrow(StructType<?> type, MemorySegment seg, long rows, String union) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment schema = arena.allocate(ArrowExport.SCHEMA_SIZE);
            MemorySegment array = arena.allocate(ArrowExport.ARRAY_SIZE);
            ArrowExport.exportArray(type, seg, 0, rows, array);
            ArrowExport.exportSchema(type, schema);
            EmbeddedPython.run("""
                    import pyarrow as pa, json
                    _a = pa.Array._import_from_c(%d, %d)
                    _a.validate(full=True)
                    _u = _a.field(%s) if %s else None
                    _names = json.dumps([] if _u is None else [_u.type.field(c).name for c in _u.type_codes.to_pylist()])
                    _rows = json.dumps(_a.to_pylist())
                    _type = str(_a.type)
                    del _a, _u
                    """.formatted(array.address(), schema.address(), union == null ? "''" : "'" + union + "'",
                    union == null ? "False" : "True"));
            return List.of(EmbeddedPython.text("_rows"), EmbeddedPython.text("_names"), EmbeddedPython.text("_type"));
        }
    }

    @Test
    void figuresAreDenseUnionsOfTheLiveMember() {
        List<Figure> figures = figures(100);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = write(arena, FigureStruct.TYPE, figures);
            List<String> out = pyarrow(FigureStruct.TYPE, seg, figures.size(), "shape");
            assertEquals(JSON.valueToTree(figures.stream().map(TaggedUnionExportTest::figureJson).toList()), JSON.readTree(out.get(0)));
            assertEquals(figures.stream().map(TaggedUnionExportTest::liveMember).toList(), JSON.readValue(out.get(1), List.class));
            assertEquals("struct<kind: int32 not null, shape: dense_union<circle: struct<r: double not null> not null=0, "
                    + "rect: struct<w: float not null, h: float not null> not null=1> not null, id: int32 not null>", out.get(2));
        }
        assertEquals(0, ArrowExport.unreleasedStructs());
    }

    @Test
    void cellsWithAnIntegerDiscriminatorAndText() {
        List<Cell> cells = cells(64);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = write(arena, CellStruct.TYPE, cells);
            // a dead member's bytes are never read: type 2 (d) over 8 bytes of 'A' (as text s: no NUL, refused)
            seg.asSlice(CellStruct.TYPE.size() * 5 + 8, 8).fill((byte) 'A');
            Cell five = CellStruct.TYPE.read(seg, CellStruct.TYPE.size() * 5);
            cells.set(5, five);
            List<String> out = pyarrow(CellStruct.TYPE, seg, cells.size(), "value");
            assertEquals(JSON.valueToTree(cells.stream().map(TaggedUnionExportTest::cellJson).toList()), JSON.readTree(out.get(0)));
            assertEquals(cells.stream().map(TaggedUnionExportTest::liveMember).toList(), JSON.readValue(out.get(1), List.class));
        }
    }

    @Test
    void unionsInNestedStructsAndStructArrays() {
        List<Figure> f = figures(30);
        List<Cell> c = cells(10);
        List<Drawing> drawings = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            drawings.add(new Drawing(i, f.get(3 * i), new Figure[] {f.get(3 * i + 1), f.get((3 * i + 5) % 30)}, c.get(i)));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = write(arena, DrawingStruct.TYPE, drawings);
            List<String> out = pyarrow(DrawingStruct.TYPE, seg, drawings.size(), null);
            List<Object> expected = new ArrayList<>();
            for (Drawing d : drawings) {
                expected.add(map("id", d.id(), "main", figureJson(d.main()),
                        "more", List.of(figureJson(d.more()[0]), figureJson(d.more()[1])), "cell", cellJson(d.cell())));
            }
            assertEquals(JSON.valueToTree(expected), JSON.readTree(out.get(0)));
        }
        assertEquals(List.of("main.shape", "more[0].shape", "more[1].shape", "cell.value"),
                DrawingStruct.TAGGED.stream().map(TaggedUnion::path).toList());
        assertEquals(List.of("main.kind", "more[0].kind", "more[1].kind", "cell.type"),
                DrawingStruct.TAGGED.stream().map(TaggedUnion::tag).toList());
        // Cell's @Case(codes = 1) i, @Case(codes = {2, 3}) d, @Case(codes = -1) s
        assertEquals(List.of(new TaggedUnion.Case("i", List.of(1L)), new TaggedUnion.Case("d", List.of(2L, 3L)),
                new TaggedUnion.Case("s", List.of(-1L))), DrawingStruct.TAGGED.get(3).cases());
    }

    /** The sparse form (for DuckDB) holds the same values: pyarrow validates it and reads what the dense form gives. */
    @Test
    void sparseUnionsHoldTheSameValues() {
        List<Figure> f = figures(30);
        List<Cell> c = cells(10);
        List<Drawing> drawings = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            // rows 0..4: every figure a circle (a batch of 5 rows has no rect: its child is all null, read from nothing)
            Figure more = i < 5 ? circle(i, i) : f.get((3 * i + 5) % 30);
            drawings.add(new Drawing(i, i < 5 ? circle(-i, i) : f.get(3 * i), new Figure[] {i < 5 ? circle(2 * i, i) : f.get(3 * i + 1), more},
                    c.get(i)));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = write(arena, DrawingStruct.TYPE, drawings);
            for (int first : new int[] {0, 5}) {
                MemorySegment dense = arena.allocate(ArrowExport.ARRAY_SIZE);
                MemorySegment denseSchema = arena.allocate(ArrowExport.SCHEMA_SIZE);
                MemorySegment sparse = arena.allocate(ArrowExport.ARRAY_SIZE);
                MemorySegment sparseSchema = arena.allocate(ArrowExport.SCHEMA_SIZE);
                ArrowExport.exportArray(DrawingStruct.TYPE, seg, first, 5, dense);
                ArrowExport.exportSchema(DrawingStruct.TYPE, denseSchema);
                ArrowExport.exportArray(DrawingStruct.TYPE, seg, first, 5, sparse, UnionMode.SPARSE);
                ArrowExport.exportSchema(DrawingStruct.TYPE, sparseSchema, UnionMode.SPARSE);
                EmbeddedPython.run("""
                        import pyarrow as pa
                        _d = pa.Array._import_from_c(%d, %d)
                        _s = pa.Array._import_from_c(%d, %d)
                        _s.validate(full=True)
                        _same = (_d.to_pylist() == _s.to_pylist(), str(_s.type.field("main").type.field("shape").type),
                                 _s.field("main").field("shape").field(1).null_count)
                        del _d, _s
                        """.formatted(dense.address(), denseSchema.address(), sparse.address(), sparseSchema.address()));
                assertEquals("(True, 'sparse_union<circle: struct<r: double not null>=0, rect: struct<w: float not null, h: float"
                        + " not null>=1>', " + (first == 0 ? 5 : 5 - drawings.subList(5, 10).stream()
                        .filter(d -> d.main().kind() != FigureKind.CIRCLE).count()) + ")", EmbeddedPython.text("_same"));
            }
        }
        assertEquals(0, ArrowExport.unreleasedStructs());
    }

    @Test
    void aDiscriminatorSelectingNoMemberIsRefusedWithRowAndPath() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cells = write(arena, CellStruct.TYPE, cells(8));
            cells.set(ValueLayout.JAVA_SHORT_UNALIGNED, CellStruct.TYPE.size() * 6, (short) 7);
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(CellStruct.TYPE, cells, 0, 8,
                    arena.allocate(ArrowExport.ARRAY_SIZE)));
            assertEquals("row 6, field 'type': discriminator type = 7 selects no member of union 'value' (1 -> i, 2 -> d, 3 -> d,"
                    + " -1 -> s)", e.getMessage());
            assertEquals(6, e.row());

            MemorySegment figures = write(arena, FigureStruct.TYPE, figures(8));
            figures.set(ValueLayout.JAVA_INT_UNALIGNED, FigureStruct.TYPE.size() * 3, 7);
            e = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(FigureStruct.TYPE, figures, 0, 8,
                    arena.allocate(ArrowExport.ARRAY_SIZE)));
            assertEquals("row 3, field 'kind': enum code 7 is not one of CIRCLE=1,RECT=2,SQUARE=30", e.getMessage());
        }
        assertEquals(0, ArrowExport.unreleasedStructs());
    }

    @Test
    void aBadValueOfTheLiveMemberNamesItsFullPath() {
        List<Figure> f = figures(6);
        List<Drawing> drawings = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            drawings.add(new Drawing(i, f.get(i), new Figure[] {f.get(i + 1), f.get(i + 2)},
                    new Cell((short) -1, new CellValue(0, 0, "ok"))));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = write(arena, DrawingStruct.TYPE, drawings);
            long cellValue = DrawingStruct.COLUMNS.stream().filter(c -> c.path().equals("cell.value.s")).findFirst().orElseThrow().offset();
            seg.asSlice(DrawingStruct.TYPE.size() * 2 + cellValue, 8).fill((byte) 'A');
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(DrawingStruct.TYPE, seg, 0, 4,
                    arena.allocate(ArrowExport.ARRAY_SIZE)));
            assertEquals("row 2, field 'cell.value.s': no NUL terminator within the capacity of 8 bytes", e.getMessage());

            long kind = DrawingStruct.COLUMNS.stream().filter(c -> c.path().equals("more[1].kind")).findFirst().orElseThrow().offset();
            seg.set(ValueLayout.JAVA_INT_UNALIGNED, DrawingStruct.TYPE.size() + kind, 0);
            e = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(DrawingStruct.TYPE, seg, 0, 4,
                    arena.allocate(ArrowExport.ARRAY_SIZE)));
            assertEquals("row 1, field 'more[1].kind': enum code 0 is not one of CIRCLE=1,RECT=2,SQUARE=30", e.getMessage());
        }
    }

    /** ArrowFiles.writeIpc (Arrow Java imports the C stream and writes the file): pyarrow reads the records' values. */
    @Test
    void ipcFilesHoldTheDenseUnions(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        List<Figure> f = figures(30);
        List<Cell> c = cells(10);
        List<Drawing> drawings = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            drawings.add(new Drawing(i, f.get(3 * i), new Figure[] {f.get(3 * i + 1), f.get((3 * i + 5) % 30)}, c.get(i)));
        }
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = write(arena, DrawingStruct.TYPE, drawings);
            java.nio.file.Path ipc = dir.resolve("d.arrow");
            io.structbridge.arrow.files.ArrowFiles.writeIpc(DrawingStruct.TYPE, seg, drawings.size(), 4, ipc);
            EmbeddedPython.run("""
                    import pyarrow as pa, json
                    with pa.ipc.open_file(%s) as _r:
                        _t = _r.read_all()
                    _t.validate(full=True)
                    _rows = json.dumps(_t.to_pylist())
                    _type = str(_t.schema.field("main").type)
                    del _t
                    """.formatted("'" + ipc.toString().replace("\\", "\\\\").replace("'", "\\'") + "'"));
            List<Object> expected = new ArrayList<>();
            for (Drawing d : drawings) {
                expected.add(map("id", d.id(), "main", figureJson(d.main()),
                        "more", List.of(figureJson(d.more()[0]), figureJson(d.more()[1])), "cell", cellJson(d.cell())));
            }
            assertEquals(JSON.valueToTree(expected), JSON.readTree(EmbeddedPython.text("_rows")));
            assertTrue(EmbeddedPython.text("_type").contains("shape: dense_union<circle: struct<r: double not null> not null=0"),
                    EmbeddedPython.text("_type"));
        }
    }

    @Test
    void untaggedUnionsAndImportStayRefused() {
        StructType<Record> holder = ArrowJavaOracleTest.type("Unions_Holder");
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> ArrowExport.exportSchema(holder, Arena.global().allocate(ArrowExport.SCHEMA_SIZE)));
        assertTrue(e.getMessage().contains("the bytes of a union do not say which member is live, so it has no Arrow form"),
                e.getMessage());
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = write(arena, FigureStruct.TYPE, figures(2));
            MemorySegment schema = arena.allocate(ArrowExport.SCHEMA_SIZE);
            MemorySegment array = arena.allocate(ArrowExport.ARRAY_SIZE);
            ArrowExport.exportArray(FigureStruct.TYPE, seg, 0, 2, array);
            ArrowExport.exportSchema(FigureStruct.TYPE, schema);
            MemorySegment target = arena.allocate(FigureStruct.TYPE.size() * 2);
            e = assertThrows(UnsupportedOperationException.class, () -> ArrowImport.importInto(schema, array, FigureStruct.TYPE, target, 0));
            assertEquals("Figure.shape is a tagged union: ArrowImport does not read Arrow unions into structs (ArrowExport writes"
                    + " them as dense unions)", e.getMessage());
        }
        assertEquals(0, ArrowExport.unreleasedStructs());
    }
}

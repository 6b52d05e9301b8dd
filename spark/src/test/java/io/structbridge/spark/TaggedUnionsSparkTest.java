package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.Unions;
import io.structbridge.fixtures.kinds.Cell;
import io.structbridge.fixtures.kinds.CellStruct;
import io.structbridge.fixtures.kinds.CellValue;
import io.structbridge.fixtures.kinds.Circle;
import io.structbridge.fixtures.kinds.Figure;
import io.structbridge.fixtures.kinds.FigureKind;
import io.structbridge.fixtures.kinds.FigureShape;
import io.structbridge.fixtures.kinds.FigureStruct;
import io.structbridge.fixtures.kinds.Rect;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24 item 6, Spark: a tagged union is a struct of its members, the member the discriminator selects set and the
 * others null. Oracles: the records Java's generated reader decodes from the same file, with the fixture's own rule of
 * which member is live (CIRCLE: circle, RECT and SQUARE: rect; type 1: i, 2 and 3: d, -1: s) written out here, and
 * DuckDB's SQL over the same file (tagged unions as DuckDB UNIONs through sparse Arrow unions). Unions in a nested
 * struct and in struct-array elements ({@link Drawing}); column pruning through the union; aggregates of members over
 * 1 and 7 splits, pushdown on and off; a discriminator that selects no member fails naming file, row and path; a dead
 * member's bytes are never checked, a live member's are; an untagged union is still refused.
 */
class TaggedUnionsSparkTest {
    static final int N = 2000;
    static SparkSession spark;
    @TempDir
    static Path dir;
    static Path figuresFile;
    static Path cellsFile;
    static Path drawingsFile;
    static List<Figure> figures;
    static List<Cell> cells;
    static List<Drawing> drawings;

    @BeforeAll
    static void start() throws Exception {
        spark = LocalSpark.start();
        Random r = new Random(24);
        figuresFile = dir.resolve("figures.sb");
        figures = write(figuresFile, FigureStruct.TYPE, generate(N, i -> figure(r, i)));
        cellsFile = dir.resolve("cells.sb");
        cells = write(cellsFile, CellStruct.TYPE, generate(N, i -> cell(r)));
        drawingsFile = dir.resolve("drawings.sb");
        drawings = write(drawingsFile, DrawingStruct.TYPE, generate(N,
                i -> new Drawing(i, figure(r, i), new Figure[] {figure(r, -i), figure(r, 2 * i)}, cell(r))));
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static <T> List<T> generate(int n, Function<Integer, T> f) {
        List<T> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(f.apply(i));
        }
        return out;
    }

    /** A figure of a random kind, its sizes multiples of 1/4 below 1000 (so every sum is exact). */
    static Figure figure(Random r, int id) {
        FigureKind kind = FigureKind.values()[r.nextInt(3)];
        if (kind == FigureKind.CIRCLE) {
            return new Figure(kind, new FigureShape(new Circle(r.nextInt(4000) * 0.25), null), id);
        }
        float w = r.nextInt(2000) * 0.5f;
        return new Figure(kind, new FigureShape(null, new Rect(w, kind == FigureKind.SQUARE ? w : r.nextInt(4000) * 0.25f)), id);
    }

    private static final String[] TEXTS = {"", "a", "élan", "1234567", "漢字"};

    /** A cell of a random type; some longs are -1 (all bytes 0xff: as text, no NUL and invalid UTF-8). */
    static Cell cell(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> new Cell((short) 1, new CellValue(r.nextInt(10) == 0 ? -1 : r.nextLong() >> 20, 0, null));
            case 1 -> new Cell((short) 2, new CellValue(0, r.nextInt(1000) * 0.5 - 250, null));
            case 2 -> new Cell((short) 3, new CellValue(0, r.nextInt(1000) * 0.25, null));
            default -> new Cell((short) -1, new CellValue(0, 0, TEXTS[r.nextInt(TEXTS.length)]));
        };
    }

    /** {@return the records Java's generated reader decodes from a new file of {@code records} at {@code file}} */
    static <R extends Record> List<R> write(Path file, StructType<R> type, List<R> records) throws Exception {
        try (StructFile<R> f = StructFile.create(file, type, records.size())) {
            f.appendAll(records);
        }
        List<R> out = new ArrayList<>();
        try (StructFile<R> f = StructFile.open(file, type, false)) {
            for (long i = 0; i < f.count(); i++) {
                out.add(f.get(i));
            }
        }
        return out;
    }

    /** The fixture's rule: the member of {@code FigureShape} that {@code kind} selects. */
    static int live(Figure f) {
        return f.kind() == FigureKind.CIRCLE ? 0 : 1;
    }

    /** The fixture's rule: the member of {@code CellValue} that {@code type} selects. */
    static int live(Cell c) {
        return switch (c.type()) {
            case 1 -> 0;
            case 2, 3 -> 1;
            case -1 -> 2;
            default -> throw new IllegalArgumentException("type " + c.type());
        };
    }

    /** {@return the normalized union {@code u} with every member but {@code j} null} */
    @SuppressWarnings("unchecked")
    static List<Object> only(Object u, int j) {
        List<Object> out = new ArrayList<>((List<Object>) u);
        for (int k = 0; k < out.size(); k++) {
            if (k != j) {
                out.set(k, null);
            }
        }
        return out;
    }

    /** {@return the normalized figure {@code f} (its union at field 1) with the dead member null} */
    @SuppressWarnings("unchecked")
    static List<Object> expected(Figure f, Object normalized) {
        List<Object> row = new ArrayList<>((List<Object>) normalized);
        row.set(1, only(row.get(1), live(f)));
        return row;
    }

    /** {@return the normalized cell {@code c} (its union at field 1) with the dead members null} */
    @SuppressWarnings("unchecked")
    static List<Object> expected(Cell c, Object normalized) {
        List<Object> row = new ArrayList<>((List<Object>) normalized);
        row.set(1, only(row.get(1), live(c)));
        return row;
    }

    @SuppressWarnings("unchecked")
    static List<Object> expected(Drawing d, Object normalized) {
        List<Object> row = new ArrayList<>((List<Object>) normalized);
        row.set(1, expected(d.main(), row.get(1)));
        List<Object> more = new ArrayList<>((List<Object>) row.get(2));
        for (int i = 0; i < more.size(); i++) {
            more.set(i, expected(d.more()[i], more.get(i)));
        }
        row.set(2, more);
        row.set(3, expected(d.cell(), row.get(3)));
        return row;
    }

    static Dataset<Row> read(Path file, Class<?> type, long rowsPerSplit, boolean pushDown) {
        return spark.read().format("structbridge").option("type", type.getName()).option("rowsPerSplit", rowsPerSplit)
                .option("batchRows", 128).option("pushDown", pushDown).load(file.toString());
    }

    /** Every row Spark reads, over 1 split and 7, equals the record's live member, the others null. */
    static <R> void everyRowEqualsJava(Path file, Class<?> type, List<R> records, java.util.function.BiFunction<R, Object, List<Object>> expected) {
        for (long split : new long[] {N, 300}) {
            Dataset<Row> df = read(file, type, split, true);
            assertEquals(split == N ? 1 : 7, df.rdd().getNumPartitions());
            List<Row> rows = df.collectAsList();
            assertEquals(records.size(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                R rec = records.get(i);
                assertEquals(expected.apply(rec, Normalized.java(rec, df.schema())), Normalized.spark(rows.get(i), df.schema()),
                        type.getSimpleName() + " row " + i + " over splits of " + split);
            }
        }
    }

    @Test
    void figuresWithAnEnumTagEqualJava() {
        Dataset<Row> df = read(figuresFile, Figure.class, N, true);
        assertEquals("struct<kind:string,shape:struct<circle:struct<r:double>,rect:struct<w:float,h:float>>,id:int>",
                df.schema().simpleString());
        org.apache.spark.sql.types.StructField shape = df.schema().apply("shape");
        org.apache.spark.sql.types.StructType members = (org.apache.spark.sql.types.StructType) shape.dataType();
        assertTrue(shape.nullable() && members.apply("circle").nullable() && members.apply("rect").nullable());
        assertFalse(df.schema().apply("kind").nullable() || df.schema().apply("id").nullable());
        everyRowEqualsJava(figuresFile, Figure.class, figures, TaggedUnionsSparkTest::expected);
    }

    @Test
    void cellsWithAnIntegerTagAndTextEqualJava() {
        assertEquals("struct<type:smallint,value:struct<i:bigint,d:double,s:string>>",
                read(cellsFile, Cell.class, N, true).schema().simpleString());
        assertTrue(cells.stream().anyMatch(c -> c.type() == 1 && c.value().i() == -1), "a dead text of 0xff bytes");
        everyRowEqualsJava(cellsFile, Cell.class, cells, TaggedUnionsSparkTest::expected);
    }

    @Test
    void unionsInNestedStructsAndStructArraysEqualJava() {
        assertEquals("struct<id:int,main:struct<kind:string,shape:struct<circle:struct<r:double>,rect:struct<w:float,h:float>>,"
                + "id:int>,more:array<struct<kind:string,shape:struct<circle:struct<r:double>,rect:struct<w:float,h:float>>,"
                + "id:int>>,cell:struct<type:smallint,value:struct<i:bigint,d:double,s:string>>>",
                read(drawingsFile, Drawing.class, N, true).schema().simpleString());
        everyRowEqualsJava(drawingsFile, Drawing.class, drawings, TaggedUnionsSparkTest::expected);
    }

    @Test
    void pruningReachesThroughTheUnion() {
        for (long split : new long[] {N, 300}) {
            Dataset<Row> df = read(figuresFile, Figure.class, split, true).select("shape.circle.r");
            BatchScanExec scan = (BatchScanExec) df.queryExecution().executedPlan().collectLeaves().head();
            assertEquals("struct<shape:struct<circle:struct<r:double>>>", scan.scan().readSchema().simpleString());
            List<Row> rows = df.collectAsList();
            for (int i = 0; i < N; i++) {
                Figure f = figures.get(i);
                if (f.kind() == FigureKind.CIRCLE) {
                    assertEquals(f.shape().circle().r(), rows.get(i).getDouble(0), "row " + i);
                } else {
                    assertTrue(rows.get(i).isNullAt(0), "row " + i);
                }
            }
            Dataset<Row> deep = read(drawingsFile, Drawing.class, split, true).selectExpr("more[1].shape.rect.h", "cell.value.s");
            BatchScanExec deepScan = (BatchScanExec) deep.queryExecution().executedPlan().collectLeaves().head();
            assertEquals("struct<more:array<struct<shape:struct<rect:struct<h:float>>>>,cell:struct<value:struct<s:string>>>",
                    deepScan.scan().readSchema().simpleString());
            List<Row> got = deep.collectAsList();
            for (int i = 0; i < N; i++) {
                Drawing d = drawings.get(i);
                Figure f = d.more()[1];
                assertEquals(f.kind() == FigureKind.CIRCLE ? null : f.shape().rect().h(), got.get(i).get(0), "row " + i);
                assertEquals(d.cell().type() == -1 ? d.cell().value().s() : null, got.get(i).get(1), "row " + i);
            }
        }
    }

    @Test
    void aPushedFilterOnTheTagKeepsTheLiveMember() {
        for (long split : new long[] {N, 300}) {
            Dataset<Row> df = read(figuresFile, Figure.class, split, true).filter("kind = 'CIRCLE'").select("id", "shape");
            assertTrue(PushdownSparkTest.plan(df).contains("PushedFilters: [kind = 'CIRCLE']"), PushdownSparkTest.plan(df));
            List<Row> rows = df.collectAsList();
            List<Figure> circles = figures.stream().filter(f -> f.kind() == FigureKind.CIRCLE).toList();
            assertEquals(circles.size(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                Row shape = rows.get(i).getStruct(1);
                assertEquals(circles.get(i).id(), rows.get(i).getInt(0));
                assertEquals(circles.get(i).shape().circle().r(), shape.getStruct(0).getDouble(0));
                assertTrue(shape.isNullAt(1));
            }
        }
    }

    /** {@return the rows of {@code sql} over {@code file} in Spark, as lists of longs and doubles} */
    static List<List<Object>> spark(Path file, Class<?> type, long split, boolean pushDown, String sql) {
        read(file, type, split, pushDown).createOrReplaceTempView("t");
        List<List<Object>> out = new ArrayList<>();
        for (Row r : spark.sql(sql).collectAsList()) {
            List<Object> row = new ArrayList<>();
            for (int i = 0; i < r.length(); i++) {
                row.add(plain(r.get(i)));
            }
            out.add(row);
        }
        return out;
    }

    /** {@return {@code v} with integers as Long, floating values as Double, BigDecimal/BigInteger sums as Long} */
    static Object plain(Object v) {
        return switch (v) {
            case null -> null;
            case Float f -> (double) f;
            case Double d -> d;
            case java.math.BigDecimal d -> d.longValueExact();
            case java.math.BigInteger b -> b.longValueExact();
            case Number n -> n.longValue();
            default -> v.toString();
        };
    }

    static List<List<Object>> duck(Path file, StructType<?> type, String sql) throws Exception {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> r : DuckDb.query(file, type, sql)) {
            out.add(r.stream().map(TaggedUnionsSparkTest::plain).toList());
        }
        return out;
    }

    /** Spark's rows of {@code sql}, over 1 and 7 splits, pushdown on and off, all equal {@code expected}. */
    static void sparkEquals(List<List<Object>> expected, Path file, Class<?> type, String sql) {
        for (long split : new long[] {N, 300}) {
            for (boolean pushDown : new boolean[] {true, false}) {
                assertEquals(expected, spark(file, type, split, pushDown, sql), sql + " over splits of " + split + ", pushDown " + pushDown);
            }
        }
    }

    @Test
    void memberAggregatesByTagEqualJavaAndDuckDb() throws Exception {
        // Java: per kind, count, live circles, sum r, sum w, sum h (all sums exact: multiples of 1/4)
        Map<String, double[]> byKind = new TreeMap<>();
        for (Figure f : figures) {
            double[] a = byKind.computeIfAbsent(f.kind().name(), k -> new double[5]);
            a[0]++;
            if (f.kind() == FigureKind.CIRCLE) {
                a[1]++;
                a[2] += f.shape().circle().r();
            } else {
                a[3] += f.shape().rect().w();
                a[4] += f.shape().rect().h();
            }
        }
        List<List<Object>> expected = new ArrayList<>();
        for (Map.Entry<String, double[]> e : byKind.entrySet()) {
            double[] a = e.getValue();
            boolean circle = e.getKey().equals("CIRCLE");
            expected.add(Arrays.asList(e.getKey(), (long) a[0], (long) a[1], circle ? a[2] : null, circle ? null : a[3],
                    circle ? null : a[4]));
        }
        String agg = "count(*), count(shape.circle), sum(shape.circle.r), sum(shape.rect.w), sum(shape.rect.h)";
        List<List<Object>> duck = duck(figuresFile, FigureStruct.TYPE, "SELECT CASE kind WHEN 1 THEN 'CIRCLE' WHEN 2 THEN 'RECT'"
                + " WHEN 30 THEN 'SQUARE' END AS k, " + agg + " FROM t GROUP BY k ORDER BY k");
        assertEquals(expected, duck);
        sparkEquals(expected, figuresFile, Figure.class, "SELECT kind, " + agg + " FROM t GROUP BY kind ORDER BY kind");
        String plan = PushdownSparkTest.plan(read(figuresFile, Figure.class, N, true).groupBy("kind")
                .agg(org.apache.spark.sql.functions.sum("shape.circle.r")));
        assertFalse(plan.contains("PushedAggregation"), plan);
    }

    @Test
    void cellAggregatesByIntegerTagEqualJavaAndDuckDb() throws Exception {
        Map<Short, List<Cell>> byType = new TreeMap<>();
        for (Cell c : cells) {
            byType.computeIfAbsent(c.type(), k -> new ArrayList<>()).add(c);
        }
        List<List<Object>> expected = new ArrayList<>();
        for (Map.Entry<Short, List<Cell>> e : byType.entrySet()) {
            List<Cell> cs = e.getValue();
            int live = live(cs.getFirst());
            expected.add(Arrays.asList((long) e.getKey(), (long) cs.size(),
                    live == 0 ? cs.stream().mapToLong(c -> c.value().i()).sum() : null,
                    live == 1 ? cs.stream().mapToDouble(c -> c.value().d()).sum() : null,
                    live == 2 ? (long) cs.size() : 0L,
                    live == 2 ? cs.stream().map(c -> c.value().s()).filter(s -> s.length() > 1).count() : 0L));
        }
        String agg = "count(*), sum(value.i), sum(value.d), count(value.s), sum(CASE WHEN length(value.s) > 1 THEN 1 ELSE 0 END)";
        assertEquals(expected, duck(cellsFile, CellStruct.TYPE, "SELECT type, " + agg
                + " FROM t GROUP BY type ORDER BY type"));
        sparkEquals(expected, cellsFile, Cell.class, "SELECT type, " + agg + " FROM t GROUP BY type ORDER BY type");
    }

    @Test
    void nestedAndArrayElementUnionAggregatesEqualJavaAndDuckDb() throws Exception {
        Map<Short, double[]> byType = new TreeMap<>();
        for (Drawing d : drawings) {
            double[] a = byType.computeIfAbsent(d.cell().type(), k -> new double[3]);
            a[0]++;
            Figure f = d.more()[1];
            if (f.kind() == FigureKind.CIRCLE) {
                a[1] += f.shape().circle().r();
            }
            if (d.main().kind() != FigureKind.CIRCLE) {
                a[2] += d.main().shape().rect().w();
            }
        }
        List<List<Object>> expected = new ArrayList<>();
        for (Map.Entry<Short, double[]> e : byType.entrySet()) {
            expected.add(Arrays.asList((long) e.getKey(), (long) e.getValue()[0], e.getValue()[1], e.getValue()[2]));
        }
        assertEquals(expected, duck(drawingsFile, DrawingStruct.TYPE, "SELECT cell.type, count(*), sum(more[2].shape.circle.r),"
                + " sum(main.shape.rect.w) FROM t GROUP BY cell.type ORDER BY cell.type"));
        sparkEquals(expected, drawingsFile, Drawing.class, "SELECT cell.type, count(*), sum(more[1].shape.circle.r),"
                + " sum(main.shape.rect.w) FROM t GROUP BY cell.type ORDER BY cell.type");
    }

    @Test
    void aTagSelectingNoMemberFailsNamingFileRowAndTagPath() throws Exception {
        Path f = dir.resolve("badtype.sb");
        write(f, CellStruct.TYPE, cells.subList(0, 100));
        ErrorsSparkTest.poke(f, CellStruct.TYPE.size(), 33, ErrorsSparkTest.offset(CellStruct.COLUMNS, "type"), (byte) 7, (byte) 0);
        // the tag is an ordinary column: reading it alone, or counting, does not look at the union
        assertEquals(7L, read(f, Cell.class, 100, true).select("type").collectAsList().get(33).getShort(0));
        assertEquals(100, read(f, Cell.class, 100, true).count());
        for (String col : new String[] {"value", "value.d"}) {
            String m = ErrorsSparkTest.messages(assertThrows(Exception.class,
                    () -> read(f, Cell.class, 30, true).select(col).collect()));
            assertTrue(m.contains(f + ": row 33, field 'type': discriminator type = 7 selects no member of union 'value'"
                    + " (1 -> i, 2 -> d, 3 -> d, -1 -> s)"), m);
        }

        Path g = dir.resolve("badkind.sb");
        write(g, DrawingStruct.TYPE, drawings.subList(0, 50));
        ErrorsSparkTest.poke(g, DrawingStruct.TYPE.size(), 41, ErrorsSparkTest.offset(DrawingStruct.COLUMNS, "more[1].kind"), (byte) 9);
        String m = ErrorsSparkTest.messages(assertThrows(Exception.class,
                () -> read(g, Drawing.class, 50, true).selectExpr("more[1].shape.circle.r").collect()));
        assertTrue(m.contains(g + ": row 41, field 'more[1].kind': enum code 9 is not one of CIRCLE=1, RECT=2, SQUARE=30"), m);
        assertEquals(50, read(g, Drawing.class, 50, true).select("main", "cell").collectAsList().size());
    }

    @Test
    void aLiveMembersBadValueFailsADeadMembersBytesAreNotRead() throws Exception {
        Path f = dir.resolve("badtext.sb");
        List<Cell> some = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            some.add(i == 12 ? new Cell((short) -1, new CellValue(0, 0, "ok")) : new Cell((short) 1, new CellValue(-1, 0, null)));
        }
        write(f, CellStruct.TYPE, some);
        // every dead s is eight 0xff bytes: no NUL, invalid UTF-8; never read
        List<Row> rows = read(f, Cell.class, 20, true).select("value.s").collectAsList();
        for (int i = 0; i < 20; i++) {
            assertEquals(i == 12 ? "ok" : null, rows.get(i).get(0), "row " + i);
        }
        ErrorsSparkTest.poke(f, CellStruct.TYPE.size(), 12, ErrorsSparkTest.offset(CellStruct.COLUMNS, "value.s"), (byte) 0xc3, (byte) 0x28);
        String m = ErrorsSparkTest.messages(assertThrows(Exception.class,
                () -> read(f, Cell.class, 20, true).select("value").collect()));
        assertTrue(m.contains(f + ": row 12, field 'value.s': invalid UTF-8 0xc328"), m);
        assertNull(read(f, Cell.class, 20, true).select("value.i").collectAsList().get(12).get(0));
    }

    @Test
    void anUntaggedUnionIsStillRefusedWithItsReason() throws Exception {
        Path f = dir.resolve("holder.sb");
        FixtureFiles.write(f, io.structbridge.fixtures.Unions_HolderStruct.TYPE, 3, 1);
        String m = ErrorsSparkTest.messages(assertThrows(Exception.class,
                () -> spark.read().format("structbridge").option("type", Unions.Holder.class.getName()).load(f.toString())));
        assertTrue(m.contains("structbridge: member 'num.l' lies in the union 'num': the bytes of a union do not say which"
                + " member is live, so it has no Spark column"), m);
    }

    @Test
    void rowReaderSeesTheDeadMembersNull() throws Exception {
        Dataset<Row> df = read(figuresFile, Figure.class, N, true).select("id", "shape");
        ReadOptions o = ReadOptions.from(Map.of("path", figuresFile.toString(), "type", Figure.class.getName(), "batchRows", "64"));
        StructReaderFactory factory = new StructReaderFactory(df.schema());
        int i = 0;
        try (PartitionReader<InternalRow> reader = factory.createReader(new StructSplit(o, StructFiles.probe(o).identity(), 0, N))) {
            while (reader.next()) {
                InternalRow row = reader.get();
                Figure f = figures.get(i);
                assertEquals(f.id(), row.getInt(0), "row " + i);
                InternalRow shape = row.getStruct(1, 2);
                assertEquals(f.kind() != FigureKind.CIRCLE, shape.isNullAt(0), "row " + i);
                assertEquals(f.kind() == FigureKind.CIRCLE, shape.isNullAt(1), "row " + i);
                if (f.kind() == FigureKind.CIRCLE) {
                    assertEquals(f.shape().circle().r(), shape.getStruct(0, 1).getDouble(0), "row " + i);
                } else {
                    assertEquals(f.shape().rect().w(), shape.getStruct(1, 2).getFloat(0), "row " + i);
                    assertEquals(f.shape().rect().h(), shape.getStruct(1, 2).getFloat(1), "row " + i);
                }
                i++;
            }
        }
        assertEquals(N, i);
    }
}

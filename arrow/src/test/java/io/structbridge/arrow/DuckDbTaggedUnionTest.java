package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.arrow.files.ArrowFiles;
import io.structbridge.arrow.files.DuckDbTables;
import io.structbridge.fixtures.kinds.Cell;
import io.structbridge.fixtures.kinds.CellStruct;
import io.structbridge.fixtures.kinds.Figure;
import io.structbridge.fixtures.kinds.FigureKind;
import io.structbridge.fixtures.kinds.FigureStruct;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tagged unions in DuckDB (embedded, JDBC): {@link DuckDbTables} hands them over as Arrow sparse unions, which DuckDB
 * reads as its UNION type (it refuses dense ones); {@code union_tag(u)} is the live member and {@code u.member} its
 * value (NULL for a dead member), equal to the records written; a discriminator selecting no member reaches the caller
 * as an SQLException naming the row and path; Parquet (written by DuckDB) refuses tagged unions up front.
 */
class DuckDbTaggedUnionTest {
    @TempDir
    Path dir;

    private static String text(Object v) {
        return v == null ? "NULL" : v.toString();
    }

    @Test
    void unionTagAndMembersAreTheRecordsLiveMember() throws Exception {
        List<Figure> figures = TaggedUnionExportTest.figures(100);
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = TaggedUnionExportTest.write(arena, FigureStruct.TYPE, figures);
            List<String> got = DuckDbTables.query(db, "f", FigureStruct.TYPE, seg, figures.size(), 16,
                    "SELECT id, union_tag(shape), shape.circle.r, shape.rect.w, shape.rect.h FROM f ORDER BY id", rs -> {
                        List<String> out = new ArrayList<>();
                        while (rs.next()) {
                            out.add(rs.getInt(1) + " " + rs.getString(2) + " " + text(rs.getObject(3)) + " " + text(rs.getObject(4))
                                    + " " + text(rs.getObject(5)));
                        }
                        return out;
                    });
            List<String> expected = figures.stream().sorted(java.util.Comparator.comparingInt(Figure::id))
                    .map(f -> f.id() + " " + (f.kind() == FigureKind.CIRCLE ? "circle " + f.shape().circle().r() + " NULL NULL"
                            : "rect NULL " + f.shape().rect().w() + " " + f.shape().rect().h())).toList();
            assertEquals(expected, got);
            assertEquals("UNION(circle STRUCT(r DOUBLE), rect STRUCT(w FLOAT, h FLOAT))", DuckDbTables.query(db, "f", FigureStruct.TYPE,
                    seg, figures.size(), 16, "SELECT typeof(shape) FROM f LIMIT 1", rs -> {
                        rs.next();
                        return rs.getString(1);
                    }));
        }
        assertEquals(0, ArrowStreamExport.unreleasedStreams());
    }

    @Test
    void cellsByIntegerDiscriminatorWithText() throws Exception {
        List<Cell> cells = TaggedUnionExportTest.cells(64);
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = TaggedUnionExportTest.write(arena, CellStruct.TYPE, cells);
            List<String> got = DuckDbTables.query(db, "c", CellStruct.TYPE, seg, cells.size(), 10,
                    "SELECT type, union_tag(value), value.i, value.d, value.s FROM c", rs -> {
                        List<String> out = new ArrayList<>();
                        while (rs.next()) {
                            out.add(rs.getShort(1) + " " + rs.getString(2) + " " + text(rs.getObject(3)) + " " + text(rs.getObject(4))
                                    + " " + text(rs.getObject(5)));
                        }
                        return out;
                    });
            List<String> expected = new ArrayList<>();
            for (Cell c : cells) {
                expected.add(c.type() + " " + switch (c.type()) {
                    case 1 -> "i " + c.value().i() + " NULL NULL";
                    case 2, 3 -> "d NULL " + c.value().d() + " NULL";
                    default -> "s NULL NULL " + c.value().s();
                });
            }
            assertEquals(expected, got);
        }
    }

    @Test
    void aDiscriminatorSelectingNoMemberNamesRowAndPath() throws Exception {
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = TaggedUnionExportTest.write(arena, CellStruct.TYPE, TaggedUnionExportTest.cells(40));
            seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, CellStruct.TYPE.size() * 33, (short) 7);
            SQLException e = assertThrows(SQLException.class, () -> DuckDbTables.query(db, "c", CellStruct.TYPE, seg, 40, 16,
                    "SELECT count(*) FROM c", rs -> rs.next()));
            assertTrue(e.getMessage().contains("row 33, field 'type': discriminator type = 7 selects no member of union 'value'"
                    + " (1 -> i, 2 -> d, 3 -> d, -1 -> s)"), e.getMessage());
        }
        assertEquals(0, ArrowStreamExport.unreleasedStreams());
    }

    /** Why DuckDbTables exports sparse unions: DuckDB's Arrow scan refuses a dense one (this fails once DuckDB reads them). */
    @Test
    void duckDbRefusesDenseUnions() throws Exception {
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = TaggedUnionExportTest.write(arena, FigureStruct.TYPE, TaggedUnionExportTest.figures(3));
            MemorySegment stream = arena.allocate(ArrowStreamExport.STREAM_SIZE, 8);
            ArrowStreamExport.exportStream(FigureStruct.TYPE, seg, 3, 16, stream, UnionMode.DENSE);
            try {
                Exception e = assertThrows(Exception.class, () -> {
                    db.unwrap(org.duckdb.DuckDBConnection.class).registerArrowStream("d",
                            org.apache.arrow.c.ArrowArrayStream.wrap(stream.address()));
                    try (var st = db.createStatement(); var rs = st.executeQuery("SELECT * FROM d")) {
                        rs.next();
                    }
                });
                String message = e.getCause() != null ? e.getMessage() + " / " + e.getCause().getMessage() : e.getMessage();
                assertTrue(message.contains("Unsupported Internal Arrow Type: \"d\" Union"), message);
            } finally {
                ArrowStreamExport.releaseStream(stream);
            }
        }
    }

    @Test
    void parquetRefusesTaggedUnions() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = TaggedUnionExportTest.write(arena, FigureStruct.TYPE, TaggedUnionExportTest.figures(3));
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> ArrowFiles.writeParquet(FigureStruct.TYPE, seg, 3, 16, dir.resolve("f.parquet")));
            assertEquals("Figure.shape is a tagged union, and Parquet has no union type: no Parquet file for Figure (write Arrow"
                    + " IPC, or query it in DuckDB, which reads it as a UNION)", e.getMessage());
        }
    }
}

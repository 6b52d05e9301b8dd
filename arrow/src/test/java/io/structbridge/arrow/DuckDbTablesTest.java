package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.arrow.files.DuckDbTables;
import io.structbridge.fixtures.TextsStruct;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DuckDbTables}: each statement gets its own stream (a second query on the same name sees every
 * row again), every stream and batch is released when the call returns, an invalid stored value reaches
 * the caller as an SQLException naming the row and field, and a FLOAT16 member is refused up front.
 */
class DuckDbTablesTest {
    @Test
    void eachQueryReadsEveryRowAndReleasesItsStream() throws Exception {
        StructType<Record> type = ArrowJavaOracleTest.type("Particle");
        int n = 5_000;
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(8));
            long javaSum = 0;
            for (int i = 0; i < n; i++) {
                javaSum += seg.get(ValueLayout.JAVA_INT_UNALIGNED, (long) i * type.size() + type.columns().getFirst().offset());
            }
            int structs = ArrowExport.unreleasedStructs();
            for (int round = 0; round < 2; round++) {
                long[] got = DuckDbTables.query(db, "p", type, seg, n, 1_000, "SELECT count(*), sum(id) FROM p", rs -> {
                    rs.next();
                    return new long[] {rs.getLong(1), rs.getLong(2)};
                });
                assertEquals(n, got[0], "round " + round);
                assertEquals(javaSum, got[1], "round " + round);
                assertEquals(0, ArrowStreamExport.unreleasedStreams(), "the stream is released, round " + round);
                assertEquals(structs, ArrowExport.unreleasedStructs(), "every batch is released, round " + round);
            }
        }
    }

    @Test
    void anInvalidValueNamesRowAndField() throws Exception {
        StructType<Record> type = ArrowJavaOracleTest.type("Texts");
        int n = 40;
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(2));
            MemorySegment.copy(new byte[] {(byte) 0xC3, 0x28, 0}, 0, seg, ValueLayout.JAVA_BYTE, 29 * type.size() + TextsStruct.UTF8_OFFSET, 3);
            SQLException e = assertThrows(SQLException.class,
                    () -> DuckDbTables.query(db, "t", type, seg, n, 16, "SELECT count(*) FROM t", rs -> rs.next()));
            assertTrue(e.getMessage().contains("row 29") && e.getMessage().contains("utf8"), e.getMessage());
            assertEquals(0, ArrowStreamExport.unreleasedStreams());
        }
    }

    @Test
    void structsConfinedToTheCallersThreadAreRefusedUpFront() throws Exception {
        StructType<Record> type = ArrowJavaOracleTest.type("Vec3");
        try (Arena arena = Arena.ofConfined(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size() * 3, type.alignment());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DuckDbTables.query(db, "v", type, seg, 3, 16, "SELECT 1", rs -> rs.next()));
            assertTrue(e.getMessage().contains("confined arena"), e.getMessage());
            assertEquals(0, ArrowStreamExport.unreleasedStreams());
        }
    }

    @Test
    void aHalfFloatMemberIsRefusedUpFront() throws Exception {
        StructType<Record> type = ArrowJavaOracleTest.type("WideScalars");
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size(), type.alignment());
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> DuckDbTables.query(db, "w", type, seg, 1, 16, "SELECT 1", rs -> rs.next()));
            assertTrue(e.getMessage().contains("WideScalars.half is a FLOAT16"), e.getMessage());
        }
    }
}

package io.structbridge.arrow.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.arrow.ArrowStreamExport;
import io.structbridge.arrow.UnionMode;
import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArrayStream;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link DuckDbScan}, the path {@link DuckDbTables} takes for structs of plain numbers: DuckDB gives the same
 * rows, in the same order, with the same column names and types as through the Arrow C stream (DuckDB's own
 * reader of the exported batches), over random structs, over the edge values of every kind (NaN payloads,
 * infinities, -0.0, the extremes of every integer width, 64-bit unsigned values above {@code Long.MAX_VALUE}) and
 * over more structs than one vector and one thread take; each integer column's sum equals the sum of the stored
 * values; only the columns a query reads are written; a count the structs do not hold is refused as the Arrow
 * path refuses it; the handle and the view are gone after each call; the function is registered once per database.
 */
class DuckDbScanTest {
    /** Fixtures whose every column is a plain native-order number. */
    static final List<String> PLAIN = List.of("IntLong", "Timespec", "io.structbridge.arrow.files.PlainNumbers");

    @SuppressWarnings("unchecked")
    static StructType<Record> type(String name) {
        try {
            return (StructType<Record>) Class.forName((name.contains(".") ? name : "io.structbridge.fixtures." + name) + "Struct")
                    .getField("TYPE").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void thePinnedDriverExposesItsVectorsSoPlainStructsTakeTheScan() {
        for (String name : PLAIN) {
            assertTrue(DuckDbScan.applies(type(name)), name + ": expected the direct scan (did the DuckDB driver change its vectors?)");
        }
        for (String name : List.of("Particle", "Texts", "Arrays", "BigEndianHeader", "Tagged", "Containers_Line", "AllScalars")) {
            assertFalse(DuckDbScan.applies(type(name)), name + " holds a column the scan does not write");
        }
    }

    /** {@return {@code n} structs of {@code type} in {@code arena}, random bytes from {@code random} ({@code RandomStructs})} */
    static MemorySegment randomStructs(Arena arena, StructType<?> type, int n, Random random) {
        MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
        RandomStructs.fill(type, seg, n, random);
        return seg;
    }

    /** {@return the first column of the first row: a {@code count(*)}} */
    static long count(ResultSet rs) throws SQLException {
        rs.next();
        return rs.getLong(1);
    }

    /** {@return every row of {@code sql} as text, rows in the order DuckDB returns them, the column names and types first} */
    static String text(ResultSet rs) throws SQLException {
        StringBuilder s = new StringBuilder();
        int columns = rs.getMetaData().getColumnCount();
        for (int i = 1; i <= columns; i++) {
            s.append(rs.getMetaData().getColumnName(i)).append(' ').append(rs.getMetaData().getColumnTypeName(i)).append(i < columns ? "," : "\n");
        }
        while (rs.next()) {
            for (int i = 1; i <= columns; i++) {
                s.append(rs.getString(i)).append(i < columns ? "," : "\n");
            }
        }
        return s.toString();
    }

    /** {@return {@code sql} over {@code table} read through the Arrow C stream, as the other path does it} */
    static String viaArrowStream(Connection db, String table, StructType<?> type, MemorySegment structs, long count, String sql)
            throws SQLException {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment stream = arena.allocate(ArrowStreamExport.STREAM_SIZE, 8);
            ArrowStreamExport.exportStream(type, structs, count, 4_096, stream, UnionMode.SPARSE);
            try {
                db.unwrap(DuckDBConnection.class).registerArrowStream(table, ArrowArrayStream.wrap(stream.address()));
                try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    return text(rs);
                } finally {
                    try (Statement st = db.createStatement()) {
                        st.execute("DROP VIEW IF EXISTS " + table);
                    }
                }
            } finally {
                ArrowStreamExport.releaseStream(stream);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> theScanEqualsTheArrowStream() {
        return PLAIN.stream().flatMap(name -> Stream.of(1, 2_047, 2_049, 70_001, 200_003).map(n -> DynamicTest.dynamicTest(name + " x" + n, () -> {
            StructType<Record> type = type(name);
            try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
                MemorySegment seg = randomStructs(arena, type, n, new Random(n * 31L + name.hashCode()));
                List<String> queries = new ArrayList<>(List.of("SELECT * FROM t", "SELECT count(*) FROM t"));
                Column last = type.columns().getLast();
                queries.add("SELECT \"" + last.path() + "\" FROM t"); // one column: the others are not written
                for (String sql : queries) {
                    String expected = viaArrowStream(db, "t", type, seg, n, sql);
                    for (int round = 0; round < 3; round++) {
                        String got = DuckDbTables.query(db, "t", type, seg, n, 4_096, sql, DuckDbScanTest::text);
                        assertEquals(expected, got, name + ": " + sql + " (round " + round + ")");
                    }
                }
                assertEquals(0, DuckDbScan.openHandles(), "handles left open");
            }
        })));
    }

    @Test
    void edgeValuesOfEveryKindEqualTheArrowStream() throws Exception {
        StructType<Record> type = type("io.structbridge.arrow.files.PlainNumbers");
        long[] bits = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x8000_0000L, 0x7FFF_FFFFL, 0xFFFF_FFFFL, 0x80L, 0x7FL, 0xFFL,
            0x8000L, 0x7FFFL, 0xFFFFL, Double.doubleToRawLongBits(Double.NaN), 0x7FF0_0000_0000_0001L, 0xFFF8_0000_0000_1234L,
            Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
            Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY), Double.doubleToRawLongBits(Double.MIN_VALUE),
            0x7FC0_0001L, 0xFF80_0000L, 0x7F80_0000L, 0x8000_0000_0000_0000L | 0x42};
        int n = bits.length * 3;
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            for (int i = 0; i < n; i++) {
                for (Column c : type.columns()) {
                    // every column of row i gets the low bytes of one edge pattern, shifted per column
                    long v = bits[(i + (int) c.offset()) % bits.length];
                    long at = i * type.size() + c.offset();
                    switch (c.elementSize()) {
                        case 1 -> seg.set(ValueLayout.JAVA_BYTE, at, (byte) v);
                        case 2 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, (short) v);
                        case 4 -> seg.set(ValueLayout.JAVA_INT_UNALIGNED, at, (int) v);
                        default -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, at, v);
                    }
                }
            }
            for (String sql : List.of("SELECT * FROM t", "SELECT u64, f64::VARCHAR, f32::VARCHAR FROM t WHERE u64 > 9223372036854775807")) {
                assertEquals(viaArrowStream(db, "t", type, seg, n, sql), DuckDbTables.query(db, "t", type, seg, n, 4_096, sql,
                        DuckDbScanTest::text), sql);
            }
        }
    }

    @Test
    void aCountTheStructsDoNotHoldIsRefusedBeforeAnyRead() throws Exception {
        StructType<Record> type = type("io.structbridge.arrow.files.PlainNumbers");
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size() * 100, type.alignment());
            for (long count : new long[] {101, -5, Long.MAX_VALUE}) {
                IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                        () -> DuckDbTables.query(db, "t", type, seg, count, 4_096, "SELECT 1 FROM t LIMIT 1", rs -> null));
                assertTrue(e.getMessage().contains("out of bounds for length 100"), e.getMessage());
            }
            assertEquals(0, DuckDbScan.openHandles());
        }
    }

    @Test
    void theFunctionIsRegisteredOncePerDatabase() throws Exception {
        StructType<Record> type = type("Timespec");
        try (Arena arena = Arena.ofShared(); Connection first = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = arena.allocate(type.size() * 10, type.alignment());
            DuckDbTables.query(first, "t", type, seg, 10, 4_096, "SELECT 1 FROM t", rs -> null);
            int before = org.duckdb.DuckDBDriver.registeredFunctions().size();
            for (int k = 0; k < 50; k++) {
                try (Connection db = ((DuckDBConnection) first).duplicate()) {
                    DuckDbTables.query(db, "t", type, seg, 10, 4_096, "SELECT 1 FROM t", rs -> null);
                }
            }
            assertEquals(before, org.duckdb.DuckDBDriver.registeredFunctions().size(), "registrations made by 50 new connections");
        }
    }

    @Test
    void aUserMacroOfTheSameNameCannotStandInForTheScan() throws Exception {
        StructType<Record> type = type("Timespec");
        int n = 5_000;
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = randomStructs(arena, type, n, new Random(3));
            String sql = "SELECT count(*), sum(tvSec::HUGEINT) FROM t";
            String expected = viaArrowStream(db, "t", type, seg, n, sql);
            try (Statement st = db.createStatement()) {
                st.execute("CREATE MACRO " + DuckDbScan.FUNCTION + "(h) AS TABLE SELECT 42::BIGINT AS tvSec");
            }
            assertEquals(expected, DuckDbTables.query(db, "t", type, seg, n, 4_096, sql, DuckDbScanTest::text), "main macro first");
            try (Statement st = db.createStatement()) {
                st.execute("CREATE TEMP MACRO " + DuckDbScan.FUNCTION + "(h) AS TABLE SELECT 43::BIGINT AS tvSec");
            }
            assertEquals(expected, DuckDbTables.query(db, "t", type, seg, n, 4_096, sql, DuckDbScanTest::text), "temp macro after");
        }
    }

    @Test
    void aRolledBackTransactionKeepsTheScan() throws Exception {
        StructType<Record> type = type("Timespec");
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = randomStructs(arena, type, 100, new Random(4));
            db.setAutoCommit(false);
            for (int round = 0; round < 3; round++) {
                assertEquals(100L, (long) DuckDbTables.query(db, "t", type, seg, 100, 4_096, "SELECT count(*) FROM t", DuckDbScanTest::count), "round " + round);
                db.rollback();
            }
        }
    }

    @Test
    void columnSumsEqualTheJavaRecords() throws Exception {
        StructType<Record> type = type("io.structbridge.arrow.files.PlainNumbers");
        int n = 100_003;
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = randomStructs(arena, type, n, new Random(5));
            List<Column> columns = type.columns();
            StringBuilder sql = new StringBuilder("SELECT ");
            for (int k = 0; k < columns.size(); k++) {
                if (columns.get(k).kind() == Column.Kind.FLOAT || columns.get(k).kind() == Column.Kind.DOUBLE) {
                    continue; // integers only: sums of floating-point values depend on the order of addition
                }
                sql.append(sql.length() == 7 ? "" : ", ").append("sum(\"").append(columns.get(k).path()).append("\"::HUGEINT)");
            }
            String got = DuckDbTables.query(db, "t", type, seg, n, 4_096, sql + " FROM t", rs -> {
                rs.next();
                StringBuilder s = new StringBuilder();
                for (int k = 1; k <= rs.getMetaData().getColumnCount(); k++) {
                    s.append(rs.getString(k)).append(';');
                }
                return s.toString();
            });
            StringBuilder expected = new StringBuilder();
            for (Column c : columns) {
                if (c.kind() == Column.Kind.FLOAT || c.kind() == Column.Kind.DOUBLE) {
                    continue;
                }
                java.math.BigInteger sum = java.math.BigInteger.ZERO;
                for (long i = 0; i < n; i++) {
                    long at = i * type.size() + c.offset();
                    long v = switch (c.elementSize()) {
                        case 1 -> seg.get(ValueLayout.JAVA_BYTE, at);
                        case 2 -> seg.get(ValueLayout.JAVA_SHORT_UNALIGNED, at);
                        case 4 -> seg.get(ValueLayout.JAVA_INT_UNALIGNED, at);
                        default -> seg.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
                    };
                    sum = sum.add(c.kind() == Column.Kind.SIGNED_INT ? java.math.BigInteger.valueOf(v)
                            : new java.math.BigInteger(Long.toUnsignedString(c.elementSize() == 8 ? v : v & ((1L << (8 * c.elementSize())) - 1))));
                }
                expected.append(sum).append(';');
            }
            assertEquals(expected.toString(), got);
        }
    }

    @Test
    void theStructsAreReadableOnlyDuringTheCall() throws Exception {
        StructType<Record> type = type("IntLong");
        try (Arena arena = Arena.ofShared(); Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
            MemorySegment seg = randomStructs(arena, type, 10, new Random(1));
            // a view over the name fails once the call returned: DuckDB keeps the view's text, and the name is gone
            DuckDbTables.update(db, "t", type, seg, 10, 4_096, "CREATE VIEW kept AS SELECT * FROM t");
            assertEquals(0, DuckDbScan.openHandles());
            SQLException gone = assertThrows(SQLException.class, () -> query(db, "SELECT * FROM kept"));
            assertTrue(gone.getMessage().contains("t does not exist"), gone.getMessage());
            // the table function itself, called with a handle whose call has returned, names the reason
            long stale = DuckDbTables.query(db, "t", type, seg, 10, 4_096, "SELECT * FROM duckdb_views() WHERE view_name = 't'",
                    rs -> {
                        rs.next();
                        String sql = rs.getString("sql");
                        return Long.parseLong(sql.substring(sql.indexOf(DuckDbScan.FUNCTION + "(") + DuckDbScan.FUNCTION.length() + 1,
                                sql.lastIndexOf(')')));
                    });
            SQLException e = assertThrows(SQLException.class, () -> query(db, "SELECT * FROM " + DuckDbScan.FUNCTION + "(" + stale + ")"));
            assertTrue(e.getMessage().contains("readable only during"), e.getMessage());
            // the name is free again, and a later call reads the structs once more
            assertEquals(10L, (long) DuckDbTables.query(db, "t", type, seg, 10, 4_096, "SELECT count(*) FROM t", DuckDbScanTest::count));
        }
    }

    private static void query(Connection db, String sql) throws SQLException {
        try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
        }
    }

    @Test
    void connectionsToOneDatabaseAndConcurrentCallsEachReadTheirOwnStructs() throws Exception {
        StructType<Record> type = type("Timespec");
        try (Arena arena = Arena.ofShared(); Connection first = DriverManager.getConnection("jdbc:duckdb:");
             ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<String>> results = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int k = 0; k < 8; k++) {
                int n = 3_000 + k * 1_001;
                MemorySegment seg = randomStructs(arena, type, n, new Random(k));
                expected.add(viaArrowStream(first, "e" + k, type, seg, n, "SELECT count(*), sum(tvSec::HUGEINT) FROM e" + k));
                int table = k;
                results.add(pool.submit(() -> {
                    try (Connection db = ((DuckDBConnection) first).duplicate()) {
                        return DuckDbTables.query(db, "t" + table, type, seg, n, 4_096, "SELECT count(*), sum(tvSec::HUGEINT) FROM t" + table,
                                DuckDbScanTest::text);
                    }
                }));
            }
            for (int k = 0; k < 8; k++) {
                assertEquals(expected.get(k), results.get(k).get(), "call " + k);
            }
            assertEquals(0, DuckDbScan.openHandles());
        }
    }

    /**
     * The structs' arena closed by another thread while DuckDB reads them, through the scan (plain numbers) and through
     * the Arrow stream (a struct with text): the query either finished first (then its result is right) or fails with
     * an exception; never a crash, a wrong result, or a thread left interrupted (HotSpot sets the interrupt status of a
     * thread whose read the close stops: {@code AsyncClose}), and the connection runs the next query. When the close
     * lands is up to the scheduler; every outcome is checked, none is waited for.
     */
    @Test
    void anArenaClosedDuringTheScanFailsTheQueryCleanly() throws Exception {
        closeDuringQueries(type("IntLong"), 1_000_000, 40);
    }

    @Test
    void anArenaClosedDuringTheArrowStreamFailsTheQueryCleanly() throws Exception {
        StructType<Record> texts = type("Texts");
        assertFalse(DuckDbScan.applies(texts));
        closeDuringQueries(texts, 200_000, 20);
    }

    private static void closeDuringQueries(StructType<Record> type, int n, int rounds) throws Exception {
        Random random = new Random(7);
        String sql = "SELECT count(*), sum(hash(t)) FROM t";
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:"); ExecutorService closer = Executors.newSingleThreadExecutor()) {
            String expected;
            try (Arena arena = Arena.ofShared()) {
                MemorySegment reference = randomStructs(arena, type, n, new Random(11));
                expected = viaArrowStream(db, "t", type, reference, n, sql);
            }
            int failed = 0;
            for (int round = 0; round < rounds; round++) {
                Arena arena = Arena.ofShared();
                MemorySegment seg = randomStructs(arena, type, n, new Random(11));
                int delayMicros = random.nextInt(20_000);
                Future<?> close = closer.submit(() -> {
                    java.util.concurrent.locks.LockSupport.parkNanos(delayMicros * 1_000L);
                    arena.close();
                    return null;
                });
                try {
                    String got = DuckDbTables.query(db, "t", type, seg, n, 4_096, sql, DuckDbScanTest::text);
                    assertEquals(expected, got, "round " + round + ": a query that returned must be right");
                } catch (SQLException | IllegalStateException e) {
                    failed++; // during the read, or closed before the call began (its checks read a closed segment)
                }
                assertFalse(Thread.currentThread().isInterrupted(), "round " + round + ": the calling thread was left interrupted");
                close.get();
                assertEquals(0, DuckDbScan.openHandles(), "round " + round + ": handle left open");
                assertEquals(1L, (long) count(db.createStatement().executeQuery("SELECT 1")), "the connection runs the next query");
            }
            System.out.println(type.name() + ", arena closed during the query: " + failed + " of " + rounds + " queries failed");
        }
    }
}

package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import java.util.stream.Stream;

/**
 * Exports large enough to be cut into row ranges converted on several threads (structs in a shared arena, at
 * least {@code 2 * Exporter.RANGE_ROWS} rows): Arrow Java reads every value equal to the generated reader, and
 * every buffer (validity, offsets, data, to the length Arrow Java imports) is byte for byte the export on the
 * caller's thread alone ({@code structbridge.arrow.exportThreads=1}); a bad value in several ranges is reported
 * at the row a single pass stops at, the consumer's struct untouched and nothing left allocated.
 */
class ParallelExportTest {
    private static final String THREADS = "structbridge.arrow.exportThreads";

    private static <T> T withThreads(int threads, Callable<T> body) throws Exception {
        String before = System.getProperty(THREADS);
        System.setProperty(THREADS, Integer.toString(threads));
        try {
            return body.call();
        } finally {
            if (before == null) {
                System.clearProperty(THREADS);
            } else {
                System.setProperty(THREADS, before);
            }
        }
    }

    /** {@return every buffer of the export of rows {@code [first, first + n)}, depth first, as Arrow Java imports them} */
    private static List<byte[]> buffers(StructType<Record> type, MemorySegment seg, long first, int n, boolean compare) {
        try (BufferAllocator allocator = new RootAllocator();
             ArrowSchema cSchema = ArrowSchema.allocateNew(allocator); ArrowArray cArray = ArrowArray.allocateNew(allocator)) {
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(cSchema.memoryAddress()));
            ArrowExport.exportArray(type, seg, first, n, MemorySegment.ofAddress(cArray.memoryAddress()));
            try (FieldVector v = Data.importVector(allocator, cArray, cSchema, null)) {
                if (compare) {
                    StructVector s = (StructVector) v;
                    assertEquals(n, s.getValueCount());
                    for (int i = 0; i < n; i++) {
                        ArrowJava.assertRecord(type.read(seg, (first + i) * type.size()), s, i, type.name() + "[" + (first + i) + "]");
                    }
                }
                List<byte[]> out = new java.util.ArrayList<>();
                collect(v, out);
                return out;
            }
        }
    }

    private static void collect(ValueVector v, List<byte[]> out) {
        for (ArrowBuf b : v.getBuffers(false)) {
            byte[] bytes = new byte[(int) b.capacity()];
            b.getBytes(0, bytes);
            out.add(bytes);
        }
        if (v instanceof FieldVector f) {
            for (FieldVector child : f.getChildrenFromFields()) {
                collect(child, out);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> rangesOnSeveralThreadsEqualOneThreadByteForByte() {
        return TransposedExportBlocksTest.names().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            int first = 3;
            int n = (int) Math.max(2 * Exporter.RANGE_ROWS + 4_321, 3 * TransposedExportBlocksTest.blockRows(type) + 7);
            try (Arena arena = Arena.ofShared()) {
                MemorySegment seg = arena.allocate(type.size() * (first + n + 1), type.alignment());
                RandomStructs.fill(type, seg, first + n + 1, new Random(name.hashCode() + 29));
                long ranged = Exporter.rangedExports();
                List<byte[]> one = withThreads(1, () -> buffers(type, seg, first, n, false));
                assertEquals(ranged, Exporter.rangedExports(), "one thread: no ranges");
                List<byte[]> four = withThreads(4, () -> buffers(type, seg, first, n, true));
                assertEquals(ranged + 1, Exporter.rangedExports(), "four threads: cut into ranges");
                assertEquals(one.size(), four.size(), name + ": buffers");
                for (int i = 0; i < one.size(); i++) {
                    assertArrayEquals(one.get(i), four.get(i), name + ": buffer " + i);
                }
            }
        }));
    }

    @Test
    void smallOrConfinedExportsStayOnTheCallersThread() throws Exception {
        assertEquals(4, withThreads(4, Exporter::threads));
        assertEquals(1, withThreads(0, Exporter::threads), "at least the caller's thread");
        StructType<Record> type = ArrowJavaOracleTest.type("io.structbridge.arrow.Mixed");
        int n = (int) (2 * Exporter.RANGE_ROWS + 100);
        long ranged = Exporter.rangedExports();
        try (Arena confined = Arena.ofConfined()) {
            MemorySegment seg = confined.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(3));
            withThreads(4, () -> buffers(type, seg, 0, n, true));
        }
        try (Arena shared = Arena.ofShared()) {
            MemorySegment seg = shared.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(3));
            withThreads(4, () -> buffers(type, seg, 0, (int) (2 * Exporter.RANGE_ROWS - 1), true));
        }
        assertEquals(ranged, Exporter.rangedExports(), "a confined source (other threads may not read it) or fewer rows: no ranges");
    }

    /**
     * Every thread of the common pool blocked elsewhere (until the export returns): the caller converts every range
     * itself instead of waiting for a pool thread (which would never come: a deadlock). The timeout only guards
     * against that hang; nothing is timed.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    void anExportNeverWaitsForAPoolWhoseThreadsAreAllBusy() throws Exception {
        StructType<Record> type = ArrowJavaOracleTest.type("io.structbridge.arrow.Mixed");
        int n = (int) (4 * Exporter.RANGE_ROWS + 11);
        int workers = java.util.concurrent.ForkJoinPool.getCommonPoolParallelism();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(workers);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(41));
            List<byte[]> one = withThreads(1, () -> buffers(type, seg, 0, n, false));
            for (int i = 0; i < workers; i++) {
                java.util.concurrent.ForkJoinPool.commonPool().execute(() -> {
                    started.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            started.await();
            long ranged = Exporter.rangedExports();
            List<byte[]> busy;
            try {
                busy = withThreads(4, () -> buffers(type, seg, 0, n, true));
            } finally {
                release.countDown();
            }
            assertEquals(ranged + 1, Exporter.rangedExports(), "cut into ranges");
            assertEquals(one.size(), busy.size());
            for (int i = 0; i < one.size(); i++) {
                assertArrayEquals(one.get(i), busy.get(i), "buffer " + i);
            }
        }
    }

    /** Bad bytes at {@code rows} of field {@code field}: the export fails at {@code expected}, as on one thread. */
    private static void refused(String field, long expected, long[] rows, byte[] bytes) throws Exception {
        StructType<Mixed> type = MixedStruct.TYPE;
        int first = 5;
        int n = (int) (3 * Exporter.RANGE_ROWS + 17);
        Column c = type.columns().stream().filter(x -> x.path().equals(field)).findFirst().orElseThrow();
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(type.size() * (first + n), type.alignment());
            RandomStructs.fill(type, seg, first + n, new Random(17));
            for (long row : rows) {
                MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, row * type.size() + c.offset(), bytes.length);
            }
            for (int threads : new int[] {1, 4}) {
                MemorySegment out = arena.allocate(ArrowExport.ARRAY_SIZE).fill((byte) 0x33);
                int live = ArrowExport.unreleasedStructs();
                ArrowDataException e = withThreads(threads, () -> assertThrows(ArrowDataException.class,
                        () -> ArrowExport.exportArray(type, seg, first, n, out)));
                assertEquals(expected, e.row(), threads + " threads: " + e.getMessage());
                assertEquals(field, e.field(), e.getMessage());
                for (long i = 0; i < out.byteSize(); i++) {
                    assertEquals((byte) 0x33, out.get(ValueLayout.JAVA_BYTE, i), "the consumer's struct is untouched");
                }
                assertEquals(live, ArrowExport.unreleasedStructs(), "nothing left allocated");
            }
        }
    }

    @Test
    void theFirstBadValueIsReportedWhicheverRangeFinishesFirst() throws Exception {
        long late = 5 + 3 * Exporter.RANGE_ROWS;
        long early = 5 + Exporter.RANGE_ROWS / 2;
        refused("color", early, new long[] {late, early}, new byte[] {7});
        refused("color", late, new long[] {late}, new byte[] {7});
        refused("t9", early + 1, new long[] {late, early + 1},
                "abcdefgh\u00ff".getBytes(StandardCharsets.ISO_8859_1));
        refused("flag", late - 3, new long[] {late - 3, late}, new byte[] {2});
    }
}

package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.TextsStruct;
import io.structbridge.fixtures.AllScalarsStruct;
import io.structbridge.fixtures.TaggedStruct;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.Random;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stored bytes that are no valid value stop the export with the row and field named, leave the
 * consumer's structs untouched and free what was allocated; in a stream the error reaches the consumer
 * through {@code get_last_error}. Releases are counted: one per struct, each export freed once.
 */
class ExportErrorsTest {
    private static final int N = 20;

    private static ArrowDataException refused(StructType<?> type, long row, long offset, byte... bytes) {
        return refusedIn(type, N, row, offset, bytes);
    }

    private static ArrowDataException refusedIn(StructType<?> type, int n, long row, long offset, byte... bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            @SuppressWarnings("unchecked")
            StructType<Record> t = (StructType<Record>) type;
            RandomStructs.fill(t, seg, n, new Random(1));
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, row * type.size() + offset, bytes.length);
            MemorySegment out = arena.allocate(ArrowExport.ARRAY_SIZE);
            out.fill((byte) 0x33);
            int live = ArrowExport.unreleasedStructs();
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(type, seg, 0, n, out));
            for (long i = 0; i < out.byteSize(); i++) {
                assertEquals((byte) 0x33, out.get(ValueLayout.JAVA_BYTE, i), "the consumer's struct is untouched");
            }
            assertEquals(live, ArrowExport.unreleasedStructs(), "nothing left allocated");
            return e;
        }
    }

    @Test
    void invalidUtf8NamesRowAndField() {
        ArrowDataException e = refused(TextsStruct.TYPE, 7, TextsStruct.UTF8_OFFSET, (byte) 'a', (byte) 0xC3, (byte) 0x28, (byte) 0);
        assertEquals(7, e.row());
        assertEquals("utf8", e.field());
        assertTrue(e.getMessage().contains("invalid UTF-8 in 61c328"), e.getMessage());
    }

    @Test
    void aBoolByteOtherThanZeroOrOneIsRefused() {
        ArrowDataException e = refused(AllScalarsStruct.TYPE, 4, AllScalarsStruct.FLAG_OFFSET, (byte) 2);
        assertEquals(4, e.row());
        assertEquals("flag", e.field());
    }

    @Test
    void anEnumCodeThatIsNoConstantIsRefused() {
        ArrowDataException e = refused(TaggedStruct.TYPE, 13, TaggedStruct.COLOR_OFFSET, (byte) 77);
        assertEquals(13, e.row());
        assertEquals("color", e.field());
        // the same text as the generated C export (CArrowExportTest, compiled by gcc)
        assertTrue(e.getMessage().endsWith("enum code 77 is not one of RED=1,GREEN=2,BLUE=200"), e.getMessage());
    }

    /** The export converts rows in blocks of about 32 KiB of structs: a bad value far into the batch names its own row. */
    @Test
    void aBadValueInALaterBlockNamesItsRow() {
        int n = 9_000;
        ArrowDataException bool = refusedIn(AllScalarsStruct.TYPE, n, 8_001, AllScalarsStruct.FLAG_OFFSET, (byte) 0xFF);
        assertEquals(8_001, bool.row());
        assertEquals("flag", bool.field());
        assertTrue(bool.getMessage().contains("bool byte 255 is neither 0 nor 1"), bool.getMessage());
        ArrowDataException code = refusedIn(TaggedStruct.TYPE, n, 7_777, TaggedStruct.COLOR_OFFSET, (byte) 77);
        assertEquals(7_777, code.row());
        assertTrue(code.getMessage().contains("enum code 77"), code.getMessage());
        ArrowDataException utf8 = refusedIn(TextsStruct.TYPE, n, 6_543, TextsStruct.UTF8_OFFSET, (byte) 'a', (byte) 0xC3, (byte) 0x28, (byte) 0);
        assertEquals(6_543, utf8.row());
        assertTrue(utf8.getMessage().contains("invalid UTF-8 in 61c328"), utf8.getMessage());
        ArrowDataException nul = refusedIn(TextsStruct.TYPE, n, 8_999, TextsStruct.UTF8_OFFSET, "abcdefgh".getBytes());
        assertEquals(8_999, nul.row());
        assertTrue(nul.getMessage().contains("no NUL"), nul.getMessage());
    }

    @Test
    void textWithoutItsNulIsRefused() {
        ArrowDataException e = refused(TextsStruct.TYPE, 0, TextsStruct.UTF8_OFFSET, "abcdefgh".getBytes());
        assertEquals("utf8", e.field());
        assertTrue(e.getMessage().contains("no NUL"), e.getMessage());
    }

    @Test
    void aStreamReportsTheBadRowThroughGetLastError() throws Exception {
        StructType<?> type = TextsStruct.TYPE;
        try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
            int n = 1000;
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            @SuppressWarnings("unchecked")
            StructType<Record> t = (StructType<Record>) type;
            RandomStructs.fill(t, seg, n, new Random(2));
            seg.set(ValueLayout.JAVA_BYTE, 777 * type.size() + TextsStruct.ASCII4_OFFSET, (byte) 0xE9);
            try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
                ArrowStreamExport.exportStream(type, seg, n, 100, MemorySegment.ofAddress(stream.memoryAddress()));
                try (ArrowReader reader = Data.importArrayStream(allocator, stream)) {
                    int batches = 0;
                    Exception e = null;
                    try {
                        while (reader.loadNextBatch()) {
                            assertEquals(100, reader.getVectorSchemaRoot().getRowCount());
                            batches++;
                        }
                    } catch (Exception x) {
                        e = x;
                    }
                    assertEquals(7, batches, "batches 0..6 are fine, batch 7 holds row 777");
                    assertTrue(e != null && String.valueOf(e.getMessage()).contains("Texts batch 7 (rows 700..799 of 1000): row 777, field 'ascii4'"),
                            String.valueOf(e));
                }
            }
            assertEquals(0, ArrowStreamExport.unreleasedStreams());
        }
    }

    @Test
    void aFileStreamNamesTheFileTheBatchAndTheRow(@TempDir Path dir) throws Exception {
        StructType<?> type = TextsStruct.TYPE;
        Path path = dir.resolve("texts.sb");
        try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
            int n = 1000;
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            @SuppressWarnings("unchecked")
            StructType<Record> t = (StructType<Record>) type;
            RandomStructs.fill(t, seg, n, new Random(3));
            try (StructFile<Record> f = StructFile.create(path, t, n)) {
                f.appendStructs(seg);
                // a byte above 0x7F in the ASCII member of row 777, written behind the file's checks
                f.elements().set(ValueLayout.JAVA_BYTE, 777 * type.size() + TextsStruct.ASCII4_OFFSET, (byte) 0xE9);
                try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
                    ArrowStreamExport.exportStream(f, 100, MemorySegment.ofAddress(stream.memoryAddress()));
                    try (ArrowReader reader = Data.importArrayStream(allocator, stream)) {
                        Exception e = assertThrows(Exception.class, () -> {
                            while (reader.loadNextBatch()) {
                                assertEquals(100, reader.getVectorSchemaRoot().getRowCount());
                            }
                        });
                        assertTrue(String.valueOf(e.getMessage()).contains(path + ": Texts batch 7 (rows 700..799 of 1000): row 777,"
                                + " field 'ascii4': byte above 0x7F in ASCII text"), String.valueOf(e));
                    }
                }
            }
            assertEquals(0, ArrowStreamExport.unreleasedStreams());
        }
    }

    @Test
    void everyStructIsReleasedOnceAndEachExportFreedOnce() {
        StructType<?> type = io.structbridge.fixtures.EnvelopeStruct.TYPE;
        long releases = Exports.releases();
        long freed = Exports.freed();
        long stray = Exports.stray();
        try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
            MemorySegment seg = arena.allocate(type.size() * N, type.alignment());
            @SuppressWarnings("unchecked")
            StructType<Record> t = (StructType<Record>) type;
            RandomStructs.fill(t, seg, N, new Random(5));
            try (ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
                ArrowExport.exportSchema(type, MemorySegment.ofAddress(s.memoryAddress()));
                ArrowExport.exportArray(type, seg, 0, N, MemorySegment.ofAddress(a.memoryAddress()));
                int live = ArrowExport.unreleasedStructs();
                assertTrue(live >= 2 * 20, "root and children of schema and array: " + live);
                Data.importVector(allocator, a, s, null).close();
                assertEquals(releases + live, Exports.releases(), "one release per exported struct");
                assertEquals(freed + 2, Exports.freed(), "each export's arena closed once");
                assertEquals(stray, Exports.stray(), "no second release");
            }
            // released by hand (as a C consumer does): the root is marked released (release = NULL)
            MemorySegment own = arena.allocate(ArrowExport.ARRAY_SIZE);
            ArrowExport.exportArray(type, seg, 0, N, own);
            CData.release(own, CData.A_RELEASE);
            assertEquals(0L, own.get(CData.PTR, CData.A_RELEASE).address());
            assertEquals(freed + 3, Exports.freed());
        }
    }
}

package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.TaggedStruct;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructColumns;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The zero-copy export of the columnar twin, read by Arrow Java: every value of every row equals the
 * record the generated reader decodes from the equivalent struct array; every zero-copy field's data
 * buffer, as Arrow Java sees it, is at the address of the column itself; the memory's lifetime rules.
 */
class ColumnsExportTest {
    private static final int N = 131;

    @TestFactory
    Stream<DynamicTest> arrowJavaReadsEveryValueAndZeroCopyFieldsPointAtTheColumns() {
        return ColumnsFixtures.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            long freedBefore = Exports.freed();
            try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
                MemorySegment structs = arena.allocate(type.size() * N, type.alignment());
                RandomStructs.fill(type, structs, N, new Random(name.hashCode() + 5));
                StructColumns<?> columns = ColumnsFixtures.allocate(name, arena, N);
                ColumnsFixtures.fill(columns, structs);
                List<String> copied = ColumnsExport.copiedFields(columns);
                try (ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
                    ColumnsExport.export(columns, MemorySegment.ofAddress(s.memoryAddress()), MemorySegment.ofAddress(a.memoryAddress()));
                    try (FieldVector v = Data.importVector(allocator, a, s, null)) {
                        StructVector sv = (StructVector) v;
                        assertEquals(N, sv.getValueCount());
                        for (int i = 0; i < N; i++) {
                            ArrowJava.assertRecord(type.read(structs, i * type.size()), sv, i, name + "[" + i + "]");
                        }
                        for (int k = 0; k < columns.columns().size(); k++) {
                            Column c = columns.columns().get(k);
                            if (c.path().contains("[") || copied.contains(c.path())) {
                                continue;
                            }
                            FieldVector leaf = leaf(sv, c);
                            assertEquals(columns.column(k).address(), leaf.getDataBuffer().memoryAddress(),
                                    name + "." + c.path() + " is exported without copying");
                        }
                    }
                }
            }
            assertEquals(freedBefore + 2, Exports.freed(), "schema and array freed once each");
        }));
    }

    /** {@return the Arrow vector holding the values of a column outside nested struct arrays} */
    private static FieldVector leaf(StructVector root, Column c) {
        FieldVector v = root;
        for (String part : c.path().split("\\.")) {
            v = (FieldVector) ((StructVector) v).getChild(part);
        }
        return v instanceof FixedSizeListVector l ? (FieldVector) l.getDataVector() : v;
    }

    @Test
    void numbersAreZeroCopyAndConversionsAreListed() {
        try (Arena arena = Arena.ofConfined()) {
            // AllScalars: only the bool is converted (to a bitmap)
            assertEquals(List.of("flag"), ColumnsExport.copiedFields(ColumnsFixtures.allocate("AllScalars", arena, 4)));
            // big-endian members are swapped (the one @Order(LITTLE) member is not)
            assertEquals(List.of("magic", "version", "stamps", "value"),
                    ColumnsExport.copiedFields(ColumnsFixtures.allocate("BigEndianHeader", arena, 4)));
            // text and bool copied; floats, ints and the fixed double array zero-copy
            assertEquals(List.of("label"), ColumnsExport.copiedFields(ColumnsFixtures.allocate("Particle", arena, 4)));
            assertEquals(List.of("flags"), ColumnsExport.copiedFields(ColumnsFixtures.allocate("Arrays", arena, 4)));
            // enums zero-copy (checked in place)
            assertEquals(List.of(), ColumnsExport.copiedFields(ColumnsFixtures.allocate("Tagged", arena, 4)));
        }
        // heap memory has no address to hand out: everything is copied
        StructColumns<?> heap = heapColumns();
        assertEquals(List.of("color", "wide", "value"), ColumnsExport.copiedFields(heap));
    }

    private static StructColumns<?> heapColumns() {
        try {
            long n = 3;
            MemorySegment seg = MemorySegment.ofArray(new long[(int) (StructColumns.byteSize(TaggedStruct.TYPE, n) / 8 + 1)]);
            return (StructColumns<?>) Class.forName("io.structbridge.fixtures.TaggedColumns")
                    .getMethod("over", MemorySegment.class, long.class).invoke(null, seg, n);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anEnumCodeThatIsNoConstantIsRefusedInPlace() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment structs = arena.allocate(TaggedStruct.TYPE.size() * N, TaggedStruct.TYPE.alignment());
            @SuppressWarnings("unchecked")
            StructType<Record> type = (StructType<Record>) (StructType<?>) TaggedStruct.TYPE;
            RandomStructs.fill(type, structs, N, new Random(9));
            StructColumns<?> columns = ColumnsFixtures.allocate("Tagged", arena, N);
            ColumnsFixtures.fill(columns, structs);
            columns.column("color").set(ValueLayout.JAVA_BYTE, 17, (byte) 3);
            MemorySegment out = arena.allocate(ArrowExport.ARRAY_SIZE);
            out.fill((byte) 0x33);
            int live = ArrowExport.unreleasedStructs();
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ColumnsExport.exportArray(columns, 0, N, out));
            assertEquals(17, e.row());
            assertEquals("color", e.field());
            // the same text as the generated C export (CArrowExportTest, compiled by gcc)
            assertTrue(e.getMessage().endsWith("enum code 3 is not one of RED=1,GREEN=2,BLUE=200"), e.getMessage());
            for (long i = 0; i < out.byteSize(); i++) {
                assertEquals((byte) 0x33, out.get(ValueLayout.JAVA_BYTE, i), "the consumer's struct is untouched");
            }
            assertEquals(live, ArrowExport.unreleasedStructs(), "nothing left allocated");
            // a batch that does not hold the bad row exports
            ColumnsExport.exportArray(columns, 18, N - 18, out);
            CData.release(out, CData.A_RELEASE);
        }
    }

    @Test
    void columnsInARetainableArenaOutliveItsCloseUntilTheConsumerReleases() {
        RetainableArena arena = RetainableArena.ofShared();
        StructType<Record> type = ArrowJavaOracleTest.type("Particle");
        int n = 1000;
        List<Record> expected = new ArrayList<>();
        StructColumns<?> columns = ColumnsFixtures.allocate("Particle", arena, n);
        try (Arena tmp = Arena.ofConfined()) {
            MemorySegment structs = tmp.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, structs, n, new Random(11));
            ColumnsFixtures.fill(columns, structs);
            for (int i = 0; i < n; i++) {
                expected.add(type.read(structs, i * type.size()));
            }
        }
        try (BufferAllocator allocator = new RootAllocator();
             ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            ColumnsExport.export(columns, MemorySegment.ofAddress(s.memoryAddress()), MemorySegment.ofAddress(a.memoryAddress()));
            FieldVector v = Data.importVector(allocator, a, s, null);
            arena.close(); // the owner is done; the consumer is not
            assertTrue(arena.isAlive(), "the export holds the memory");
            assertThrows(IllegalStateException.class, arena::close);
            for (int i = 0; i < n; i++) {
                ArrowJava.assertRecord(expected.get(i), (StructVector) v, i, "after close, row " + i);
            }
            v.close(); // Arrow Java releases the array
        }
        assertFalse(arena.isAlive(), "freed once the consumer released");
    }

    @Test
    void aPlainArenaClosedBeforeReleaseIsReportedNotSilent() {
        long before = ColumnsExport.freedBeforeRelease();
        try (Arena structsArena = Arena.ofConfined()) {
            MemorySegment schema = structsArena.allocate(ArrowExport.SCHEMA_SIZE);
            MemorySegment array = structsArena.allocate(ArrowExport.ARRAY_SIZE);
            Arena arena = Arena.ofShared();
            StructColumns<?> columns = ColumnsFixtures.allocate("Tagged", arena, 5);
            columns.column("color").fill((byte) 1);
            for (int i = 0; i < 5; i++) {
                columns.column("wide").setAtIndex(ValueLayout.JAVA_INT, i, 2);
            }
            ColumnsExport.export(columns, schema, array);
            arena.close(); // misuse: the consumer still holds pointers into the columns
            // (a consumer reading now would read freed memory; this one only releases)
            CData.release(array, CData.A_RELEASE);
            CData.release(schema, CData.S_RELEASE);
            assertEquals(before + 1, ColumnsExport.freedBeforeRelease(), "the misuse is counted and logged");
            // columns whose arena is closed are refused
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ColumnsExport.export(columns, schema, array));
            assertTrue(e.getMessage().contains("already freed"), e.getMessage());
        }
    }

    @Test
    void theExportIsConstantTimeInRowsForNumbers() {
        // zero-copy: the export's own memory (C structs, names) does not grow with the row count
        try (Arena arena = Arena.ofConfined()) {
            long small = exportBytes(ColumnsFixtures.allocate("Vec3", arena, 1_000));
            long large = exportBytes(ColumnsFixtures.allocate("Vec3", arena, 1_000_000));
            assertEquals(small, large, "bytes allocated by the export");
        }
    }

    private static long exportBytes(StructColumns<?> columns) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment array = a.allocate(ArrowExport.ARRAY_SIZE);
            long before = Exports.allocatedBytes();
            ColumnsExport.exportArray(columns, 0, columns.count(), array);
            long bytes = Exports.allocatedBytes() - before;
            CData.release(array, CData.A_RELEASE);
            return bytes;
        }
    }
}

package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Arrow Java (arrow-c-data, the reference implementation's C Data Interface importer) imports what we
 * export, for every fixture struct without unions or pointers: every value of every row equals the
 * record the generated reader decodes from the same memory; every export's memory is freed exactly once
 * when Arrow Java releases it.
 */
class ArrowJavaOracleTest {

    static final List<String> FIXTURES = List.of("AllScalars", "Arrays", "BigEndianHeader", "Texts", "Particle", "WideScalars",
            "Tagged", "Containers_Line", "Containers_Point", "Vec3", "Inner", "Aligned16", "MemberAligned", "Pack2", "Packed12",
            "PackedOuter", "IntLong", "ShortChar", "Timespec", "Utsname", "Body", "Envelope", "EpollEvent", "StatX8664",
            "io.structbridge.arrow.Packed", "io.structbridge.arrow.Singles", "io.structbridge.arrow.SinglePoint");

    static final List<String> REFUSED = List.of("EpollData", "EpollEventUnion", "Unions_Holder", "Unions_Number", "In6Addr");

    @SuppressWarnings("unchecked")
    static StructType<Record> type(String name) {
        try {
            return (StructType<Record>) Class.forName((name.contains(".") ? name : "io.structbridge.fixtures." + name) + "Struct").getField("TYPE").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> arrowJavaReadsEveryValueOfEveryFixture() {
        return FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = type(name);
            int n = 257;
            long freedBefore = Exports.freed();
            long strayBefore = Exports.stray();
            try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
                MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
                RandomStructs.fill(type, seg, n, new Random(name.hashCode()));
                List<Record> expected = Stream.iterate(0L, i -> i + 1).limit(n).map(i -> type.read(seg, i * type.size())).toList();
                try (ArrowSchema cSchema = ArrowSchema.allocateNew(allocator); ArrowArray cArray = ArrowArray.allocateNew(allocator)) {
                    ArrowExport.exportSchema(type, MemorySegment.ofAddress(cSchema.memoryAddress()));
                    ArrowExport.exportArray(type, seg, 0, n, MemorySegment.ofAddress(cArray.memoryAddress()));
                    try (FieldVector v = Data.importVector(allocator, cArray, cSchema, null)) {
                        StructVector s = (StructVector) v;
                        assertEquals(n, s.getValueCount());
                        assertEquals(type.name(), s.getName());
                        for (int i = 0; i < n; i++) {
                            ArrowJava.assertRecord(expected.get(i), s, i, name + "[" + i + "]");
                        }
                    }
                }
            }
            assertEquals(freedBefore + 2, Exports.freed(), "the schema's and the array's memory freed once each");
            assertEquals(strayBefore, Exports.stray(), "no release call for a struct already released");
        }));
    }

    /**
     * The export converts the rows in blocks of about 32 KiB of structs (256 KiB where the generated transpose
     * runs first: {@link TransposedExportBlocksTest} covers several of those): three blocks and a few rows, starting
     * at row 5 of the memory (so the blocks do not start at struct 0), still read back value for value.
     */
    @TestFactory
    Stream<DynamicTest> arrowJavaReadsEveryBlockOfALargeExport() {
        return FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = type(name);
            int first = 5;
            int n = (int) Math.min(12_000, 3 * Math.max(8, (32 * 1024 / type.size()) & ~7L) + 13);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(type.size() * (first + n + 2), type.alignment());
                RandomStructs.fill(type, seg, first + n + 2, new Random(name.hashCode() + 3));
                TransposedExportBlocksTest.exportAndCompare(type, seg, first, n, name);
            }
        }));
    }

    /**
     * Buffers of a megabyte or more are reused from released exports: a second export of other values into the
     * blocks of the first (released) one reads back value for value (no byte of the first left in a value,
     * bool bitmaps and offsets rewritten).
     */
    @Test
    void aSecondExportIntoReusedBuffersHoldsOnlyItsOwnValues() {
        for (String name : List.of("Texts", "AllScalars")) {
            StructType<Record> type = type(name);
            int n = 140_000; // buffers of 1 MiB and more are pooled
            long reused = BufferPool.reused();
            try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
                MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
                for (int round = 0; round < 2; round++) {
                    RandomStructs.fill(type, seg, n, new Random(name.hashCode() + 100 * round));
                    try (ArrowSchema cSchema = ArrowSchema.allocateNew(allocator); ArrowArray cArray = ArrowArray.allocateNew(allocator)) {
                        ArrowExport.exportSchema(type, MemorySegment.ofAddress(cSchema.memoryAddress()));
                        ArrowExport.exportArray(type, seg, 0, n, MemorySegment.ofAddress(cArray.memoryAddress()));
                        try (FieldVector v = Data.importVector(allocator, cArray, cSchema, null)) {
                            StructVector s = (StructVector) v;
                            for (int i = 0; i < n; i = i + 13 < n || i == n - 1 ? i + 13 : n - 1) { // every 13th row and the last
                                ArrowJava.assertRecord(type.read(seg, (long) i * type.size()), s, i, name + " round " + round + " [" + i + "]");
                            }
                        }
                    }
                }
            }
            assertTrue(BufferPool.reused() > reused, name + ": the second export took blocks of the first");
        }
    }

    @Test
    void unionsAndPointersAreRefusedWithTheirPath() {
        for (String name : REFUSED) {
            StructType<Record> type = type(name);
            Column bad = type.columns().stream().filter(c -> c.union() != null || c.kind() == Column.Kind.POINTER).findFirst().orElseThrow();
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> ArrowExport.exportSchema(type, Arena.global().allocate(ArrowExport.SCHEMA_SIZE)));
            assertTrue(e.getMessage().contains(bad.path()), e.getMessage());
        }
    }
}

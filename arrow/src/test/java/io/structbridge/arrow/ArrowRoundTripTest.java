package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.StructColumns;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Arrow -> struct -> Arrow is the identity, with Arrow Java holding the Arrow side: a vector held by
 * Arrow Java, exported by Arrow Java, imported into an array of structs ({@code RArray} memory) and into
 * the columnar twin ({@code RColumns}), exported again (the columns without copying) and imported by
 * Arrow Java equals the original vector, field (names, types, metadata) and values
 * ({@code VectorEqualsVisitor}), for every fixture type. Errors on import into columns name the row and
 * field and leave the columns unchanged.
 */
class ArrowRoundTripTest {
    private static final int N = 97;

    /** {@return an Arrow Java vector holding random valid rows of the fixture} */
    private static FieldVector original(StructType<Record> type, BufferAllocator allocator, Random random) {
        try (Arena arena = Arena.ofConfined();
             ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            MemorySegment seg = arena.allocate(type.size() * N, type.alignment());
            RandomStructs.fill(type, seg, N, random);
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(s.memoryAddress()));
            ArrowExport.exportArray(type, seg, 0, N, MemorySegment.ofAddress(a.memoryAddress()));
            // Arrow Java's vector over the export's own buffers (copies, independent of seg)
            return Data.importVector(allocator, a, s, null);
        }
    }

    @FunctionalInterface
    private interface Import {
        void into(MemorySegment schema, MemorySegment array);
    }

    /** Arrow Java exports {@code v}; {@code into} imports it. */
    private static void exportFromArrowJava(FieldVector v, BufferAllocator allocator, Import into) {
        try (ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            Data.exportVector(allocator, v, null, a, s);
            into.into(MemorySegment.ofAddress(s.memoryAddress()), MemorySegment.ofAddress(a.memoryAddress()));
        }
    }

    @FunctionalInterface
    private interface Export {
        void to(MemorySegment schema, MemorySegment array);
    }

    private static FieldVector importIntoArrowJava(BufferAllocator allocator, Export export) {
        try (ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            export.to(MemorySegment.ofAddress(s.memoryAddress()), MemorySegment.ofAddress(a.memoryAddress()));
            return Data.importVector(allocator, a, s, null);
        }
    }

    private static void assertSame(FieldVector expected, FieldVector actual, String where) {
        assertEquals(expected.getField(), actual.getField(), where + ": field (names, types, metadata)");
        assertEquals(expected.getValueCount(), actual.getValueCount(), where + ": rows");
        assertTrue(VectorEqualsVisitor.vectorEquals(expected, actual), where + ": values");
    }

    @TestFactory
    Stream<DynamicTest> throughAStructArray() {
        return ArrowJavaOracleTest.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            try (BufferAllocator allocator = new RootAllocator(); Arena arena = Arena.ofConfined();
                 FieldVector v1 = original(type, allocator, new Random(name.hashCode() + 21))) {
                MemorySegment structs = arena.allocate(type.size() * N, type.alignment());
                exportFromArrowJava(v1, allocator, (s, a) -> assertEquals(N, ArrowImport.importInto(s, a, type, structs, 0)));
                try (FieldVector v2 = importIntoArrowJava(allocator, (s, a) -> {
                    ArrowExport.exportSchema(type, s);
                    ArrowExport.exportArray(type, structs, 0, N, a);
                })) {
                    assertSame(v1, v2, name);
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> throughTheColumnarTwin() {
        return ColumnsFixtures.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            try (BufferAllocator allocator = new RootAllocator(); Arena arena = Arena.ofConfined();
                 FieldVector v1 = original(type, allocator, new Random(name.hashCode() + 22))) {
                StructColumns<?> columns = ColumnsFixtures.allocate(name, arena, N);
                exportFromArrowJava(v1, allocator, (s, a) -> assertEquals(N, ColumnsImport.importInto(s, a, columns, 0)));
                try (FieldVector v3 = importIntoArrowJava(allocator, (s, a) -> ColumnsExport.export(columns, s, a))) {
                    assertSame(v1, v3, name);
                }
            }
        }));
    }

    /** Arrow Java's vector of Particle or Texts rows, changed, imported into columns prefilled with 0x5A: refused, columns unchanged. */
    private static ArrowDataException refusedByColumns(String fixture, Consumer<StructVector> change) {
        StructType<Record> type = ArrowJavaOracleTest.type(fixture);
        try (BufferAllocator allocator = new RootAllocator(); Arena arena = Arena.ofConfined();
             FieldVector v = original(type, allocator, new Random(5))) {
            change.accept((StructVector) v);
            StructColumns<?> columns = ColumnsFixtures.allocate(fixture, arena, N + 3);
            columns.segment().fill((byte) 0x5A);
            ArrowDataException e = assertThrows(ArrowDataException.class,
                    () -> exportFromArrowJava(v, allocator, (s, a) -> ColumnsImport.importInto(s, a, columns, 3)));
            byte[] bytes = columns.segment().toArray(ValueLayout.JAVA_BYTE);
            for (int i = 0; i < bytes.length; i++) {
                assertEquals((byte) 0x5A, bytes[i], "columns unchanged at byte " + i);
            }
            return e;
        }
    }

    @Test
    void overlongTextIntoColumnsIsRefusedWithRowAndField() {
        ArrowDataException e = refusedByColumns("Particle", v -> ((VarCharVector) v.getChild("label"))
                .setSafe(40, "seventeen bytes!!".getBytes(StandardCharsets.UTF_8)));
        assertEquals(40, e.row());
        assertEquals("label", e.field());
        assertTrue(e.getMessage().contains("exceeds the capacity of 16 bytes"), e.getMessage());
    }

    @Test
    void aNullOrAnUnknownEnumCodeIntoColumnsIsRefused() {
        ArrowDataException e = refusedByColumns("Particle", v -> ((FieldVector) v.getChild("x")).setNull(12));
        assertEquals(12, e.row());
        assertEquals("x", e.field());
        ArrowDataException c = refusedByColumns("Tagged", v -> ((UInt1Vector) v.getChild("color")).set(33, (byte) 7));
        assertEquals(33, c.row());
        assertEquals("color", c.field());
    }

    @Test
    void rowsThatDoNotFitTheColumnsAreRefusedBeforeWriting() {
        StructType<Record> type = ArrowJavaOracleTest.type("Vec3");
        try (BufferAllocator allocator = new RootAllocator(); Arena arena = Arena.ofConfined();
             FieldVector v = original(type, allocator, new Random(6))) {
            StructColumns<?> columns = ColumnsFixtures.allocate("Vec3", arena, N);
            columns.segment().fill((byte) 0x5A);
            ArrowDataException e = assertThrows(ArrowDataException.class,
                    () -> exportFromArrowJava(v, allocator, (s, a) -> ColumnsImport.importInto(s, a, columns, 1)));
            assertEquals("field 'Vec3': the ArrowArray's 97 rows do not fit the target: it holds 97 rows, 96 from row 1 on"
                    + " (target unchanged)", e.getMessage());
            byte[] bytes = columns.segment().toArray(ValueLayout.JAVA_BYTE);
            for (byte b : bytes) {
                assertEquals((byte) 0x5A, b);
            }
        }
    }
}

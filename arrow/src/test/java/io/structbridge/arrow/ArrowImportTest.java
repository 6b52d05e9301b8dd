package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.Column;
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
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Import: Arrow Java's export (of the vectors it imported from us) back into struct memory gives the
 * same bytes in every column, for every fixture (struct -> Arrow -> Arrow Java -> Arrow -> struct is
 * the identity); values that break a member's rule, changed in Arrow Java, are refused with row and
 * field and leave the target unchanged.
 */
class ArrowImportTest {
    private static final int N = 100;

    @TestFactory
    Stream<DynamicTest> roundTripThroughArrowJavaIsTheIdentity() {
        return ArrowJavaOracleTest.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
                MemorySegment seg = arena.allocate(type.size() * N, type.alignment());
                RandomStructs.fill(type, seg, N, new Random(name.hashCode() + 1));
                MemorySegment back = arena.allocate(type.size() * N, type.alignment());
                throughArrowJava(type, seg, allocator, v -> { }, back);
                for (long i = 0; i < N; i++) {
                    for (Column c : type.columns()) {
                        long at = i * type.size() + c.offset();
                        assertArrayEquals(seg.asSlice(at, c.byteSize()).toArray(ValueLayout.JAVA_BYTE),
                                back.asSlice(at, c.byteSize()).toArray(ValueLayout.JAVA_BYTE), name + "[" + i + "]." + c.path());
                    }
                    type.read(back, i * type.size()); // every value passes the generated reader's checks
                }
            }
        }));
    }

    /** Our export, imported by Arrow Java, changed by {@code change}, exported by Arrow Java, imported by us into {@code target}. */
    private static void throughArrowJava(StructType<Record> type, MemorySegment seg, BufferAllocator allocator,
                                         Consumer<StructVector> change, MemorySegment target) {
        FieldVector v;
        try (ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(s.memoryAddress()));
            ArrowExport.exportArray(type, seg, 0, N, MemorySegment.ofAddress(a.memoryAddress()));
            v = Data.importVector(allocator, a, s, null);
        }
        try (FieldVector vector = v; ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            change.accept((StructVector) vector);
            Data.exportVector(allocator, vector, null, a, s);
            ArrowImport.importInto(MemorySegment.ofAddress(s.memoryAddress()), MemorySegment.ofAddress(a.memoryAddress()), type, target, 0);
        }
    }

    private static ArrowDataException refused(String fixture, Consumer<StructVector> change) {
        StructType<Record> type = ArrowJavaOracleTest.type(fixture);
        try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
            MemorySegment seg = arena.allocate(type.size() * N, type.alignment());
            RandomStructs.fill(type, seg, N, new Random(7));
            MemorySegment target = arena.allocate(type.size() * N, type.alignment());
            target.fill((byte) 0x5A);
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> throughArrowJava(type, seg, allocator, change, target));
            for (long i = 0; i < target.byteSize(); i++) {
                assertEquals((byte) 0x5A, target.get(ValueLayout.JAVA_BYTE, i), "target unchanged at byte " + i);
            }
            return e;
        }
    }

    @Test
    void overlongTextIsRefusedWithRowAndField() {
        ArrowDataException e = refused("Texts", v -> {
            VarCharVector t = (VarCharVector) v.getChild("utf8");
            t.setSafe(3, "12345678".getBytes(StandardCharsets.UTF_8));
        });
        assertEquals(3, e.row());
        assertEquals("utf8", e.field());
        assertTrue(e.getMessage().contains("exceeds the capacity of 8 bytes"), e.getMessage());
    }

    @Test
    void aNullIsRefused() {
        ArrowDataException e = refused("Particle", v -> ((FieldVector) v.getChild("label")).setNull(5));
        assertEquals(5, e.row());
        assertEquals("label", e.field());
        assertTrue(e.getMessage().contains("null"), e.getMessage());
    }

    @Test
    void anEnumCodeThatIsNoConstantIsRefused() {
        ArrowDataException e = refused("Tagged", v -> ((UInt1Vector) v.getChild("color")).set(9, (byte) 3));
        assertEquals(9, e.row());
        assertEquals("color", e.field());
        // the same text as the generated C export (CArrowExportTest, compiled by gcc)
        assertTrue(e.getMessage().endsWith("enum code 3 is not one of RED=1,GREEN=2,BLUE=200"), e.getMessage());
    }

    @Test
    void aUint64AboveLongMaxIsRefused() {
        ArrowDataException e = refused("AllScalars", v -> ((UInt8Vector) v.getChild("u64")).set(11, -1L));
        assertEquals(11, e.row());
        assertTrue(e.getMessage().contains("18446744073709551615"), e.getMessage());
    }

    @Test
    void aCharacterOutsideLatin1IsRefused() {
        ArrowDataException e = refused("Texts", v -> ((VarCharVector) v.getChild("latin1")).setSafe(2, "€".getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, e.row());
        assertEquals("latin1", e.field());
        assertTrue(e.getMessage().contains("U+20AC"), e.getMessage());
    }

    @Test
    void aTruncatingMemberCutsAtACharacterBoundary() {
        StructType<Record> type = ArrowJavaOracleTest.type("Texts");
        try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
            MemorySegment seg = arena.allocate(type.size() * N, type.alignment());
            RandomStructs.fill(type, seg, N, new Random(3));
            MemorySegment back = arena.allocate(type.size() * N, type.alignment());
            // capacity 8 with NUL: 7 bytes of text; "abcdef€" is 9 bytes, cut before the 3-byte euro sign
            throughArrowJava(type, seg, allocator, v -> ((VarCharVector) v.getChild("cut")).setSafe(4,
                    "abcdef€".getBytes(StandardCharsets.UTF_8)), back);
            assertTrue(type.read(back, 4 * type.size()).toString().contains("cut=abcdef]"), type.read(back, 4 * type.size()).toString());
        }
    }
}

package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.structbridge.fixtures.Color;
import io.structbridge.fixtures.Vec3;
import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * The Arrow export's transposed path (struct types: each block of rows through {@code copyToColumns},
 * numeric native-order leaves straight into their data buffers) over several of its 256 KiB blocks,
 * from a first row that is neither 0 nor a multiple of 8, read back by Arrow Java and compared with the
 * generated reader; failures in a late block name the row and leave the consumer untouched.
 */
class TransposedExportBlocksTest {
    private static final long TRANSPOSED_BLOCK = 256 * 1024;

    static int blockRows(StructType<?> type) {
        return (int) Math.max(8, (TRANSPOSED_BLOCK / type.size()) & ~7L);
    }

    static Stream<String> names() {
        return Stream.of("io.structbridge.arrow.Mixed", "Tagged", "AllScalars", "BigEndianHeader", "Particle", "Texts",
                "Arrays", "Containers_Line", "io.structbridge.arrow.Singles", "PackedOuter");
    }

    /** Exports rows {@code [first, first + n)} and has Arrow Java read every value back equal to {@code type.read}. */
    static void exportAndCompare(StructType<Record> type, MemorySegment seg, long first, int n, String name) {
        try (BufferAllocator allocator = new RootAllocator();
             ArrowSchema cSchema = ArrowSchema.allocateNew(allocator); ArrowArray cArray = ArrowArray.allocateNew(allocator)) {
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(cSchema.memoryAddress()));
            ArrowExport.exportArray(type, seg, first, n, MemorySegment.ofAddress(cArray.memoryAddress()));
            try (FieldVector v = Data.importVector(allocator, cArray, cSchema, null)) {
                StructVector s = (StructVector) v;
                assertEquals(n, s.getValueCount());
                for (int i = 0; i < n; i++) {
                    ArrowJava.assertRecord(type.read(seg, (first + i) * type.size()), s, i, name + "[" + (first + i) + "]");
                }
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> severalTransposedBlocksFromAnOddFirstRow() {
        return names().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            int first = 3;
            int n = Math.min(70_000, 2 * blockRows(type) + 13);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(type.size() * (first + n + 1), type.alignment());
                RandomStructs.fill(type, seg, first + n + 1, new Random(name.hashCode() + 11));
                exportAndCompare(type, seg, first, n, name);
            }
        }));
    }

    private static Mixed mixed(long i, String t8, String t9, String t16, String t17, String l16, String a8) {
        return new Mixed(i, Color.BLUE, Color.RED, i % 3 == 0, (int) i * 7919, t8, t9, t16, t17, l16, a8,
                new Vec3[] {new Vec3(1, 2, 3), new Vec3(i, -i, 0.5f)}, new double[] {i, -0.0, Double.NaN}, (int) (i & 0xff));
    }

    /** Text at the word boundaries of the ASCII fast path: NUL at byte 7, 8, 15 and 16, capacity 8, 9, 16, 17. */
    @Test
    void textAtTheWordBoundariesEqualsTheReader() {
        StructType<Mixed> type = MixedStruct.TYPE;
        List<Mixed> values = List.of(
                mixed(0, "abcdefg", "abcdefgh", "abcdefgh", "abcdefghijklmnop", "abcdefghijklmno", "ABCDEFGH"),
                mixed(1, "", "", "", "", "", ""),
                mixed(2, "a", "abcdefg", "abcdefghijklmno", "abcdefghijklmno", "\u00e9abcdefghijklm", "ABCDEFG"),
                mixed(3, "\u00e9\u00e9\u00e9", "\u00e9abcdef", "abcdefgh\u00e9", "abcdefgh12345678", "abcdefgh\u00ff", "A"),
                mixed(4, "1234567", "12345678", "\u20ac\u20ac\u20ac\u20ac\u20ac", "0123456789abcde", "0123456789abcdef".substring(0, 15), "12345678"));
        int n = values.size() * 50;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * (n + 1), type.alignment());
            for (int i = 0; i < n; i++) {
                type.write(seg, (i + 1) * type.size(), values.get(i % values.size()));
            }
            // garbage after every NUL: the reader stops at the NUL, so must the export
            for (int i = 0; i < n; i++) {
                for (Column c : type.columns()) {
                    if (c.kind() == Column.Kind.TEXT) {
                        long at = (i + 1) * type.size() + c.offset();
                        int len = 0;
                        while (len < c.length() && seg.get(ValueLayout.JAVA_BYTE, at + len) != 0) {
                            len++;
                        }
                        for (int j = len + 1; j < c.length(); j++) {
                            seg.set(ValueLayout.JAVA_BYTE, at + j, (byte) (j % 2 == 0 ? 'Z' : 0xC3));
                        }
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                Mixed w = values.get(i % values.size());
                Mixed r = type.read(seg, (i + 1) * type.size());
                assertEquals(List.of(w.t8(), w.t9(), w.t16(), w.t17(), w.l16(), w.a8()),
                        List.of(r.t8(), r.t9(), r.t16(), r.t17(), r.l16(), r.a8()), "reader " + i);
            }
            @SuppressWarnings("unchecked")
            StructType<Record> t = (StructType<Record>) (StructType<?>) type;
            exportAndCompare(t, seg, 1, n, "Mixed");
        }
    }

    private static void refusedLate(String field, long row, byte[] bytes) {
        StructType<Mixed> type = MixedStruct.TYPE;
        int first = 5;
        int n = 3 * blockRows(type) + 9;
        Column c = type.columns().stream().filter(x -> x.path().equals(field)).findFirst().orElseThrow();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * (first + n), type.alignment());
            RandomStructs.fill(type, seg, first + n, new Random(9));
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, row * type.size() + c.offset(), bytes.length);
            MemorySegment out = arena.allocate(ArrowExport.ARRAY_SIZE).fill((byte) 0x33);
            int live = ArrowExport.unreleasedStructs();
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(type, seg, first, n, out));
            assertEquals(row, e.row(), e.getMessage());
            assertEquals(field, e.field(), e.getMessage());
            for (long i = 0; i < out.byteSize(); i++) {
                assertEquals((byte) 0x33, out.get(ValueLayout.JAVA_BYTE, i), "the consumer's struct is untouched");
            }
            assertEquals(live, ArrowExport.unreleasedStructs(), "nothing left allocated");
        }
    }

    @Test
    void badValuesInALateBlockNameTheirRow() {
        int n = 3 * blockRows(MixedStruct.TYPE) + 9;
        long last = 5 + n - 1;
        refusedLate("color", last, new byte[] {7});
        refusedLate("wide", last - 1, new byte[] {9, 0, 0, 0});
        refusedLate("flag", 5 + 2 * blockRows(MixedStruct.TYPE) + 1, new byte[] {2});
        refusedLate("t9", last, "abcdefgh\u00ff".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        refusedLate("a8", last, new byte[] {'a', (byte) 0x80});
    }
}

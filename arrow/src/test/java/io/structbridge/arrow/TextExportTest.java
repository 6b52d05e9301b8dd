package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.StructValueException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
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
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The export's text path (a word-at-a-time copy for ASCII text whose NUL lies in a whole 8-byte word, the
 * checked path otherwise) against the generated reader on hostile bytes: random garbage after the NUL,
 * bytes above 0x7F before it, no NUL at all, NULs at every position, multi-byte UTF-8 across word
 * boundaries. Every row the reader decodes, the export holds with the same value (read back by Arrow
 * Java); every row the reader refuses, a one-row export refuses with an {@link ArrowDataException}
 * naming that row and the text member.
 */
class TextExportTest {
    private static final int ROWS = 3_000;

    static Stream<String> fixtures() {
        return Stream.of("Texts", "Particle", "io.structbridge.fixtures.transpose.ManyColumns");
    }

    /** Text bytes for a member of capacity {@code cap}: one of several hostile shapes. */
    private static byte[] hostile(Random r, int cap) {
        byte[] b = new byte[cap];
        int shape = r.nextInt(7);
        int len = r.nextInt(cap + 1);
        for (int i = 0; i < cap; i++) {
            b[i] = (byte) (0x20 + r.nextInt(0x5F));
        }
        switch (shape) {
            case 0 -> { // ASCII, NUL, garbage of any value after it
                if (len < cap) {
                    b[len] = 0;
                    for (int i = len + 1; i < cap; i++) {
                        b[i] = (byte) r.nextInt(256);
                    }
                }
            }
            case 1 -> { // a byte above 0x7F before the NUL
                if (len < cap) {
                    b[len] = 0;
                }
                if (len > 0) {
                    b[r.nextInt(len)] = (byte) (0x80 + r.nextInt(0x80));
                }
            }
            case 2 -> { } // no NUL at all
            case 3 -> { // valid multi-byte UTF-8 up to the NUL, possibly across word boundaries
                byte[] text = "é€😀ü".repeat(40).getBytes(StandardCharsets.UTF_8);
                int n = Math.min(len, cap - 1);
                System.arraycopy(text, 0, b, 0, Math.max(0, n));
                if (n >= 0 && n < cap) {
                    b[n] = 0;
                }
            }
            case 4 -> { // every byte random
                r.nextBytes(b);
            }
            case 5 -> { // NUL at the last byte, or the 8th, or the first
                int at = switch (r.nextInt(3)) {
                    case 0 -> cap - 1;
                    case 1 -> Math.min(7, cap - 1);
                    default -> 0;
                };
                b[at] = 0;
            }
            default -> { // zero-filled after the text, as the codec writes it
                for (int i = len; i < cap; i++) {
                    b[i] = 0;
                }
            }
        }
        return b;
    }

    @TestFactory
    Stream<DynamicTest> everyTextTheReaderDecodesIsExportedAndEveryRefusedOneIsRefused() {
        return fixtures().map(name -> DynamicTest.dynamicTest(name, () -> {
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            List<Column> texts = type.columns().stream().filter(c -> c.kind() == Column.Kind.TEXT).toList();
            assertTrue(!texts.isEmpty(), name + " has text");
            Random random = new Random(name.hashCode() * 31L);
            try (Arena arena = Arena.ofConfined(); BufferAllocator allocator = new RootAllocator()) {
                MemorySegment seg = arena.allocate(type.size() * ROWS, type.alignment());
                RandomStructs.fill(type, seg, ROWS, random);
                for (int i = 0; i < ROWS; i++) {
                    for (Column c : texts) {
                        byte[] b = hostile(random, c.length());
                        MemorySegment.copy(b, 0, seg, ValueLayout.JAVA_BYTE, i * type.size() + c.offset(), b.length);
                    }
                }
                // split by the reader's verdict: decodable rows into one batch, refused rows one at a time
                List<Record> good = new ArrayList<>();
                MemorySegment goodRows = arena.allocate(type.size() * ROWS, type.alignment());
                int refused = 0;
                for (int i = 0; i < ROWS; i++) {
                    Record rec;
                    try {
                        rec = type.read(seg, i * type.size());
                    } catch (StructValueException e) {
                        refused++;
                        int row = i;
                        try (ArrowArray cArray = ArrowArray.allocateNew(allocator)) {
                            ArrowDataException x = assertThrows(ArrowDataException.class, () -> ArrowExport.exportArray(type, seg, row, 1,
                                    MemorySegment.ofAddress(cArray.memoryAddress())), name + "[" + i + "] refused by the reader: " + e.getMessage());
                            assertTrue(x.getMessage().contains("row " + row), x.getMessage());
                            assertTrue(texts.stream().anyMatch(c -> x.getMessage().contains(c.path())), x.getMessage());
                        }
                        continue;
                    }
                    MemorySegment.copy(seg, i * type.size(), goodRows, good.size() * type.size(), type.size());
                    good.add(rec);
                }
                assertTrue(refused > ROWS / 20 && good.size() > ROWS / 20, name + ": " + refused + " refused, " + good.size() + " decoded");
                try (ArrowSchema cSchema = ArrowSchema.allocateNew(allocator); ArrowArray cArray = ArrowArray.allocateNew(allocator)) {
                    ArrowExport.exportSchema(type, MemorySegment.ofAddress(cSchema.memoryAddress()));
                    ArrowExport.exportArray(type, goodRows, 0, good.size(), MemorySegment.ofAddress(cArray.memoryAddress()));
                    try (FieldVector v = Data.importVector(allocator, cArray, cSchema, null)) {
                        StructVector s = (StructVector) v;
                        assertEquals(good.size(), s.getValueCount());
                        for (int i = 0; i < good.size(); i++) {
                            ArrowJava.assertRecord(good.get(i), s, i, name + " decoded row " + i);
                        }
                    }
                }
            }
        }));
    }
}

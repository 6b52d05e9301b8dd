package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructColumns;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Import of hostile and unusual C Data Interface input: a valid export by Arrow Java with one field
 * changed ({@link HostileProducer}). Every malformed struct, buffer, offset or value is an
 * {@link ArrowDataException} naming the row, the member path and what is wrong, never a crash or a
 * bare JDK exception; the target (structs and columns, prefilled with 0x5A) is then unchanged and both
 * input structs are consumed (released). Unusual but valid input (NULL validity bitmaps, flags, array
 * offsets, misaligned buffers, large utf8) imports as the unchanged export does.
 *
 * <p>Struct field offsets (LP64): ArrowArray length 0, null_count 8, offset 16, n_buffers 24,
 * n_children 32, buffers 40, children 48, dictionary 56, release 64; ArrowSchema format 0, flags 24,
 * n_children 32, children 40, dictionary 48, release 56. Particle's children: id, x, y, z, species,
 * label, velocity ({@code +w:3}); Envelope's: seq, lead, tags ({@code +w:2} of Tagged: color, wide, value), note, last.
 */
class ArrowImportHostileTest {
    private static final int N = 97;
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG;
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;

    /** One change to a valid export and what the import must say: row (-1 none), member path, message fragment. */
    record Case(String name, String fixture, Consumer<HostileProducer> change, long row, String field, String fragment) {}

    private static void set(MemorySegment s, long offset, long v) {
        s.set(I64, offset, v);
    }

    private static void setPtr(MemorySegment s, long offset, MemorySegment p) {
        s.set(ValueLayout.ADDRESS, offset, p);
    }

    /** label's offsets (N + 1 int32), copied so they can be changed. */
    private static MemorySegment labelOffsets(HostileProducer p) {
        return p.copyBuffer(p.array(5), 1, 4L * (N + 1), 0);
    }

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        // 02: NULL pointers and counts that do not match the format
        c.add(new Case("root children NULL", "Particle", p -> setPtr(p.array(), 48, MemorySegment.NULL), -1, "Particle",
                "ArrowArray.children is NULL where 7 children are expected"));
        c.add(new Case("root children[2] NULL", "Particle", p -> p.array().get(ValueLayout.ADDRESS, 48).reinterpret(56)
                .setAtIndex(ValueLayout.ADDRESS, 2, MemorySegment.NULL), -1, "Particle", "ArrowArray.children[2] is NULL"));
        c.add(new Case("child buffers NULL", "Particle", p -> setPtr(p.array(5), 40, MemorySegment.NULL), -1, "label",
                "ArrowArray (child 5 of 'Particle').buffers is NULL where 3 buffers are expected"));
        c.add(new Case("n_buffers too small", "Particle", p -> set(p.array(0), 24, 1), -1, "id",
                "ArrowArray (child 0 of 'Particle').n_buffers is 1 where the format has 2"));
        c.add(new Case("n_children too small", "Particle", p -> set(p.array(), 32, 3), -1, "Particle",
                "ArrowArray.n_children is 3 where the format has 7"));
        c.add(new Case("int data buffer NULL", "Particle", p -> HostileProducer.bufferPointers(p.array(1))
                .setAtIndex(ValueLayout.ADDRESS, 1, MemorySegment.NULL), -1, "x",
                "ArrowArray.buffers[1] (the data) is NULL where 388 bytes are read"));
        c.add(new Case("list child buffers NULL", "Particle", p -> setPtr(p.array(6, 0), 40, MemorySegment.NULL), -1, "velocity[]",
                ".buffers is NULL where 2 buffers are expected"));
        c.add(new Case("utf8 data buffer NULL", "Particle", p -> HostileProducer.bufferPointers(p.array(5))
                .setAtIndex(ValueLayout.ADDRESS, 2, MemorySegment.NULL), -1, "label", "buffers[2] (the data) is NULL where"));
        c.add(new Case("utf8 offsets buffer NULL", "Particle", p -> HostileProducer.bufferPointers(p.array(5))
                .setAtIndex(ValueLayout.ADDRESS, 1, MemorySegment.NULL), -1, "label",
                "buffers[1] (the offsets) is NULL where 392 bytes are read"));
        c.add(new Case("NULL validity bitmap but null_count 3", "Particle", p -> {
            HostileProducer.bufferPointers(p.array(6)).setAtIndex(ValueLayout.ADDRESS, 0, MemorySegment.NULL);
            set(p.array(6), 8, 3);
        }, -1, "velocity", "ArrowArray.null_count is 3 but buffers[0] (the validity bitmap) is NULL"));
        c.add(new Case("schema children NULL", "Particle", p -> setPtr(p.schema(), 40, MemorySegment.NULL), -1, "Particle",
                "ArrowSchema.children is NULL where 7 children are expected"));
        c.add(new Case("schema children[1] NULL", "Particle", p -> p.schema().get(ValueLayout.ADDRESS, 40).reinterpret(56)
                .setAtIndex(ValueLayout.ADDRESS, 1, MemorySegment.NULL), -1, "Particle", "ArrowSchema.children[1] is NULL"));
        c.add(new Case("schema format NULL", "Particle", p -> setPtr(p.schema(1), 0, MemorySegment.NULL), -1, "x",
                "ArrowSchema (child 1 of 'Particle').format is NULL where 'f' is expected"));
        c.add(new Case("schema n_children wrong", "Particle", p -> set(p.schema(6), 32, 0), -1, "velocity",
                "0 Arrow children (ArrowSchema (child 6 of 'Particle').n_children) where 1 are expected"));
        // 03: utf8 offsets checked before anything is read or allocated from them
        c.add(new Case("huge utf8 value", "Particle", p -> {
            MemorySegment o = labelOffsets(p);
            for (int i = 41; i <= N; i++) {
                o.setAtIndex(I32, i, o.getAtIndex(I32, i) + (1 << 30));
            }
        }, 40, "label", " UTF-8 bytes exceeds the capacity of 16 bytes"));
        c.add(new Case("decreasing utf8 offsets", "Particle", p -> {
            MemorySegment o = labelOffsets(p);
            o.setAtIndex(I32, 11, o.getAtIndex(I32, 10) - 1);
        }, 10, "label", "utf8 offsets[10..11] = "));
        c.add(new Case("negative first utf8 offset", "Particle", p -> labelOffsets(p).setAtIndex(I32, 0, -5), 0, "label",
                " start below 0"));
        c.add(new Case("utf8 offset past the data", "Particle", p -> {
            MemorySegment o = labelOffsets(p);
            for (int i = 30; i < N; i++) {
                o.setAtIndex(I32, i, o.getAtIndex(I32, N) + 5);
            }
        }, 29, "label", " pass the data buffer's size "));
        c.add(new Case("negative last utf8 offset", "Particle", p -> labelOffsets(p).setAtIndex(I32, N, -1), -1, "label",
                "utf8 offsets[97] (the data buffer's size) is negative (-1)"));
        // 09: released structs
        c.add(new Case("array released", "Particle", p -> setPtr(p.array(), 64, MemorySegment.NULL), -1, "Particle",
                "the ArrowArray is released (release is NULL)"));
        c.add(new Case("schema released", "Particle", p -> setPtr(p.schema(), 56, MemorySegment.NULL), -1, "Particle",
                "the ArrowSchema is released (release is NULL)"));
        c.add(new Case("child array released", "Particle", p -> setPtr(p.array(5), 64, MemorySegment.NULL), -1, "label",
                "the ArrowArray (child 5 of 'Particle') is released (release is NULL)"));
        c.add(new Case("child schema released", "Particle", p -> setPtr(p.schema(1), 56, MemorySegment.NULL), -1, "x",
                "the ArrowSchema (child 1 of 'Particle') is released (release is NULL)"));
        // 01: dictionaries and formats
        c.add(new Case("dictionary-encoded schema", "Particle", p -> setPtr(p.schema(4), 48, p.schema(5)), -1, "species",
                "dictionary-encoded (ArrowSchema (child 4 of 'Particle').dictionary is not NULL, indices 'C')"));
        c.add(new Case("dictionary on the array", "Particle", p -> setPtr(p.array(4), 56, p.array(5)), -1, "species",
                "ArrowArray (child 4 of 'Particle').dictionary is not NULL: dictionary-encoded arrays are not imported"));
        c.add(new Case("unexpected format", "Particle", p -> setPtr(p.schema(1), 0, p.arena.allocateFrom("g")), -1, "x",
                "Arrow format 'g' where 'f' is expected"));
        c.add(new Case("string view for text", "Particle", p -> setPtr(p.schema(5), 0, p.arena.allocateFrom("vu")), -1, "label",
                "Arrow format 'vu' where 'u' is expected (or 'U', large utf8)"));
        // 04: children's lengths and offsets against their parent's
        c.add(new Case("fixed-size list child too short", "Particle", p -> set(p.array(6, 0), 0, 3L * N - 1), -1, "velocity",
                "the fixed-size list's child has length 290 where 0 + 291 values are needed"));
        c.add(new Case("struct child too short", "Particle", p -> set(p.array(1), 0, N - 1), -1, "x",
                "ArrowArray.length is 96 where 0 + 97 values are needed"));
        c.add(new Case("root offset past the children", "Particle", p -> {
            nullValidityOf(p.array());
            set(p.array(), 16, 1);
        }, -1, "id",
                "ArrowArray.length is 97 where 1 + 97 values are needed"));
        c.add(new Case("fixed-size list offset past its child", "Envelope", p -> {
            nullValidityOf(p.array(2));
            set(p.array(2), 16, 1);
        }, -1, "tags[]",
                "ArrowArray.length is 194 where 2 + 194 values are needed"));
        // 06: negative or overflowing header fields
        c.add(new Case("negative offset", "Particle", p -> set(p.array(1), 16, -1), -1, "x",
                "ArrowArray (child 1 of 'Particle').offset is negative (-1)"));
        c.add(new Case("negative child length", "Particle", p -> set(p.array(0), 0, -4), -1, "id",
                "ArrowArray (child 0 of 'Particle').length is negative (-4)"));
        c.add(new Case("negative root length", "Particle", p -> set(p.array(), 0, -4), -1, "Particle",
                "ArrowArray.length is negative (-4)"));
        c.add(new Case("null_count below -1", "Particle", p -> set(p.array(0), 8, -2), -1, "id",
                "null_count -2 is outside -1..97 (the length)"));
        c.add(new Case("null_count above the length", "Particle", p -> set(p.array(0), 8, 98), -1, "id",
                "null_count 98 is outside -1..97 (the length)"));
        c.add(new Case("offset overflowing", "Particle", p -> set(p.array(1), 16, Long.MAX_VALUE - 3), -1, "x",
                ".offset + length is above 2^56 (9223372036854775804 + 97)"));
        // issue 20 item 14: offsets and pointers that run outside readable memory are refused, not read (was SIGSEGV)
        c.add(new Case("child offset 2^40", "Particle", p -> set(p.array(1), 16, 1L << 40), -1, "x",
                "(offset 1099511627776, length 97), which run outside this process's readable memory"));
        c.add(new Case("child offset 2^40, no validity bitmap", "Particle", p -> {
            nullValidityOf(p.array(1));
            set(p.array(1), 16, 1L << 40);
        }, -1, "x", "ArrowArray.buffers[1] (the data) at 0x"));
        c.add(new Case("utf8 offsets past readable memory", "Particle", p -> {
            // every value keeps its length, all start 1 GiB into a data buffer of a few hundred bytes; the buffer is
            // followed by 1 GiB + 64 KiB mapped without access, so those bytes are unreadable on every run (1 GiB past
            // an ordinary allocation may well be another readable mapping of this JVM: then the import reads it)
            MemorySegment o = labelOffsets(p);
            p.guardedBuffer(p.array(5), 2, o.getAtIndex(I32, N), (1L << 30) + (1L << 16));
            for (int i = 0; i <= N; i++) {
                o.setAtIndex(I32, i, o.getAtIndex(I32, i) + (1 << 30));
            }
        }, 0, "label", "utf8 value bytes 1073741824.."));
        c.add(new Case("utf8 child offset 2^40", "Particle", p -> set(p.array(5), 16, 1L << 40), -1, "label",
                "(offset 1099511627776, length 97), which run outside this process's readable memory"));
        c.add(new Case("list child offset 2^40", "Particle", p -> set(p.array(6, 0), 16, 1L << 40), -1, "velocity[]",
                "(offset 1099511627776, length 291), which run outside this process's readable memory"));
        c.add(new Case("bool list child offset 2^44", "Arrays", p -> set(p.array(0, 0), 16, 1L << 44), -1, "flags[]",
                "(offset 17592186044416, length 291), which run outside this process's readable memory"));
        c.add(new Case("struct child's child offset 2^40", "Envelope", p -> set(p.array(1, 0), 16, 1L << 40), -1, "lead.id",
                "readable memory"));
        c.add(new Case("buffers pointer into nothing", "Particle", p -> setPtr(p.array(1), 40, MemorySegment.ofAddress(0x10)), -1,
                "x", "ArrowArray (child 1 of 'Particle').buffers (2 pointers) at 0x10 is not in this process's readable memory"));
        c.add(new Case("child struct pointer into nothing", "Particle", p -> p.array().get(ValueLayout.ADDRESS, 48).reinterpret(56)
                .setAtIndex(ValueLayout.ADDRESS, 3, MemorySegment.ofAddress(0x18)), -1, "Particle",
                "ArrowArray.children[3] (the child's struct, 80 bytes) at 0x18 is not in this process's readable memory"));
        c.add(new Case("data pointer into nothing", "Particle", p -> HostileProducer.bufferPointers(p.array(0))
                .setAtIndex(ValueLayout.ADDRESS, 1, MemorySegment.ofAddress(0x1000)), -1, "id",
                "ArrowArray.buffers[1] (the data) at 0x1000 would need 388 bytes (offset 0, length 97)"));
        // 05: nulls at every level name the row and the element
        c.add(new Case("null in a fixed-size list", "Particle", p -> p.nullAt(p.array(6, 0), 40 * 3 + 2), 40, "velocity[2]",
                "null (validity bit 122 is 0): every member has a value in struct memory"));
        c.add(new Case("null with null_count 0", "Particle", p -> {
            p.nullAt(p.array(6, 0), 7 * 3);
            set(p.array(6, 0), 8, 0);
        }, 7, "velocity[0]", "null (validity bit 21 is 0, though the ArrowArray's null_count is 0)"));
        c.add(new Case("null fixed-size list", "Particle", p -> p.nullAt(p.array(6), 12), 12, "velocity", "null (validity bit 12"));
        c.add(new Case("null struct in a struct array", "Envelope", p -> p.nullAt(p.array(2, 0), 5 * 2 + 1), 5, "tags[1]",
                "null (validity bit 11 is 0)"));
        c.add(new Case("null enum in a struct array", "Envelope", p -> p.nullAt(p.array(2, 0, 0), 7 * 2 + 1), 7, "tags[1].color",
                "null (validity bit 15 is 0)"));
        c.add(new Case("null bool in a list", "Arrays", p -> p.nullAt(p.array(0, 0), 4 * 3 + 2), 4, "flags[2]",
                "null (validity bit 14 is 0)"));
        c.add(new Case("null nested member", "Envelope", p -> p.nullAt(p.array(1, 4), 9), 9, "lead.species", "null"));
        c.add(new Case("null row", "Envelope", p -> p.nullAt(p.array(), 3), 3, "Envelope", "null (validity bit 3 is 0)"));
        c.add(new Case("enum code in a struct array", "Envelope", p -> p.copyBuffer(p.array(2, 0, 0), 1, 2L * N, 0)
                .set(ValueLayout.JAVA_BYTE, 6 * 2 + 1, (byte) 99), 6, "tags[1].color",
                "enum code 99 is not one of RED=1,GREEN=2,BLUE=200"));
        c.add(new Case("double list value null at row 0 with child offset", "Particle", p -> {
            set(p.array(), 0, N - 1);
            set(p.array(6, 0), 16, 3);
            set(p.array(6, 0), 0, 3L * N - 3);
            p.nullAt(p.array(6, 0), 1);
        }, 0, "velocity[1]", "null (validity bit 4 is 0)"));
        return c;
    }

    private static void assertUnchanged(MemorySegment target) {
        byte[] bytes = target.toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < bytes.length; i++) {
            assertEquals((byte) 0x5A, bytes[i], "target unchanged at byte " + i);
        }
    }

    private static void check(Case k, ArrowDataException e, HostileProducer p) {
        assertTrue(e.getMessage().contains(k.fragment()), k.name() + ": " + e.getMessage());
        assertEquals(k.field(), e.field(), k.name() + ": " + e.getMessage());
        assertEquals(k.row(), e.row(), k.name() + ": " + e.getMessage());
        assertEquals(0, p.array().get(ValueLayout.ADDRESS, 64).address(), "the array is consumed (released)");
        assertEquals(0, p.schema().get(ValueLayout.ADDRESS, 56).address(), "the schema is consumed (released)");
    }

    @TestFactory
    Stream<DynamicTest> hostileInputIsRefusedIntoStructs() {
        return cases().stream().map(k -> DynamicTest.dynamicTest(k.name(), () -> {
            try (HostileProducer p = new HostileProducer(k.fixture(), N, k.name().hashCode())) {
                k.change().accept(p);
                MemorySegment target = p.arena.allocate(p.type.size() * N, p.type.alignment());
                target.fill((byte) 0x5A);
                ArrowDataException e = assertThrows(ArrowDataException.class,
                        () -> ArrowImport.importInto(p.schema, p.array, p.type, target, 0), k.name());
                assertUnchanged(target);
                check(k, e, p);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> hostileInputIsRefusedIntoColumns() {
        return cases().stream().filter(k -> ColumnsFixtures.FIXTURES.contains(k.fixture()))
                .map(k -> DynamicTest.dynamicTest(k.name(), () -> {
                    try (HostileProducer p = new HostileProducer(k.fixture(), N, k.name().hashCode())) {
                        k.change().accept(p);
                        StructColumns<?> columns = ColumnsFixtures.allocate(k.fixture(), p.arena, N + 2);
                        columns.segment().fill((byte) 0x5A);
                        ArrowDataException e = assertThrows(ArrowDataException.class,
                                () -> ColumnsImport.importInto(p.schema, p.array, columns, 2), k.name());
                        assertUnchanged(columns.segment());
                        check(k, e, p);
                    }
                }));
    }

    /** {@return the import of the unchanged export of the fixture (the oracle for the unusual but valid cases)} */
    private static MemorySegment expected(String fixture, long seed, Arena arena) {
        try (HostileProducer p = new HostileProducer(fixture, N, seed)) {
            MemorySegment out = arena.allocate(p.type.size() * N, p.type.alignment());
            assertEquals(N, ArrowImport.importInto(p.schema, p.array, p.type, out, 0));
            return out;
        }
    }

    private static MemorySegment imported(HostileProducer p, Arena arena, long rows) {
        MemorySegment out = arena.allocate(p.type.size() * N, p.type.alignment());
        assertEquals(rows, ArrowImport.importInto(p.schema, p.array, p.type, out, 0));
        return out;
    }

    /** No validity bitmap (all valid) for {@code a} alone. */
    private static void nullValidityOf(MemorySegment a) {
        HostileProducer.bufferPointers(a).setAtIndex(ValueLayout.ADDRESS, 0, MemorySegment.NULL);
        a.set(I64, 8, 0L);
    }

    private static void nullValidity(MemorySegment a) {
        HostileProducer.bufferPointers(a).setAtIndex(ValueLayout.ADDRESS, 0, MemorySegment.NULL);
        a.set(I64, 8, 0L);
        long n = a.get(I64, 32);
        for (int i = 0; i < n; i++) {
            nullValidity(a.get(ValueLayout.ADDRESS, 48).reinterpret(8 * n).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(80));
        }
    }

    private static void flags(MemorySegment s, long flags) {
        s.set(I64, 24, flags);
        long n = s.get(I64, 32);
        for (int i = 0; i < n; i++) {
            flags(s.get(ValueLayout.ADDRESS, 40).reinterpret(8 * n).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(72), flags);
        }
    }

    @Test
    void unusualButValidInputImportsAsTheUnchangedExport() {
        for (String fixture : List.of("Particle", "Envelope", "Arrays", "Body")) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment expected = expected(fixture, 11, arena);
                try (HostileProducer p = new HostileProducer(fixture, N, 11)) {
                    // the spec allows a NULL validity bitmap when null_count is 0 (or -1: unknown)
                    nullValidity(p.array);
                    set(p.array, 8, -1);
                    assertArrayEquals(bytes(expected), bytes(imported(p, arena, N)), fixture + ": NULL validity bitmaps");
                }
                try (HostileProducer p = new HostileProducer(fixture, N, 11)) {
                    // ARROW_FLAG_DICTIONARY_ORDERED | ARROW_FLAG_NULLABLE | ARROW_FLAG_MAP_KEYS_SORTED: nothing to refuse
                    flags(p.schema, 7);
                    assertArrayEquals(bytes(expected), bytes(imported(p, arena, N)), fixture + ": flags");
                }
            }
        }
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void misalignedBuffersAndLargeUtf8ImportAsTheUnchangedExport() {
        try (Arena arena = Arena.ofConfined(); HostileProducer p = new HostileProducer("Particle", N, 12)) {
            MemorySegment expected = expected("Particle", 12, arena);
            p.copyBuffer(p.array(1), 1, 4L * N, 1); // x: float data at an odd address
            p.copyBuffer(p.array(0), 1, 4L * N, 3); // id: int data
            p.copyBuffer(p.array(5), 1, 4L * (N + 1), 1); // label offsets
            p.copyBuffer(p.array(6, 0), 1, 8L * 3 * N, 5); // velocity doubles
            assertArrayEquals(bytes(expected), bytes(imported(p, arena, N)), "misaligned");
        }
        try (Arena arena = Arena.ofConfined(); HostileProducer p = new HostileProducer("Particle", N, 13)) {
            MemorySegment expected = expected("Particle", 13, arena);
            // label as large utf8 ('U', int64 offsets): the same values
            MemorySegment o = HostileProducer.bufferPointers(p.array(5)).getAtIndex(ValueLayout.ADDRESS, 1).reinterpret(4L * (N + 1));
            MemorySegment wide = arena.allocate(8L * (N + 1), 8);
            for (int i = 0; i <= N; i++) {
                wide.setAtIndex(I64, i, o.getAtIndex(I32, i));
            }
            HostileProducer.bufferPointers(p.array(5)).setAtIndex(ValueLayout.ADDRESS, 1, wide);
            setPtr(p.schema(5), 0, p.arena.allocateFrom("U"));
            assertArrayEquals(bytes(expected), bytes(imported(p, arena, N)), "large utf8");
        }
    }

    @Test
    void arrayOffsetsAreHonouredAtEveryLevel() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment expected = expected("Particle", 14, arena);
            long size = ArrowJavaOracleTest.type("Particle").size();
            try (HostileProducer p = new HostileProducer("Particle", N, 14)) {
                // the root's offset applies to its children: row r is the export's row r + 2
                set(p.array, 16, 2);
                set(p.array, 0, N - 2);
                MemorySegment got = imported(p, arena, N - 2);
                assertArrayEquals(bytes(expected.asSlice(2 * size)), bytes(got.asSlice(0, (N - 2) * size)), "root offset 2");
            }
            try (HostileProducer p = new HostileProducer("Particle", N, 14)) {
                // the fixed-size list child's own offset: velocity of row r is the export's velocity of row r + 1
                set(p.array, 0, N - 1);
                set(p.array(6, 0), 16, 3);
                set(p.array(6, 0), 0, 3L * N - 3);
                MemorySegment got = imported(p, arena, N - 1);
                Column velocity = ArrowJavaOracleTest.type("Particle").columns().stream()
                        .filter(c -> c.path().equals("velocity")).findFirst().orElseThrow();
                for (long r = 0; r < N - 1; r++) {
                    for (Column c : ArrowJavaOracleTest.type("Particle").columns()) {
                        long from = (c == velocity ? r + 1 : r) * size + c.offset();
                        assertArrayEquals(bytes(expected.asSlice(from, c.byteSize())), bytes(got.asSlice(r * size + c.offset(), c.byteSize())),
                                "row " + r + " " + c.path());
                    }
                }
            }
        }
    }

    @Test
    void anArrayIsImportedOnceThenRefusedAsReleased() {
        try (HostileProducer p = new HostileProducer("Particle", N, 15); Arena arena = Arena.ofConfined()) {
            int releases = HostileProducer.ARRAY_RELEASES.get();
            imported(p, arena, N);
            assertEquals(releases + 1, HostileProducer.ARRAY_RELEASES.get(), "released once");
            MemorySegment target = arena.allocate(p.type.size() * N, p.type.alignment());
            target.fill((byte) 0x5A);
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ArrowImport.importInto(p.schema, p.array, p.type, target, 0));
            assertEquals("field 'Particle': the ArrowSchema is released (release is NULL): it was consumed already", e.getMessage());
            assertUnchanged(target);
            assertEquals(releases + 1, HostileProducer.ARRAY_RELEASES.get(), "not released again");
        }
        try (HostileProducer p = new HostileProducer("Particle", N, 16); Arena arena = Arena.ofConfined()) {
            StructColumns<?> columns = ColumnsFixtures.allocate("Particle", arena, N);
            assertEquals(N, ColumnsImport.importInto(p.schema, p.array, columns, 0));
            columns.segment().fill((byte) 0x5A);
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ColumnsImport.importInto(p.schema, p.array, columns, 0));
            assertTrue(e.getMessage().contains("is released (release is NULL): it was consumed already"), e.getMessage());
            assertUnchanged(columns.segment());
        }
    }

    @Test
    void rowsThatDoNotFitTheTargetAreRefusedBeforeWriting() {
        try (HostileProducer p = new HostileProducer("Particle", N, 17)) {
            MemorySegment target = p.arena.allocate(p.type.size() * (N - 1), p.type.alignment());
            target.fill((byte) 0x5A);
            ArrowDataException e = assertThrows(ArrowDataException.class, () -> ArrowImport.importInto(p.schema, p.array, p.type, target, 0));
            assertEquals("field 'Particle': the ArrowArray's 97 rows do not fit the target: it holds 96 rows, 96 from row 0 on"
                    + " (target unchanged)", e.getMessage());
            assertUnchanged(target);
            assertEquals(0, p.array.get(ValueLayout.ADDRESS, 64).address(), "consumed");
        }
        try (HostileProducer p = new HostileProducer("Particle", N, 18)) {
            MemorySegment target = p.arena.allocate(p.type.size() * N, p.type.alignment());
            target.fill((byte) 0x5A);
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                    () -> ArrowImport.importInto(p.schema, p.array, p.type, target, -1));
            assertEquals("Particle: first row -1 is outside 0..97 (the target's rows)", e.getMessage());
            assertUnchanged(target);
        }
    }
}

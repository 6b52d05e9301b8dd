package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 20 item 14: arrays built by pyarrow (slices, struct arrays of sliced children, children made
 * with {@code pa.Array.from_buffers} at an offset) handed to {@link ArrowImport} through the C Data
 * Interface in one process (pyarrow runs in this JVM: {@link EmbeddedPython}), then the same exports
 * with hostile offsets, lengths and null counts written into their structs. The oracle is pyarrow's
 * own view of the same structs ({@code pa.Array._import_from_c} of a second export of the same array,
 * changed the same way, then {@code to_pylist()}): an import either equals it, row for row, or is
 * refused with an {@link ArrowDataException} naming the member and leaving the target unchanged;
 * nothing else (no other exception, no crash of the JVM) may happen.
 *
 * <p>Particle's Arrow children: id, x, y, z, species, label (utf8), velocity ({@code +w:3} of double).
 * ArrowArray field offsets (LP64): length 0, null_count 8, offset 16, children 48.
 */
class PyarrowImportTest {
    private static final StructType<Record> TYPE = ArrowJavaOracleTest.type("Particle");
    private static final int BASE_ROWS = 64;
    private static final long A_LENGTH = 0;
    private static final long A_NULL_COUNT = 8;
    private static final long A_OFFSET = 16;

    /** Java's export of random Particles, imported by pyarrow and copied into pyarrow's own memory pool: {@code base}. */
    @BeforeAll
    static void base() {
        EmbeddedPython.require("pyarrow");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(TYPE.size() * BASE_ROWS, TYPE.alignment());
            RandomStructs.fill(TYPE, seg, BASE_ROWS, new Random(20));
            MemorySegment schema = arena.allocate(ArrowExport.SCHEMA_SIZE);
            MemorySegment array = arena.allocate(ArrowExport.ARRAY_SIZE);
            ArrowExport.exportSchema(TYPE, schema);
            ArrowExport.exportArray(TYPE, seg, 0, BASE_ROWS, array);
            EmbeddedPython.run(Canonical.PYTHON + """
                    import pyarrow as pa
                    _java = pa.Array._import_from_c(%d, %d)
                    base = pa.array(_java.to_pylist(), type=_java.type)  # pyarrow's buffers, pyarrow's pool
                    del _java
                    def export(arr, a1, s1, a2, s2):
                        arr._export_to_c(a1, s1)
                        arr._export_to_c(a2, s2)
                    def view(a, s):
                        return "\\n".join(canon(r) for r in pa.Array._import_from_c(a, s).to_pylist())
                    def sliced_children(offsets, n):
                        return pa.StructArray.from_arrays([base.field(i).slice(o, n) for i, o in enumerate(offsets)],
                                                          fields=list(base.type))
                    def from_buffers_children(k, n):
                        # every fixed-width child re-made by pa.Array.from_buffers over its buffers, k values in
                        kids = []
                        for i in range(base.type.num_fields):
                            f = base.field(i)
                            if pa.types.is_integer(f.type) or pa.types.is_floating(f.type):
                                whole = f.slice(0, min(len(f), k + n))
                                kids.append(pa.Array.from_buffers(f.type, n, whole.buffers(), offset=k))
                            else:
                                kids.append(f.slice(k, n))
                        return pa.StructArray.from_arrays(kids, fields=list(base.type))
                    """.formatted(array.address(), schema.address()));
        }
    }

    /** The Java import of {@code expression} (a pyarrow struct array) changed by {@code change}, and pyarrow's view of it. */
    private record Outcome(String imported, ArrowDataException refused, String pyarrow) {}

    /** A change to both exports: the struct at {@code path} (child indices), field at {@code field}, set to {@code value}. */
    private record Change(int[] path, long field, long value) {
        @Override
        public String toString() {
            StringJoiner j = new StringJoiner(".", "root", "");
            for (int i : path) {
                j.add("children[" + i + "]");
            }
            return j + (field == A_LENGTH ? ".length" : field == A_OFFSET ? ".offset" : ".null_count") + " = " + value;
        }
    }

    private static MemorySegment at(MemorySegment root, int[] path) {
        MemorySegment a = root;
        for (int i : path) {
            a = a.get(ValueLayout.ADDRESS, 48).reinterpret(8L * (i + 1)).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(80);
        }
        return a;
    }

    private static Outcome importOf(String expression, List<Change> changes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a1 = arena.allocate(ArrowExport.ARRAY_SIZE);
            MemorySegment s1 = arena.allocate(ArrowExport.SCHEMA_SIZE);
            MemorySegment a2 = arena.allocate(ArrowExport.ARRAY_SIZE);
            MemorySegment s2 = arena.allocate(ArrowExport.SCHEMA_SIZE);
            EmbeddedPython.run("export(%s, %d, %d, %d, %d)".formatted(expression, a1.address(), s1.address(), a2.address(), s2.address()));
            for (Change c : changes) {
                at(a1, c.path()).set(ValueLayout.JAVA_LONG, c.field(), c.value());
                at(a2, c.path()).set(ValueLayout.JAVA_LONG, c.field(), c.value());
            }
            int capacity = BASE_ROWS + 8;
            MemorySegment target = arena.allocate(TYPE.size() * capacity, TYPE.alignment());
            target.fill((byte) 0x5A);
            long rows;
            try {
                rows = ArrowImport.importInto(s1, a1, TYPE, target, 0);
            } catch (ArrowDataException e) {
                byte[] bytes = target.toArray(ValueLayout.JAVA_BYTE);
                for (int i = 0; i < bytes.length; i++) {
                    assertEquals((byte) 0x5A, bytes[i], "refused (" + e.getMessage() + "), target unchanged at byte " + i);
                }
                assertEquals(0, a1.get(ValueLayout.ADDRESS, 64).address(), "the refused array is released");
                CData.release(a2, CData.A_RELEASE);
                CData.release(s2, CData.S_RELEASE);
                return new Outcome(null, e, null);
            }
            StringJoiner got = new StringJoiner("\n");
            for (long r = 0; r < rows; r++) {
                got.add(Canonical.of(TYPE.read(target, r * TYPE.size()), TYPE.columns()));
            }
            String view = EmbeddedPython.text("view(%d, %d)".formatted(a2.address(), s2.address()));
            return new Outcome(got.toString(), null, view);
        }
    }

    private static void assertImportsAsPyarrowReadsIt(String expression) {
        Outcome o = importOf(expression, List.of());
        if (o.refused() != null) {
            fail(expression + " refused: " + o.refused().getMessage());
        }
        assertEquals(o.pyarrow(), o.imported(), expression);
        assertEquals(EmbeddedPython.text("\"\\n\".join(canon(r) for r in (%s).to_pylist())".formatted(expression)), o.imported(),
                expression + ": pyarrow's view of the array itself");
    }

    @Test
    void slicedArraysFromPyarrowImportAsPyarrowReadsThem() {
        assertImportsAsPyarrowReadsIt("base");
        assertImportsAsPyarrowReadsIt("base.slice(0, 0)");
        assertImportsAsPyarrowReadsIt("base.slice(5, 17)");
        assertImportsAsPyarrowReadsIt("base.slice(63, 1)");
        assertImportsAsPyarrowReadsIt("base.slice(64, 0)");
        // children with their own offsets (pyarrow keeps a sliced child's offset in the struct array)
        assertImportsAsPyarrowReadsIt("sliced_children([3, 0, 9, 1, 60, 7, 2], 4)");
        assertImportsAsPyarrowReadsIt("sliced_children([3, 0, 9, 1, 60, 7, 2], 4).slice(1, 2)");
        assertImportsAsPyarrowReadsIt("from_buffers_children(11, 40)");
        assertImportsAsPyarrowReadsIt("from_buffers_children(11, 40).slice(39, 1)");
    }

    private static ArrowDataException refused(String expression, Change... changes) {
        Outcome o = importOf(expression, List.of(changes));
        if (o.refused() == null) {
            fail(expression + " with " + List.of(changes) + " was imported:\n" + o.imported());
        }
        return o.refused();
    }

    /** The fault of item 14: a child's offset of 2^40 values was read (SIGSEGV in Exporter.get); now refused, naming the numbers. */
    @Test
    void aChildOffsetOf2To40IsRefusedNotRead() {
        long huge = 1L << 40;
        ArrowDataException x = refused("base.slice(2, 4)", new Change(new int[] {1}, A_OFFSET, huge));
        assertEquals("x", x.field(), x.getMessage());
        assertTrue(x.getMessage().contains("offset " + huge + ", length 64") && x.getMessage().contains("readable memory"),
                x.getMessage());
        ArrowDataException label = refused("base.slice(2, 4)", new Change(new int[] {5}, A_OFFSET, huge));
        assertEquals("label", label.field(), label.getMessage());
        assertTrue(label.getMessage().contains("offset " + huge), label.getMessage());
        ArrowDataException velocity = refused("base.slice(2, 4)", new Change(new int[] {6, 0}, A_OFFSET, huge));
        assertEquals("velocity[]", velocity.field(), velocity.getMessage());
        assertTrue(velocity.getMessage().contains("offset " + huge), velocity.getMessage());
        ArrowDataException id = refused("sliced_children([3, 0, 9, 1, 60, 7, 2], 4)", new Change(new int[] {0}, A_OFFSET, huge + 3));
        assertEquals("id", id.field(), id.getMessage());
        // the root's offset is bounded by its children's stated lengths
        ArrowDataException root = refused("base", new Change(new int[0], A_OFFSET, huge));
        assertTrue(root.getMessage().contains("ArrowArray.length is 64 where " + huge + " + 64 values are needed"), root.getMessage());
    }

    @Test
    void lengthsAndNullCountsBeyondWhatTheProducerStatesAreRefused() {
        // a child shorter than its parent's offset + length
        ArrowDataException shortChild = refused("base.slice(10, 20)", new Change(new int[] {2}, A_LENGTH, 29));
        assertEquals("y", shortChild.field(), shortChild.getMessage());
        assertTrue(shortChild.getMessage().contains("ArrowArray.length is 29 where 10 + 20 values are needed"), shortChild.getMessage());
        // a fixed-size list child shorter than (offset + length) * 3
        ArrowDataException list = refused("base.slice(10, 20)", new Change(new int[] {6, 0}, A_LENGTH, 89));
        assertTrue(list.getMessage().contains("the fixed-size list's child has length 89 where 30 + 60 values are needed"),
                list.getMessage());
        // a utf8 child whose length runs its offsets buffer past readable memory
        ArrowDataException utf8 = refused("base", new Change(new int[] {5}, A_LENGTH, 1L << 50));
        assertEquals("label", utf8.field(), utf8.getMessage());
        ArrowDataException nulls = refused("base.slice(1, 3)", new Change(new int[] {3}, A_NULL_COUNT, 65));
        assertTrue(nulls.getMessage().contains("null_count 65 is outside -1..64"), nulls.getMessage());
        ArrowDataException overflow = refused("base", new Change(new int[] {4}, A_OFFSET, Long.MAX_VALUE - 10));
        assertTrue(overflow.getMessage().contains("offset + length is above 2^56"), overflow.getMessage());
    }

    /**
     * The property: random pyarrow arrays (slices, sliced children, from_buffers children) with random
     * changes to offsets, lengths and null counts at every level (small shifts inside the buffers, just
     * past them, far past them, negative, near 2^56 and 2^63) either import equal to pyarrow's view of the
     * same structs or are refused; 400 cases from a fixed seed (deterministic), each verdict counted so
     * that both kinds are exercised.
     */
    @Test
    void randomOffsetsAndLengthsImportAsPyarrowReadsThemOrAreRefused() {
        Random r = new Random(1414);
        int imported = 0;
        int refusedCount = 0;
        int[][] nodes = {{}, {0}, {1}, {2}, {3}, {4}, {5}, {6}, {6, 0}};
        long[] far = {1L << 20, 1L << 32, 1L << 40, 1L << 47, (1L << 56) - 1, 1L << 56, 1L << 62, Long.MAX_VALUE, -1, -2,
                Long.MIN_VALUE};
        for (int k = 0; k < 400; k++) {
            int n = r.nextInt(BASE_ROWS + 1);
            int o = r.nextInt(BASE_ROWS - n + 1);
            String expression = switch (r.nextInt(3)) {
                case 0 -> "base.slice(%d, %d)".formatted(o, n);
                case 1 -> {
                    int m = Math.min(n, BASE_ROWS - 10);
                    StringJoiner offs = new StringJoiner(", ", "[", "]");
                    for (int i = 0; i < 7; i++) {
                        offs.add(Integer.toString(r.nextInt(BASE_ROWS - m + 1)));
                    }
                    yield "sliced_children(%s, %d)".formatted(offs, m);
                }
                default -> "from_buffers_children(%d, %d)".formatted(o, n);
            };
            List<Change> changes = new ArrayList<>();
            int count = r.nextInt(3);
            for (int c = 0; c < count; c++) {
                int[] node = nodes[r.nextInt(nodes.length)];
                long field = switch (r.nextInt(5)) {
                    case 0, 1 -> A_OFFSET;
                    case 2, 3 -> A_LENGTH;
                    default -> A_NULL_COUNT;
                };
                long value = switch (r.nextInt(4)) {
                    case 0 -> r.nextInt(8);
                    case 1 -> BASE_ROWS - 4 + r.nextInt(12);
                    case 2 -> 3L * BASE_ROWS - 4 + r.nextInt(12);
                    default -> far[r.nextInt(far.length)];
                };
                changes.add(new Change(node, field, value));
            }
            Outcome out = importOf(expression, changes);
            if (out.refused() != null) {
                refusedCount++;
                assertTrue(out.refused().field() != null && !out.refused().field().isEmpty(), out.refused().getMessage());
            } else {
                imported++;
                assertEquals(out.pyarrow(), out.imported(), "case " + k + ": " + expression + " with " + changes);
            }
        }
        assertTrue(imported >= 50 && refusedCount >= 50, "both verdicts exercised: " + imported + " imported, " + refusedCount
                + " refused");
    }
}

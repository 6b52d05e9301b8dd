package io.structbridge.arrow;

import io.structbridge.arrow.Node.Group;
import io.structbridge.arrow.Node.GroupList;
import io.structbridge.arrow.Node.Leaf;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.StructArray;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Utf8;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An Arrow struct array (C Data Interface) back into struct memory, with the value rules of the
 * generated setters. The schema must be the one {@link ArrowExport} writes for the struct type (same
 * field names, order and format strings; metadata is not compared). Every value is checked: a null
 * (validity bit 0 at any level), an integer outside the member's range (bit-field width, {@code uint64}
 * above {@code Long.MAX_VALUE}), an enum code that is no constant, text that is not valid UTF-8, holds
 * a NUL, does not fit its encoding or exceeds its capacity (unless the member truncates) is an
 * {@link ArrowDataException} naming the row and the field, and the target memory is then unchanged
 * (the rows are assembled in a scratch copy, then copied in one step). The input structs are consumed:
 * their {@code release} callbacks are called before this returns, on success and on error.
 */
public final class ArrowImport {
    private ArrowImport() {}

    /**
     * Writes the rows of {@code array} into structs {@code [at, at + length)} of {@code target}.
     *
     * @param schema the producer's {@code struct ArrowSchema}
     * @param array the producer's {@code struct ArrowArray}
     * @param type the struct type
     * @param target the structs, {@code type.size()} bytes apart
     * @param at the first struct to write
     * @return the number of rows written (the array's length)
     * @throws ArrowDataException for a schema that does not match or a value that does not fit; target unchanged
     * @throws IndexOutOfBoundsException if the rows do not fit {@code target}; target unchanged
     * @throws UnsupportedOperationException if the struct holds a union or a pointer
     */
    public static long importInto(MemorySegment schema, MemorySegment array, StructType<?> type, MemorySegment target, long at) {
        MemorySegment s = CData.struct(schema, ArrowExport.SCHEMA_SIZE);
        MemorySegment a = CData.struct(array, ArrowExport.ARRAY_SIZE);
        try {
            Group root = Node.of(type.name(), type.columns());
            checkSchema(root, s, "");
            long rows = a.get(CData.I64, CData.A_LENGTH);
            long stride = type.size();
            Objects.checkFromIndexSize(at, rows, target.byteSize() / stride);
            try (Arena scratch = Arena.ofConfined()) {
                MemorySegment tmp = scratch.allocate(Math.max(1, rows * stride), type.alignment());
                MemorySegment.copy(target, at * stride, tmp, 0, rows * stride);
                new Reader(tmp, stride, rows).node(root, a, 0, 1);
                MemorySegment.copy(tmp, 0, target, at * stride, rows * stride);
            }
            return rows;
        } finally {
            CData.release(a, CData.A_RELEASE);
            CData.release(s, CData.S_RELEASE);
        }
    }

    /**
     * Writes the rows of {@code array} into {@code target} from struct {@code at} on.
     *
     * @param schema the producer's {@code struct ArrowSchema}
     * @param array the producer's {@code struct ArrowArray}
     * @param target the struct array
     * @param at the first struct to write
     * @return the number of rows written
     * @throws ArrowDataException for a schema that does not match or a value that does not fit; target unchanged
     */
    public static long importInto(MemorySegment schema, MemorySegment array, StructArray<?> target, long at) {
        return importInto(schema, array, target.type(), target.segment(), at);
    }

    // ---- schema ------------------------------------------------------------------------------

    private static void checkSchema(Node node, MemorySegment s, String path) {
        String format = CData.string(CData.ptr(s, CData.S_FORMAT));
        String where = path.isEmpty() ? node.name() : path;
        List<String> expectedChildren;
        String expected;
        List<Node> children;
        switch (node) {
            case Group g -> {
                expected = "+s";
                children = g.children();
            }
            case GroupList l -> {
                expected = "+w:" + l.length();
                children = List.of(l.element());
            }
            case Leaf f when f.list() -> {
                expected = "+w:" + f.column().length();
                children = null;
            }
            case Leaf f -> {
                expected = Formats.element(f.column());
                children = List.of();
            }
        }
        if (!expected.equals(format)) {
            throw new ArrowDataException(-1, where, "Arrow format '" + format + "' where '" + expected + "' is expected");
        }
        long n = s.get(CData.I64, CData.S_N_CHILDREN);
        MemorySegment ptrs = CData.ptr(s, CData.S_CHILDREN);
        if (children == null) {
            Leaf f = (Leaf) node;
            if (n != 1) {
                throw new ArrowDataException(-1, where, "a fixed-size list with " + n + " children");
            }
            MemorySegment c = CData.struct(ptrs.reinterpret(8).get(CData.PTR, 0), ArrowExport.SCHEMA_SIZE);
            String ef = CData.string(CData.ptr(c, CData.S_FORMAT));
            if (!Formats.element(f.column()).equals(ef)) {
                throw new ArrowDataException(-1, where + "[]", "Arrow format '" + ef + "' where '" + Formats.element(f.column())
                        + "' is expected");
            }
            return;
        }
        if (n != children.size()) {
            throw new ArrowDataException(-1, where, n + " Arrow children where " + children.size() + " members are expected");
        }
        MemorySegment p = n == 0 ? MemorySegment.NULL : ptrs.reinterpret(8 * n);
        for (int i = 0; i < n; i++) {
            Node child = children.get(i);
            MemorySegment c = CData.struct(p.getAtIndex(CData.PTR, i), ArrowExport.SCHEMA_SIZE);
            String name = CData.string(CData.ptr(c, CData.S_NAME));
            if (!(node instanceof GroupList) && !child.name().equals(name)) {
                throw new ArrowDataException(-1, child.path(), "Arrow field " + i + " of '" + where + "' is named '" + name + "'");
            }
            checkSchema(child, c, child.path());
        }
    }

    // ---- values ------------------------------------------------------------------------------

    private static final class Reader {
        private final MemorySegment tmp;
        private final long stride;
        private final long rows;

        Reader(MemorySegment tmp, long stride, long rows) {
            this.tmp = tmp;
            this.stride = stride;
            this.rows = rows;
        }

        /** Reads {@code rows * m} values of {@code node} from array {@code a}, the first at logical index {@code start}. */
        void node(Node node, MemorySegment a, long start, long m) {
            long count = rows * m;
            long offset = a.get(CData.I64, CData.A_OFFSET);
            long length = a.get(CData.I64, CData.A_LENGTH);
            if (start + count > length) {
                throw new ArrowDataException(-1, node.path(), "Arrow array of length " + length + " where " + (start + count)
                        + " values are needed");
            }
            long first = offset + start;
            checkNoNulls(node, a, first, count, m);
            switch (node) {
                case Group g -> {
                    for (int i = 0; i < g.children().size(); i++) {
                        node(g.children().get(i), child(a, i), first, m);
                    }
                }
                case GroupList l -> node(l.element(), child(a, 0), first * l.length(), m * l.length());
                case Leaf f when f.list() -> {
                    MemorySegment c = child(a, 0);
                    int n = f.column().length();
                    long cFirst = c.get(CData.I64, CData.A_OFFSET) + first * n;
                    checkNoNulls(f, c, cFirst, count * n, m);
                    leaf(f, c, cFirst, m, n);
                }
                case Leaf f -> leaf(f, a, first, m, 1);
            }
        }

        private static MemorySegment child(MemorySegment a, int i) {
            MemorySegment ptrs = CData.ptr(a, CData.A_CHILDREN).reinterpret(8L * (i + 1));
            return CData.struct(ptrs.getAtIndex(CData.PTR, i), ArrowExport.ARRAY_SIZE);
        }

        private static MemorySegment buffer(MemorySegment a, int i, long bytes) {
            long n = a.get(CData.I64, CData.A_N_BUFFERS);
            if (i >= n) {
                return MemorySegment.NULL;
            }
            MemorySegment b = CData.ptr(a, CData.A_BUFFERS).reinterpret(8 * n).getAtIndex(CData.PTR, i);
            return b.address() == 0 ? MemorySegment.NULL : b.reinterpret(bytes);
        }

        private void checkNoNulls(Node node, MemorySegment a, long first, long count, long m) {
            if (a.get(CData.I64, CData.A_NULL_COUNT) == 0) {
                return;
            }
            MemorySegment validity = buffer(a, 0, (first + count + 7) / 8);
            if (validity.address() == 0) {
                return;
            }
            for (long k = 0; k < count; k++) {
                long bit = first + k;
                if ((validity.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7) & 1) == 0) {
                    throw new ArrowDataException(k / m, node.path(), "null: every member has a value in struct memory");
                }
            }
        }

        private void leaf(Leaf f, MemorySegment a, long first, long m, int n) {
            Column c0 = f.column();
            long count = rows * m * n;
            switch (c0.kind()) {
                case TEXT -> text(f, a, first, m);
                case BOOL -> {
                    MemorySegment bits = buffer(a, 1, (first + count + 7) / 8);
                    for (long k = 0; k < count; k++) {
                        long bit = first + k;
                        int v = bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7) & 1;
                        Column c = f.columns().get((int) (k / n % m));
                        long at = k / n / m * stride + c.offset();
                        if (c.bitField()) {
                            storeBits(c, at, v);
                        } else {
                            tmp.set(ValueLayout.JAVA_BYTE, at + k % n, (byte) v);
                        }
                    }
                }
                default -> {
                    int size = Formats.arrowSize(c0);
                    MemorySegment data = buffer(a, 1, (first + count) * size);
                    long[] codes = c0.kind() == Kind.ENUM
                            ? c0.constants().stream().mapToLong(Column.EnumConstant::code).sorted().toArray() : null;
                    for (long k = 0; k < count; k++) {
                        Column c = f.columns().get((int) (k / n % m));
                        long row = k / n / m;
                        long at = row * stride + c.offset();
                        long v = Exporter.get(data, (first + k) * size, size, c.signed());
                        if (c.bitField()) {
                            int w = c.bitWidth();
                            long min = c.signed() ? -(1L << (w - 1)) : 0;
                            long max = w == 64 ? Long.MAX_VALUE : c.signed() ? (1L << (w - 1)) - 1 : (1L << w) - 1;
                            if (v < min || v > max) {
                                throw new ArrowDataException(row, c.path(), "value " + v + " is outside the " + w + "-bit range "
                                        + min + ".." + max);
                            }
                            storeBits(c, at, v);
                            continue;
                        }
                        if (c.kind() == Kind.UNSIGNED_INT && size == 8 && v < 0) {
                            throw new ArrowDataException(row, c.path(), "value " + Long.toUnsignedString(v)
                                    + " is above the largest uint64_t a Java long holds (" + Long.MAX_VALUE + ")");
                        }
                        if (codes != null && Arrays.binarySearch(codes, v) < 0) {
                            throw new ArrowDataException(row, c.path(), "enum code " + v + " is not one of " + c.constants());
                        }
                        long p = at + (k % n) * c.elementSize();
                        switch (c.elementSize()) {
                            case 1 -> tmp.set(ValueLayout.JAVA_BYTE, p, (byte) v);
                            case 2 -> tmp.set(ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(c.order()), p, (short) v);
                            case 4 -> tmp.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(c.order()), p, (int) v);
                            default -> tmp.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(c.order()), p, v);
                        }
                    }
                }
            }
        }

        private void storeBits(Column c, long at, long v) {
            for (int i = 0; i < c.bitWidth(); i++) {
                long bit = c.bitShift() + i;
                long p = at + (bit >>> 3);
                byte old = tmp.get(ValueLayout.JAVA_BYTE, p);
                int mask = 1 << (bit & 7);
                tmp.set(ValueLayout.JAVA_BYTE, p, (byte) ((v >>> i & 1) != 0 ? old | mask : old & ~mask));
            }
        }

        private void text(Leaf f, MemorySegment a, long first, long m) {
            long count = rows * m;
            MemorySegment offsets = buffer(a, 1, (first + count + 1) * 4);
            int end = offsets.getAtIndex(ValueLayout.JAVA_INT, first + count);
            MemorySegment data = buffer(a, 2, Math.max(0, end));
            for (long k = 0; k < count; k++) {
                Column c = f.columns().get((int) (k % m));
                long row = k / m;
                int from = offsets.getAtIndex(ValueLayout.JAVA_INT, first + k);
                int to = offsets.getAtIndex(ValueLayout.JAVA_INT, first + k + 1);
                if (from < 0 || to < from || to > end) {
                    throw new ArrowDataException(row, c.path(), "utf8 offsets " + from + ".." + to + " out of order");
                }
                byte[] utf8 = new byte[to - from];
                MemorySegment.copy(data, ValueLayout.JAVA_BYTE, from, utf8, 0, utf8.length);
                if (Utf8.classify(utf8, 0, utf8.length) == Utf8.MALFORMED) {
                    throw new ArrowDataException(row, c.path(), "invalid UTF-8");
                }
                byte[] stored = encode(c, row, utf8);
                int max = c.length() - (c.nulTerminated() ? 1 : 0);
                int n = stored.length;
                if (n > max) {
                    if (!c.truncate()) {
                        throw new ArrowDataException(row, c.path(), "text of " + n + " bytes exceeds the capacity of " + c.length()
                                + " bytes" + (c.nulTerminated() ? " (one for the NUL)" : ""));
                    }
                    n = max;
                    if (c.encoding() == TextEncoding.UTF_8) {
                        while (n > 0 && (stored[n] & 0xC0) == 0x80) {
                            n--;
                        }
                    }
                }
                long at = row * stride + c.offset();
                tmp.asSlice(at, c.length()).fill((byte) 0);
                MemorySegment.copy(stored, 0, tmp, ValueLayout.JAVA_BYTE, at, n);
            }
        }

        private static byte[] encode(Column c, long row, byte[] utf8) {
            for (byte b : utf8) {
                if (b == 0) {
                    throw new ArrowDataException(row, c.path(), "text holds a NUL character, which ends C text");
                }
            }
            return switch (c.encoding()) {
                case UTF_8 -> utf8;
                case ASCII -> {
                    for (byte b : utf8) {
                        if (b < 0) {
                            throw new ArrowDataException(row, c.path(), "text is not ASCII: "
                                    + new String(utf8, StandardCharsets.UTF_8));
                        }
                    }
                    yield utf8;
                }
                case LATIN_1 -> {
                    String s = new String(utf8, StandardCharsets.UTF_8);
                    for (int i = 0; i < s.length(); i++) {
                        if (s.charAt(i) > 0xFF) {
                            throw new ArrowDataException(row, c.path(), "character U+" + String.format("%04X", s.codePointAt(i))
                                    + " has no ISO-8859-1 byte");
                        }
                    }
                    yield s.getBytes(StandardCharsets.ISO_8859_1);
                }
            };
        }
    }
}

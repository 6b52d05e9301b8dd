package io.structbridge.arrow;

import io.structbridge.arrow.Node.Group;
import io.structbridge.arrow.Node.GroupList;
import io.structbridge.arrow.Node.Leaf;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.StructArray;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An Arrow struct array (C Data Interface) back into struct memory, with the value rules of the
 * generated setters. The schema must be the one {@link ArrowExport} writes for the struct type (same
 * field names, order and format strings; metadata and flags are not compared; a text member also takes
 * {@code U}, large utf8). Dictionary-encoded fields are refused.
 *
 * <p>The producer's structs are untrusted: before a pointer in them is followed, the struct is checked
 * (release not NULL, lengths and offsets not negative, {@code n_buffers}/{@code n_children} as the
 * format has them, {@code buffers}/{@code children} and every child pointer not NULL, a buffer pointer
 * NULL only for a validity bitmap or a buffer of which no byte is read, {@code -1 <= null_count <= length},
 * a fixed-size list's child at least {@code (offset + length) * N} long, every child at least as long as
 * its parent needs). utf8 offsets must not decrease and stay within the data buffer's size (the last
 * offset of the array); a value longer than its member holds is refused from its offsets, before it
 * is read. Buffer sizes themselves are not in the C Data Interface: within those checks the producer's
 * word is taken, except that every byte range read must lie in this process's readable memory (on
 * Linux, from the kernel's list of mappings, {@code /proc/self/maps}): an offset or length that runs a
 * buffer, a pointer array or a child struct outside it (an offset of 2^40 values) is refused, not read.
 * A range that is readable but past the end of the producer's buffer cannot be detected and is read as
 * it is. Buffers need no alignment (values are read unaligned). Array {@code offset}s are honoured at
 * every level.
 *
 * <p>Every value is checked: a null (validity bit 0 at any level), an integer outside the member's
 * range (bit-field width, {@code uint64} above {@code Long.MAX_VALUE}), an enum code that is no
 * constant, text that is not valid UTF-8, holds a NUL, does not fit its encoding or exceeds its
 * capacity (unless the member truncates). Every failure is an {@link ArrowDataException} naming the row
 * (0-based index in the array; -1 for an error about the structure), the member path (with element
 * indices: {@code tags[1].color}, {@code velocity[2]}) and the value or field; the target memory is
 * then unchanged (the rows are assembled in a scratch copy, then copied in one step). The input
 * structs are consumed: their {@code release} callbacks are called before this returns, on success and
 * on error; structs already released (release NULL: consumed before) are refused.
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
     * @throws ArrowDataException for a schema or array that does not match or is malformed, a value that does
     *     not fit, or more rows than {@code target} holds from {@code at} on; target unchanged
     * @throws IndexOutOfBoundsException if {@code at} is outside {@code [0, target structs]}; target unchanged
     * @throws UnsupportedOperationException if the struct holds a union or a pointer, or {@code target} is
     *     read-only (checked before any value is read; both structs released)
     */
    public static long importInto(MemorySegment schema, MemorySegment array, StructType<?> type, MemorySegment target, long at) {
        long stride = type.size();
        MemorySegment[] structs = roots(schema, array, type.name());
        MemorySegment s = structs[0];
        MemorySegment a = structs[1];
        try {
            long rows = rows(s, a, type.name(), target.byteSize() / stride, at);
            if (target.isReadOnly()) {
                throw new UnsupportedOperationException(type.name() + ": the target segment is read-only");
            }
            if (!type.taggedUnions().isEmpty()) {
                throw new UnsupportedOperationException(type.name() + "." + type.taggedUnions().getFirst().path()
                        + " is a tagged union: ArrowImport does not read Arrow unions into structs (ArrowExport writes them"
                        + " as dense unions)");
            }
            Group root = Node.of(type.name(), type.columns());
            Set<String> large = new HashSet<>();
            checkSchema(root, s, "ArrowSchema", large);
            ForeignArray fa = ForeignArray.of(a, type.name(), "ArrowArray", 1, root.children().size(), ReadableMemory.of());
            try (Arena scratch = Arena.ofConfined()) {
                MemorySegment tmp = scratch.allocate(Math.max(1, rows * stride), type.alignment());
                MemorySegment.copy(target, at * stride, tmp, 0, rows * stride);
                new Reader(tmp, stride, rows, large).node(root, fa, 0, 1, new int[0]);
                MemorySegment.copy(tmp, 0, target, at * stride, rows * stride);
            }
            return rows;
        } finally {
            CData.release(a, CData.A_RELEASE);
            CData.release(s, CData.S_RELEASE);
        }
    }

    /**
     * {@return the schema and the array as structs of their sizes}; if either pointer is NULL, the other
     * struct is released (consumed) and an {@link ArrowDataException} names the NULL one.
     */
    static MemorySegment[] roots(MemorySegment schema, MemorySegment array, String name) {
        boolean noSchema = schema == null || schema.address() == 0;
        boolean noArray = array == null || array.address() == 0;
        if (noSchema || noArray) {
            if (!noSchema) {
                CData.release(CData.struct(schema, ArrowExport.SCHEMA_SIZE), CData.S_RELEASE);
            }
            if (!noArray) {
                CData.release(CData.struct(array, ArrowExport.ARRAY_SIZE), CData.A_RELEASE);
            }
            throw ForeignArray.fail(name, "the " + (noSchema ? "ArrowSchema" : "ArrowArray") + " pointer is NULL");
        }
        return new MemorySegment[] {CData.struct(schema, ArrowExport.SCHEMA_SIZE), CData.struct(array, ArrowExport.ARRAY_SIZE)};
    }

    /**
     * {@return the array's length, checked before anything is read or written}: neither struct is
     * released, the length is not negative and rows {@code [at, at + length)} lie within {@code capacity}.
     *
     * @throws ArrowDataException if a struct is released or the rows do not fit
     * @throws IndexOutOfBoundsException if {@code at} is outside {@code [0, capacity]}
     */
    static long rows(MemorySegment s, MemorySegment a, String name, long capacity, long at) {
        if (s.get(CData.PTR, CData.S_RELEASE).address() == 0) {
            throw ForeignArray.fail(name, "the ArrowSchema is released (release is NULL): it was consumed already");
        }
        if (a.get(CData.PTR, CData.A_RELEASE).address() == 0) {
            throw ForeignArray.fail(name, "the ArrowArray is released (release is NULL): it was consumed already");
        }
        if (at < 0 || at > capacity) {
            throw new IndexOutOfBoundsException(name + ": first row " + at + " is outside 0.." + capacity + " (the target's rows)");
        }
        long rows = a.get(CData.I64, CData.A_LENGTH);
        if (rows < 0) {
            throw ForeignArray.fail(name, "ArrowArray.length is negative (" + rows + ")");
        }
        if (rows > capacity - at) {
            throw ForeignArray.fail(name, "the ArrowArray's " + rows + " rows do not fit the target: it holds " + capacity
                    + " rows, " + (capacity - at) + " from row " + at + " on (target unchanged)");
        }
        return rows;
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

    /**
     * Checks schema {@code s} against {@code node} before any of its pointers is followed further:
     * not released, a format (the expected one; {@code u} or {@code U} for text, whose paths go to
     * {@code large} for {@code U}), no dictionary, exactly the expected children, each child pointer
     * not NULL and named as the member. Flags are not compared: nullable is fine (nulls are refused
     * per value), dictionary-ordered and map-keys-sorted do not apply to these types.
     */
    private static void checkSchema(Node node, MemorySegment s, String what, Set<String> large) {
        String where = node.path().isEmpty() ? node.name() : node.path();
        List<Node> children;
        String expected;
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
            case Node.Union u -> throw new IllegalStateException("no union in an import tree: " + u.path());
        }
        String format = checkStruct(s, where, what, expected, children == null ? 1 : children.size());
        if (node instanceof Leaf f && f.column().kind() == Kind.TEXT && "U".equals(format)) {
            large.add(f.path());
        }
        if (children == null) {
            Leaf f = (Leaf) node;
            MemorySegment c = schemaChild(s, 0, where, 1);
            checkStruct(c, where + "[]", "ArrowSchema (child 0 of '" + where + "')", Formats.element(f.column()), 0);
            return;
        }
        for (int i = 0; i < children.size(); i++) {
            Node child = children.get(i);
            MemorySegment c = schemaChild(s, i, where, children.size());
            String name = CData.string(CData.ptr(c, CData.S_NAME));
            if (!(node instanceof GroupList) && !child.name().equals(name)) {
                throw new ArrowDataException(-1, child.path(), "Arrow field " + i + " of '" + where + "' is named "
                        + (name == null ? "NULL" : "'" + name + "'"));
            }
            checkSchema(child, c, "ArrowSchema (child " + i + " of '" + where + "')", large);
        }
    }

    /** Checks release, format, dictionary and n_children of one schema struct; {@return its format} */
    private static String checkStruct(MemorySegment s, String where, String what, String expected, int children) {
        if (s.get(CData.PTR, CData.S_RELEASE).address() == 0) {
            throw ForeignArray.fail(where, "the " + what + " is released (release is NULL)");
        }
        if (CData.ptr(s, CData.S_FORMAT).address() == 0) {
            throw ForeignArray.fail(where, what + ".format is NULL where '" + expected + "' is expected");
        }
        String format = CData.string(CData.ptr(s, CData.S_FORMAT));
        if (CData.ptr(s, CData.S_DICTIONARY).address() != 0) {
            throw ForeignArray.fail(where, "dictionary-encoded (" + what + ".dictionary is not NULL, indices '" + format
                    + "'): import reads values, not dictionary indices; decode the dictionary first");
        }
        boolean text = expected.equals("u") && format.equals("U");
        if (!expected.equals(format) && !text) {
            throw ForeignArray.fail(where, "Arrow format '" + format + "' where '" + expected + "' is expected"
                    + (expected.equals("u") ? " (or 'U', large utf8)" : ""));
        }
        long n = s.get(CData.I64, CData.S_N_CHILDREN);
        if (n != children) {
            throw ForeignArray.fail(where, n + " Arrow children (" + what + ".n_children) where " + children + " are expected");
        }
        if (n > 0 && CData.ptr(s, CData.S_CHILDREN).address() == 0) {
            throw ForeignArray.fail(where, what + ".children is NULL where " + n + " children are expected");
        }
        return format;
    }

    /** {@return child {@code i} of a schema whose n_children ({@code n}) and children pointer were checked} */
    private static MemorySegment schemaChild(MemorySegment s, int i, String where, int n) {
        MemorySegment p = CData.ptr(s, CData.S_CHILDREN).reinterpret(8L * n).getAtIndex(CData.PTR, i);
        if (p.address() == 0) {
            throw ForeignArray.fail(where, "ArrowSchema.children[" + i + "] is NULL");
        }
        return p.reinterpret(ArrowExport.SCHEMA_SIZE);
    }

    // ---- values ------------------------------------------------------------------------------

    /** The buffers of a node's format: 1 (validity) for struct and fixed-size list, 3 for utf8, else 2. */
    private static int buffers(Node node) {
        return switch (node) {
            case Leaf f when !f.list() -> f.column().kind() == Kind.TEXT ? 3 : 2;
            default -> 1;
        };
    }

    /** The children of a node's format. */
    private static int children(Node node) {
        return switch (node) {
            case Group g -> g.children().size();
            case GroupList l -> 1;
            case Leaf f -> f.list() ? 1 : 0;
            case Node.Union u -> u.members().children().size();
        };
    }

    /** {@return {@code path} with its {@code []} filled with the indices of value {@code index} (mixed radix {@code dims})} */
    static String concrete(String path, int[] dims, long index) {
        if (dims.length == 0) {
            return path;
        }
        long[] digits = new long[dims.length];
        for (int d = dims.length - 1; d >= 0; d--) {
            digits[d] = index % dims[d];
            index /= dims[d];
        }
        StringBuilder b = new StringBuilder();
        int d = 0;
        int from = 0;
        for (int i = path.indexOf("[]"); i >= 0 && d < digits.length; i = path.indexOf("[]", from)) {
            b.append(path, from, i).append('[').append(digits[d++]).append(']');
            from = i + 2;
        }
        return b.append(path, from, path.length()).toString();
    }

    /** {@code x * y}, or an error naming the path if it overflows a long. */
    private static long times(long x, long y, String path) {
        long hi = Math.multiplyHigh(x, y);
        long lo = x * y;
        if ((hi != 0 || lo < 0) && (hi != -1 || lo >= 0)) {
            throw ForeignArray.fail(path, "index " + x + " * " + y + " overflows");
        }
        return lo;
    }

    private static final class Reader {
        private final MemorySegment tmp;
        private final long stride;
        private final long rows;
        private final Set<String> large;
        private final TextValues texts = new TextValues();

        Reader(MemorySegment tmp, long stride, long rows, Set<String> large) {
            this.tmp = tmp;
            this.stride = stride;
            this.rows = rows;
            this.large = large;
        }

        /**
         * Reads {@code rows * m} values of {@code node} from array {@code a}, the first at logical index
         * {@code start}; {@code dims} are the lengths of the struct arrays around the node ({@code m} their product).
         */
        void node(Node node, ForeignArray a, long start, long m, int[] dims) {
            String where = node.path().isEmpty() ? node.name() : node.path();
            long count = times(rows, m, where);
            if (start > a.length() || count > a.length() - start) {
                throw ForeignArray.fail(where, "ArrowArray.length is " + a.length() + " where " + start + " + " + count
                        + " values are needed");
            }
            long first = a.offset() + start;
            validity(node, a, first, count, m, 1, dims);
            switch (node) {
                case Group g -> {
                    for (int i = 0; i < g.children().size(); i++) {
                        Node child = g.children().get(i);
                        node(child, a.child(i, child.path(), buffers(child), children(child)), first, m, dims);
                    }
                }
                case GroupList l -> {
                    int[] inner = Arrays.copyOf(dims, dims.length + 1);
                    inner[dims.length] = l.length();
                    node(l.element(), a.child(0, l.element().path(), 1, l.element().children().size()),
                            times(first, l.length(), where), m * l.length(), inner);
                }
                case Leaf f when f.list() -> {
                    int n = f.column().length();
                    ForeignArray c = a.child(0, where + "[]", 2, 0);
                    long cStart = times(first, n, where);
                    long cCount = times(count, n, where);
                    if (cStart > c.length() || cCount > c.length() - cStart) {
                        throw ForeignArray.fail(where, "the fixed-size list's child has length " + c.length() + " where "
                                + cStart + " + " + cCount + " values are needed ((offset + index) * " + n + ")");
                    }
                    long cFirst = c.offset() + cStart;
                    validity(f, c, cFirst, cCount, m, n, dims);
                    leaf(f, c, cFirst, m, n, dims);
                }
                case Leaf f -> leaf(f, a, first, m, 1, dims);
                case Node.Union u -> throw new IllegalStateException("no union in an import tree: " + u.path());
            }
        }

        /**
         * Refuses a null among {@code count} values from physical index {@code first}: value {@code k} is
         * element {@code k % n} of value {@code k / n}, of row {@code k / (m * n)}.
         */
        private void validity(Node node, ForeignArray a, long first, long count, long m, int n, int[] dims) {
            MemorySegment bits = a.buffer(0, count == 0 ? 0 : (first + count + 7) / 8, "validity bitmap");
            if (bits.address() == 0 || count == 0) {
                return;
            }
            for (long k = 0; k < count; ) {
                long bit = first + k;
                if ((bit & 7) == 0 && count - k >= 8 && bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) == -1) {
                    k += 8;
                    continue;
                }
                if ((bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7) & 1) == 0) {
                    String path = concrete(node.path().isEmpty() ? node.name() : node.path(), dims, k / n % m)
                            + (n > 1 ? "[" + k % n + "]" : "");
                    throw new ArrowDataException(k / n / m, path, "null (validity bit " + bit + " is 0"
                            + (a.nullCount() == 0 ? ", though the ArrowArray's null_count is 0" : "")
                            + "): every member has a value in struct memory");
                }
                k++;
            }
        }

        private void leaf(Leaf f, ForeignArray a, long first, long m, int n, int[] dims) {
            Column c0 = f.column();
            long count = rows * m * n;
            switch (c0.kind()) {
                case TEXT -> text(f, a, first, m);
                case BOOL -> {
                    MemorySegment bits = a.buffer(1, count == 0 ? 0 : (first + count + 7) / 8, "data bitmap");
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
                    MemorySegment data = a.buffer(1, count == 0 ? 0 : (first + count) * size, "data");
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
                                throw new ArrowDataException(row, c.path(), "value " + Formats.code(c, v) + " is outside the "
                                        + w + "-bit range " + min + ".." + max);
                            }
                            storeBits(c, at, v);
                            continue;
                        }
                        String path = n > 1 ? c.path() + "[" + k % n + "]" : c.path();
                        if (c.kind() == Kind.UNSIGNED_INT && size == 8 && v < 0) {
                            throw new ArrowDataException(row, path, "value " + Long.toUnsignedString(v)
                                    + " is above the largest uint64_t a Java long holds (" + Long.MAX_VALUE + ")");
                        }
                        if (codes != null && Arrays.binarySearch(codes, v) < 0) {
                            throw new ArrowDataException(row, path, "enum code " + Formats.code(c, v) + " is not one of "
                                    + Formats.constants(c));
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

        /**
         * Text values {@code [first, first + rows * m)}: the offsets of the whole array
         * ({@code offset + length + 1} of them) justify the data buffer's size (its last offset); each
         * value's offsets must not decrease, lie within {@code 0..}that size and give a value its member
         * can hold before a byte of it is read. The offsets buffer must lie in readable memory as a whole;
         * the data buffer value by value, once the value's length fits its member.
         */
        private void text(Leaf f, ForeignArray a, long first, long m) {
            long count = rows * m;
            if (count == 0) {
                return;
            }
            boolean wide = large.contains(f.path());
            int w = wide ? 8 : 4;
            String kind = wide ? "large utf8" : "utf8";
            long entries = a.offset() + a.length() + 1;
            MemorySegment offsets = a.buffer(1, entries * w, "offsets");
            long end = offset(offsets, entries - 1, wide);
            if (end < 0) {
                throw ForeignArray.fail(f.path(), kind + " offsets[" + (entries - 1) + "] (the data buffer's size) is negative ("
                        + end + ")");
            }
            MemorySegment data = a.buffer(2, end, "data", false);
            long from = offset(offsets, first, wide);
            for (long k = 0; k < count; k++) {
                Column c = f.columns().get((int) (k % m));
                long row = k / m;
                long to = offset(offsets, first + k + 1, wide);
                if (from < 0 || to < from || to > end) {
                    throw new ArrowDataException(row, c.path(), kind + " offsets[" + (first + k) + ".." + (first + k + 1) + "] = "
                            + from + ".." + to + (from < 0 ? " start below 0" : to < from ? " decrease"
                            : " pass the data buffer's size " + end + " (offsets[" + (entries - 1) + "])"));
                }
                texts.store(c, c.path(), row, data, from, to, tmp, row * stride + c.offset(), a.memory(), kind);
                from = to;
            }
        }

        private static long offset(MemorySegment offsets, long i, boolean wide) {
            return wide ? offsets.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i) : offsets.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
        }
    }
}

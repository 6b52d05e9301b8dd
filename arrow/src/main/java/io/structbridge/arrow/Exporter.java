package io.structbridge.arrow;

import io.structbridge.arrow.Node.Group;
import io.structbridge.arrow.Node.GroupList;
import io.structbridge.arrow.Node.Leaf;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.Utf8;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fills C structs from struct memory: the schema tree and the array tree of one batch, all memory in
 * the {@link Exports.Owner}'s arena. Values are read once each, converted to native byte order, and
 * checked (bool bytes, enum codes, text encoding): a bad value stops the export with an
 * {@link ArrowDataException} naming the row and field.
 */
class Exporter {
    private static final long ALIGN = 64;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private final Exports.Owner owner;
    private final Arena arena;
    private final MemorySegment source;
    private final long stride;
    private final long firstRow;
    private final long rows;

    Exporter(Exports.Owner owner, MemorySegment source, long stride, long firstRow, long rows) {
        this.owner = owner;
        this.arena = owner.arena;
        this.source = source;
        this.stride = stride;
        this.firstRow = firstRow;
        this.rows = rows;
    }

    /** {@return the export this exporter fills} */
    Exports.Owner owner() {
        return owner;
    }

    // ---- schema ------------------------------------------------------------------------------

    static void schema(Exports.Owner owner, Node node, MemorySegment s) {
        Arena arena = owner.arena;
        String format;
        byte[] metadata = null;
        List<Node> children;
        switch (node) {
            case Group g -> {
                format = "+s";
                children = g.children();
            }
            case GroupList l -> {
                format = "+w:" + l.length();
                children = List.of(l.element());
            }
            case Leaf f -> {
                if (f.list()) {
                    format = "+w:" + f.column().length();
                    children = List.of(new Leaf("item", f.path() + "[]", List.of()));
                } else {
                    format = Formats.element(f.column());
                    children = List.of();
                }
                metadata = Formats.metadata(f.column());
            }
        }
        s.set(CData.PTR, CData.S_FORMAT, CData.cString(arena, format));
        s.set(CData.PTR, CData.S_NAME, CData.cString(arena, node.name()));
        if (metadata != null) {
            MemorySegment m = arena.allocate(metadata.length);
            MemorySegment.copy(metadata, 0, m, ValueLayout.JAVA_BYTE, 0, metadata.length);
            s.set(CData.PTR, CData.S_METADATA, m);
        } else {
            s.set(CData.PTR, CData.S_METADATA, MemorySegment.NULL);
        }
        s.set(CData.I64, CData.S_FLAGS, 0L);
        s.set(CData.I64, CData.S_N_CHILDREN, children.size());
        s.set(CData.PTR, CData.S_DICTIONARY, MemorySegment.NULL);
        List<MemorySegment> structs = new ArrayList<>();
        if (children.isEmpty()) {
            s.set(CData.PTR, CData.S_CHILDREN, MemorySegment.NULL);
        } else {
            MemorySegment ptrs = arena.allocate(CData.PTR, children.size());
            for (int i = 0; i < children.size(); i++) {
                MemorySegment c = arena.allocate(CData.SCHEMA);
                Node child = children.get(i);
                if (child instanceof Leaf l && l.columns().isEmpty()) {
                    elementSchema(owner, (Leaf) node, c);
                } else {
                    schema(owner, child, c);
                }
                ptrs.setAtIndex(CData.PTR, i, c);
                structs.add(c);
            }
            s.set(CData.PTR, CData.S_CHILDREN, ptrs);
        }
        Exports.register(s, owner, true, structs);
    }

    /** The {@code item} child of a fixed scalar array. */
    private static void elementSchema(Exports.Owner owner, Leaf list, MemorySegment c) {
        c.set(CData.PTR, CData.S_FORMAT, CData.cString(owner.arena, Formats.element(list.column())));
        c.set(CData.PTR, CData.S_NAME, CData.cString(owner.arena, "item"));
        c.set(CData.PTR, CData.S_METADATA, MemorySegment.NULL);
        c.set(CData.I64, CData.S_FLAGS, 0L);
        c.set(CData.I64, CData.S_N_CHILDREN, 0L);
        c.set(CData.PTR, CData.S_CHILDREN, MemorySegment.NULL);
        c.set(CData.PTR, CData.S_DICTIONARY, MemorySegment.NULL);
        Exports.register(c, owner, true, List.of());
    }

    // ---- arrays ------------------------------------------------------------------------------

    /** Fills {@code a} with the values of {@code node}: {@code rows * m} values, {@code m} its multiplicity. */
    void array(Node node, MemorySegment a, long m) {
        long length = rows * m;
        List<MemorySegment> structs = new ArrayList<>();
        MemorySegment[] buffers;
        switch (node) {
            case Group g -> {
                buffers = new MemorySegment[] {MemorySegment.NULL};
                MemorySegment ptrs = arena.allocate(CData.PTR, Math.max(1, g.children().size()));
                for (int i = 0; i < g.children().size(); i++) {
                    MemorySegment c = arena.allocate(CData.ARRAY);
                    array(g.children().get(i), c, m);
                    ptrs.setAtIndex(CData.PTR, i, c);
                    structs.add(c);
                }
                a.set(CData.PTR, CData.A_CHILDREN, ptrs);
            }
            case GroupList l -> {
                buffers = new MemorySegment[] {MemorySegment.NULL};
                MemorySegment c = arena.allocate(CData.ARRAY);
                array(l.element(), c, m * l.length());
                structs.add(c);
                a.set(CData.PTR, CData.A_CHILDREN, ptrTo(c));
            }
            case Leaf f when f.list() -> {
                buffers = new MemorySegment[] {MemorySegment.NULL};
                MemorySegment c = arena.allocate(CData.ARRAY);
                int n = f.column().length();
                MemorySegment[] childBuffers = leafBuffers(f, m, n);
                fill(c, length * n, childBuffers, List.of());
                structs.add(c);
                a.set(CData.PTR, CData.A_CHILDREN, ptrTo(c));
            }
            case Leaf f -> {
                buffers = leafBuffers(f, m, 1);
                a.set(CData.PTR, CData.A_CHILDREN, MemorySegment.NULL);
            }
        }
        fill(a, length, buffers, structs);
    }

    private MemorySegment ptrTo(MemorySegment c) {
        MemorySegment p = arena.allocate(CData.PTR, 1);
        p.set(CData.PTR, 0, c);
        return p;
    }

    private void fill(MemorySegment a, long length, MemorySegment[] buffers, List<MemorySegment> children) {
        a.set(CData.I64, CData.A_LENGTH, length);
        a.set(CData.I64, CData.A_NULL_COUNT, 0L);
        a.set(CData.I64, CData.A_OFFSET, 0L);
        a.set(CData.I64, CData.A_N_BUFFERS, buffers.length);
        a.set(CData.I64, CData.A_N_CHILDREN, children.size());
        MemorySegment b = arena.allocate(CData.PTR, buffers.length);
        for (int i = 0; i < buffers.length; i++) {
            b.setAtIndex(CData.PTR, i, buffers[i]);
        }
        a.set(CData.PTR, CData.A_BUFFERS, b);
        if (children.isEmpty()) {
            a.set(CData.PTR, CData.A_CHILDREN, MemorySegment.NULL);
        }
        a.set(CData.PTR, CData.A_DICTIONARY, MemorySegment.NULL);
        Exports.register(a, owner, false, children);
    }

    private MemorySegment buffer(long bytes) {
        return arena.allocate(Math.max(ALIGN, (bytes + ALIGN - 1) / ALIGN * ALIGN), ALIGN);
    }

    /**
     * The buffers of a leaf of multiplicity {@code m} and {@code n} elements per value: validity NULL, then data
     * (overridden by {@link ColumnsExporter}, which points at column memory where it can).
     */
    MemorySegment[] leafBuffers(Leaf f, long m, int n) {
        Column first = f.column();
        long values = rows * m * n;
        return switch (first.kind()) {
            case TEXT -> text(f, m);
            case BOOL -> {
                MemorySegment bits = buffer((values + 7) / 8);
                each(f, m, (c, src, k, row) -> {
                    for (int j = 0; j < n; j++) {
                        long v = c.bitField() ? bitField(c, src) : source.get(ValueLayout.JAVA_BYTE, src + j);
                        if (v != 0 && v != 1) {
                            throw new ArrowDataException(row, fieldPath(f, c), "bool byte " + v + " is neither 0 nor 1");
                        }
                        if (v == 1) {
                            long bit = k * n + j;
                            bits.set(ValueLayout.JAVA_BYTE, bit >>> 3,
                                    (byte) (bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) | (1 << (bit & 7))));
                        }
                    }
                });
                yield new MemorySegment[] {MemorySegment.NULL, bits};
            }
            default -> {
                int size = Formats.arrowSize(first);
                MemorySegment data = buffer(values * size);
                long[] codes = first.kind() == Kind.ENUM
                        ? first.constants().stream().mapToLong(Column.EnumConstant::code).sorted().toArray() : null;
                List<Column> cols = f.columns();
                for (int i = 0; i < m; i++) {
                    numbers(f, cols.get(i), i, m, n, size, data, codes);
                }
                yield new MemorySegment[] {MemorySegment.NULL, data};
            }
        };
    }

    private MemorySegment[] text(Leaf f, long m) {
        Column first = f.column();
        long values = rows * m;
        int cap = first.length();
        long maxBytes = values * cap * (first.encoding() == io.structbridge.runtime.TextEncoding.LATIN_1 ? 2 : 1);
        MemorySegment offsets = buffer((values + 1) * 4);
        MemorySegment data = buffer(maxBytes);
        long[] end = {0};
        byte[] scratch = new byte[cap];
        each(f, m, (c, src, k, row) -> {
            int n = 0;
            boolean ascii = true;
            while (n < cap) {
                byte b = source.get(ValueLayout.JAVA_BYTE, src + n);
                if (b == 0) {
                    break;
                }
                ascii &= b >= 0;
                n++;
            }
            if (n == cap && c.nulTerminated()) {
                throw new ArrowDataException(row, fieldPath(f, c), "no NUL terminator within the capacity of " + cap + " bytes");
            }
            long at = end[0];
            if (ascii) {
                MemorySegment.copy(source, src, data, at, n);
                at += n;
            } else {
                MemorySegment.copy(source, ValueLayout.JAVA_BYTE, src, scratch, 0, n);
                switch (c.encoding()) {
                    case UTF_8 -> {
                        if (Utf8.classify(scratch, 0, n) == Utf8.MALFORMED) {
                            throw new ArrowDataException(row, fieldPath(f, c), "invalid UTF-8 in " + hex(scratch, n));
                        }
                        MemorySegment.copy(scratch, 0, data, ValueLayout.JAVA_BYTE, at, n);
                        at += n;
                    }
                    case ASCII -> throw new ArrowDataException(row, fieldPath(f, c), "byte above 0x7F in ASCII text " + hex(scratch, n));
                    case LATIN_1 -> {
                        for (int i = 0; i < n; i++) {
                            int ch = scratch[i] & 0xff;
                            if (ch < 0x80) {
                                data.set(ValueLayout.JAVA_BYTE, at++, (byte) ch);
                            } else {
                                data.set(ValueLayout.JAVA_BYTE, at++, (byte) (0xC0 | ch >>> 6));
                                data.set(ValueLayout.JAVA_BYTE, at++, (byte) (0x80 | ch & 0x3F));
                            }
                        }
                    }
                }
            }
            if (at > Integer.MAX_VALUE) {
                throw new ArrowDataException(row, fieldPath(f, c), "the batch holds more than 2^31-1 bytes of text (utf8 offsets"
                        + " are int32): export smaller batches");
            }
            end[0] = at;
        }, (k) -> offsets.setAtIndex(ValueLayout.JAVA_INT, k + 1, (int) end[0]));
        return new MemorySegment[] {MemorySegment.NULL, offsets, data};
    }

    /** Column {@code i} of a numeric leaf: one loop over the rows, layouts chosen once per column. */
    private void numbers(Leaf f, Column c, int i, long m, int n, int size, MemorySegment data, long[] codes) {
        int es = c.elementSize();
        ValueLayout.OfShort s2 = SHORT.withOrder(c.order());
        ValueLayout.OfInt s4 = INT.withOrder(c.order());
        ValueLayout.OfLong s8 = LONG.withOrder(c.order());
        long rowBytes = (long) n * size;
        long step = m * rowBytes;
        long src = firstRow * stride + c.offset();
        long dst = i * rowBytes;
        for (long r = 0; r < rows; r++, src += stride, dst += step) {
            if (c.bitField()) {
                put(data, dst, size, bitField(c, src));
                continue;
            }
            for (int j = 0; j < n; j++) {
                long at = src + (long) j * es;
                long to = dst + (long) j * size;
                switch (es) {
                    case 1 -> data.set(ValueLayout.JAVA_BYTE, to, source.get(ValueLayout.JAVA_BYTE, at));
                    case 2 -> data.set(SHORT, to, source.get(s2, at));
                    case 4 -> data.set(INT, to, source.get(s4, at));
                    default -> data.set(LONG, to, source.get(s8, at));
                }
                if (codes != null) {
                    long code = get(data, to, es, c.signed());
                    if (Arrays.binarySearch(codes, code) < 0) {
                        throw new ArrowDataException(firstRow + r, c.path(), "enum code " + Formats.code(c, code) + " is not one of " + Formats.constants(c));
                    }
                }
            }
        }
    }

    private static String hex(byte[] b, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(String.format("%02x", b[i] & 0xff));
        }
        return s.toString();
    }

    private static String fieldPath(Leaf f, Column c) {
        return c.path();
    }

    static long get(MemorySegment s, long at, int size, boolean signed) {
        return switch (size) {
            case 1 -> signed ? s.get(ValueLayout.JAVA_BYTE, at) : s.get(ValueLayout.JAVA_BYTE, at) & 0xffL;
            case 2 -> signed ? s.get(SHORT, at) : s.get(SHORT, at) & 0xffffL;
            case 4 -> signed ? s.get(INT, at) : s.get(INT, at) & 0xffff_ffffL;
            default -> s.get(LONG, at);
        };
    }

    static void put(MemorySegment s, long at, int size, long v) {
        switch (size) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, at, (byte) v);
            case 2 -> s.set(SHORT, at, (short) v);
            case 4 -> s.set(INT, at, (int) v);
            default -> s.set(LONG, at, v);
        }
    }

    /** {@return the bit-field's value at {@code src}, the column's {@code offset} already added} */
    private long bitField(Column c, long src) {
        long v = 0;
        for (int i = 0; i < c.elementSize(); i++) {
            long b = source.get(ValueLayout.JAVA_BYTE, src + i) & 0xffL;
            int pos = 8 * i - c.bitShift();
            if (pos >= 0 && pos < 64) {
                v |= b << pos;
            } else if (pos < 0) {
                v |= b >>> -pos;
            }
        }
        int w = c.bitWidth();
        if (w < 64) {
            v &= (1L << w) - 1;
            if (c.signed() && (v >>> (w - 1) & 1) != 0) {
                v |= -1L << w;
            }
        }
        return v;
    }

    @FunctionalInterface
    private interface Cell {
        void accept(Column c, long src, long k, long row);
    }

    @FunctionalInterface
    private interface AfterValue {
        void accept(long k);
    }

    private void each(Leaf f, long m, Cell cell) {
        each(f, m, cell, null);
    }

    /** Visits value {@code k = r * m + i} for row {@code r} and column {@code i}, in k order when {@code after} is given. */
    private void each(Leaf f, long m, Cell cell, AfterValue after) {
        List<Column> cols = f.columns();
        for (long r = 0; r < rows; r++) {
            long base = (firstRow + r) * stride;
            for (int i = 0; i < m; i++) {
                Column c = cols.get(i);
                long k = r * m + i;
                cell.accept(c, base + c.offset(), k, firstRow + r);
                if (after != null) {
                    after.accept(k);
                }
            }
        }
    }
}

package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.TaggedUnion;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The Arrow dense union of one tagged union ({@link Node.Union}) of a batch: value {@code k} (row {@code k / m},
 * element {@code k % m}) gets type id {@code j}, the case its discriminator selects, and offset = the number of
 * earlier values of case {@code j}; child {@code j} holds only those values, in row order. Each child is exported
 * by an {@link Exporter} of its own over a gathered copy of its values' union bytes, with every check of the
 * struct export (bool bytes, enum codes, text), its errors renamed to the row and full path of the struct.
 * A discriminator value that selects no case is an {@link ArrowDataException} on the discriminator's path. As a
 * sparse union ({@link UnionMode#SPARSE}) there are no offsets and each child has every row, null where dead.
 */
final class UnionExport {
    private final Exporter outer;
    private final Node.Union u;
    private final long m;

    UnionExport(Exporter outer, Node.Union u, long m) {
        this.outer = outer;
        this.u = u;
        this.m = m;
    }

    /**
     * Fills the type ids and offsets, and exports each member's values into a child array (appended to
     * {@code children}, in case order).
     *
     * @return the union's buffers: int8 type ids, then (dense) int32 offsets (a union has no validity buffer)
     * @throws ArrowDataException for a discriminator value that selects no case, or a bad value of a live member
     */
    MemorySegment[] export(List<MemorySegment> children) {
        long n = outer.rows * m;
        if (n > Integer.MAX_VALUE) {
            throw new ArrowDataException(outer.firstRow, u.path(), "a batch of a union holds at most 2^31-1 values: export"
                    + " smaller batches");
        }
        int cases = u.members().children().size();
        MemorySegment ids = outer.buffer(n, false);
        MemorySegment offsets = outer.buffer(n * 4, false);
        int[] counts = new int[cases];
        byte[] live = new byte[(int) n];
        for (long r = 0; r < outer.rows; r++) {
            long row = (outer.firstRow + r) * outer.stride;
            for (int i = 0; i < m; i++) {
                int k = (int) (r * m + i);
                Column tag = u.tags().get(i);
                long code = code(tag, row + tag.offset());
                int j = u.unions().get(i).live(code);
                if (j < 0) {
                    throw noCase(outer.firstRow + r, tag, u.unions().get(i), code);
                }
                live[k] = (byte) j;
                ids.set(ValueLayout.JAVA_BYTE, k, (byte) j);
                offsets.setAtIndex(ValueLayout.JAVA_INT, k, counts[j]++);
            }
        }
        if (outer.unions == UnionMode.SPARSE) {
            sparse(children, live, counts);
            return new MemorySegment[] {ids};
        }
        long span = u.span();
        for (int j = 0; j < cases; j++) {
            int count = counts[j];
            int[] from = new int[count];
            MemorySegment c = outer.owner().arena.allocate(CData.ARRAY);
            try (Arena gathered = Arena.ofConfined()) {
                MemorySegment g = gathered.allocate(Math.max(1, count * span), 8);
                int q = 0;
                for (int k = 0; k < n; k++) {
                    if (live[k] == j) {
                        long at = (outer.firstRow + k / m) * outer.stride + u.bases().get((int) (k % m));
                        MemorySegment.copy(outer.source, at, g, q * span, span);
                        from[q++] = k;
                    }
                }
                Exporter sub = new Exporter(outer.owner(), g, span, 0, count);
                sub.unions = outer.unions;
                try {
                    sub.array(u.members().children().get(j), c, 1);
                    sub.run();
                } catch (ArrowDataException e) {
                    throw renamed(e, from[(int) e.row()]);
                }
            }
            children.add(c);
        }
        return new MemorySegment[] {ids, offsets};
    }

    /**
     * The children of a sparse union: member {@code j}'s child has every value, null where {@code j} is dead. Its
     * dead values are copies of its first live value (so they pass its checks; their errors name that value's row),
     * or, when no value of the batch holds it, zeros read from nothing.
     */
    private void sparse(List<MemorySegment> children, byte[] live, int[] counts) {
        int n = live.length;
        long span = u.span();
        for (int j = 0; j < counts.length; j++) {
            Node member = u.members().children().get(j);
            MemorySegment c = outer.owner().arena.allocate(CData.ARRAY);
            if (counts[j] == 0) {
                outer.zeros(member, c, n);
            } else {
                int filler = 0;
                while (live[filler] != j) {
                    filler++;
                }
                try (Arena gathered = Arena.ofConfined()) {
                    MemorySegment g = gathered.allocate(Math.max(1, n * span), 8);
                    for (int k = 0; k < n; k++) {
                        int from = live[k] == j ? k : filler;
                        long at = (outer.firstRow + from / m) * outer.stride + u.bases().get((int) (from % m));
                        MemorySegment.copy(outer.source, at, g, k * span, span);
                    }
                    Exporter sub = new Exporter(outer.owner(), g, span, 0, n);
                    sub.unions = outer.unions;
                    try {
                        sub.array(member, c, 1);
                        sub.run();
                    } catch (ArrowDataException e) {
                        int k = (int) e.row();
                        throw renamed(e, live[k] == j ? k : filler);
                    }
                }
            }
            MemorySegment validity = outer.buffer((n + 7) / 8, true);
            for (int k = 0; k < n; k++) {
                if (live[k] == j) {
                    validity.set(ValueLayout.JAVA_BYTE, k >>> 3, (byte) (validity.get(ValueLayout.JAVA_BYTE, k >>> 3) | 1 << (k & 7)));
                }
            }
            c.get(CData.PTR, CData.A_BUFFERS).reinterpret(CData.PTR.byteSize()).set(CData.PTR, 0, validity);
            c.set(CData.I64, CData.A_NULL_COUNT, (long) n - counts[j]);
            children.add(c);
        }
    }

    /** {@return {@code e} of value {@code k} of a member's export, named by the struct's row and the member's full path} */
    private ArrowDataException renamed(ArrowDataException e, int k) {
        return new ArrowDataException(outer.firstRow + k / m, u.unions().get((int) (k % m)).path() + "." + e.field(), e.detail());
    }

    /** {@return the stored value of discriminator column {@code c} at byte {@code at} of the source} */
    private long code(Column c, long at) {
        if (c.bitField()) {
            return outer.bitField(c, at);
        }
        MemorySegment s = outer.source;
        boolean signed = c.signed();
        return switch (c.elementSize()) {
            case 1 -> signed ? s.get(ValueLayout.JAVA_BYTE, at) : s.get(ValueLayout.JAVA_BYTE, at) & 0xffL;
            case 2 -> {
                short v = s.get(ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(c.order()), at);
                yield signed ? v : v & 0xffffL;
            }
            case 4 -> {
                int v = s.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(c.order()), at);
                yield signed ? v : v & 0xffff_ffffL;
            }
            default -> s.get(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(c.order()), at);
        };
    }

    /**
     * {@return the error for a discriminator value that selects no case} An enum discriminator selects a case for every
     * constant, so its value is no constant: the enum column's own message. An integer one: the value and the cases.
     */
    static ArrowDataException noCase(long row, Column tag, TaggedUnion t, long code) {
        if (tag.kind() == Kind.ENUM) {
            return new ArrowDataException(row, tag.path(), "enum code " + Formats.code(tag, code) + " is not one of "
                    + Formats.constants(tag));
        }
        return new ArrowDataException(row, tag.path(), "discriminator " + last(tag.path()) + " = " + Formats.code(tag, code)
                + " selects no member of union '" + last(t.path()) + "' " + cases(tag, t));
    }

    /** {@return the cases in words: {@code (1 -> i, 2 -> d, 3 -> d, -1 -> s)}} */
    static String cases(Column tag, TaggedUnion t) {
        StringBuilder b = new StringBuilder("(");
        for (TaggedUnion.Case c : t.cases()) {
            for (long v : c.codes()) {
                b.append(b.length() == 1 ? "" : ", ").append(Formats.code(tag, v)).append(" -> ").append(c.member());
            }
        }
        return b.append(')').toString();
    }

    private static String last(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }
}

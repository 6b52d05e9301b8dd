package io.structbridge.arrow;

import io.structbridge.arrow.Node.Group;
import io.structbridge.arrow.Node.GroupList;
import io.structbridge.arrow.Node.Leaf;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.StridedCopy;
import io.structbridge.runtime.Utf8;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fills C structs from struct memory: the schema tree and the array tree of one batch, all memory in
 * the {@link Exports.Owner}'s arena. Values are read once each, converted to native byte order, and
 * checked (bool bytes, enum codes, text encoding): a bad value stops the export with an
 * {@link ArrowDataException} naming the row and field.
 */
class Exporter {
    private static final long ALIGN = 64;
    private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private final Exports.Owner owner;
    private final Arena arena;
    final MemorySegment source;
    final long stride;
    final long firstRow;
    final long rows;

    /** How tagged unions are written (see {@link UnionMode}). */
    UnionMode unions = UnionMode.DENSE;

    /** The struct type whose generated transpose moves the numeric leaves, or null (see {@link #transposeTargets}). */
    private final StructType<?> type;

    Exporter(Exports.Owner owner, MemorySegment source, long stride, long firstRow, long rows) {
        this(owner, null, source, stride, firstRow, rows);
    }

    /**
     * An exporter of structs of {@code type}: where the struct has a columnar form (no union, no
     * bit-field), each block of rows first goes through {@link StructType#copyToColumns} (the generated
     * row-major transpose with constant offsets), which writes the numeric leaves in native byte order
     * straight into their Arrow data buffers; the other leaves are then converted from the structs as
     * without a type.
     */
    Exporter(Exports.Owner owner, StructType<?> type, MemorySegment source, long stride, long firstRow, long rows) {
        this.owner = owner;
        this.arena = owner.arena;
        this.type = type != null && transposable(type) ? type : null;
        this.source = source;
        this.stride = stride;
        this.firstRow = firstRow;
        this.rows = rows;
    }

    private static boolean transposable(StructType<?> type) {
        for (Column c : type.columns()) {
            if (c.union() != null || c.bitWidth() > 0) {
                return false;
            }
        }
        return !type.columns().isEmpty();
    }

    /** {@return the export this exporter fills} */
    Exports.Owner owner() {
        return owner;
    }

    // ---- schema ------------------------------------------------------------------------------

    static void schema(Exports.Owner owner, Node node, MemorySegment s) {
        schema(owner, node, s, UnionMode.DENSE, false);
    }

    /**
     * Fills {@code s} with the schema of {@code node}, unions written as {@code mode} says; {@code nullable}: the field
     * may hold nulls (a member of a sparse union).
     */
    static void schema(Exports.Owner owner, Node node, MemorySegment s, UnionMode mode, boolean nullable) {
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
            case Node.Union u -> {
                StringBuilder ids = new StringBuilder(mode == UnionMode.SPARSE ? "+us:" : "+ud:");
                for (int i = 0; i < u.members().children().size(); i++) {
                    ids.append(i == 0 ? "" : ",").append(i);
                }
                format = ids.toString();
                children = u.members().children();
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
        s.set(CData.I64, CData.S_FLAGS, nullable ? CData.FLAG_NULLABLE : 0L);
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
                    schema(owner, child, c, mode, mode == UnionMode.SPARSE && node instanceof Node.Union);
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
            case Node.Union u -> {
                buffers = new UnionExport(this, u, m).export(structs);
                MemorySegment ptrs = arena.allocate(CData.PTR, Math.max(1, structs.size()));
                for (int i = 0; i < structs.size(); i++) {
                    ptrs.setAtIndex(CData.PTR, i, structs.get(i));
                }
                a.set(CData.PTR, CData.A_CHILDREN, ptrs);
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

    /**
     * Fills {@code a} with {@code length} values of {@code node} whose bytes are all zero, read from no struct and
     * checked by nothing: the child of a sparse union's member that no row of the batch holds, all null (the caller
     * sets the validity).
     */
    void zeros(Node node, MemorySegment a, long length) {
        List<MemorySegment> structs = new ArrayList<>();
        MemorySegment[] buffers;
        switch (node) {
            case Group g -> {
                buffers = new MemorySegment[] {MemorySegment.NULL};
                for (Node child : g.children()) {
                    MemorySegment c = arena.allocate(CData.ARRAY);
                    zeros(child, c, length);
                    structs.add(c);
                }
            }
            case GroupList l -> {
                buffers = new MemorySegment[] {MemorySegment.NULL};
                MemorySegment c = arena.allocate(CData.ARRAY);
                zeros(l.element(), c, length * l.length());
                structs.add(c);
            }
            case Node.Union u -> {
                buffers = unions == UnionMode.SPARSE ? new MemorySegment[] {buffer(length, true)}
                        : new MemorySegment[] {buffer(length, true), buffer(length * 4, true)};
                for (int j = 0; j < u.members().children().size(); j++) {
                    MemorySegment c = arena.allocate(CData.ARRAY);
                    zeros(u.members().children().get(j), c, unions == UnionMode.SPARSE || j == 0 ? length : 0);
                    structs.add(c);
                }
            }
            case Leaf f when f.list() -> {
                buffers = new MemorySegment[] {MemorySegment.NULL};
                MemorySegment c = arena.allocate(CData.ARRAY);
                fill(c, length * f.column().length(), zeroValues(f.column(), length * f.column().length()), List.of());
                structs.add(c);
            }
            case Leaf f -> buffers = zeroValues(f.column(), length);
        }
        if (structs.isEmpty()) {
            a.set(CData.PTR, CData.A_CHILDREN, MemorySegment.NULL);
        } else {
            MemorySegment ptrs = arena.allocate(CData.PTR, structs.size());
            for (int i = 0; i < structs.size(); i++) {
                ptrs.setAtIndex(CData.PTR, i, structs.get(i));
            }
            a.set(CData.PTR, CData.A_CHILDREN, ptrs);
        }
        fill(a, length, buffers, structs);
    }

    /** {@return the buffers of {@code values} zero values of column {@code c}: validity NULL, zeroed data (empty text)} */
    private MemorySegment[] zeroValues(Column c, long values) {
        return switch (c.kind()) {
            case TEXT -> new MemorySegment[] {MemorySegment.NULL, buffer((values + 1) * 4, true), buffer(0, true)};
            case BOOL -> new MemorySegment[] {MemorySegment.NULL, buffer((values + 7) / 8, true)};
            default -> new MemorySegment[] {MemorySegment.NULL, buffer(values * Formats.arrowSize(c), true)};
        };
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

    /**
     * {@return a buffer of at least {@code bytes} bytes, rounded up to a multiple of 64; the bytes past
     * {@code bytes} are zero, the first {@code bytes} too if {@code zeroed} (else the caller writes them all)}
     */
    MemorySegment buffer(long bytes, boolean zeroed) {
        long size = Math.max(ALIGN, (bytes + ALIGN - 1) / ALIGN * ALIGN);
        MemorySegment b = owner.buffer(size, zeroed);
        if (!zeroed) {
            b.asSlice(bytes).fill((byte) 0);
        }
        return b;
    }

    /**
     * The buffers of a leaf of multiplicity {@code m} and {@code n} elements per value: validity NULL, then data
     * (overridden by {@link ColumnsExporter}, which points at column memory where it can). The buffers are
     * allocated here and filled by {@link #run}.
     */
    MemorySegment[] leafBuffers(Leaf f, long m, int n) {
        Column first = f.column();
        long values = rows * m * n;
        return switch (first.kind()) {
            case TEXT -> text(f, m);
            case BOOL -> {
                MemorySegment bits = buffer((values + 7) / 8, true);
                List<Column> cols = f.columns();
                for (int i = 0; i < m; i++) {
                    jobs.add(new Bools(cols.get(i), i, m, n, bits));
                }
                yield new MemorySegment[] {MemorySegment.NULL, bits};
            }
            default -> {
                int size = Formats.arrowSize(first);
                MemorySegment data = buffer(values * size, false);
                long[] codes = first.kind() == Kind.ENUM
                        ? first.constants().stream().mapToLong(Column.EnumConstant::code).sorted().toArray() : null;
                List<Column> cols = f.columns();
                for (int i = 0; i < m; i++) {
                    jobs.add(new Numbers(cols.get(i), i, m, n, size, data, codes));
                }
                yield new MemorySegment[] {MemorySegment.NULL, data};
            }
        };
    }

    /**
     * Fills every buffer {@link #leafBuffers} allocated: the rows in cache-sized blocks (about
     * {@value #BLOCK_BYTES} bytes of structs), each block converted leaf by leaf, so the structs are read
     * from memory once however many columns they hold. An export of at least {@code 2 * }{@value #RANGE_ROWS}
     * rows is cut into row ranges (whole blocks) converted at once by the caller and the common
     * {@link ForkJoinPool} (at most {@link #threads} ranges; every thread, the caller too, claims ranges until none
     * is left, so a pool without free threads only makes the caller convert them all); each text leaf's values of a range are first written
     * at the range's own place in the data buffer and moved down behind the previous range's afterwards.
     *
     * @throws ArrowDataException at the first bad value (in block order: row block, then leaf, then row): with
     *     ranges, the first bad value of the first range that has one, so the same error as without ranges
     */
    void run() {
        if (jobs.isEmpty()) {
            return;
        }
        Plan plan = plan();
        int ranges = ranges(plan.block);
        if (ranges <= 1) {
            runRange(plan, jobs, 0, rows);
        } else {
            runRanges(plan, ranges);
        }
        jobs.clear();
    }

    /** Exports of fewer rows than twice this run on the caller's thread alone. */
    static final long RANGE_ROWS = 16_384;

    /**
     * {@return the most threads an export uses: system property {@code structbridge.arrow.exportThreads} if
     * set (1: the caller's thread only), else the common pool's parallelism plus the caller}
     */
    static int threads() {
        Integer set = Integer.getInteger("structbridge.arrow.exportThreads");
        return set != null ? Math.max(1, set) : ForkJoinPool.getCommonPoolParallelism() + 1;
    }

    /** {@return how many row ranges to convert at once: 1 unless the export is large and other threads may read its memory} */
    private int ranges(int block) {
        long n = Math.min(threads(), rows / RANGE_ROWS);
        if (n <= 1 || !source.isAccessibleBy(new Thread(() -> { }))) {
            return 1;
        }
        for (Job job : jobs) {
            if (job instanceof Text t && !t.rangeable()) {
                return 1;
            }
        }
        return (int) Math.min(n, (rows + block - 1) / block);
    }

    /** The rows of each block and the transpose's targets, decided once for every range. */
    private record Plan(int block, MemorySegment[] targets, long[] widths) {}

    private Plan plan() {
        MemorySegment[] targets = transposeTargets();
        int block = (int) Math.max(8, ((targets == null ? BLOCK_BYTES : TRANSPOSED_BLOCK_BYTES) / Math.max(1, stride)) & ~7L);
        long[] widths = null;
        if (targets != null) {
            List<Column> leaves = type.columns();
            widths = new long[leaves.size()];
            for (int k = 0; k < leaves.size(); k++) {
                widths[k] = (long) leaves.get(k).elementSize() * leaves.get(k).length();
            }
        }
        return new Plan(block, targets, widths);
    }

    /** Converts rows {@code [from, to)} with {@code js}, block by block. */
    private void runRange(Plan plan, List<Job> js, long from, long to) {
        Transposed t = plan.targets == null ? null : new Transposed(plan.targets, plan.widths);
        if (t != null) {
            for (Job job : js) {
                // a text leaf that is a whole column reads its block from the transpose's scratch: contiguous, just written
                if (job instanceof Text text && text.cols.length == 1) {
                    int k = type.columns().indexOf(text.cols[0]);
                    if (k >= 0 && plan.targets[k] == null) {
                        text.transposed = t;
                        text.leaf = k;
                    }
                }
            }
        }
        for (long r = from; r < to; r += plan.block) {
            int b = (int) Math.min(plan.block, to - r);
            if (t != null) {
                t.run(r, b);
            }
            for (Job job : js) {
                job.run(r, b);
            }
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong RANGED = new java.util.concurrent.atomic.AtomicLong();

    /** {@return the exports so far that were cut into row ranges (for tests)} */
    static long rangedExports() {
        return RANGED.get();
    }

    /** Waits for {@code latch}, keeping (and restoring) the caller's interrupt status: the ranges write into this export's buffers. */
    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void runRanges(Plan plan, int ranges) {
        RANGED.incrementAndGet();
        long per = (rows + ranges - 1) / ranges;
        per = (per + plan.block - 1) / plan.block * plan.block;
        List<List<Job>> sets = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        for (long start = 0; start < rows; start += per) {
            List<Job> js = new ArrayList<>();
            for (Job job : jobs) {
                js.add(start == 0 ? job : job.forRange(start));
            }
            sets.add(js);
            starts.add(start);
        }
        int count = sets.size();
        long size = per;
        AtomicInteger next = new AtomicInteger();
        Throwable[] failed = new Throwable[count];
        CountDownLatch done = new CountDownLatch(count);
        // each thread claims ranges until none is left; the caller claims too, so an export never waits for a range
        // that no pool thread has started (a pool without threads, or with every thread busy elsewhere)
        Runnable claim = () -> {
            for (int k = next.getAndIncrement(); k < count; k = next.getAndIncrement()) {
                long from = starts.get(k);
                try {
                    runRange(plan, sets.get(k), from, Math.min(rows, from + size));
                } catch (Throwable e) {
                    failed[k] = e;
                } finally {
                    done.countDown();
                }
            }
        };
        for (int k = 1; k < count; k++) {
            ForkJoinPool.commonPool().execute(claim);
        }
        claim.run();
        awaitUninterruptibly(done); // only ranges that pool threads claimed and are converting remain
        for (Throwable e : failed) {
            if (e != null) {
                // the first range's: the error a single pass would have stopped at
                if (e instanceof RuntimeException r) {
                    throw r;
                }
                if (e instanceof Error r) {
                    throw r;
                }
                throw new IllegalStateException(e);
            }
        }
        for (int j = 0; j < jobs.size(); j++) {
            if (jobs.get(j) instanceof Text text) {
                List<Text> parts = new ArrayList<>();
                for (List<Job> js : sets) {
                    parts.add((Text) js.get(j));
                }
                text.join(parts, starts, Math.min(rows, per), per);
            }
        }
    }

    /**
     * {@return the data buffers the transpose of each block moves the direct numeric jobs' leaves into (null
     * for the type's other leaves), or null without a type or direct job} A job is direct when its leaf is a
     * whole column of the struct's columns (not in a nested struct array), numeric, in native byte order, and
     * Arrow's element is the member's bytes: then its data buffer has the column's layout. The type's other
     * columns go to a scratch block that is not read (except text, see {@link #runRange}).
     */
    private MemorySegment[] transposeTargets() {
        if (type == null) {
            return null;
        }
        List<Column> leaves = type.columns();
        MemorySegment[] targets = new MemorySegment[leaves.size()];
        boolean any = false;
        for (Job job : jobs) {
            if (job instanceof Numbers n && n.directCandidate()) {
                int k = leaves.indexOf(n.c);
                if (k >= 0 && targets[k] == null) {
                    targets[k] = n.data;
                    n.direct = true;
                    any = true;
                }
            }
        }
        return any ? targets : null;
    }

    /** The per-block transpose into {@link #transposeTargets}: one per row range (its scratch is its own). */
    private final class Transposed {
        private final MemorySegment[] targets;
        private final long[] widths;
        private final MemorySegment[] scratch;
        private final MemorySegment[] block;

        Transposed(MemorySegment[] targets, long[] widths) {
            this.targets = targets;
            this.widths = widths;
            this.scratch = new MemorySegment[targets.length];
            this.block = new MemorySegment[targets.length];
        }

        void run(long r, int b) {
            for (int k = 0; k < targets.length; k++) {
                if (targets[k] != null) {
                    block[k] = targets[k].asSlice(r * widths[k], b * widths[k]);
                } else {
                    if (scratch[k] == null || scratch[k].byteSize() < b * widths[k]) {
                        scratch[k] = arena.allocate(Math.max(1, b * widths[k]), 8);
                    }
                    block[k] = scratch[k];
                }
            }
            type.copyToColumns(source, (firstRow + r) * stride, b, block);
        }

        /** {@return leaf {@code k}'s values of the block {@link #run} last moved, {@code width} bytes each from offset 0} */
        MemorySegment block(int k) {
            return block[k];
        }
    }

    /** {@link #array} of the root, then {@link #run}: the whole export. */
    void export(Node root, MemorySegment a) {
        array(root, a, 1);
        run();
    }

    /** The conversion of one column (or text leaf) into its buffers, a block of rows at a time. */
    private interface Job {
        /**
         * Converts rows {@code [r, r + b)} (counted from {@code firstRow}).
         *
         * @param r the first row of the block
         * @param b the rows in the block
         */
        void run(long r, int b);

        /**
         * {@return the job for the row range from {@code start} on, converted at the same time as others} Jobs without
         * state return themselves (ranges are whole blocks, so they write disjoint bytes, bits included).
         *
         * @param start the range's first row (counted from {@code firstRow}), a multiple of the block rows
         */
        default Job forRange(long start) {
            return this;
        }
    }

    private static final long BLOCK_BYTES = 32 * 1024;
    /** Blocks for the transposed path: larger, since each block costs one call of the checked transpose. */
    private static final long TRANSPOSED_BLOCK_BYTES = 256 * 1024;
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final long LOW_BITS = 0x0101_0101_0101_0101L;
    private static final ValueLayout.OfLong LONG_LE = LONG.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final List<Job> jobs = new ArrayList<>();

    /** Column {@code i} of a numeric leaf: copied (byte order converted) per element, then enum codes checked. */
    private final class Numbers implements Job {
        private final Column c;
        private final int n;
        private final int es;
        private final int size;
        private final MemorySegment data;
        private final long step;
        private final long dst;
        private final long src;
        private final boolean swap;
        private final long[] codes;
        private final boolean dense;
        /** Whether the block's values are already in {@code data} (moved by {@link Transposed}): only check codes. */
        boolean direct;

        Numbers(Column c, int i, long m, int n, int size, MemorySegment data, long[] codes) {
            this.c = c;
            this.n = n;
            this.es = c.elementSize();
            this.size = size;
            this.data = data;
            long rowBytes = (long) n * size;
            this.step = m * rowBytes;
            this.dst = i * rowBytes;
            this.src = firstRow * stride + c.offset();
            this.swap = es > 1 && c.order() != ByteOrder.nativeOrder();
            this.codes = codes;
            this.dense = codes != null && codes.length > 0 && codes[codes.length - 1] - codes[0] == codes.length - 1;
        }

        /** {@return whether {@code data} has the layout of the column of this leaf: one leaf, native order, Arrow size = member size} */
        boolean directCandidate() {
            return dst == 0 && step == (long) n * es && size == es && !swap && !c.bitField();
        }

        @Override
        public void run(long r, int b) {
            long s = src + r * stride;
            long d = dst + r * step;
            if (direct) {
                if (codes != null) {
                    for (int j = 0; j < n; j++) {
                        check(r, b, d + (long) j * size);
                    }
                }
                return;
            }
            if (c.bitField()) {
                for (int i = 0; i < b; i++) {
                    put(data, d + i * step, size, bitField(c, s + i * stride));
                }
                return;
            }
            for (int j = 0; j < n; j++) {
                StridedCopy.copyElements(source, s + (long) j * es, stride, data, d + (long) j * size, step, b, es, swap);
                if (codes != null) {
                    check(r, b, d + (long) j * size);
                }
            }
        }

        /** Checks the {@code b} codes just copied to {@code d}, {@code step} bytes apart. */
        private void check(long r, int b, long d) {
            long lo = codes.length == 0 ? 1 : codes[0];
            long hi = codes.length == 0 ? 0 : codes[codes.length - 1];
            boolean signed = c.signed();
            switch (es) {
                case 1 -> {
                    for (int i = 0; i < b; i++) {
                        byte v = data.get(BYTE, d + i * step);
                        long code = signed ? v : v & 0xffL;
                        if (code < lo || code > hi || !dense && Arrays.binarySearch(codes, code) < 0) {
                            badCode(r + i, code);
                        }
                    }
                }
                case 2 -> {
                    for (int i = 0; i < b; i++) {
                        short v = data.get(SHORT, d + i * step);
                        long code = signed ? v : v & 0xffffL;
                        if (code < lo || code > hi || !dense && Arrays.binarySearch(codes, code) < 0) {
                            badCode(r + i, code);
                        }
                    }
                }
                case 4 -> {
                    for (int i = 0; i < b; i++) {
                        int v = data.get(INT, d + i * step);
                        long code = signed ? v : v & 0xffff_ffffL;
                        if (code < lo || code > hi || !dense && Arrays.binarySearch(codes, code) < 0) {
                            badCode(r + i, code);
                        }
                    }
                }
                default -> {
                    for (int i = 0; i < b; i++) {
                        long code = data.get(LONG, d + i * step);
                        if (Arrays.binarySearch(codes, code) < 0) {
                            badCode(r + i, code);
                        }
                    }
                }
            }
        }

        private void badCode(long r, long code) {
            throw new ArrowDataException(firstRow + r, c.path(), "enum code " + Formats.code(c, code) + " is not one of " + Formats.constants(c));
        }
    }

    /** Column {@code i} of a bool leaf: bytes 0 and 1 (or a bit-field's bit) to bits; any other byte an error. */
    private final class Bools implements Job {
        private final Column c;
        private final int i;
        private final long m;
        private final int n;
        private final MemorySegment bits;
        private final long src;

        Bools(Column c, int i, long m, int n, MemorySegment bits) {
            this.c = c;
            this.i = i;
            this.m = m;
            this.n = n;
            this.bits = bits;
            this.src = firstRow * stride + c.offset();
        }

        @Override
        public void run(long r, int b) {
            long s = src + r * stride;
            if (m == 1 && n == 1 && !c.bitField()) {
                // row r + t is bit r + t: r is a multiple of 8 (blocks are), so whole bytes are written
                for (int t = 0; t < b; t += 8) {
                    int end = Math.min(8, b - t);
                    int packed = 0;
                    for (int u = 0; u < end; u++) {
                        byte v = source.get(BYTE, s + (t + u) * stride);
                        if ((v & ~1) != 0) {
                            bad(r + t + u, v);
                        }
                        packed |= v << u;
                    }
                    bits.set(BYTE, (r + t) >>> 3, (byte) packed);
                }
                return;
            }
            for (int t = 0; t < b; t++) {
                long at = s + t * stride;
                long k = (r + t) * m + i;
                for (int j = 0; j < n; j++) {
                    long v = c.bitField() ? bitField(c, at) : source.get(BYTE, at + j) & 0xffL;
                    if (v != 0 && v != 1) {
                        bad(r + t, v);
                    }
                    if (v == 1) {
                        long bit = k * n + j;
                        bits.set(BYTE, bit >>> 3, (byte) (bits.get(BYTE, bit >>> 3) | (1 << (bit & 7))));
                    }
                }
            }
        }

        /** {@code v}: the stored byte, shown unsigned (0..255) as the C export and the Python view show it. */
        private void bad(long r, long v) {
            throw new ArrowDataException(firstRow + r, c.path(), "bool byte " + (c.bitField() ? v : v & 0xffL) + " is neither 0 nor 1");
        }
    }

    private MemorySegment[] text(Leaf f, long m) {
        Column first = f.column();
        long values = rows * m;
        int cap = first.length();
        long maxBytes = values * cap * (first.encoding() == io.structbridge.runtime.TextEncoding.LATIN_1 ? 2 : 1);
        MemorySegment offsets = buffer((values + 1) * 4, false);
        offsets.set(ValueLayout.JAVA_INT, 0, 0);
        MemorySegment data = buffer(maxBytes, false);
        jobs.add(new Text(f, m, cap, offsets, data));
        return new MemorySegment[] {MemorySegment.NULL, offsets, data};
    }

    /**
     * A text leaf: value {@code k = r * m + i} (row {@code r}, column {@code i}) in k order, its bytes up to the
     * first NUL appended to the utf8 data and its end to the offsets. ASCII text (the common case) is scanned
     * and copied 8 bytes at a time; other text is checked (UTF-8), refused (ASCII) or converted (Latin-1).
     */
    private final class Text implements Job {
        private final Leaf f;
        private final Column[] cols;
        private final int cap;
        private final MemorySegment offsets;
        private final MemorySegment data;
        private final byte[] scratch;
        private long end;
        /** Set when the block's values are read from this transpose's scratch (leaf {@link #leaf}), not the structs. */
        Transposed transposed;
        int leaf = -1;
        /** Where this job's first value goes in {@link #data}: 0, or its range's own place (see {@link #forRange}). */
        private long start;

        Text(Leaf f, long m, int cap, MemorySegment offsets, MemorySegment data) {
            this.f = f;
            this.cols = f.columns().subList(0, (int) m).toArray(Column[]::new);
            this.cap = cap;
            this.offsets = offsets;
            this.data = data;
            this.scratch = new byte[cap];
        }

        /** {@return the most data bytes of one value: the capacity, twice it for ISO-8859-1 (two UTF-8 bytes a character)} */
        private long most() {
            return (long) cap * (cols[0].encoding() == io.structbridge.runtime.TextEncoding.LATIN_1 ? 2 : 1);
        }

        /** {@return whether the values of any range can be placed where the most bytes of the values before it end: offsets stay int32} */
        boolean rangeable() {
            return rows * cols.length * most() <= Integer.MAX_VALUE;
        }

        @Override
        public Job forRange(long first) {
            Text t = new Text(f, cols.length, cap, offsets, data);
            t.start = first * cols.length * most();
            t.end = t.start;
            return t;
        }

        /**
         * Moves the values of {@code parts} (this job's ranges, in row order, the first this job) down behind each other
         * and subtracts the distance from their offsets, then zeroes the padding after the last value.
         */
        void join(List<Text> parts, List<Long> firstRows, long firstRange, long per) {
            long at = parts.get(0).end;
            long m = cols.length;
            for (int k = 1; k < parts.size(); k++) {
                Text t = parts.get(k);
                long bytes = t.end - t.start;
                long gap = t.start - at;
                if (gap != 0) {
                    MemorySegment.copy(data, t.start, data, at, bytes);
                    long from = firstRows.get(k) * m + 1;
                    long to = Math.min(rows, firstRows.get(k) + per) * m;
                    for (long v = from; v <= to; v++) {
                        offsets.setAtIndex(ValueLayout.JAVA_INT, v, (int) (offsets.getAtIndex(ValueLayout.JAVA_INT, v) - gap));
                    }
                }
                at += bytes;
            }
            end = at;
            zeroPadding(at);
        }

        @Override
        public void run(long r, int b) {
            // the segments in locals: stores to native memory would otherwise make the JIT reload the fields
            // (and repeat the segments' checks) for every access
            MemorySegment dst = data;
            MemorySegment offs = offsets;
            Column[] cs = cols;
            int capacity = cap;
            long m = cs.length;
            long e = end;
            if (transposed != null) {
                run(transposed.block(leaf).asSlice(0, (long) b * capacity), r, b, cs[0], capacity, dst, offs, e);
                return;
            }
            MemorySegment src = source;
            for (int t = 0; t < b; t++) {
                long row = r + t;
                long base = (firstRow + row) * stride;
                for (int i = 0; i < cs.length; i++) {
                    Column c = cs[i];
                    long from = base + c.offset();
                    long at = ascii(src, from, capacity, dst, e);
                    if (at < 0) {
                        at = value(c, src, from, firstRow + row, e);
                    }
                    if (at > Integer.MAX_VALUE) {
                        throw new ArrowDataException(firstRow + row, fieldPath(f, c), "the batch holds more than 2^31-1 bytes of"
                                + " text (utf8 offsets are int32): export smaller batches");
                    }
                    e = at;
                    offs.setAtIndex(ValueLayout.JAVA_INT, row * m + i + 1, (int) at);
                }
            }
            finish(r, b, e);
        }

        /** {@link #run} over the block's values in {@code col}, {@code capacity} bytes each from offset 0: one column. */
        private void run(MemorySegment col, long r, int b, Column c, int capacity, MemorySegment dst, MemorySegment offs, long e) {
            MemorySegment o = offs.asSlice((r + 1) * 4, (long) b * 4);
            for (long t = 0; t < b; t++) {
                long from = t * capacity;
                long at = ascii(col, from, capacity, dst, e);
                if (at < 0) {
                    at = value(c, col, from, firstRow + r + t, e);
                }
                if (at > Integer.MAX_VALUE) {
                    throw new ArrowDataException(firstRow + r + t, fieldPath(f, c), "the batch holds more than 2^31-1 bytes of"
                            + " text (utf8 offsets are int32): export smaller batches");
                }
                e = at;
                o.setAtIndex(ValueLayout.JAVA_INT, t, (int) at);
            }
            finish(r, b, e);
        }

        private void finish(long r, int b, long e) {
            end = e;
            if (r + b == rows && start == 0) {
                zeroPadding(e);
            }
        }

        /**
         * Zeroes the bytes after the last value up to the next 64-byte boundary (Arrow's padding): the word copies
         * write up to 8 bytes past a value; later bytes of the buffer are past its length and never read.
         */
        private void zeroPadding(long e) {
            long to = Math.min(data.byteSize(), (e + 8 + ALIGN - 1) / ALIGN * ALIGN);
            data.asSlice(e, to - e).fill((byte) 0);
        }

        /**
         * The common case of {@link #value}: ASCII text whose NUL lies in one of its whole 8-byte words,
         * copied a word at a time to {@code at}. {@return the new end, or -1 if the text is not that case
         * (bytes above 0x7F, or no NUL in the whole words): then {@link #value} decides, from {@code at} again}
         */
        private static long ascii(MemorySegment src, long from, int cap, MemorySegment dst, long at) {
            for (int w = 0; w + 8 <= cap; w += 8) {
                long x = src.get(LONG_LE, from + w);
                dst.set(LONG_LE, at + w, x);
                long zero = (x - LOW_BITS) & ~x & HIGH_BITS; // the lowest flag marks the first zero byte exactly
                if (zero != 0) {
                    int z = Long.numberOfTrailingZeros(zero) >>> 3;
                    long before = z == 0 ? 0 : x & (-1L >>> (64 - 8 * z));
                    return (before & HIGH_BITS) == 0 ? at + w + z : -1;
                }
                if ((x & HIGH_BITS) != 0) {
                    return -1;
                }
            }
            return -1;
        }

        /** Appends the text at {@code src} of {@code in} to the data at {@code at}; {@return the new end} */
        private long value(Column c, MemorySegment in, long src, long row, long at) {
            int n = -1;
            long high = 0;
            int w = 0;
            for (; w + 8 <= cap; w += 8) {
                long x = in.get(LONG_LE, src + w);
                long zero = (x - LOW_BITS) & ~x & HIGH_BITS;
                data.set(LONG_LE, at + w, x);
                if (zero != 0) {
                    int z = Long.numberOfTrailingZeros(zero) >>> 3;
                    high |= x & (z == 0 ? 0 : -1L >>> (64 - 8 * z)) & HIGH_BITS;
                    n = w + z;
                    break;
                }
                high |= x & HIGH_BITS;
            }
            if (n < 0) {
                for (; w < cap; w++) {
                    byte x = in.get(BYTE, src + w);
                    if (x == 0) {
                        break;
                    }
                    high |= x & 0x80;
                    data.set(BYTE, at + w, x);
                }
                n = w;
            }
            if (n == cap && c.nulTerminated()) {
                throw new ArrowDataException(row, fieldPath(f, c), "no NUL terminator within the capacity of " + cap + " bytes");
            }
            if (high == 0) {
                return at + n;
            }
            MemorySegment.copy(in, ValueLayout.JAVA_BYTE, src, scratch, 0, n);
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
            return at;
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
    long bitField(Column c, long src) {
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
}

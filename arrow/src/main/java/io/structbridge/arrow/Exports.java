package io.structbridge.arrow;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The release side of exported C structs. Each export owns one shared {@link Arena} (buffers, child
 * structs, strings); every struct of it (the root and each child, which a consumer may move out and
 * release on its own, as the C Data Interface allows) holds one reference, and the release callback,
 * an FFM upcall, drops it: the arena is closed exactly once, when the last struct is released. A
 * struct's {@code private_data} is the id of its {@link Handle}; the callback marks the struct
 * released by setting {@code release} to NULL (the spec's rule) and releases the children not moved
 * out. A second call for one struct finds no handle and frees nothing.
 */
final class Exports {
    private Exports() {}

    /** The memory of one export. */
    static final class Owner {
        final Arena arena = new Counting(Arena.ofShared());
        private final AtomicInteger refs = new AtomicInteger();
        /** Run once after the arena is closed (a zero-copy export drops its hold on the column memory); or null. */
        volatile Runnable onFree;
        /** The large buffers this export took from the {@link BufferPool}, given back when its memory is freed. */
        final List<BufferPool.Block> pooled = new java.util.concurrent.CopyOnWriteArrayList<>();

        /**
         * {@return a 64-byte aligned buffer of {@code bytes} bytes (a multiple of 64) for this export, zero-filled
         * if {@code zeroed}, else with unspecified contents}
         */
        MemorySegment buffer(long bytes, boolean zeroed) {
            if (bytes < BufferPool.MIN_BYTES) {
                return arena.allocate(bytes, 64);
            }
            BufferPool.Block b = BufferPool.take(bytes);
            pooled.add(b);
            ALLOCATED.addAndGet(bytes);
            if (zeroed) {
                b.segment().fill((byte) 0);
            }
            return b.segment();
        }
    }

    private static void freed(Owner owner) {
        for (BufferPool.Block b : owner.pooled) {
            BufferPool.giveBack(b);
        }
        owner.pooled.clear();
        Runnable r = owner.onFree;
        owner.onFree = null;
        if (r != null) {
            r.run();
        }
    }

    private static final AtomicLong ALLOCATED = new AtomicLong();

    /** An arena that counts the bytes it allocates (for tests of the exports' memory). */
    private record Counting(Arena inner) implements Arena {
        @Override
        public MemorySegment allocate(long byteSize, long byteAlignment) {
            ALLOCATED.addAndGet(byteSize);
            return inner.allocate(byteSize, byteAlignment);
        }

        @Override
        public MemorySegment.Scope scope() {
            return inner.scope();
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    /** {@return the bytes allocated by all exports so far} */
    static long allocatedBytes() {
        return ALLOCATED.get();
    }

    private record Handle(Owner owner, boolean schema, List<MemorySegment> children) {}

    private static final ConcurrentHashMap<Long, Handle> LIVE = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();
    private static final AtomicLong FREED = new AtomicLong();
    private static final AtomicLong RELEASES = new AtomicLong();
    private static final AtomicLong STRAY = new AtomicLong();

    static final MemorySegment RELEASE_SCHEMA;
    static final MemorySegment RELEASE_ARRAY;

    static {
        try {
            var lookup = MethodHandles.lookup();
            MethodType t = MethodType.methodType(void.class, MemorySegment.class);
            RELEASE_SCHEMA = Linker.nativeLinker().upcallStub(lookup.findStatic(Exports.class, "releaseSchema", t),
                    CData.RELEASE, Arena.global());
            RELEASE_ARRAY = Linker.nativeLinker().upcallStub(lookup.findStatic(Exports.class, "releaseArray", t),
                    CData.RELEASE, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Makes {@code struct} (an ArrowSchema or ArrowArray of {@code owner}) releasable: sets release and private_data. */
    static void register(MemorySegment struct, Owner owner, boolean schema, List<MemorySegment> children) {
        long id = IDS.incrementAndGet();
        owner.refs.incrementAndGet();
        LIVE.put(id, new Handle(owner, schema, List.copyOf(children)));
        struct.set(CData.PTR, schema ? CData.S_PRIVATE : CData.A_PRIVATE, MemorySegment.ofAddress(id));
        struct.set(CData.PTR, schema ? CData.S_RELEASE : CData.A_RELEASE, schema ? RELEASE_SCHEMA : RELEASE_ARRAY);
    }

    /** Closes the arena of an export whose structs were never handed out (an export that failed half-way). */
    static void abandon(Owner owner) {
        LIVE.values().removeIf(h -> h.owner == owner);
        owner.arena.close();
        freed(owner);
    }

    private static void releaseSchema(MemorySegment p) {
        safely(p, true);
    }

    private static void releaseArray(MemorySegment p) {
        safely(p, false);
    }

    private static void safely(MemorySegment p, boolean schema) {
        try {
            release(CData.struct(p, schema ? CData.SCHEMA.byteSize() : CData.ARRAY.byteSize()), schema);
        } catch (Throwable t) {
            // an exception must not unwind into C (the JVM would stop); count it for the tests
            STRAY.incrementAndGet();
        }
    }

    private static void release(MemorySegment s, boolean schema) {
        long releaseAt = schema ? CData.S_RELEASE : CData.A_RELEASE;
        long id = s.get(CData.PTR, schema ? CData.S_PRIVATE : CData.A_PRIVATE).address();
        Handle h = LIVE.remove(id);
        if (h == null || h.schema != schema) {
            STRAY.incrementAndGet();
            return;
        }
        for (MemorySegment child : h.children) {
            if (child.get(CData.PTR, releaseAt).address() != 0) {
                release(child, schema);
            }
        }
        s.set(CData.PTR, releaseAt, MemorySegment.NULL);
        RELEASES.incrementAndGet();
        if (h.owner.refs.decrementAndGet() == 0) {
            h.owner.arena.close();
            FREED.incrementAndGet();
            freed(h.owner);
        }
    }

    /** {@return the exported structs not yet released} */
    static int live() {
        return LIVE.size();
    }

    /** {@return the exports whose memory has been freed} */
    static long freed() {
        return FREED.get();
    }

    /** {@return the structs released} */
    static long releases() {
        return RELEASES.get();
    }

    /** {@return release calls for a struct already released or not ours, and exceptions in callbacks} */
    static long stray() {
        return STRAY.get();
    }
}

package io.structbridge.arrow;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A shared arena whose memory outlives {@link #close()} while zero-copy Arrow exports still point into
 * it: the arena for columns handed to {@link ColumnsExport} when the caller cannot know when the Arrow
 * consumer (DuckDB, pyarrow, Arrow Java...) will call {@code release}.
 *
 * <p>The caller holds one reference, dropped by {@link #close()}; each zero-copy export of columns
 * allocated here holds one more, dropped when the consumer releases the export's last C struct. The
 * memory is freed (the underlying {@link Arena#ofShared() shared arena} closed) when the last reference
 * is dropped, so a consumer never reads freed memory, whatever the order of {@code close} and
 * {@code release}. Until then {@link #scope()} stays alive: segments remain usable from Java too.
 *
 * <p>Thread-safe, as a shared arena: allocation and close may happen on any thread.
 */
public final class RetainableArena implements Arena {
    private static final ConcurrentHashMap<MemorySegment.Scope, RetainableArena> OPEN = new ConcurrentHashMap<>();

    private final Arena inner = Arena.ofShared();
    private final AtomicInteger refs = new AtomicInteger(1);
    private volatile boolean closedByOwner;

    private RetainableArena() {
        OPEN.put(inner.scope(), this);
    }

    /** {@return a new arena, its one reference held by the caller} */
    public static RetainableArena ofShared() {
        return new RetainableArena();
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        if (closedByOwner) {
            throw new IllegalStateException("the arena was closed by its owner: no allocation after close()");
        }
        return inner.allocate(byteSize, byteAlignment);
    }

    @Override
    public MemorySegment.Scope scope() {
        return inner.scope();
    }

    /**
     * Drops the caller's reference: the memory is freed now if no export holds it, else when the last
     * export holding it is released.
     *
     * @throws IllegalStateException if the caller already closed it
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closedByOwner) {
                throw new IllegalStateException("already closed");
            }
            closedByOwner = true;
        }
        drop();
    }

    /** {@return whether the memory is still allocated} */
    public boolean isAlive() {
        return inner.scope().isAlive();
    }

    /**
     * {@return the arena that allocated {@code segment} after taking one reference on it, or null if the
     * segment is not from an open {@code RetainableArena}}
     */
    static RetainableArena retain(MemorySegment segment) {
        RetainableArena a = OPEN.get(segment.scope());
        if (a == null) {
            return null;
        }
        while (true) {
            int n = a.refs.get();
            if (n == 0) {
                return null;
            }
            if (a.refs.compareAndSet(n, n + 1)) {
                return a;
            }
        }
    }

    /** Drops a reference taken by {@link #retain}. */
    void drop() {
        if (refs.decrementAndGet() == 0) {
            OPEN.remove(inner.scope());
            inner.close();
        }
    }
}

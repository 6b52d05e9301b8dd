package io.structbridge.arrow;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Large export buffers kept after their export is released, for the next export: a fresh native block
 * of many megabytes costs the kernel's page faults and zeroing on every export, more than the transpose
 * itself. A buffer of at least {@value #MIN_BYTES} bytes is taken from here (a free block of exactly its
 * size, else a new one in its own shared arena) and given back when its export's memory is freed (all its
 * C structs released, or the export abandoned); at most {@value #MAX_RETAINED} bytes are kept, the
 * oldest blocks freed first. A block is handed to one export at a time, and only after the consumer
 * released the previous one, so no consumer sees memory another still holds; its bytes are unspecified
 * when taken (the exporter writes or zeroes every byte of it).
 */
final class BufferPool {
    private BufferPool() {}

    /** The smallest buffer taken from the pool, in bytes; smaller ones come from the export's arena. */
    static final long MIN_BYTES = 1L << 20;
    /** The most bytes of free blocks kept. */
    static final long MAX_RETAINED = 64L << 20;

    /** One block: its memory and the arena that frees it. */
    record Block(Arena arena, MemorySegment segment) {}

    private static final ArrayDeque<Block> FREE = new ArrayDeque<>();
    private static long retained;
    private static final java.util.concurrent.atomic.AtomicLong REUSED = new java.util.concurrent.atomic.AtomicLong();

    /** {@return the blocks taken from the pool rather than allocated, so far (for tests)} */
    static long reused() {
        return REUSED.get();
    }

    /**
     * {@return a block of exactly {@code bytes} bytes, 64-byte aligned, contents unspecified}
     *
     * @param bytes the size, a multiple of 64, at least {@link #MIN_BYTES}
     */
    static Block take(long bytes) {
        synchronized (FREE) {
            for (Iterator<Block> it = FREE.descendingIterator(); it.hasNext(); ) {
                Block b = it.next();
                if (b.segment().byteSize() == bytes) {
                    it.remove();
                    retained -= bytes;
                    REUSED.incrementAndGet();
                    return b;
                }
            }
        }
        Arena arena = Arena.ofShared();
        return new Block(arena, arena.allocate(bytes, 64));
    }

    /**
     * Keeps {@code block} for a later export (or frees it, and older blocks, beyond {@link #MAX_RETAINED}).
     *
     * @param block a block from {@link #take} that no export uses any more
     */
    static void giveBack(Block block) {
        long bytes = block.segment().byteSize();
        ArrayDeque<Block> evicted = new ArrayDeque<>();
        synchronized (FREE) {
            FREE.addLast(block);
            retained += bytes;
            while (retained > MAX_RETAINED && !FREE.isEmpty()) {
                Block old = FREE.removeFirst();
                retained -= old.segment().byteSize();
                evicted.add(old);
            }
        }
        for (Block old : evicted) {
            old.arena().close();
        }
    }
}

package io.structbridge.arrow;

import java.lang.foreign.MemorySegment;

/**
 * Undoes a side effect of closing a shared arena while another thread reads its memory. The close installs an
 * asynchronous exception in each thread reading that memory at the moment ({@code ScopedAccessError}, rethrown there
 * as {@link IllegalStateException}), and HotSpot sets the interrupt status of a thread when it installs an
 * asynchronous exception in it ({@code JavaThread::install_async_exception}, "Interrupt thread so it will wake up from a
 * potential wait()/sleep()/park()"). A reader that fails this way, such as a DuckDB query whose structs were freed
 * under it, would otherwise leave the calling thread interrupted although nothing interrupted it.
 */
public final class AsyncClose {
    private AsyncClose() {}

    /**
     * Clears the current thread's interrupt status if a read of {@code memory} failed because its arena was closed under
     * it and the thread was not interrupted before the read. An interrupt sent by another thread during that failed read
     * is cleared with it: the read fails anyway, and the caller gets its exception.
     *
     * @param interruptedBefore the thread's interrupt status before the read ({@code Thread.currentThread().isInterrupted()})
     * @param memory the memory the read failed on
     */
    public static void clearAfterFailedRead(boolean interruptedBefore, MemorySegment memory) {
        if (!interruptedBefore && !memory.scope().isAlive()) {
            Thread.interrupted();
        }
    }
}

package io.structbridge.runtime;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs the struct files' calls on their {@link FileChannel}s ({@code size}, {@code map}, {@code write},
 * {@code truncate}, {@code force}) so that no interrupt can close the channel.
 *
 * <p>{@link FileChannel} is an {@link java.nio.channels.InterruptibleChannel}: a thread that is interrupted before
 * or during one of those calls <em>closes the channel</em>, for every user of it. The readers of one file in a JVM
 * share one channel and its lock ({@link FileLocks}: a POSIX lock belongs to the process and closing any descriptor
 * of the file drops it), so one interrupted reader (a Spark task killed while a sibling split fails) would close the
 * channel under every other open of the file, drop the JVM's lock while those opens still map the file, and make
 * the next open of the file fail with {@link java.nio.channels.ClosedChannelException}. A writer's channel is shared
 * too, by the threads that append to one struct file.
 *
 * <p>Neither clearing the caller's interrupt status around the call nor reopening a closed channel is enough: an
 * interrupt from another thread can arrive during the call, and a closed channel has already dropped the lock. So
 * each call runs on a thread of this class's own pool, which no code interrupts (the pool is private and never shut
 * down; its threads are daemons, named {@code structbridge-channel-io}, and end after 30 idle seconds). The caller
 * waits for the call to finish whatever happens: an interrupt meanwhile neither fails the call nor is lost (the
 * caller's interrupt status is set again before this returns, for its next blocking call to see). The calls are
 * short (a {@code stat}, an {@code mmap}, a write of a few bytes, a {@code ftruncate}, a flush); the hand-over
 * costs microseconds, per open, growth or close, never per struct.
 */
final class ChannelIo {
    /** A call on a channel. */
    @FunctionalInterface
    interface Call<T> {
        T run(FileChannel channel) throws IOException;
    }

    private static final ThreadPoolExecutor THREADS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
            new SynchronousQueue<>(), ChannelIo::newThread);

    private ChannelIo() {}

    private static Thread newThread(Runnable r) {
        Thread t = new Thread(null, r, "structbridge-channel-io", 0, false);
        t.setDaemon(true);
        t.setContextClassLoader(null); // holds on to no application's class loader
        return t;
    }

    /**
     * {@return what {@code call} returns} run on {@code channel} by a thread that nothing interrupts; waits for it
     * uninterruptibly and leaves the caller's interrupt status set if it was set before or meanwhile.
     *
     * @throws IOException what the call throws (as do its unchecked exceptions and errors)
     */
    static <T> T run(FileChannel channel, Call<T> call) throws IOException {
        FutureTask<T> task = new FutureTask<>(() -> call.run(channel));
        THREADS.execute(task);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the call goes on: wait for it, then set the status again
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof IOException io) {
                        throw io;
                    }
                    if (cause instanceof RuntimeException r) {
                        throw r;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

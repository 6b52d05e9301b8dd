package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupts and struct files: a thread interrupted before (or while) it opens, reads, appends to or closes a struct
 * file must not close the channel that the readers of that file in this JVM share, nor drop the JVM's lock on it.
 * Interrupts are deterministic here: the thread's own interrupt flag is set before the call.
 */
class StructFileInterruptTest {
    record Tick(long value) {}

    static final StructType<Tick> TICK = new StructType<>() {
        private final GroupLayout layout = MemoryLayout.structLayout(ValueLayout.JAVA_LONG.withName("value")).withName("Tick");

        @Override public Class<Tick> recordClass() { return Tick.class; }
        @Override public GroupLayout layout() { return layout; }
        @Override public Tick read(MemorySegment s, long offset) { return new Tick(s.get(ValueLayout.JAVA_LONG_UNALIGNED, offset)); }
        @Override public void write(MemorySegment s, long offset, Tick v) { s.set(ValueLayout.JAVA_LONG_UNALIGNED, offset, v.value()); }
        @Override public void check(Tick v) {}
        @Override public String describe() { return "struct Tick { int64_t value; }"; }
        @Override public String fingerprint() { return "0123456789abcdef0123456789abcdef"; }
    };

    @TempDir Path dir;

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted(); // whatever a failed assertion left
    }

    interface IoCall<T> {
        T call() throws IOException;
    }

    /** Runs {@code call} with this thread's interrupt flag set, and checks the flag is still set afterwards. */
    static <T> T interrupted(IoCall<T> call) throws IOException {
        Thread.currentThread().interrupt();
        try {
            return call.call();
        } finally {
            assertTrue(Thread.interrupted(), "the caller's interrupt status is preserved (and cleared here)");
        }
    }

    Path file(long n) throws IOException {
        Path p = dir.resolve("ticks.sb");
        try (StructFile<Tick> f = StructFile.create(p, TICK, n)) {
            f.appendAll(LongStream.range(0, n).mapToObj(Tick::new).toList());
        }
        return p;
    }

    /** The POSIX locks this process holds on {@code p}'s inode, from /proc/locks ("READ", "WRITE"); null off Linux. */
    static List<String> locks(Path p) throws IOException {
        Path procLocks = Path.of("/proc/locks");
        if (!Files.isReadable(procLocks)) {
            return null;
        }
        long inode = (Long) Files.getAttribute(p, "unix:ino");
        String pid = Long.toString(ProcessHandle.current().pid());
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(procLocks)) {
            String[] w = line.trim().split("\\s+");
            // "1: POSIX  ADVISORY  READ 1234 fd:01:5678 0 EOF" (waiters have a "->" after the number)
            int k = w.length > 1 && w[1].equals("->") ? 2 : 1;
            if (w.length > k + 4 && w[k].equals("POSIX") && w[k + 3].equals(pid)
                    && w[k + 4].endsWith(":" + inode)) {
                out.add(w[k + 2]);
            }
        }
        return out;
    }

    static void assertLocks(Path p, List<String> expected) throws IOException {
        List<String> held = locks(p);
        if (held != null) {
            assertEquals(expected, held, p + ": this JVM's POSIX locks on the file (/proc/locks)");
        }
    }

    /** No lock left: a writable open (exclusive) succeeds and is the JVM's only lock on the file. */
    static void assertReleased(Path p, long count) throws IOException {
        assertLocks(p, List.of());
        try (StructFile<Tick> w = StructFile.open(p, TICK, true)) {
            assertEquals(count, w.count());
            assertLocks(p, List.of("WRITE"));
        }
        assertLocks(p, List.of());
    }

    /** The report: an interrupted reader closed the channel that every reader of the file in the JVM shares. */
    @Test
    void anInterruptedOpenLeavesTheOtherReaderAndLaterOpensWorking() throws IOException {
        Path p = file(3);
        try (StructFile<Tick> a = StructFile.open(p, TICK, false)) {
            Tick read = interrupted(() -> {
                try (StructFile<Tick> b = StructFile.open(p, TICK, false)) {
                    return b.get(1);
                }
            });
            assertEquals(new Tick(1), read, "the interrupted thread's own open, read and close complete");
            assertEquals(new Tick(2), a.get(2));
            assertLocks(p, List.of("READ"));
            try (StructFile<Tick> c = StructFile.open(p, TICK, false)) {
                assertEquals(new Tick(0), c.get(0));
            }
            assertLocks(p, List.of("READ"));
        }
        assertReleased(p, 3);
    }

    /** The open that creates the JVM's shared channel, and the close that ends it, interrupted. */
    @Test
    void anInterruptedFirstOpenAndLastCloseKeepTheSharedLockRight() throws IOException {
        Path p = file(4);
        StructFile<Tick> a = interrupted(() -> StructFile.open(p, TICK, false));
        StructFile<Tick> b = StructFile.open(p, TICK, false);
        assertLocks(p, List.of("READ"));
        interrupted(() -> {
            a.close();
            return null;
        });
        assertEquals(new Tick(3), b.get(3), "the other reader still reads");
        assertLocks(p, List.of("READ"));
        try (StructFile<Tick> c = interrupted(() -> StructFile.open(p, TICK, false))) {
            assertEquals(new Tick(2), c.get(2));
            assertEquals(new Tick(1), interrupted(() -> b.get(1)));
            interrupted(() -> {
                b.close();
                return null;
            });
            assertLocks(p, List.of("READ"));
            assertEquals(new Tick(0), c.get(0));
        }
        assertReleased(p, 4);
    }

    /** A writer's channel is shared by the threads that use the struct file: create, growth and close interrupted. */
    @Test
    void aWriterInterruptedInCreateAppendsAndCloseLeavesAWholeFileAndNoLock() throws IOException {
        Path p = dir.resolve("written.sb");
        StructFile<Tick> w = interrupted(() -> StructFile.create(p, TICK, 1));
        assertLocks(p, List.of("WRITE"));
        for (long i = 0; i < 20; i++) { // grows 1, 2, 4, 8, 16, 32 structs
            long v = i;
            interrupted(() -> {
                w.appendAll(List.of(new Tick(v)));
                return null;
            });
            w.appendAll(List.of(new Tick(100 + v))); // the next call of another (here: the same, not interrupted) caller
        }
        interrupted(() -> {
            w.force();
            return null;
        });
        assertEquals(new Tick(100 + 19), w.get(39));
        assertLocks(p, List.of("WRITE"));
        interrupted(() -> {
            w.close();
            return null;
        });
        assertEquals(StructFile.HEADER_SIZE + 40 * TICK.size(), Files.size(p), "close trimmed the file");
        try (StructFile<Tick> r = StructFile.open(p, TICK, false)) { // flag 0x1 clear: the length must be exact
            assertEquals(40, r.count());
            assertEquals(new Tick(7), r.get(14));
        }
        assertReleased(p, 40);
    }

    /** Another thread appends to the writer while one interrupted thread makes it grow. */
    @Test
    void anInterruptedAppenderLeavesTheWriterWorkingForTheOtherThreads() throws Exception {
        Path p = dir.resolve("shared.sb");
        try (StructFile<Tick> w = StructFile.create(p, TICK, 1)) {
            Thread other = Thread.ofPlatform().unstarted(() -> {
                for (long i = 0; i < 50; i++) {
                    try {
                        w.appendAll(List.of(new Tick(1000 + i)));
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
            java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
            other.setUncaughtExceptionHandler((t, e) -> failed.set(e));
            other.start();
            for (long i = 0; i < 50; i++) {
                long v = i;
                interrupted(() -> {
                    w.appendAll(List.of(new Tick(v)));
                    return null;
                });
            }
            other.join();
            assertEquals(null, failed.get());
            assertEquals(100, w.count());
        }
        assertEquals(StructFile.HEADER_SIZE + 100 * TICK.size(), Files.size(p));
        assertReleased(p, 100);
    }

    @Test
    void anInterruptedMigrationWritesTheWholeTarget() throws IOException {
        Path p = file(5);
        Path target = dir.resolve("migrated.sb");
        try (StructFile<Tick> reader = StructFile.open(p, TICK, false)) {
            interrupted(() -> {
                StructFile.migrate(p, target, TICK);
                return null;
            });
            assertEquals(new Tick(4), reader.get(4));
            assertLocks(p, List.of("READ"));
        }
        try (StructFile<Tick> m = StructFile.open(target, TICK, false)) {
            assertEquals(5, m.count());
            assertEquals(new Tick(3), m.get(3));
        }
        assertReleased(p, 5);
        assertReleased(target, 5);
    }

    /**
     * An interrupt that arrives while the channel call runs (as Spark's kill of a task does, at any moment): the
     * call itself interrupts its caller, deterministically. Run on the caller, the same call closes the channel;
     * through ChannelIo it does not.
     */
    @Test
    void anInterruptDuringTheCallDoesNotCloseTheChannel() throws IOException {
        Path p = file(2);
        Thread caller = Thread.currentThread();
        ChannelIo.Call<Long> interruptingSize = c -> {
            caller.interrupt();
            return c.size();
        };
        try (java.nio.channels.FileChannel direct = java.nio.channels.FileChannel.open(p)) {
            org.junit.jupiter.api.Assertions.assertThrows(java.nio.channels.ClosedByInterruptException.class,
                    () -> interruptingSize.run(direct));
            assertFalse(direct.isOpen(), "FileChannel is interruptible: the interrupt closed it");
            assertTrue(Thread.interrupted());
        }
        try (java.nio.channels.FileChannel shared = java.nio.channels.FileChannel.open(p)) {
            long size = ChannelIo.run(shared, interruptingSize);
            assertTrue(Thread.interrupted(), "the interrupt that came during the call is kept for the caller");
            assertEquals(Files.size(p), size);
            assertTrue(shared.isOpen());
            assertEquals(size, ChannelIo.run(shared, java.nio.channels.FileChannel::size));
        }
    }

    /** The size and the mapping are one hand-over: a file shorter than the header is refused by its size, by name. */
    @Test
    void aFileShorterThanTheHeaderIsRefusedNamingIt() throws IOException {
        Path p = dir.resolve("short.sb");
        Files.write(p, new byte[100]);
        StructFile.StructFileException e = org.junit.jupiter.api.Assertions.assertThrows(StructFile.StructFileException.class,
                () -> interrupted(() -> StructFile.open(p, TICK, false)));
        assertEquals(p + ": 100 bytes, shorter than the 128-byte header", e.getMessage());
        assertLocks(p, List.of());
    }

    /** What a call throws reaches the caller as itself. */
    @Test
    void aFailingCallThrowsItsOwnException() throws IOException {
        Path p = file(1);
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(p)) {
            org.junit.jupiter.api.Assertions.assertThrows(java.nio.channels.NonWritableChannelException.class,
                    () -> ChannelIo.run(c, ch -> ch.write(java.nio.ByteBuffer.allocate(1), 0)));
            java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                    () -> ChannelIo.run(c, ch -> {
                        throw new java.io.IOException("boom");
                    }));
            assertEquals("boom", e.getMessage());
            assertTrue(c.isOpen());
        }
    }
}

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

    @Test
    void anInterruptedOpenLeavesTheOtherReaderAndLaterOpensWorking() throws IOException {
        Path p = file(3);
        try (StructFile<Tick> a = StructFile.open(p, TICK, false)) {
            try {
                interrupted(() -> {
                    try (StructFile<Tick> b = StructFile.open(p, TICK, false)) {
                        return b.get(1);
                    }
                });
                System.err.println("REPRO interrupted open: succeeded");
            } catch (IOException | RuntimeException e) {
                System.err.println("REPRO interrupted open: " + e);
            }
            assertEquals(new Tick(2), a.get(2));
            assertLocks(p, List.of("READ"));
            try (StructFile<Tick> c = StructFile.open(p, TICK, false)) {
                assertEquals(new Tick(0), c.get(0));
            }
        }
        assertLocks(p, List.of());
        try (StructFile<Tick> w = StructFile.open(p, TICK, true)) {
            assertEquals(3, w.count());
            assertLocks(p, List.of("WRITE"));
        }
    }
}

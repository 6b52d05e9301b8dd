package io.structbridge.benchmarks;

import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The HotSpot behaviour that made the generated transposes 15-20x slower (benchmarks/README.md, item 1), in plain
 * Java with no structbridge code: a loop of memory-segment accesses over <em>shared</em> memory, run after the JVM
 * wrote through a <em>confined</em> arena, keeps failing C2's profiled loop predicates ({@code profile_predicate}
 * traps at the loop head) and is recompiled again and again.
 *
 * <pre>
 * java -Xlog:deoptimization=debug -cp benchmarks/target/benchmarks.jar io.structbridge.benchmarks.TrapStormRepro confined
 * java -cp benchmarks/target/benchmarks.jar io.structbridge.benchmarks.TrapStormRepro shared
 * </pre>
 * On Temurin 25 (2 cores): {@code confined} 47-51 ms per 1M rows with about 40 traps, {@code shared} 3 ms and none;
 * with {@code -XX:-UseProfiledLoopPredicate} {@code confined} is 5 ms.
 */
public final class TrapStormRepro {
    private TrapStormRepro() {}

    /** Moves 5 fields of 32-byte rows into 5 columns (the shape of a generated transpose of {@code Tick}). */
    static void transpose(MemorySegment s, MemorySegment c0, MemorySegment c1, MemorySegment c2, MemorySegment c3, MemorySegment c4,
                          int n) {
        for (long i = 0; i < n; i++) {
            long r = i * 32L;
            c0.set(JAVA_INT_UNALIGNED, i * 4L, s.get(JAVA_INT_UNALIGNED, r));
            c1.set(JAVA_LONG_UNALIGNED, i * 8L, s.get(JAVA_LONG_UNALIGNED, r + 8));
            c2.set(JAVA_LONG_UNALIGNED, i * 8L, s.get(JAVA_LONG_UNALIGNED, r + 16));
            c3.set(JAVA_INT_UNALIGNED, i * 4L, s.get(JAVA_INT_UNALIGNED, r + 24));
            c4.set(JAVA_SHORT_UNALIGNED, i * 2L, s.get(JAVA_SHORT_UNALIGNED, r + 28));
        }
    }

    static void write(MemorySegment m, int n) {
        for (long i = 0; i < n; i++) {
            long r = i * 32L;
            m.set(JAVA_INT_UNALIGNED, r, (int) i);
            m.set(JAVA_LONG_UNALIGNED, r + 8, i);
            m.set(JAVA_LONG_UNALIGNED, r + 16, i * 3);
            m.set(JAVA_INT_UNALIGNED, r + 24, (int) i);
            m.set(JAVA_SHORT_UNALIGNED, r + 28, (short) i);
        }
    }

    /**
     * Runs the reproduction.
     *
     * @param args {@code confined} or {@code shared}: the arena the first writes go through
     */
    public static void main(String[] args) {
        int n = 1 << 20;
        Arena first = args.length > 0 && args[0].equals("confined") ? Arena.ofConfined() : Arena.ofShared();
        MemorySegment written = first.allocate(32L * n, 8);
        for (int k = 0; k < 20; k++) {
            write(written, n);
        }
        Arena shared = Arena.ofShared();
        MemorySegment s = shared.allocate(32L * n, 8).copyFrom(written);
        MemorySegment c0 = shared.allocate(4L * n);
        MemorySegment c1 = shared.allocate(8L * n);
        MemorySegment c2 = shared.allocate(8L * n);
        MemorySegment c3 = shared.allocate(4L * n);
        MemorySegment c4 = shared.allocate(2L * n);
        long t0 = System.nanoTime();
        for (int k = 0; k < 200; k++) {
            for (int at = 0; at < n; at += 65_536) {
                transpose(s.asSlice(at * 32L), c0.asSlice(at * 4L), c1.asSlice(at * 8L), c2.asSlice(at * 8L), c3.asSlice(at * 4L),
                        c4.asSlice(at * 2L), 65_536);
            }
        }
        System.out.printf("%s writes first: %.2f ms per 1M rows%n", args.length > 0 ? args[0] : "shared", (System.nanoTime() - t0) / 1e6 / 200);
    }
}

package io.structbridge.benchmarks;

import io.structbridge.runtime.StructValueException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Get/set of the bit-fields {@code fragment} (uint32_t:13, bits 11..23) and {@code level}
 * (int32_t:3, signed, bits 8..10) of {@link PacketHeader} over {@value #N} structs: the generated
 * {@code PacketHeaderStruct} accessors against hand-written FFM shift-and-mask code with the same
 * range check (the setter refuses a value outside the width). One operation = one struct.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BitFieldBenchmark {
    static final int N = 1024;
    static final long SIZE = PacketHeaderStruct.SIZE;
    private static final ValueLayout.OfInt INT_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private Arena arena;
    private MemorySegment segment;
    private int[] values;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        segment = PacketHeaderArray.allocate(arena, N).segment();
        values = new int[N];
        for (int i = 0; i < N; i++) {
            values[i] = (i * 7919) & 0x1FFF;
            PacketHeaderStruct.write(segment, i * SIZE, new PacketHeader(4, 5, (i % 8) - 4, values[i], i & 0xFFFF, i));
        }
        for (int i = 0; i < N; i++) {
            long at = i * SIZE;
            if (PacketHeaderStruct.fragment(segment, at) != handFragment(segment, at)
                    || PacketHeaderStruct.level(segment, at) != handLevel(segment, at)) {
                throw new IllegalStateException("peers disagree at " + i);
            }
        }
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    // ---- the hand-written peer: what a user writes with FFM alone ----

    static int handFragment(MemorySegment s, long at) {
        return (s.get(INT_LE, at) >>> 11) & 0x1FFF;
    }

    static int handLevel(MemorySegment s, long at) {
        return (s.get(INT_LE, at) << 21) >> 29;
    }

    static void handFragment(MemorySegment s, long at, int value) {
        if (value < 0 || value > 0x1FFF) {
            throw new StructValueException("PacketHeader", "fragment", "must fit uint32_t : 13 (0..8191)", Integer.toString(value), -1);
        }
        int old = s.get(INT_LE, at);
        s.set(INT_LE, at, (old & ~(0x1FFF << 11)) | (value << 11));
    }

    // ---- benchmarks ----

    @Benchmark
    @OperationsPerInvocation(N)
    public int getGenerated() {
        MemorySegment s = segment;
        int sum = 0;
        for (int i = 0; i < N; i++) {
            sum += PacketHeaderStruct.fragment(s, i * SIZE) + PacketHeaderStruct.level(s, i * SIZE);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int getHandWritten() {
        MemorySegment s = segment;
        int sum = 0;
        for (int i = 0; i < N; i++) {
            sum += handFragment(s, i * SIZE) + handLevel(s, i * SIZE);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void setGenerated() {
        MemorySegment s = segment;
        int[] v = values;
        for (int i = 0; i < N; i++) {
            PacketHeaderStruct.fragment(s, i * SIZE, v[i]);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void setHandWritten() {
        MemorySegment s = segment;
        int[] v = values;
        for (int i = 0; i < N; i++) {
            handFragment(s, i * SIZE, v[i]);
        }
    }
}

package io.structbridge.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * Union member access: the three members of the {@link Reading} union inside each of {@value #N}
 * {@link Reading.Event} structs (16 KiB), read (or written) per struct; the offset changes every
 * step. Peers over the same bytes: {@code generatedStatic} ({@code Reading_EventStruct.kind} and
 * {@code ReadingStruct.bits/value/code} at {@code off + READING_OFFSET}), {@code generatedView} (one
 * {@code ReadingView} re-pointed with {@code wrap}), and {@code handFfm} ({@code segment.get} with
 * the aligned {@code ValueLayout}s, every member at the union's offset: the speed limit).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class UnionAccessBenchmark {
    static final int N = 1024;
    static final long SIZE = Reading_EventStruct.SIZE;
    static final long AT = Reading_EventStruct.READING_OFFSET;

    private Arena arena;
    private MemorySegment segment;
    private ReadingView view;
    private int salt;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        segment = Reading_EventArray.allocate(arena, N).segment();
        for (int i = 0; i < N; i++) {
            Reading_EventStruct.kind(segment, i * SIZE, i);
            ReadingStruct.value(segment, i * SIZE + AT, i * 0.25);
        }
        view = ReadingView.at(segment, AT);
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    private static long mix(int kind, long bits, double value, int code) {
        return kind + bits + Double.doubleToRawLongBits(value) + code;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readGeneratedStatic() {
        MemorySegment s = segment;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            acc += mix(Reading_EventStruct.kind(s, off), ReadingStruct.bits(s, off + AT), ReadingStruct.value(s, off + AT),
                    ReadingStruct.code(s, off + AT));
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readGeneratedView() {
        MemorySegment s = segment;
        ReadingView v = view;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            v.wrap(s, off + AT);
            acc += mix(Reading_EventStruct.kind(s, off), v.bits(), v.value(), v.code());
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readHandFfm() {
        MemorySegment s = segment;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            acc += mix(s.get(ValueLayout.JAVA_INT, off), s.get(ValueLayout.JAVA_LONG, off + AT),
                    s.get(ValueLayout.JAVA_DOUBLE, off + AT), s.get(ValueLayout.JAVA_INT, off + AT));
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeGeneratedStatic() {
        MemorySegment s = segment;
        int k = salt++;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            Reading_EventStruct.kind(s, off, k + i);
            ReadingStruct.value(s, off + AT, k * 0.5);
            ReadingStruct.code(s, off + AT, k + i);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeGeneratedView() {
        MemorySegment s = segment;
        ReadingView v = view;
        int k = salt++;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            Reading_EventStruct.kind(s, off, k + i);
            v.wrap(s, off + AT);
            v.value(k * 0.5);
            v.code(k + i);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeHandFfm() {
        MemorySegment s = segment;
        int k = salt++;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            s.set(ValueLayout.JAVA_INT, off, k + i);
            s.set(ValueLayout.JAVA_DOUBLE, off + AT, k * 0.5);
            s.set(ValueLayout.JAVA_INT, off + AT, k + i);
        }
    }
}

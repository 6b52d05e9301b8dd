package io.structbridge.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The columnar twin: transposing {@code n} {@link Tick} structs (32 bytes: int, long, double, float,
 * short and padding; 26 bytes of members) between a {@code TickArray} and {@code TickColumns}, ms per
 * call, against a plain {@code MemorySegment.copy} of the same {@code n * 32} bytes (the bandwidth
 * ceiling; issue 12's target is at least 0.4x of it).
 * <ul>
 *   <li>{@code arrayToColumns}: {@code columns.readFrom(array)}, one strided pass per column into
 *       preallocated columns;</li>
 *   <li>{@code columnsToArray}: {@code columns.writeTo(array)}, the reverse;</li>
 *   <li>{@code memcpy}: {@code MemorySegment.copy} of the struct bytes into a second segment.</li>
 * </ul>
 * Memory is allocated and filled in the setup (not timed).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ColumnsBenchmark {
    @Param({"1000000"})
    public int n;

    private Arena arena;
    private TickArray array;
    private TickColumns columns;
    private MemorySegment copy;

    @Setup
    public void setUp() {
        arena = Arena.ofShared();
        array = TickArray.allocate(arena, n);
        for (int i = 0; i < n; i++) {
            array.set(i, new Tick(i, 1_700_000_000_000L + i, 100.0 + i * 0.01, i % 1000, (short) (i % 7)));
        }
        columns = TickColumns.allocate(arena, n);
        copy = arena.allocate(array.segment().byteSize(), 64);
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    public TickColumns arrayToColumns() {
        columns.readFrom(array);
        return columns;
    }

    @Benchmark
    public TickArray columnsToArray() {
        columns.writeTo(array);
        return array;
    }

    @Benchmark
    public MemorySegment memcpy() {
        MemorySegment.copy(array.segment(), 0, copy, 0, array.segment().byteSize());
        return copy;
    }
}

package io.structbridge.benchmarks;

import io.structbridge.arrow.ArrowExport;
import io.structbridge.arrow.ColumnsExport;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
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
 * The columnar twin to Arrow ({@code ColumnsExport.exportArray}), microseconds per export of {@code n}
 * {@link Tick} rows, at 1,000, 100,000 and 1,000,000 rows: every Tick column is a number in native byte
 * order, so each Arrow data buffer is the column itself (zero copy) and the time should not grow with
 * {@code n} (issue 12: "RColumns -> Arrow constant time in N"). {@code arrayExport} is the struct array's
 * export of the same rows (one transpose pass, linear in {@code n}) for contrast. Each export is released
 * inside the operation, as a consumer would.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ColumnsArrowBenchmark {
    @Param({"1000", "100000", "1000000"})
    public int n;

    private static final MethodHandle RELEASE = Linker.nativeLinker().downcallHandle(FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));

    private Arena arena;
    private TickArray array;
    private TickColumns columns;
    private MemorySegment out;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        array = TickArray.fromList(arena, Data.ticks(n));
        columns = TickColumns.from(arena, array);
        out = arena.allocate(ArrowExport.ARRAY_SIZE, 8);
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    private long release() throws Throwable {
        long length = out.get(ValueLayout.JAVA_LONG, 0);
        RELEASE.invokeExact(out.get(ValueLayout.ADDRESS, 64), out);
        return length;
    }

    @Benchmark
    public long columnsExport() throws Throwable {
        ColumnsExport.exportArray(columns, 0, n, out);
        return release();
    }

    @Benchmark
    public long arrayExport() throws Throwable {
        ArrowExport.exportArray(TickStruct.TYPE, array.segment(), 0, n, out);
        return release();
    }
}

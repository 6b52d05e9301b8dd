package io.structbridge.benchmarks;

import io.structbridge.arrow.ArrowExport;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A struct array to an Arrow struct array through the C Data Interface ({@code ArrowExport.exportArray}:
 * one transpose pass into one buffer per column, byte order converted, values checked) versus a plain
 * {@code MemorySegment.copy} of the same bytes, 1,000,000 structs per operation ({@link Sizes#rows}: fewer in the smoke run); each export is
 * released (its arena freed) inside the operation, as a consumer would.
 *
 * <ul>
 *   <li>{@code ticksExport} vs {@code ticksCopy}: {@code Tick} (5 numeric members, 32 bytes);</li>
 *   <li>{@code quotesExport} vs {@code quotesCopy}: {@code Quote} with a {@code char[16]} text member
 *       (utf8 offsets and data built in one pass).</li>
 * </ul>
 * The target: export at least 0.4x the copy's bandwidth (time ratio copy / export >= 0.4).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ArrowExportBenchmark {
    static final int N = Sizes.rows(1_000_000);

    private static final MethodHandle RELEASE = Linker.nativeLinker().downcallHandle(FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));

    private Arena arena;
    private TickArray ticks;
    private QuoteArray quotes;
    private MemorySegment tickCopy;
    private MemorySegment quoteCopy;
    private MemorySegment out;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        ticks = TickArray.fromList(arena, Data.ticks(N));
        quotes = QuoteArray.fromList(arena, Data.quotes(N));
        tickCopy = arena.allocate(ticks.segment().byteSize(), 64);
        quoteCopy = arena.allocate(quotes.segment().byteSize(), 64);
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
    public long ticksExport() throws Throwable {
        ArrowExport.exportArray(TickStruct.TYPE, ticks.segment(), 0, N, out);
        return release();
    }

    @Benchmark
    public MemorySegment ticksCopy() {
        MemorySegment.copy(ticks.segment(), 0, tickCopy, 0, tickCopy.byteSize());
        return tickCopy;
    }

    @Benchmark
    public long quotesExport() throws Throwable {
        ArrowExport.exportArray(QuoteStruct.TYPE, quotes.segment(), 0, N, out);
        return release();
    }

    @Benchmark
    public MemorySegment quotesCopy() {
        MemorySegment.copy(quotes.segment(), 0, quoteCopy, 0, quoteCopy.byteSize());
        return quoteCopy;
    }
}

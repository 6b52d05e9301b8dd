package io.structbridge.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
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
 * Bulk {@code List<record>} to array of structs, 1,000,000 elements per operation (fewer in the smoke run, {@link Sizes#rows}; the list is
 * an {@link java.util.ArrayList} built once). Run with {@code -prof gc}: {@code gc.alloc.rate.norm}
 * is bytes per operation, so divide by 1,000,000 for bytes per element.
 *
 * <ul>
 *   <li>{@code tickSetAll}: {@code TickArray.setAll(0, list)} into a preallocated segment;</li>
 *   <li>{@code tickHandFfm} / {@code tickHandFfmUnaligned}: one for-each loop of
 *       {@code segment.set(...)} per member (aligned / unaligned value layouts);</li>
 *   <li>{@code tickFromList} vs {@code tickHandAllocate}: the same including a fresh
 *       {@code Arena.ofConfined()} allocation (zeroed, 32 MB) and its close;</li>
 *   <li>{@code quoteSetAll} vs {@code quoteHandFfm}: the same with a {@code char[16]} text member.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class BulkWriteBenchmark {
    static final int N = Sizes.rows(1_000_000);

    private Arena arena;
    private List<Tick> ticks;
    private List<Quote> quotes;
    private TickArray tickArray;
    private QuoteArray quoteArray;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        ticks = Data.ticks(N);
        quotes = Data.quotes(N);
        tickArray = TickArray.allocate(arena, N);
        quoteArray = QuoteArray.allocate(arena, N);
        // The peers must produce the same bytes.
        MemorySegment other = arena.allocate(TickStruct.LAYOUT, N);
        tickArray.setAll(0, ticks);
        handTicks(other, ticks);
        if (other.mismatch(tickArray.segment()) != -1) {
            throw new IllegalStateException("Tick peers differ at byte " + other.mismatch(tickArray.segment()));
        }
        MemorySegment otherQ = arena.allocate(QuoteStruct.LAYOUT, N);
        quoteArray.setAll(0, quotes);
        handQuotes(otherQ, quotes);
        if (otherQ.mismatch(quoteArray.segment()) != -1) {
            throw new IllegalStateException("Quote peers differ at byte " + otherQ.mismatch(quoteArray.segment()));
        }
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    private static void handTicks(MemorySegment s, List<Tick> values) {
        long off = 0;
        for (Tick t : values) {
            HandCoded.storeTick(s, off, t);
            off += TickStruct.SIZE;
        }
    }

    private static void handTicksUnaligned(MemorySegment s, List<Tick> values) {
        long off = 0;
        for (Tick t : values) {
            HandCoded.storeTickUnaligned(s, off, t);
            off += TickStruct.SIZE;
        }
    }

    private static void handQuotes(MemorySegment s, List<Quote> values) {
        long off = 0;
        for (Quote q : values) {
            HandCoded.storeQuote(s, off, q);
            off += QuoteStruct.SIZE;
        }
    }

    @Benchmark
    public void tickSetAll() {
        tickArray.setAll(0, ticks);
    }

    @Benchmark
    public void tickHandFfm() {
        handTicks(tickArray.segment(), ticks);
    }

    @Benchmark
    public void tickHandFfmUnaligned() {
        handTicksUnaligned(tickArray.segment(), ticks);
    }

    @Benchmark
    public long tickFromList() {
        try (Arena a = Arena.ofConfined()) {
            TickArray array = TickArray.fromList(a, ticks);
            return array.segment().get(ValueLayout.JAVA_LONG, (N - 1) * TickStruct.SIZE + TickStruct.TIMESTAMP_OFFSET);
        }
    }

    @Benchmark
    public long tickHandAllocate() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(TickStruct.LAYOUT, ticks.size());
            handTicks(s, ticks);
            return s.get(ValueLayout.JAVA_LONG, (N - 1) * TickStruct.SIZE + TickStruct.TIMESTAMP_OFFSET);
        }
    }

    @Benchmark
    public void quoteSetAll() {
        quoteArray.setAll(0, quotes);
    }

    @Benchmark
    public void quoteHandFfm() {
        handQuotes(quoteArray.segment(), quotes);
    }

    // ---------------------------------------------------------------- diagnostics (attribution of the setAll cost)

    /**
     * Hand-written with the structure of the generated {@code setAll}: a first for-each pass that
     * only checks each element for null, then the write pass (unaligned layouts, as generated).
     */
    @Benchmark
    public void diagTickHandTwoPass() {
        List<Tick> values = ticks;
        for (Tick t : values) {
            if (t == null) {
                throw new NullPointerException();
            }
        }
        handTicksUnaligned(tickArray.segment(), values);
    }

    /** As {@link #diagTickHandTwoPass} with an indexed ({@code List.get}) null-check pass. */
    @Benchmark
    public void diagTickHandTwoPassIndexed() {
        List<Tick> values = ticks;
        for (int i = 0, n = values.size(); i < n; i++) {
            if (values.get(i) == null) {
                throw new NullPointerException();
            }
        }
        handTicksUnaligned(tickArray.segment(), values);
    }

    /** Hand-written Quote with a separate check pass (text validated in pass 1, stored in pass 2). */
    @Benchmark
    public void diagQuoteHandTwoPass() {
        List<Quote> values = quotes;
        for (Quote q : values) {
            if (q == null || !HandCoded.isShortAscii(q.symbol())) {
                throw new IllegalArgumentException();
            }
        }
        MemorySegment s = quoteArray.segment();
        long off = 0;
        for (Quote q : values) {
            HandCoded.storeQuoteChecked(s, off, q);
            off += QuoteStruct.SIZE;
        }
    }
}

package io.structbridge.benchmarks;

import java.lang.foreign.Arena;
import io.structbridge.runtime.FixedStrings;
import io.structbridge.runtime.TextEncoding;
import io.structbridge.runtime.Values;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Get/set of the {@code @Capacity(16) String symbol} member of {@link Quote} over {@value #N}
 * structs: generated {@code QuoteStruct.symbol(...)} against {@link HandCoded} FFM code with the
 * same checks. One operation = one struct. Symbols are ASCII, 4 to 8 characters.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StringFieldBenchmark {
    static final int N = 1024;
    static final long SIZE = QuoteStruct.SIZE;

    private Arena arena;
    private MemorySegment segment;
    private String[] symbols;
    private int salt;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        List<Quote> quotes = Data.quotes(N);
        QuoteArray array = QuoteArray.fromList(arena, quotes);
        segment = array.segment();
        // Two sets of symbols, so consecutive invocations store different text.
        symbols = new String[2 * N];
        for (int i = 0; i < 2 * N; i++) {
            symbols[i] = Data.quote(i * 7919).symbol();
        }
        for (int i = 0; i < N; i++) {
            String g = QuoteStruct.symbol(segment, i * SIZE);
            String h = HandCoded.loadSymbol(segment, i * SIZE + QuoteStruct.SYMBOL_OFFSET);
            if (!g.equals(h) || !g.equals(quotes.get(i).symbol())) {
                throw new IllegalStateException("peers disagree at " + i + ": " + g + " / " + h);
            }
        }
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void readGenerated(Blackhole bh) {
        MemorySegment s = segment;
        for (int i = 0; i < N; i++) {
            bh.consume(QuoteStruct.symbol(s, i * SIZE));
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void readHandFfm(Blackhole bh) {
        MemorySegment s = segment;
        for (int i = 0; i < N; i++) {
            bh.consume(HandCoded.loadSymbol(s, i * SIZE + QuoteStruct.SYMBOL_OFFSET));
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeGenerated() {
        MemorySegment s = segment;
        String[] sym = symbols;
        int base = (salt++ & 1) * N;
        for (int i = 0; i < N; i++) {
            QuoteStruct.symbol(s, i * SIZE, sym[base + i]);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeHandFfm() {
        MemorySegment s = segment;
        String[] sym = symbols;
        int base = (salt++ & 1) * N;
        for (int i = 0; i < N; i++) {
            HandCoded.storeSymbol(s, i * SIZE + QuoteStruct.SYMBOL_OFFSET, sym[base + i]);
        }
    }

    // ---------------------------------------------------------------- diagnostics (attribution of the setter cost)

    /**
     * The generated setter minus its redundancies: one {@code FixedStrings.storedLength} scan
     * (the generated code runs it twice, in {@code check$symbol} and again in {@code store$symbol})
     * and no {@code Bounds.check}; the store itself is still {@code FixedStrings.store}.
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public void diagWriteRuntimeOneScan() {
        MemorySegment s = segment;
        String[] sym = symbols;
        int base = (salt++ & 1) * N;
        for (int i = 0; i < N; i++) {
            String v = Values.nonNull(sym[base + i], "Quote", "symbol");
            int n = FixedStrings.storedLength(v, TextEncoding.UTF_8, 16, true, false, "Quote", "symbol");
            FixedStrings.store(s, i * SIZE + QuoteStruct.SYMBOL_OFFSET, v, n, TextEncoding.UTF_8, 16);
        }
    }

    /**
     * The hand-written setter, but padding with {@code segment.asSlice(...).fill((byte) 0)} as
     * {@code FixedStrings.store} does, instead of a byte loop.
     */
    @Benchmark
    @OperationsPerInvocation(N)
    public void diagWriteHandSliceFill() {
        MemorySegment s = segment;
        String[] sym = symbols;
        int base = (salt++ & 1) * N;
        for (int i = 0; i < N; i++) {
            String v = sym[base + i];
            long off = i * SIZE + QuoteStruct.SYMBOL_OFFSET;
            int n = v.length();
            if (n >= HandCoded.SYMBOL_CAPACITY) {
                throw new IllegalArgumentException(v);
            }
            for (int k = 0; k < n; k++) {
                char c = v.charAt(k);
                if (c == 0 || c >= 0x80) {
                    throw new IllegalArgumentException(v);
                }
            }
            for (int k = 0; k < n; k++) {
                s.set(ValueLayout.JAVA_BYTE, off + k, (byte) v.charAt(k));
            }
            s.asSlice(off + n, HandCoded.SYMBOL_CAPACITY - n).fill((byte) 0);
        }
    }
}

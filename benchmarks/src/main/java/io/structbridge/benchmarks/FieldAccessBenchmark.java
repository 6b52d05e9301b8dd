package io.structbridge.benchmarks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
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

import com.sun.jna.Pointer;

/**
 * Per-field get/set of all five members of a {@link Tick}, over an array of {@value #N} structs
 * (32 KiB, cache resident). One operation = one struct = five fields read (or written); the
 * offset changes every step, so nothing is a constant the JIT could fold, and every read feeds
 * the returned checksum (written values go to native memory, which the JIT cannot drop).
 *
 * <p>Peers, all over the same bytes:
 * <ul>
 *   <li>{@code generatedStatic}: {@code TickStruct.id(segment, offset)} and friends;</li>
 *   <li>{@code generatedView}: one {@code TickView} re-pointed with {@code wrap} per struct;</li>
 *   <li>{@code generatedArrayView}: {@code TickArray.view(i)} per struct (a new view each time);</li>
 *   <li>{@code handFfm}: {@code segment.get/set(ValueLayout.JAVA_INT, offset + TickStruct.ID_OFFSET)}
 *       with the natural (aligned) value layouts: the speed limit;</li>
 *   <li>{@code handFfmUnaligned}: the same with {@code JAVA_INT_UNALIGNED} etc., the value layouts
 *       the generated code uses ({@code withByteAlignment(1)});</li>
 *   <li>{@code byteBuffer}: a direct {@link ByteBuffer} in native order over the same memory;</li>
 *   <li>{@code jna}: a {@link TickJna} {@code Structure} per struct, {@code read()} / {@code write()}.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FieldAccessBenchmark {
    static final int N = 1024;
    static final long SIZE = TickStruct.SIZE;

    private Arena arena;
    private MemorySegment segment;
    private TickArray array;
    private TickView view;
    private ByteBuffer buffer;
    private TickJna[] jna;
    private int salt;
    private MirrorViews.Same mirrorSame;
    private MirrorViews.NoCheck mirrorNoCheck;
    private MirrorViews.FixedSegment mirrorFixed;
    private MirrorViews.IntrinsicCheck mirrorIntrinsic;

    @Setup
    public void setup() {
        arena = Arena.ofShared();
        array = TickArray.allocate(arena, N);
        segment = array.segment();
        array.setAll(0, Data.ticks(N));
        view = TickView.at(segment, 0);
        mirrorSame = new MirrorViews.Same().wrap(segment, 0);
        mirrorNoCheck = new MirrorViews.NoCheck().wrap(segment, 0);
        mirrorFixed = new MirrorViews.FixedSegment(segment).wrap(0);
        mirrorIntrinsic = new MirrorViews.IntrinsicCheck().wrap(segment, 0);
        buffer = segment.asByteBuffer().order(ByteOrder.nativeOrder());
        if (!buffer.isDirect()) {
            throw new IllegalStateException("expected a direct buffer");
        }
        TickJna probe = new TickJna();
        if (probe.size() != SIZE || probe.offsetOf("venue") != TickStruct.VENUE_OFFSET
                || probe.offsetOf("qty") != TickStruct.QTY_OFFSET
                || probe.offsetOf("timestamp") != TickStruct.TIMESTAMP_OFFSET) {
            throw new IllegalStateException("JNA layout differs from TickStruct: size " + probe.size());
        }
        jna = new TickJna[N];
        for (int i = 0; i < N; i++) {
            jna[i] = new TickJna(new Pointer(segment.address() + i * SIZE));
        }
        // All peers must see the same data.
        long a = readGeneratedStatic();
        long b = readHandFfm();
        long c = readByteBuffer();
        long d = readJna();
        long e = readGeneratedView();
        long f = readGeneratedArrayView();
        long g = diagReadMirrorView();
        long h = diagReadMirrorViewNoCheck();
        long k = diagReadMirrorViewFixedSegment();
        long m = diagReadLocalView();
        long q = diagReadMirrorViewIntrinsicCheck();
        if (a != b || b != c || c != d || d != e || e != f || f != g || g != h || h != k || k != m || m != q) {
            throw new IllegalStateException("peers disagree: " + a + " " + b + " " + c + " " + d);
        }
    }

    @TearDown
    public void tearDown() {
        jna = null;
        arena.close();
    }

    private static long mix(int id, long timestamp, double price, float qty, short venue) {
        return id + timestamp + Double.doubleToRawLongBits(price) + Float.floatToRawIntBits(qty) + venue;
    }

    // ---------------------------------------------------------------- reads

    @Benchmark
    @OperationsPerInvocation(N)
    public long readGeneratedStatic() {
        MemorySegment s = segment;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            acc += mix(TickStruct.id(s, off), TickStruct.timestamp(s, off), TickStruct.price(s, off),
                    TickStruct.qty(s, off), TickStruct.venue(s, off));
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readGeneratedView() {
        MemorySegment s = segment;
        TickView v = view;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            v.wrap(s, i * SIZE);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readGeneratedArrayView() {
        TickArray a = array;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            TickView v = a.view(i);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
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
            acc += mix(s.get(ValueLayout.JAVA_INT, off + TickStruct.ID_OFFSET),
                    s.get(ValueLayout.JAVA_LONG, off + TickStruct.TIMESTAMP_OFFSET),
                    s.get(ValueLayout.JAVA_DOUBLE, off + TickStruct.PRICE_OFFSET),
                    s.get(ValueLayout.JAVA_FLOAT, off + TickStruct.QTY_OFFSET),
                    s.get(ValueLayout.JAVA_SHORT, off + TickStruct.VENUE_OFFSET));
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readHandFfmUnaligned() {
        MemorySegment s = segment;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            acc += mix(s.get(ValueLayout.JAVA_INT_UNALIGNED, off + TickStruct.ID_OFFSET),
                    s.get(ValueLayout.JAVA_LONG_UNALIGNED, off + TickStruct.TIMESTAMP_OFFSET),
                    s.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, off + TickStruct.PRICE_OFFSET),
                    s.get(ValueLayout.JAVA_FLOAT_UNALIGNED, off + TickStruct.QTY_OFFSET),
                    s.get(ValueLayout.JAVA_SHORT_UNALIGNED, off + TickStruct.VENUE_OFFSET));
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readByteBuffer() {
        ByteBuffer b = buffer;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            int off = i * (int) SIZE;
            acc += mix(b.getInt(off + (int) TickStruct.ID_OFFSET),
                    b.getLong(off + (int) TickStruct.TIMESTAMP_OFFSET),
                    b.getDouble(off + (int) TickStruct.PRICE_OFFSET),
                    b.getFloat(off + (int) TickStruct.QTY_OFFSET),
                    b.getShort(off + (int) TickStruct.VENUE_OFFSET));
        }
        return acc;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long readJna() {
        TickJna[] js = jna;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            TickJna t = js[i];
            t.read();
            acc += mix(t.id, t.timestamp, t.price, t.qty, t.venue);
        }
        return acc;
    }

    // ---------------------------------------------------------------- writes

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeGeneratedStatic() {
        MemorySegment s = segment;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            int v = base + i;
            TickStruct.id(s, off, v);
            TickStruct.timestamp(s, off, v);
            TickStruct.price(s, off, v);
            TickStruct.qty(s, off, v);
            TickStruct.venue(s, off, (short) v);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeGeneratedView() {
        MemorySegment s = segment;
        TickView t = view;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            int v = base + i;
            t.wrap(s, i * SIZE);
            t.id(v);
            t.timestamp(v);
            t.price(v);
            t.qty(v);
            t.venue((short) v);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeGeneratedArrayView() {
        TickArray a = array;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            int v = base + i;
            TickView t = a.view(i);
            t.id(v);
            t.timestamp(v);
            t.price(v);
            t.qty(v);
            t.venue((short) v);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeHandFfm() {
        MemorySegment s = segment;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            int v = base + i;
            s.set(ValueLayout.JAVA_INT, off + TickStruct.ID_OFFSET, v);
            s.set(ValueLayout.JAVA_LONG, off + TickStruct.TIMESTAMP_OFFSET, v);
            s.set(ValueLayout.JAVA_DOUBLE, off + TickStruct.PRICE_OFFSET, v);
            s.set(ValueLayout.JAVA_FLOAT, off + TickStruct.QTY_OFFSET, v);
            s.set(ValueLayout.JAVA_SHORT, off + TickStruct.VENUE_OFFSET, (short) v);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeHandFfmUnaligned() {
        MemorySegment s = segment;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            long off = i * SIZE;
            int v = base + i;
            s.set(ValueLayout.JAVA_INT_UNALIGNED, off + TickStruct.ID_OFFSET, v);
            s.set(ValueLayout.JAVA_LONG_UNALIGNED, off + TickStruct.TIMESTAMP_OFFSET, v);
            s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, off + TickStruct.PRICE_OFFSET, v);
            s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, off + TickStruct.QTY_OFFSET, v);
            s.set(ValueLayout.JAVA_SHORT_UNALIGNED, off + TickStruct.VENUE_OFFSET, (short) v);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeByteBuffer() {
        ByteBuffer b = buffer;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            int off = i * (int) SIZE;
            int v = base + i;
            b.putInt(off + (int) TickStruct.ID_OFFSET, v);
            b.putLong(off + (int) TickStruct.TIMESTAMP_OFFSET, v);
            b.putDouble(off + (int) TickStruct.PRICE_OFFSET, v);
            b.putFloat(off + (int) TickStruct.QTY_OFFSET, v);
            b.putShort(off + (int) TickStruct.VENUE_OFFSET, (short) v);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public void writeJna() {
        TickJna[] js = jna;
        int base = salt++;
        for (int i = 0; i < N; i++) {
            int v = base + i;
            TickJna t = js[i];
            t.id = v;
            t.timestamp = v;
            t.price = v;
            t.qty = v;
            t.venue = (short) v;
            t.write();
        }
    }

    // ---------------------------------------------------------------- diagnostics (attribution of the view cost)

    /** Hand copy of TickView (should match readGeneratedView: validates the copy). */
    @Benchmark
    @OperationsPerInvocation(N)
    public long diagReadMirrorView() {
        MemorySegment s = segment;
        MirrorViews.Same v = mirrorSame;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            v.wrap(s, i * SIZE);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
        }
        return acc;
    }

    /** TickView copy without the checkFromIndexSize in wrap. */
    @Benchmark
    @OperationsPerInvocation(N)
    public long diagReadMirrorViewNoCheck() {
        MemorySegment s = segment;
        MirrorViews.NoCheck v = mirrorNoCheck;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            v.wrap(s, i * SIZE);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
        }
        return acc;
    }

    /** TickView copy whose wrap stores only the offset (segment final): no reference store, no GC barrier. */
    @Benchmark
    @OperationsPerInvocation(N)
    public long diagReadMirrorViewFixedSegment() {
        MirrorViews.FixedSegment v = mirrorFixed;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            v.wrap(i * SIZE);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
        }
        return acc;
    }

    /** TickView copy whose wrap checks with the intrinsic {@code Objects.checkIndex} instead of checkFromIndexSize. */
    @Benchmark
    @OperationsPerInvocation(N)
    public long diagReadMirrorViewIntrinsicCheck() {
        MemorySegment s = segment;
        MirrorViews.IntrinsicCheck v = mirrorIntrinsic;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            v.wrap(s, i * SIZE);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
        }
        return acc;
    }

    /** A new generated TickView per struct ({@code TickView.at}), kept local so escape analysis can remove it. */
    @Benchmark
    @OperationsPerInvocation(N)
    public long diagReadLocalView() {
        MemorySegment s = segment;
        long acc = 0;
        for (int i = 0; i < N; i++) {
            TickView v = TickView.at(s, i * SIZE);
            acc += mix(v.id(), v.timestamp(), v.price(), v.qty(), v.venue());
        }
        return acc;
    }
}

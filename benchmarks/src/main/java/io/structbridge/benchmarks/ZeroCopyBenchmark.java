package io.structbridge.benchmarks;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import io.structbridge.runtime.NativeKernel;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Handing {@code n} {@link LatLng} structs (16 bytes each) to C, µs per call. The C function
 * {@code int64_t touch(const LatLng* p, int64_t n)} reads {@code p[0]} and {@code p[n-1]} (compiled with
 * {@code gcc -O2 -shared -fPIC} into a temp folder in the setup).
 * <ul>
 *   <li>{@code nativeKernel}: {@code NativeKernel.bind(Touch.class, lib, "touch", ...)}, called with the {@code LatLngArray}
 *       (its segment's address is passed);</li>
 *   <li>{@code ffmDowncall}: a plain FFM downcall handle, {@code invokeExact(array.segment(), n)};</li>
 *   <li>{@code byteBufferCopy}: the records ({@code LatLng[]}, on the heap) are copied into a preallocated direct
 *       {@code ByteBuffer} ({@code putDouble} x2 per struct), whose address is then passed (FFM downcall);</li>
 *   <li>{@code jnaCopy}: JNA: the records are copied into a {@code Structure.toArray(n)} block (fields set, then
 *       {@code write()} per element), then {@code touch} is called through a JNA {@code Function} with the block's pointer.</li>
 * </ul>
 * The zero-copy rows assume the structs were created in native memory in the first place (e.g. read from JSON
 * or a struct file straight into the array); the cost of filling the array from records is {@code BulkWriteBenchmark}'s.
 * Haversine ({@code n} points against one point, sum of km): {@code haversineNative} (C over the array, by address),
 * {@code haversineJavaViews} (Java over {@code LatLngView.wrap}), {@code haversineJavaDoubleArray} (Java over a
 * {@code double[]} copy made once in the setup; the copy is not timed).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms4g", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ZeroCopyBenchmark {
    /** The kernel interface bound by {@link NativeKernel}. */
    @FunctionalInterface
    public interface Touch {
        long touch(LatLngArray points, long n);
    }

    /** The haversine kernel interface. */
    @FunctionalInterface
    public interface HaversineSum {
        double sum(LatLngArray points, long n, double lat, double lng);
    }

    static final String C = """
            #include <math.h>
            #include <stdint.h>
            typedef struct { double lat; double lng; } LatLng;
            int64_t touch(const LatLng* p, int64_t n) {
                return (int64_t) p[0].lat + (int64_t) p[n - 1].lng;
            }
            double haversine_sum(const LatLng* p, int64_t n, double lat, double lng) {
                const double rad = 3.14159265358979323846 / 180.0;
                double sum = 0, p1 = lat * rad;
                for (int64_t i = 0; i < n; i++) {
                    double p2 = p[i].lat * rad, dp = p2 - p1, dl = (p[i].lng - lng) * rad;
                    double a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2);
                    sum += 2 * 6371.0088 * asin(sqrt(a));
                }
                return sum;
            }
            """;

    @Param({"1000", "100000", "10000000"})
    public int n;

    private Arena arena;
    private Path dir;
    private LatLngArray array;
    private LatLng[] records;
    private double[] copy;
    private ByteBuffer buffer;
    private MemorySegment bufferSegment;
    private Touch kernel;
    private HaversineSum haversine;
    private MethodHandle touchHandle;
    private LatLngJna[] jna;
    private Function jnaTouch;

    static LatLng point(int i) {
        return new LatLng(-60.0 + (i % 12_000) * 0.01, -180.0 + (i % 36_000) * 0.01);
    }

    @Setup
    public void setup() throws Throwable {
        dir = Files.createTempDirectory("sb-zerocopy");
        Path src = dir.resolve("touch.c");
        Path lib = dir.resolve("libtouch.so");
        Files.writeString(src, C);
        Process gcc = new ProcessBuilder("gcc", "-O2", "-shared", "-fPIC", "-o", lib.toString(), src.toString(), "-lm")
                .inheritIO().start();
        if (gcc.waitFor() != 0) {
            throw new IllegalStateException("gcc failed");
        }
        arena = Arena.ofShared();
        array = LatLngArray.allocate(arena, n);
        records = new LatLng[n];
        copy = new double[2 * n];
        MemorySegment s = array.segment();
        for (int i = 0; i < n; i++) {
            LatLng p = point(i);
            records[i] = p;
            LatLngStruct.lat(s, (long) i * LatLngStruct.SIZE, p.lat());
            LatLngStruct.lng(s, (long) i * LatLngStruct.SIZE, p.lng());
            copy[2 * i] = p.lat();
            copy[2 * i + 1] = p.lng();
        }
        buffer = ByteBuffer.allocateDirect(Math.multiplyExact(n, 16)).order(ByteOrder.nativeOrder());
        bufferSegment = MemorySegment.ofBuffer(buffer);
        NativeKernel<Touch> k = NativeKernel.bind(Touch.class, lib, "touch", (a, m) -> {
            throw new IllegalStateException("not native");
        });
        NativeKernel<HaversineSum> h = NativeKernel.bind(HaversineSum.class, lib, "haversine_sum", (a, m, la, ln) -> {
            throw new IllegalStateException("not native");
        });
        if (!k.isNative() || !h.isNative()) {
            throw new IllegalStateException("kernels not bound: " + k.reason() + " / " + h.reason());
        }
        kernel = k.function();
        haversine = h.function();
        Linker linker = Linker.nativeLinker();
        MemorySegment address = SymbolLookup.libraryLookup(lib, arena).find("touch").orElseThrow();
        touchHandle = linker.downcallHandle(address, FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        if (n <= 1_000_000) { // JNA: 10^7 Structure objects do not fit the time budget (see benchmarks/README.md)
            jna = (LatLngJna[]) new LatLngJna().toArray(n);
            jnaTouch = NativeLibrary.getInstance(lib.toString()).getFunction("touch");
        }
        long expected = (long) records[0].lat() + (long) records[n - 1].lng();
        long b = byteBufferCopy();
        if (nativeKernel() != expected || ffmDowncall() != expected || b != expected || (jna != null && jnaCopy() != expected)) {
            throw new IllegalStateException("peers differ");
        }
        double hn = haversineNative();
        double hv = haversineJavaViews();
        double ha = haversineJavaDoubleArray();
        if (Math.abs(hn - hv) > 1e-6 * Math.abs(hn) || hv != ha) {
            throw new IllegalStateException("haversine differs: " + hn + " " + hv + " " + ha);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        arena.close();
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir);
    }

    @Benchmark
    public long nativeKernel() {
        return kernel.touch(array, n);
    }

    @Benchmark
    public long ffmDowncall() throws Throwable {
        return (long) touchHandle.invokeExact(array.segment(), (long) n);
    }

    @Benchmark
    public long byteBufferCopy() throws Throwable {
        ByteBuffer b = buffer;
        LatLng[] r = records;
        for (int i = 0; i < r.length; i++) {
            b.putDouble(16 * i, r[i].lat());
            b.putDouble(16 * i + 8, r[i].lng());
        }
        return (long) touchHandle.invokeExact(bufferSegment, (long) n);
    }

    @Benchmark
    public long jnaCopy() {
        if (jna == null) {
            throw new IllegalStateException("JNA not set up for n = " + n);
        }
        LatLngJna[] a = jna;
        LatLng[] r = records;
        for (int i = 0; i < a.length; i++) {
            a[i].lat = r[i].lat();
            a[i].lng = r[i].lng();
            a[i].write();
        }
        return (Long) jnaTouch.invoke(Long.class, new Object[] {a[0].getPointer(), (long) n});
    }

    @Benchmark
    public double haversineNative() {
        return haversine.sum(array, n, 48.8566, 2.3522);
    }

    @Benchmark
    public double haversineJavaViews() {
        LatLngView v = array.view(0);
        MemorySegment s = array.segment();
        double sum = 0;
        double p1 = Math.toRadians(48.8566);
        for (long i = 0; i < n; i++) {
            v.wrap(s, i * LatLngStruct.SIZE);
            sum += haversine(p1, 2.3522, v.lat(), v.lng());
        }
        return sum;
    }

    @Benchmark
    public double haversineJavaDoubleArray() {
        double[] c = copy;
        double sum = 0;
        double p1 = Math.toRadians(48.8566);
        for (int i = 0; i < n; i++) {
            sum += haversine(p1, 2.3522, c[2 * i], c[2 * i + 1]);
        }
        return sum;
    }

    private static double haversine(double p1, double lng, double lat2, double lng2) {
        final double rad = Math.PI / 180.0;
        double p2 = lat2 * rad;
        double dp = p2 - p1;
        double dl = (lng2 - lng) * rad;
        double a = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
        return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
    }
}

package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * A real, valid C Data Interface export by Arrow Java (of random rows of a fixture, as Arrow Java
 * holds them), deep-copied: every {@code ArrowSchema}/{@code ArrowArray} struct and every
 * {@code children}/{@code buffers} pointer array is copied into test memory, the buffers are Arrow
 * Java's. A test changes one field of the copy (or points one buffer at a changed copy of it) and
 * imports the copy; the copies' {@code release} callbacks are counting stubs that mark the struct
 * released, Arrow Java's own export is released on {@link #close()}.
 */
final class HostileProducer implements AutoCloseable {
    static final AtomicInteger ARRAY_RELEASES = new AtomicInteger();
    static final AtomicInteger SCHEMA_RELEASES = new AtomicInteger();
    private static final MemorySegment RELEASE_ARRAY;
    private static final MemorySegment RELEASE_SCHEMA;

    static {
        try {
            var lookup = MethodHandles.lookup();
            FunctionDescriptor d = FunctionDescriptor.ofVoid(ValueLayout.ADDRESS);
            RELEASE_ARRAY = Linker.nativeLinker().upcallStub(lookup.findStatic(HostileProducer.class, "releaseArray",
                    MethodType.methodType(void.class, MemorySegment.class)), d, Arena.global());
            RELEASE_SCHEMA = Linker.nativeLinker().upcallStub(lookup.findStatic(HostileProducer.class, "releaseSchema",
                    MethodType.methodType(void.class, MemorySegment.class)), d, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static void releaseArray(MemorySegment a) {
        a.reinterpret(80).set(ValueLayout.ADDRESS, 64, MemorySegment.NULL);
        ARRAY_RELEASES.incrementAndGet();
    }

    private static void releaseSchema(MemorySegment s) {
        s.reinterpret(72).set(ValueLayout.ADDRESS, 56, MemorySegment.NULL);
        SCHEMA_RELEASES.incrementAndGet();
    }

    final StructType<Record> type;
    final int rows;
    final Arena arena = Arena.ofShared();
    private final BufferAllocator allocator = new RootAllocator();
    private final FieldVector vector;
    private final ArrowSchema javaSchema;
    private final ArrowArray javaArray;
    /** The copies, to change and import. */
    final MemorySegment schema;
    final MemorySegment array;

    HostileProducer(String fixture, int rows, long seed) {
        this.type = ArrowJavaOracleTest.type(fixture);
        this.rows = rows;
        try (Arena a = Arena.ofConfined(); ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray x = ArrowArray.allocateNew(allocator)) {
            MemorySegment seg = a.allocate(type.size() * rows, type.alignment());
            RandomStructs.fill(type, seg, rows, new Random(seed));
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(s.memoryAddress()));
            ArrowExport.exportArray(type, seg, 0, rows, MemorySegment.ofAddress(x.memoryAddress()));
            vector = Data.importVector(allocator, x, s, null);
        }
        javaSchema = ArrowSchema.allocateNew(allocator);
        javaArray = ArrowArray.allocateNew(allocator);
        Data.exportVector(allocator, vector, null, javaArray, javaSchema);
        schema = copySchema(MemorySegment.ofAddress(javaSchema.memoryAddress()).reinterpret(72));
        array = copyArray(MemorySegment.ofAddress(javaArray.memoryAddress()).reinterpret(80));
    }

    private MemorySegment copyArray(MemorySegment a) {
        MemorySegment c = arena.allocate(80, 8);
        MemorySegment.copy(a, 0, c, 0, 80);
        long nb = c.get(ValueLayout.JAVA_LONG, 24);
        if (nb > 0) {
            MemorySegment b = arena.allocate(8 * nb, 8);
            MemorySegment.copy(c.get(ValueLayout.ADDRESS, 40).reinterpret(8 * nb), 0, b, 0, 8 * nb);
            c.set(ValueLayout.ADDRESS, 40, b);
        }
        long nc = c.get(ValueLayout.JAVA_LONG, 32);
        if (nc > 0) {
            MemorySegment from = c.get(ValueLayout.ADDRESS, 48).reinterpret(8 * nc);
            MemorySegment p = arena.allocate(8 * nc, 8);
            for (int i = 0; i < nc; i++) {
                p.setAtIndex(ValueLayout.ADDRESS, i, copyArray(from.getAtIndex(ValueLayout.ADDRESS, i).reinterpret(80)));
            }
            c.set(ValueLayout.ADDRESS, 48, p);
        }
        c.set(ValueLayout.ADDRESS, 64, RELEASE_ARRAY);
        return c;
    }

    private MemorySegment copySchema(MemorySegment s) {
        MemorySegment c = arena.allocate(72, 8);
        MemorySegment.copy(s, 0, c, 0, 72);
        long nc = c.get(ValueLayout.JAVA_LONG, 32);
        if (nc > 0) {
            MemorySegment from = c.get(ValueLayout.ADDRESS, 40).reinterpret(8 * nc);
            MemorySegment p = arena.allocate(8 * nc, 8);
            for (int i = 0; i < nc; i++) {
                p.setAtIndex(ValueLayout.ADDRESS, i, copySchema(from.getAtIndex(ValueLayout.ADDRESS, i).reinterpret(72)));
            }
            c.set(ValueLayout.ADDRESS, 40, p);
        }
        c.set(ValueLayout.ADDRESS, 56, RELEASE_SCHEMA);
        return c;
    }

    /** {@return the array copy at child indices {@code path} (none: the root)} */
    MemorySegment array(int... path) {
        MemorySegment a = array;
        for (int i : path) {
            a = a.get(ValueLayout.ADDRESS, 48).reinterpret(8L * (i + 1)).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(80);
        }
        return a;
    }

    /** {@return the schema copy at child indices {@code path}} */
    MemorySegment schema(int... path) {
        MemorySegment s = schema;
        for (int i : path) {
            s = s.get(ValueLayout.ADDRESS, 40).reinterpret(8L * (i + 1)).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(72);
        }
        return s;
    }

    static long length(MemorySegment a) {
        return a.get(ValueLayout.JAVA_LONG, 0);
    }

    static MemorySegment bufferPointers(MemorySegment a) {
        return a.get(ValueLayout.ADDRESS, 40).reinterpret(8 * a.get(ValueLayout.JAVA_LONG, 24));
    }

    /**
     * Points buffer {@code i} of {@code a} at a copy of its first {@code bytes} bytes, {@code shift}
     * bytes past a 64-byte boundary (an odd shift: misaligned); {@return the copy}
     */
    MemorySegment copyBuffer(MemorySegment a, int i, long bytes, int shift) {
        MemorySegment old = bufferPointers(a).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(bytes);
        MemorySegment copy = arena.allocate(bytes + shift + 8, 64).asSlice(shift, bytes);
        MemorySegment.copy(old, 0, copy, 0, bytes);
        bufferPointers(a).setAtIndex(ValueLayout.ADDRESS, i, copy);
        return copy;
    }

    /** libc's mmap, mprotect and munmap (POSIX; the flag values are Linux's, the same on x86-64 and AArch64). */
    private static final java.lang.invoke.MethodHandle MMAP = libc("mmap", FunctionDescriptor.of(ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
    private static final java.lang.invoke.MethodHandle MPROTECT = libc("mprotect", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
    private static final java.lang.invoke.MethodHandle MUNMAP = libc("munmap", FunctionDescriptor.of(ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final int PROT_NONE = 0;
    private static final int PROT_READ_WRITE = 1 | 2;
    private static final int MAP_PRIVATE_ANONYMOUS_NORESERVE = 0x02 | 0x20 | 0x4000;
    private static final long PAGE = 1L << 16; // a multiple of every Linux page size (4, 16 and 64 KiB)
    /** The regions {@link #guardedBuffer} mapped, unmapped by {@link #close}. */
    private final java.util.List<long[]> mapped = new java.util.ArrayList<>();

    private static java.lang.invoke.MethodHandle libc(String name, FunctionDescriptor d) {
        Linker linker = Linker.nativeLinker();
        return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), d);
    }

    /**
     * Points buffer {@code i} of {@code a} at a copy of its first {@code bytes} bytes that starts a mapping whose
     * next {@code guard} bytes are mapped without access (PROT_NONE): any byte up to {@code guard} past the copy is
     * then certainly outside the process's readable memory, whatever else the process has mapped. {@return the copy}
     */
    MemorySegment guardedBuffer(MemorySegment a, int i, long bytes, long guard) {
        long readable = (bytes + PAGE - 1) / PAGE * PAGE;
        long size = readable + (guard + PAGE - 1) / PAGE * PAGE;
        try {
            MemorySegment region = (MemorySegment) MMAP.invokeExact(MemorySegment.NULL, size, PROT_NONE,
                    MAP_PRIVATE_ANONYMOUS_NORESERVE, -1, 0L);
            if (region.address() == -1L) {
                throw new IllegalStateException("mmap of " + size + " bytes failed");
            }
            mapped.add(new long[] {region.address(), size});
            if ((int) MPROTECT.invokeExact(region, readable, PROT_READ_WRITE) != 0) {
                throw new IllegalStateException("mprotect failed");
            }
            MemorySegment copy = region.reinterpret(bytes);
            MemorySegment old = bufferPointers(a).getAtIndex(ValueLayout.ADDRESS, i).reinterpret(bytes);
            MemorySegment.copy(old, 0, copy, 0, bytes);
            bufferPointers(a).setAtIndex(ValueLayout.ADDRESS, i, copy);
            return copy;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Gives {@code a} a validity bitmap of its own with only value {@code k} null; null_count 1. */
    void nullAt(MemorySegment a, long k) {
        long n = a.get(ValueLayout.JAVA_LONG, 16) + length(a);
        MemorySegment bits = arena.allocate((n + 7) / 8 + 8, 64);
        bits.fill((byte) -1);
        long bit = a.get(ValueLayout.JAVA_LONG, 16) + k;
        bits.set(ValueLayout.JAVA_BYTE, bit >>> 3, (byte) (bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) & ~(1 << (bit & 7))));
        bufferPointers(a).setAtIndex(ValueLayout.ADDRESS, 0, bits);
        a.set(ValueLayout.JAVA_LONG, 8, 1L);
    }

    @Override
    public void close() {
        javaArray.release();
        javaSchema.release();
        javaArray.close();
        javaSchema.close();
        vector.close();
        allocator.close();
        arena.close();
        for (long[] m : mapped) {
            try {
                int ignored = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(m[0]), m[1]);
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }
    }
}

package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Objects;

/**
 * The checks that precede a transpose between structs and columns
 * ({@link StructType#copyToColumns}, {@link StructType#copyFromColumns} and their generated
 * overrides): all made before any byte moves, so a refused transpose writes nothing.
 */
public final class Transposes {
    private Transposes() {}

    /** The rows one generated loop straight over segments (structs over 4 KiB) moves at most (its row count stays an {@code int}). */
    public static final int CHUNK_ROWS = 1 << 20;

    /**
     * The bytes of structs a generated loop moves per heap block (at least {@link #BLOCK_MIN_ROWS} structs): it
     * bulk-copies the block's structs into a {@code byte[]}, moves the leaves between that array and a second one
     * and bulk-copies the result out, so no memory-segment access sits in the hot loop. 4 KiB: block sizes of 2 to
     * 32 KiB transposed 1M 32-byte structs within the noise of each other (a plain timing and JMH runs 52-57); the
     * arrays of a block of small structs stay in a core's L1 cache.
     */
    public static final int BLOCK_BYTES = 1 << 12;

    /** The fewest structs per heap block, so each bulk copy moves at least this many rows. */
    public static final int BLOCK_MIN_ROWS = 8;

    /** {@code byte[]} viewed as {@code long}s at any byte index, native byte order: the generated loops' 8-byte moves. */
    public static final VarHandle BYTES_AS_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    /** {@code byte[]} viewed as {@code int}s at any byte index, native byte order: the generated loops' 4-byte moves. */
    public static final VarHandle BYTES_AS_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    /** {@code byte[]} viewed as {@code short}s at any byte index, native byte order: the generated loops' 2-byte moves. */
    public static final VarHandle BYTES_AS_SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.nativeOrder());

    /**
     * Checks a transpose of {@code rows} structs of {@code type} at {@code offset} of {@code structs}
     * into {@code columns} ({@link StructType#copyToColumns}): {@link #check(StructType, MemorySegment,
     * long, long, MemorySegment[], boolean) check(..., true)}.
     *
     * @param type the struct type
     * @param structs the structs' segment
     * @param offset the byte offset of struct 0
     * @param rows the number of structs (rows)
     * @param columns one segment per leaf column of {@code type}
     * @return the leaf columns of {@code type}
     */
    public static List<Column> checkToColumns(StructType<?> type, MemorySegment structs, long offset, long rows,
                                              MemorySegment[] columns) {
        return check(type, structs, offset, rows, columns, true);
    }

    /**
     * Checks a transpose of {@code columns} into {@code rows} structs of {@code type} at {@code offset}
     * of {@code structs} ({@link StructType#copyFromColumns}): {@link #check(StructType, MemorySegment,
     * long, long, MemorySegment[], boolean) check(..., false)}.
     *
     * @param type the struct type
     * @param columns one segment per leaf column of {@code type}
     * @param structs the structs' segment
     * @param offset the byte offset of struct 0
     * @param rows the number of structs (rows)
     * @return the leaf columns of {@code type}
     */
    public static List<Column> checkFromColumns(StructType<?> type, MemorySegment[] columns, MemorySegment structs,
                                                long offset, long rows) {
        return check(type, structs, offset, rows, columns, false);
    }

    /**
     * Checks a transpose of {@code rows} structs of {@code type} at {@code offset} of {@code structs}
     * against {@code columns}, every condition under which a byte could move before the transpose fails.
     *
     * @param type the struct type
     * @param structs the structs' segment
     * @param offset the byte offset of struct 0
     * @param rows the number of structs (rows)
     * @param columns one segment per leaf column of {@code type}
     * @param intoColumns whether the columns are written (else the structs are)
     * @return the leaf columns of {@code type}
     * @throws NullPointerException if {@code structs}, {@code columns} or one of its segments is null (the
     *     message names the column)
     * @throws IllegalArgumentException if {@code columns} does not have one segment per leaf column,
     *     {@code rows} is negative, a target segment is read-only, or a column overlaps the structs (or,
     *     written, another column)
     * @throws IndexOutOfBoundsException if the structs or a column do not fit their segment (also when
     *     their size overflows a {@code long})
     * @throws UnsupportedOperationException if a column lies in a union or is a bit-field
     * @throws IllegalStateException if a segment's arena is closed
     * @throws WrongThreadException if a segment's confined arena belongs to another thread
     */
    public static List<Column> check(StructType<?> type, MemorySegment structs, long offset, long rows, MemorySegment[] columns,
                                     boolean intoColumns) {
        List<Column> leaves = type.columns();
        Objects.requireNonNull(structs, "structs");
        Objects.requireNonNull(columns, "columns");
        if (columns.length != leaves.size()) {
            throw new IllegalArgumentException(type.name() + ": " + columns.length + " column segments for "
                    + leaves.size() + " columns");
        }
        if (rows < 0) {
            throw new IllegalArgumentException(type.name() + ": negative row count " + rows);
        }
        live(structs, type.name() + " structs");
        long structBytes = bytes(type.name() + ": " + rows + " structs of " + type.size() + " bytes", rows, type.size());
        Objects.checkFromIndexSize(offset, structBytes, structs.byteSize());
        if (!intoColumns && structs.isReadOnly()) {
            throw new IllegalArgumentException(type.name() + ": the target structs' segment is read-only");
        }
        MemorySegment structRange = structs.asSlice(offset, structBytes);
        long[] need = new long[leaves.size()];
        for (int k = 0; k < leaves.size(); k++) {
            Column c = leaves.get(k);
            String name = type.name() + "." + c.path();
            if (c.union() != null || c.bitWidth() > 0) {
                throw new UnsupportedOperationException(name + ": "
                        + (c.union() != null ? "lies in a union" : "is a bit-field") + "; it has no columnar form");
            }
            if (columns[k] == null) {
                throw new NullPointerException(name + ": the column segment is null");
            }
            need[k] = bytes(name + ": the column of " + rows + " rows", rows, (long) c.elementSize() * c.length());
            if (columns[k].byteSize() < need[k]) {
                throw new IndexOutOfBoundsException(name + ": the column of " + rows + " rows needs "
                        + need[k] + " bytes, its segment has " + columns[k].byteSize());
            }
            live(columns[k], name + " column");
            if (intoColumns && columns[k].isReadOnly()) {
                throw new IllegalArgumentException(name + ": the target column segment is read-only");
            }
            if (overlap(structRange, columns[k], need[k])) {
                throw new IllegalArgumentException(name + ": the column segment overlaps the structs");
            }
        }
        if (intoColumns) {
            writtenColumnsApart(type, leaves, columns, need);
        }
        return leaves;
    }

    /**
     * Refuses written columns that share memory, in {@code O(k log k)} for {@code k} columns (a transpose of
     * a wide struct is called once per block of rows, so a pairwise check would cost {@code k^2} per block):
     * native columns sorted by address, each compared with the furthest end before it; heap columns
     * (rare) pairwise among themselves. Native and heap memory never overlap.
     */
    private static void writtenColumnsApart(StructType<?> type, List<Column> leaves, MemorySegment[] columns, long[] need) {
        int k = columns.length;
        Integer[] order = new Integer[k];
        int natives = 0;
        java.util.List<Integer> heap = new java.util.ArrayList<>();
        for (int i = 0; i < k; i++) {
            if (need[i] == 0) {
                continue;
            }
            if (columns[i].isNative()) {
                order[natives++] = i;
            } else {
                heap.add(i);
            }
        }
        java.util.Arrays.sort(order, 0, natives, java.util.Comparator.comparingLong(i -> columns[i].address()));
        int furthest = -1;
        for (int n = 0; n < natives; n++) {
            int i = order[n];
            if (furthest >= 0 && Long.compareUnsigned(columns[i].address(), columns[furthest].address() + need[furthest]) < 0) {
                throw overlapping(type, leaves, i, furthest);
            }
            if (furthest < 0 || Long.compareUnsigned(columns[i].address() + need[i], columns[furthest].address() + need[furthest]) > 0) {
                furthest = i;
            }
        }
        for (int a = 0; a < heap.size(); a++) {
            for (int b = 0; b < a; b++) {
                int i = heap.get(a);
                int j = heap.get(b);
                if (overlap(columns[j].asSlice(0, need[j]), columns[i], need[i])) {
                    throw overlapping(type, leaves, Math.max(i, j), Math.min(i, j));
                }
            }
        }
    }

    private static IllegalArgumentException overlapping(StructType<?> type, List<Column> leaves, int k, int j) {
        int later = Math.max(k, j);
        int earlier = Math.min(k, j);
        return new IllegalArgumentException(type.name() + "." + leaves.get(later).path()
                + ": the target column segment overlaps that of " + leaves.get(earlier).path());
    }

    /** {@return {@code a * b}} @throws IndexOutOfBoundsException naming {@code what} if it overflows a {@code long} */
    private static long bytes(String what, long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new IndexOutOfBoundsException(what + " overflow a long");
        }
    }

    /** {@return whether the first {@code n} bytes of {@code b} share memory with {@code a}} */
    private static boolean overlap(MemorySegment a, MemorySegment b, long n) {
        if (n == 0 || a.byteSize() == 0 || a.isNative() != b.isNative()) {
            return false;
        }
        if (a.isNative()) { // no allocation: the check runs for every pair of written columns
            return a.address() < b.address() + n && b.address() < a.address() + a.byteSize();
        }
        return a.asOverlappingSlice(b.asSlice(0, n)).isPresent();
    }

    private static void live(MemorySegment s, String what) {
        if (!s.scope().isAlive()) {
            throw new IllegalStateException(what + ": the segment's arena is already closed");
        }
        if (!s.isAccessibleBy(Thread.currentThread())) {
            throw new WrongThreadException(what + ": the segment's confined arena belongs to another thread");
        }
    }
}

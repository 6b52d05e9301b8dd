package io.structbridge.arrow;

import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Struct memory as an {@code ArrowArrayStream} (arrow.apache.org/docs/format/CStreamInterface.html):
 * batches of at most {@code batchRows} structs, each exported as by
 * {@link ArrowExport#exportArray} when the consumer asks for it ({@code get_next}), so memory stays
 * bounded by one batch however large the file. A bad value makes {@code get_next} return
 * {@code EINVAL} (22) with {@code get_last_error} naming the file (for a {@link StructFile}), the
 * batch and its rows, the row and the field: {@code /data/t.sb: Texts batch 7 (rows 700..799 of 1000):
 * row 777, field 'ascii4': ...}. The callbacks are FFM
 * upcalls; {@code release} frees the stream's own memory once. The structs (for a file: the mapping)
 * must stay valid until the consumer has released the stream.
 */
public final class ArrowStreamExport {
    private ArrowStreamExport() {}

    private static final int EINVAL = 22;

    private static final class State {
        final StructType<?> type;
        final MemorySegment structs;
        final long count;
        final long batchRows;
        final String source;
        UnionMode unions = UnionMode.DENSE;
        final Arena arena = Arena.ofShared();
        long next;
        MemorySegment lastError = MemorySegment.NULL;

        State(StructType<?> type, MemorySegment structs, long count, long batchRows, String source) {
            this.type = type;
            this.source = source;
            this.structs = structs;
            this.count = count;
            this.batchRows = batchRows;
        }
    }

    private static final ConcurrentHashMap<Long, State> LIVE = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();
    private static final MemorySegment GET_SCHEMA;
    private static final MemorySegment GET_NEXT;
    private static final MemorySegment GET_LAST_ERROR;
    private static final MemorySegment RELEASE;

    static {
        try {
            var lookup = MethodHandles.lookup();
            Linker linker = Linker.nativeLinker();
            GET_SCHEMA = linker.upcallStub(lookup.findStatic(ArrowStreamExport.class, "getSchema",
                            MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, CData.PTR, CData.PTR), Arena.global());
            GET_NEXT = linker.upcallStub(lookup.findStatic(ArrowStreamExport.class, "getNext",
                            MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, CData.PTR, CData.PTR), Arena.global());
            GET_LAST_ERROR = linker.upcallStub(lookup.findStatic(ArrowStreamExport.class, "getLastError",
                            MethodType.methodType(MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.of(CData.PTR, CData.PTR), Arena.global());
            RELEASE = linker.upcallStub(lookup.findStatic(ArrowStreamExport.class, "release",
                            MethodType.methodType(void.class, MemorySegment.class)),
                    CData.RELEASE, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Fills {@code streamOut} with a stream over structs {@code [0, count)} of {@code structs}.
     *
     * @param type the struct type
     * @param structs the structs, {@code type.size()} bytes apart; must stay valid until the stream is released
     * @param count the number of structs
     * @param batchRows the most structs per batch, at least 1
     * @param streamOut the consumer's {@code struct ArrowArrayStream}
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     * @throws IllegalArgumentException if {@code batchRows} is below 1
     * @throws IndexOutOfBoundsException if {@code count} structs do not fit {@code structs}
     */
    public static void exportStream(StructType<?> type, MemorySegment structs, long count, long batchRows, MemorySegment streamOut) {
        exportStream(type, structs, count, batchRows, streamOut, null, UnionMode.DENSE);
    }

    /**
     * As {@link #exportStream(StructType, MemorySegment, long, long, MemorySegment)}, tagged unions written as
     * {@code unions} says (schema and batches).
     *
     * @param type the struct type
     * @param structs the structs; must stay valid until the stream is released
     * @param count the number of structs
     * @param batchRows the most structs per batch, at least 1
     * @param streamOut the consumer's {@code struct ArrowArrayStream}
     * @param unions dense or sparse unions
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     * @throws IllegalArgumentException if {@code batchRows} is below 1
     * @throws IndexOutOfBoundsException if {@code count} structs do not fit {@code structs}
     */
    public static void exportStream(StructType<?> type, MemorySegment structs, long count, long batchRows, MemorySegment streamOut,
                                    UnionMode unions) {
        exportStream(type, structs, count, batchRows, streamOut, null, Objects.requireNonNull(unions, "unions"));
    }

    private static void exportStream(StructType<?> type, MemorySegment structs, long count, long batchRows, MemorySegment streamOut,
                                     String source, UnionMode unions) {
        Node.of(type);
        if (batchRows < 1) {
            throw new IllegalArgumentException("batchRows " + batchRows + " is below 1");
        }
        Objects.checkFromIndexSize(0, count, structs.byteSize() / type.size());
        MemorySegment s = CData.struct(streamOut, CData.STREAM.byteSize());
        long id = IDS.incrementAndGet();
        State state = new State(type, structs, count, batchRows, source);
        state.unions = unions;
        LIVE.put(id, state);
        s.set(CData.PTR, CData.ST_GET_SCHEMA, GET_SCHEMA);
        s.set(CData.PTR, CData.ST_GET_NEXT, GET_NEXT);
        s.set(CData.PTR, CData.ST_GET_LAST_ERROR, GET_LAST_ERROR);
        s.set(CData.PTR, CData.ST_PRIVATE, MemorySegment.ofAddress(id));
        s.set(CData.PTR, CData.ST_RELEASE, RELEASE);
    }

    /**
     * A stream over every struct of an open file; the file must stay open until the stream is released.
     *
     * @param file the file
     * @param batchRows the most structs per batch
     * @param streamOut the consumer's {@code struct ArrowArrayStream}
     */
    public static void exportStream(StructFile<?> file, long batchRows, MemorySegment streamOut) {
        exportStream(file.type(), file.elements(), file.count(), batchRows, streamOut, String.valueOf(file.path()), UnionMode.DENSE);
    }

    /** The bytes of {@code struct ArrowArrayStream}. */
    public static final long STREAM_SIZE = CData.STREAM.byteSize();

    /**
     * Calls the {@code release} callback of a stream struct unless it is NULL (released, or moved
     * out by a consumer that took it over): what a consumer does when done.
     *
     * @param stream a {@code struct ArrowArrayStream}
     */
    public static void releaseStream(MemorySegment stream) {
        CData.release(CData.struct(stream, STREAM_SIZE), CData.ST_RELEASE);
    }

    /** {@return streams exported and not yet released} */
    public static int unreleasedStreams() {
        return LIVE.size();
    }

    private static State state(MemorySegment stream) {
        MemorySegment s = CData.struct(stream, CData.STREAM.byteSize());
        return LIVE.get(s.get(CData.PTR, CData.ST_PRIVATE).address());
    }

    private static int getSchema(MemorySegment stream, MemorySegment out) {
        State st = state(stream);
        if (st == null) {
            return EINVAL;
        }
        synchronized (st) {
            try {
                ArrowExport.exportSchema(st.type, CData.struct(out, ArrowExport.SCHEMA_SIZE), st.unions);
                return 0;
            } catch (Throwable t) {
                return fail(st, "schema", t);
            }
        }
    }

    private static int getNext(MemorySegment stream, MemorySegment out) {
        State st = state(stream);
        if (st == null) {
            return EINVAL;
        }
        synchronized (st) {
            try {
                MemorySegment a = CData.struct(out, ArrowExport.ARRAY_SIZE);
                if (st.next >= st.count) {
                    a.set(CData.PTR, CData.A_RELEASE, MemorySegment.NULL);
                    return 0;
                }
                long rows = Math.min(st.batchRows, st.count - st.next);
                boolean interrupted = Thread.currentThread().isInterrupted();
                try {
                    ArrowExport.exportArray(st.type, st.structs, st.next, rows, a, st.unions);
                } catch (Throwable t) {
                    AsyncClose.clearAfterFailedRead(interrupted, st.structs); // structs freed under the consumer
                    return fail(st, "batch " + st.next / st.batchRows + " (rows " + st.next + ".." + (st.next + rows - 1) + " of "
                            + st.count + ")", t);
                }
                st.next += rows;
                return 0;
            } catch (Throwable t) {
                return fail(st, "batch " + st.next / st.batchRows, t);
            }
        }
    }

    /** Keeps {@code "<file>: <where>: <error>"} (no file for memory) for {@code get_last_error}; {@return EINVAL} */
    private static int fail(State st, String where, Throwable t) {
        String message = t.getMessage() != null ? t.getMessage() : t.toString();
        st.lastError = CData.cString(st.arena, (st.source != null ? st.source + ": " : "") + st.type.name() + " " + where + ": "
                + message);
        return EINVAL;
    }

    private static MemorySegment getLastError(MemorySegment stream) {
        State st = state(stream);
        if (st == null) {
            return MemorySegment.NULL;
        }
        synchronized (st) {
            return st.lastError;
        }
    }

    private static void release(MemorySegment stream) {
        try {
            MemorySegment s = CData.struct(stream, CData.STREAM.byteSize());
            State st = LIVE.remove(s.get(CData.PTR, CData.ST_PRIVATE).address());
            s.set(CData.PTR, CData.ST_RELEASE, MemorySegment.NULL);
            if (st != null) {
                synchronized (st) {
                    st.arena.close();
                }
            }
        } catch (Throwable t) {
            // never unwind into C
        }
    }
}

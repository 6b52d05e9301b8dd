package io.structbridge.arrow;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * The structs of the Arrow C Data Interface (arrow.apache.org/docs/format/CDataInterface.html and
 * CStreamInterface.html), as FFM layouts: {@code struct ArrowSchema} (72 bytes), {@code struct ArrowArray}
 * (80 bytes) and {@code struct ArrowArrayStream} (40 bytes) on LP64, native byte order.
 */
final class CData {
    private CData() {}

    static final AddressLayout PTR = ValueLayout.ADDRESS;
    static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG;

    static final StructLayout SCHEMA = MemoryLayout.structLayout(
            PTR.withName("format"), PTR.withName("name"), PTR.withName("metadata"), I64.withName("flags"),
            I64.withName("n_children"), PTR.withName("children"), PTR.withName("dictionary"), PTR.withName("release"),
            PTR.withName("private_data")).withName("ArrowSchema");
    static final long S_FORMAT = 0, S_NAME = 8, S_METADATA = 16, S_FLAGS = 24, S_N_CHILDREN = 32, S_CHILDREN = 40,
            S_DICTIONARY = 48, S_RELEASE = 56, S_PRIVATE = 64;

    static final StructLayout ARRAY = MemoryLayout.structLayout(
            I64.withName("length"), I64.withName("null_count"), I64.withName("offset"), I64.withName("n_buffers"),
            I64.withName("n_children"), PTR.withName("buffers"), PTR.withName("children"), PTR.withName("dictionary"),
            PTR.withName("release"), PTR.withName("private_data")).withName("ArrowArray");
    static final long A_LENGTH = 0, A_NULL_COUNT = 8, A_OFFSET = 16, A_N_BUFFERS = 24, A_N_CHILDREN = 32, A_BUFFERS = 40,
            A_CHILDREN = 48, A_DICTIONARY = 56, A_RELEASE = 64, A_PRIVATE = 72;

    static final StructLayout STREAM = MemoryLayout.structLayout(
            PTR.withName("get_schema"), PTR.withName("get_next"), PTR.withName("get_last_error"), PTR.withName("release"),
            PTR.withName("private_data")).withName("ArrowArrayStream");
    static final long ST_GET_SCHEMA = 0, ST_GET_NEXT = 8, ST_GET_LAST_ERROR = 16, ST_RELEASE = 24, ST_PRIVATE = 32;

    /** ARROW_FLAG_NULLABLE. */
    static final long FLAG_NULLABLE = 2;

    /** {@code void (*release)(struct X *)}. */
    static final FunctionDescriptor RELEASE = FunctionDescriptor.ofVoid(PTR);

    private static final MethodHandle CALL_RELEASE = Linker.nativeLinker().downcallHandle(RELEASE);

    /** {@return {@code s} reinterpreted as a struct of {@code size} bytes at its address} */
    static MemorySegment struct(MemorySegment s, long size) {
        if (s.equals(MemorySegment.NULL) || s.address() == 0) {
            throw new IllegalArgumentException("null pointer to an Arrow C struct");
        }
        return s.byteSize() >= size ? s : s.reinterpret(size);
    }

    /** {@return the pointer at {@code offset} of {@code s}} */
    static MemorySegment ptr(MemorySegment s, long offset) {
        return s.get(PTR, offset);
    }

    /** Calls the release callback at {@code releaseOffset} of {@code s}, if not NULL (the consumer's duty). */
    static void release(MemorySegment s, long releaseOffset) {
        MemorySegment fn = s.get(PTR, releaseOffset);
        if (fn.address() == 0) {
            return;
        }
        try {
            CALL_RELEASE.invokeExact(fn, s);
        } catch (Throwable t) {
            throw new IllegalStateException("release callback failed", t);
        }
    }

    /** {@return a NUL-terminated UTF-8 copy of {@code s} in {@code arena}} */
    static MemorySegment cString(Arena arena, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        MemorySegment m = arena.allocate(b.length + 1L);
        MemorySegment.copy(b, 0, m, ValueLayout.JAVA_BYTE, 0, b.length);
        return m;
    }

    /** {@return the NUL-terminated UTF-8 string at {@code p}, or null for NULL} */
    static String string(MemorySegment p) {
        if (p.address() == 0) {
            return null;
        }
        return p.reinterpret(Long.MAX_VALUE).getString(0, StandardCharsets.UTF_8);
    }
}

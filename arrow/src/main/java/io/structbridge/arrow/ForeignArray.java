package io.structbridge.arrow;

import java.lang.foreign.MemorySegment;

/**
 * A producer's {@code struct ArrowArray} whose header has been checked before any pointer in it is
 * followed (C Data Interface spec, "The ArrowArray structure"): {@code release} is not NULL (a released
 * array's buffers may already be freed), {@code length >= 0}, {@code offset >= 0},
 * {@code offset + length <= 2^56} (so no index or byte count computed from them overflows),
 * {@code -1 <= null_count <= length}, {@code n_buffers} and {@code n_children} are exactly what the
 * format has, {@code buffers} and {@code children} are not NULL when their counts are not 0, and
 * {@code dictionary} is NULL. Every failure is an {@link ArrowDataException} naming the member path
 * and the ArrowArray field.
 *
 * <p>Buffer sizes are not part of the C Data Interface: the producer guarantees that each buffer holds
 * {@code offset + length} values. A buffer pointer may be NULL only for the validity bitmap (all
 * values valid; then {@code null_count} must be 0 or -1) or when no byte of it is read. Every byte
 * range read (a buffer from its start to the last byte a value needs, the {@code buffers} and
 * {@code children} pointer arrays, a child's struct) must lie in the process's readable memory
 * ({@link ReadableMemory}); an offset or length that points past it is refused rather than read.
 *
 * @param struct the struct (80 bytes)
 * @param path the member path, for errors
 * @param length the logical length
 * @param offset the physical offset of value 0 in the buffers
 * @param nullCount the null count, -1 if not computed
 * @param nBuffers the number of buffers
 * @param nChildren the number of children
 * @param memory the readable memory, checked before each pointer array, child struct or buffer range is read
 */
record ForeignArray(MemorySegment struct, String path, long length, long offset, long nullCount, long nBuffers, long nChildren,
                    ReadableMemory memory) {

    /** The largest {@code offset + length}: no array of more values exists in memory. */
    static final long MAX_VALUES = 1L << 56;

    /**
     * {@return the checked header of the array at {@code a}}
     *
     * @param a the struct
     * @param path the member path
     * @param what the struct's role, e.g. {@code "ArrowArray"} or {@code "ArrowArray child 2"}
     * @param buffers the buffers the format has
     * @param children the children the format has
     * @param memory the readable memory
     * @throws ArrowDataException if a header field is inconsistent, or its pointer arrays are not in readable memory
     */
    static ForeignArray of(MemorySegment a, String path, String what, int buffers, int children, ReadableMemory memory) {
        if (a.get(CData.PTR, CData.A_RELEASE).address() == 0) {
            throw fail(path, "the " + what + " is released (release is NULL): its buffers may be freed");
        }
        long length = a.get(CData.I64, CData.A_LENGTH);
        long offset = a.get(CData.I64, CData.A_OFFSET);
        long nullCount = a.get(CData.I64, CData.A_NULL_COUNT);
        long nBuffers = a.get(CData.I64, CData.A_N_BUFFERS);
        long nChildren = a.get(CData.I64, CData.A_N_CHILDREN);
        if (length < 0) {
            throw fail(path, what + ".length is negative (" + length + ")");
        }
        if (offset < 0) {
            throw fail(path, what + ".offset is negative (" + offset + ")");
        }
        if (length > MAX_VALUES || offset > MAX_VALUES - length) {
            throw fail(path, what + ".offset + length is above 2^56 (" + offset + " + " + length + ")");
        }
        if (nullCount < -1 || nullCount > length) {
            throw fail(path, what + ".null_count " + nullCount + " is outside -1.." + length + " (the length)");
        }
        if (nBuffers != buffers) {
            throw fail(path, what + ".n_buffers is " + nBuffers + " where the format has " + buffers);
        }
        if (nChildren != children) {
            throw fail(path, what + ".n_children is " + nChildren + " where the format has " + children);
        }
        if (buffers > 0 && a.get(CData.PTR, CData.A_BUFFERS).address() == 0) {
            throw fail(path, what + ".buffers is NULL where " + buffers + " buffers are expected");
        }
        if (children > 0 && a.get(CData.PTR, CData.A_CHILDREN).address() == 0) {
            throw fail(path, what + ".children is NULL where " + children + " children are expected");
        }
        if (a.get(CData.PTR, CData.A_DICTIONARY).address() != 0) {
            throw fail(path, what + ".dictionary is not NULL: dictionary-encoded arrays are not imported (decode them first)");
        }
        readable(memory, path, a.get(CData.PTR, CData.A_BUFFERS).address(), 8L * buffers, what + ".buffers (" + buffers + " pointers)");
        readable(memory, path, a.get(CData.PTR, CData.A_CHILDREN).address(), 8L * children, what + ".children (" + children
                + " pointers)");
        return new ForeignArray(a, path, length, offset, nullCount, nBuffers, nChildren, memory);
    }

    /**
     * {@return child {@code i}, its header checked}
     *
     * @param i the child index, below {@link #nChildren}
     * @param childPath the child's member path
     * @param buffers the buffers of the child's format
     * @param children the children of the child's format
     */
    ForeignArray child(int i, String childPath, int buffers, int children) {
        MemorySegment p = struct.get(CData.PTR, CData.A_CHILDREN).reinterpret(8 * nChildren).getAtIndex(CData.PTR, i);
        if (p.address() == 0) {
            throw fail(path, "ArrowArray.children[" + i + "] is NULL");
        }
        readable(memory, path, p.address(), CData.ARRAY.byteSize(), "ArrowArray.children[" + i + "] (the child's struct, "
                + CData.ARRAY.byteSize() + " bytes)");
        return of(p.reinterpret(CData.ARRAY.byteSize()), childPath, "ArrowArray (child " + i + " of '" + path + "')", buffers, children,
                memory);
    }

    /**
     * {@return buffer {@code i} as {@code bytes} bytes, or {@link MemorySegment#NULL} if the pointer is
     * NULL and either {@code bytes} is 0 or {@code i} is 0 (the validity bitmap: all valid)}
     *
     * @param i the buffer index, below {@link #nBuffers}
     * @param bytes the bytes that will be read (the caller computed them from checked indices)
     * @param name the buffer's role, e.g. {@code "data"}
     * @throws ArrowDataException if the pointer is NULL where bytes are read, a NULL validity bitmap
     *     comes with a {@code null_count} above 0, or the bytes do not all lie in readable memory
     */
    MemorySegment buffer(int i, long bytes, String name) {
        return buffer(i, bytes, name, true);
    }

    /**
     * As {@link #buffer(int, long, String)}; with {@code readable} false the bytes are not checked against
     * readable memory here: the caller checks each range before it reads it (a utf8 data buffer, whose
     * values are checked against their members before they are read)
     */
    MemorySegment buffer(int i, long bytes, String name, boolean readable) {
        MemorySegment b = struct.get(CData.PTR, CData.A_BUFFERS).reinterpret(8 * nBuffers).getAtIndex(CData.PTR, i);
        if (b.address() != 0) {
            if (readable && !memory.covers(b.address(), bytes)) {
                throw fail(path, "ArrowArray.buffers[" + i + "] (the " + name + ") at 0x" + Long.toHexString(b.address())
                        + " would need " + bytes + " bytes (offset " + offset + ", length " + length + "), which run outside"
                        + " this process's readable memory: the producer's offset or length exceeds its buffer"
                        + " (the C Data Interface does not transmit buffer sizes)");
            }
            return b.reinterpret(bytes);
        }
        if (i == 0 && nullCount > 0) {
            throw fail(path, "ArrowArray.null_count is " + nullCount + " but buffers[0] (the validity bitmap) is NULL");
        }
        if (i == 0 || bytes == 0) {
            return MemorySegment.NULL;
        }
        throw fail(path, "ArrowArray.buffers[" + i + "] (the " + name + ") is NULL where " + bytes + " bytes are read");
    }

    /** Refuses a pointer array or struct of {@code bytes} bytes at {@code address} that is not in readable memory. */
    private static void readable(ReadableMemory memory, String path, long address, long bytes, String what) {
        if (address != 0 && !memory.covers(address, bytes)) {
            throw fail(path, what + " at 0x" + Long.toHexString(address) + " is not in this process's readable memory");
        }
    }

    /** {@return an error about the structure of the array, not about one row} */
    static ArrowDataException fail(String path, String message) {
        return new ArrowDataException(-1, path, message);
    }
}

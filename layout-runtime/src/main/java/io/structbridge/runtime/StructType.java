package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.GroupLayout;

/**
 * A record type laid out as a native struct: its layout and its codec, as an object. Each
 * generated {@code RStruct} class exposes one as {@code RStruct.TYPE}.
 *
 * @param <R> the record type
 * @implSpec Implementations are immutable and thread-safe.
 */
public interface StructType<R extends Record> {
    /** {@return the record class} */
    Class<R> recordClass();

    /**
     * {@return the layout, with every member named and every padding explicit} A {@code @Struct}
     * record's is a {@link java.lang.foreign.StructLayout}, a {@code @Union} record's a
     * {@link java.lang.foreign.UnionLayout} (the generated {@code TYPE} returns the exact type).
     */
    GroupLayout layout();

    /** {@return the size in bytes, a multiple of {@link #alignment()}; also the array stride} */
    default long size() {
        return layout().byteSize();
    }

    /** {@return the alignment in bytes} */
    default long alignment() {
        return layout().byteAlignment();
    }

    /**
     * Decodes the struct at {@code offset}.
     *
     * @param segment the segment
     * @param offset the byte offset of the struct
     * @return a new record
     * @throws StructValueException if a stored value is invalid (bool byte, UTF-8, enum code...)
     * @throws IndexOutOfBoundsException if the struct does not fit the segment
     */
    R read(MemorySegment segment, long offset);

    /**
     * Checks {@code value} completely, then stores it at {@code offset}.
     *
     * @param segment the segment
     * @param offset the byte offset of the struct
     * @param value the record
     * @throws StructValueException if a component does not fit; the bytes are then unchanged
     * @throws IndexOutOfBoundsException if the struct does not fit the segment; bytes unchanged
     */
    void write(MemorySegment segment, long offset, R value);

    /**
     * Performs the checks of {@link #write} without storing anything.
     *
     * @param value the record
     * @throws StructValueException if a component does not fit
     */
    void check(R value);

    /** {@return a pahole-like description of the layout: offsets, sizes, holes, tail padding} */
    String describe();

    /**
     * {@return the layout fingerprint: 32 hex digits, the first 128 bits of SHA-256 over the
     * canonical layout} The generated C header, Python module and Mojo file carry the same value.
     */
    String fingerprint();

    /** {@return the C name of the struct ({@code Outer_R} for a nested record)} */
    default String name() {
        return layout().name().orElse(recordClass().getSimpleName());
    }
}

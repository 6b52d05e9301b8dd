package io.structbridge.runtime;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.stream.Stream;

/**
 * An array of native structs in one segment: element {@code i} starts at byte
 * {@code i * stride()}, and the stride equals the struct's size (C arrays have no gaps).
 *
 * @param <R> the record type
 */
public interface StructArray<R extends Record> {
    /** {@return the struct type} */
    StructType<R> type();

    /** {@return the segment holding exactly {@code count() * stride()} bytes} */
    MemorySegment segment();

    /** {@return the number of elements} */
    long count();

    /** {@return the distance in bytes between consecutive elements (the struct's size)} */
    default long stride() {
        return type().size();
    }

    /**
     * {@return element {@code index} decoded as a record}
     *
     * @param index the element index
     * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, count())}
     * @throws StructValueException if the stored bytes are invalid
     */
    R get(long index);

    /**
     * Stores {@code value} as element {@code index}; on failure the element is unchanged.
     *
     * @param index the element index
     * @param value the record
     * @throws IndexOutOfBoundsException if {@code index} is not in {@code [0, count())}
     * @throws StructValueException if a component does not fit
     */
    void set(long index, R value);

    /**
     * Stores {@code values} as elements {@code at, at + 1, ...}. All values are checked before
     * any is stored: on failure no element changes.
     *
     * @param at the index of the first element to overwrite
     * @param values the records
     * @throws IndexOutOfBoundsException if the values do not fit from {@code at}
     * @throws StructValueException if a component of any value does not fit (the message names its index)
     */
    void setAll(long at, List<R> values);

    /** {@return all elements decoded as records, in order} */
    List<R> toList();

    /** {@return a sequential stream of the elements decoded as records} */
    Stream<R> stream();
}

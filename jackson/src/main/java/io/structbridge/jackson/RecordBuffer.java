package io.structbridge.jackson;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import tools.jackson.core.JsonParser;

/**
 * The growing scratch memory of a generated {@code RJson.readAll}: zeroed native memory for the records
 * decoded so far, freed by {@link #close()}. It holds nothing before the first record; it then has room for
 * one struct or {@value #FIRST_BYTES} bytes of structs, whichever is more, and doubles each time the input
 * delivers a record that does not fit. So its size is never more than twice the bytes of the records the
 * input has delivered (or {@value #FIRST_BYTES} bytes), whatever the struct's declared capacities: no
 * allocation is sized by a guessed record count. Sizes are {@code long} byte counts computed with
 * {@link Math#multiplyExact}; a count whose bytes exceed {@code Long.MAX_VALUE} is a {@link StructJsonException}.
 *
 * <p>Confined to the thread that created it.
 */
public final class RecordBuffer implements AutoCloseable {
    /** The bytes of records the first allocation has room for, when one struct is smaller. */
    public static final long FIRST_BYTES = 16 * 1024;

    private final long size;
    private final long alignment;
    private final String struct;
    private Arena arena;
    private MemorySegment segment;
    private long capacity;

    /**
     * @param size the struct size in bytes (its stride), at least 1
     * @param alignment the struct alignment in bytes, a power of two
     * @param struct the record's simple name, for errors
     */
    public RecordBuffer(long size, long alignment, String struct) {
        if (size < 1 || Long.bitCount(alignment) != 1) {
            throw new IllegalArgumentException(struct + ": size " + size + " and alignment " + alignment);
        }
        this.size = size;
        this.alignment = Math.max(8, alignment);
        this.struct = struct;
    }

    /**
     * {@return memory with room for record {@code index} at byte offset {@code index * size}, zeroed where no
     * record was decoded yet} Grows (copying the records before {@code index}) when it has no room.
     *
     * @param parser the parser, for the position of an error
     * @param index the record about to be decoded; every record before it was decoded
     * @throws StructJsonException if {@code (index + 1) * size} exceeds {@code Long.MAX_VALUE} bytes
     * @throws OutOfMemoryError if the memory cannot be allocated (the message says how much)
     */
    public MemorySegment room(JsonParser parser, long index) {
        if (index < capacity) {
            return segment;
        }
        long records;
        try {
            Math.multiplyExact(index + 1, size);
        } catch (ArithmeticException e) {
            throw JsonReading.error(parser, struct, (index + 1) + " records of " + size
                    + " bytes exceed the largest possible allocation (" + Long.MAX_VALUE + " bytes)");
        }
        long limit = Long.MAX_VALUE / size;
        long wanted = capacity == 0 ? Math.max(FIRST_BYTES / size, 1) : capacity > limit / 2 ? limit : capacity * 2;
        records = Math.min(Math.max(wanted, index + 1), limit);
        long bytes = records * size;
        Arena next = Arena.ofConfined();
        MemorySegment larger;
        try {
            larger = next.allocate(bytes, alignment);
        } catch (OutOfMemoryError | IllegalArgumentException e) {
            next.close();
            OutOfMemoryError error = new OutOfMemoryError(struct + ": cannot allocate " + bytes + " bytes for "
                    + records + " records of " + size + " bytes while reading JSON (" + e.getMessage() + ")");
            error.initCause(e);
            throw error;
        }
        if (arena != null) {
            MemorySegment.copy(segment, 0, larger, 0, index * size);
            arena.close();
        }
        arena = next;
        segment = larger;
        capacity = records;
        return larger;
    }

    /**
     * Copies the first {@code count} records into {@code target} at offset 0.
     *
     * @param target memory of at least {@code count * size} bytes
     * @param count records decoded, at most the room made so far
     */
    public void copyTo(MemorySegment target, long count) {
        if (count > capacity) {
            throw new IndexOutOfBoundsException(struct + ": " + count + " records, room for " + capacity);
        }
        if (count > 0) {
            MemorySegment.copy(segment, 0, target, 0, count * size);
        }
    }

    /** Frees the memory. */
    @Override
    public void close() {
        if (arena != null) {
            arena.close();
            arena = null;
            segment = null;
            capacity = 0;
        }
    }
}

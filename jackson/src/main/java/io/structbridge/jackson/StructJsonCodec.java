package io.structbridge.jackson;

import io.structbridge.runtime.StructArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * A generated {@code RJson} codec as an object ({@code RJson.CODEC}), for code that handles struct
 * types generically, such as {@link StructJsonModule}.
 *
 * @param <R> the record type
 * @implSpec Implementations are generated, stateless and thread-safe.
 */
public interface StructJsonCodec<R extends Record> {
    /** {@return the record class} */
    Class<R> recordClass();

    /** {@return the generated {@code RArray} class} */
    Class<? extends StructArray<R>> arrayClass();

    /** {@return the generated {@code RView} class} */
    Class<?> viewClass();

    /** Writes the struct at {@code offset} as JSON, as databind writes the equal record. */
    void write(MemorySegment segment, long offset, JsonGenerator generator);

    /** Writes a view's struct as JSON; {@code view} must be of {@link #viewClass()}. */
    void writeView(Object view, JsonGenerator generator);

    /** Writes every element of {@code array} as a JSON array. */
    void writeArray(StructArray<R> array, JsonGenerator generator);

    /**
     * Reads a JSON array or JSON Lines into a new array in {@code arena}; all or nothing. Scratch memory grows
     * with the records read; an empty document is a {@link StructJsonException}, {@code []} zero records.
     */
    StructArray<R> readAll(JsonParser parser, Arena arena);

    /**
     * Reads one JSON object into the struct a view shows ({@code RJson.read}): all or nothing, including,
     * when {@code wholeDocument}, the check that nothing follows the object.
     *
     * @param parser the parser
     * @param view a view of {@link #viewClass()}
     * @param wholeDocument whether the object must be the whole document (databind's {@code FAIL_ON_TRAILING_TOKENS})
     * @throws StructJsonException if the JSON does not fit the struct; the struct is then unchanged
     * @throws UnsupportedOperationException if the view's memory is read-only
     */
    void readView(JsonParser parser, Object view, boolean wholeDocument);

    /**
     * Reads the JSON object at the parser's current token as a record ({@code RJson.readRecord}): decoded into
     * scratch struct memory and read back, so it is accepted or refused exactly as {@link #readView} would, with the
     * same {@link StructJsonException}s, and holds the values the struct stores. {@link StructJsonModule} reads every
     * record with a codec this way.
     *
     * @param parser the parser, on {@code START_OBJECT}
     * @return the record
     * @throws StructJsonException if the JSON does not fit the struct
     */
    R readRecord(JsonParser parser);

    /**
     * Reads a JSON array or JSON Lines into {@code target} from element 0 ({@code RJson.readInto}), one
     * record at a time; elements after the last record are not touched.
     *
     * @param parser the parser
     * @param target the array to fill
     * @return the number of records placed
     * @throws StructJsonException at the first invalid record, or when there are more records than elements
     */
    long readInto(JsonParser parser, StructArray<R> target);

    /**
     * {@return the codec generated for a record, or for its {@code RArray} or {@code RView} class}
     *
     * @param type the record, array or view class
     * @throws IllegalArgumentException if no codec was generated (structbridge-jackson was not on
     *     the compile class path, or the record's package is not readable from this module)
     */
    static StructJsonCodec<?> of(Class<?> type) {
        return CodecLookup.CODECS.get(type);
    }
}

package io.structbridge.arrow;

/**
 * How the Arrow export writes a tagged union ({@code @Tag}, {@link io.structbridge.runtime.TaggedUnion}).
 */
public enum UnionMode {
    /**
     * An Arrow dense union, format {@code +ud:0,1,...} (type id {@code j} = member {@code j}, in member order): an int8
     * type id and an int32 offset per row, and per member a child holding only the rows whose discriminator selects
     * it, in row order (no validity buffer, no nulls). What {@link ArrowExport} and {@link ArrowStreamExport} write
     * by default; pyarrow, Polars and Arrow Java read it.
     */
    DENSE,
    /**
     * An Arrow sparse union, format {@code +us:0,1,...}: an int8 type id per row, and per member a nullable child of
     * every row, null where the member is dead (its bytes are then never read). For consumers that read no dense
     * unions: DuckDB (2.0) reads this as its {@code UNION} type and refuses dense ones ("Unsupported Internal Arrow
     * Type: "d" Union").
     */
    SPARSE
}

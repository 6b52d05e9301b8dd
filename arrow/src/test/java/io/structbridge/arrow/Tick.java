package io.structbridge.arrow;

import io.structbridge.annotations.Struct;

/**
 * Six numeric columns, the record of the Python Arrow export's benchmark (benchmarks/python/arrow_export.py) and of
 * its Parquet oracle ({@code PythonArrowExportTest}).
 *
 * @param id an {@code int64_t}
 * @param price a {@code double}
 * @param qty a {@code float}
 * @param venue an {@code int32_t}
 * @param flags an {@code int16_t}
 * @param side an {@code int8_t}
 */
@Struct
public record Tick(long id, double price, float qty, int venue, short flags, byte side) {}

/**
 * Struct memory as Arrow data through the Arrow C Data Interface (ArrowSchema, ArrowArray,
 * ArrowArrayStream), over FFM: no Arrow library needed.
 */
module io.structbridge.arrow {
    requires transitive io.structbridge.runtime;
    // optional: only the package io.structbridge.arrow.files (IPC and Parquet files, SQL in DuckDB) needs them
    requires static java.sql;
    requires static org.apache.arrow.c;
    requires static org.apache.arrow.vector;
    requires static org.apache.arrow.memory.core;
    requires static duckdb.jdbc;
    exports io.structbridge.arrow;
    exports io.structbridge.arrow.files;
}

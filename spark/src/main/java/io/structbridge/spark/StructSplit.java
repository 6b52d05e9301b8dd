package io.structbridge.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition: structs {@code [first, first + count)} of the file. The executor that reads it
 * maps the file itself (no bytes travel with the split).
 *
 * @param options the read's options (path, type name, batch size)
 * @param first the index of the first struct
 * @param count the number of structs
 */
record StructSplit(ReadOptions options, long first, long count) implements InputPartition {}

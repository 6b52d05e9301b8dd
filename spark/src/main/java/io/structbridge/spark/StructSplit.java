package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition: structs {@code [first, first + count)} of the file. The executor that reads it
 * maps the file itself (no bytes travel with the split), and reads it only if it is the file planning
 * saw: same device and inode, length and header checksum.
 *
 * @param options the read's options (path, type name, batch size)
 * @param identity the file as planning opened it
 * @param first the index of the first struct
 * @param count the number of structs
 */
record StructSplit(ReadOptions options, StructFile.Identity identity, long first, long count) implements InputPartition {}

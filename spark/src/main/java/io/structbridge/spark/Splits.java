package io.structbridge.spark;

import io.structbridge.runtime.StructFile;
import org.apache.spark.sql.connector.read.InputPartition;

/** Cuts {@code [0, count)} into consecutive ranges of {@code rowsPerSplit} structs (the last may be shorter). */
final class Splits {
    private Splits() {}

    static InputPartition[] of(ReadOptions options, StructFile.Identity identity, long count, long rowsPerSplit) {
        long n = count == 0 ? 0 : (count - 1) / rowsPerSplit + 1;
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("structbridge: " + options.path() + ": " + count + " structs in splits of "
                    + rowsPerSplit + " make " + n + " partitions: raise rowsPerSplit");
        }
        InputPartition[] out = new InputPartition[(int) n];
        for (int i = 0; i < n; i++) {
            long first = i * rowsPerSplit;
            out[i] = new StructSplit(options, identity, first, Math.min(rowsPerSplit, count - first));
        }
        return out;
    }
}

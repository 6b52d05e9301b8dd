package io.structbridge.spark;

import java.util.OptionalLong;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;

/**
 * A scan of one struct file: the file is opened (and its header checked) again when Spark plans the
 * partitions, so the splits cover the structs the file holds then; each split is a range of
 * {@code rowsPerSplit} structs (by default as many as fit 128 MiB) and carries the file's identity at
 * planning (device, inode, length, header checksum), which the split's reader checks. Reports the
 * struct count and the bytes of the requested columns as statistics.
 */
final class StructScan implements Scan, Batch, SupportsReportStatistics {
    private final ReadOptions options;
    private final StructType schema;

    StructScan(ReadOptions options, StructType schema) {
        this.options = options;
        this.schema = schema;
    }

    @Override
    public StructType readSchema() {
        return schema;
    }

    @Override
    public String description() {
        return "structbridge " + options.typeName() + " " + options.path();
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        StructFiles.Probe p = StructFiles.probe(options);
        return Splits.of(options, p.identity(), p.count(), options.splitRows(p.type().size()));
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new StructReaderFactory(schema);
    }

    @Override
    public Statistics estimateStatistics() {
        StructFiles.Probe p = StructFiles.probe(options);
        long rows = p.count();
        long bytes = schema.defaultSize() * Math.max(1, rows);
        return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
                return OptionalLong.of(bytes);
            }

            @Override
            public OptionalLong numRows() {
                return OptionalLong.of(rows);
            }
        };
    }
}

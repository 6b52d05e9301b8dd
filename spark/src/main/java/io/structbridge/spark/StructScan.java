package io.structbridge.spark;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;

/**
 * A scan of one struct file: the file is opened (and its header checked) once when Spark first asks for the scan's
 * statistics or partitions, so the splits cover the structs the file holds then; each split is a range of
 * {@code rowsPerSplit} structs (by default as Spark cuts files: at most 128 MiB, at least 4 MiB, otherwise an
 * even share over the cores; see {@link ReadOptions#splitRows}) and carries the file's identity at planning
 * (device, inode, length, header checksum), which the split's reader checks. Reports the struct count and the bytes of
 * the requested columns as statistics. Its description (EXPLAIN) lists the pushed filters and aggregate.
 */
final class StructScan implements Scan, Batch, SupportsReportStatistics {
    private final ReadOptions options;
    private final ReadPlan read;
    private final AggregatePlan aggregate;
    private final List<Predicate> pushed;
    private final Aggregation aggregation;
    private StructFiles.Probe probe;

    StructScan(ReadOptions options, StructType schema) {
        this(options, new ReadPlan(schema, null, schema), null, List.of(), null, null);
    }

    /**
     * @param options the read's options
     * @param read the requested schema (for an aggregate: the members it reads) and pushed filter
     * @param aggregate the pushed aggregate, or null
     * @param pushed the pushed predicates, as Spark gave them (for the description)
     * @param aggregation the pushed aggregation, as Spark gave it (for the description), or null
     * @param probe the file as the scan builder opened it for this query, or null to open it when first needed
     */
    StructScan(ReadOptions options, ReadPlan read, AggregatePlan aggregate, List<Predicate> pushed, Aggregation aggregation,
            StructFiles.Probe probe) {
        this.probe = probe;
        this.options = options;
        this.read = read;
        this.aggregate = aggregate;
        this.pushed = List.copyOf(pushed);
        this.aggregation = aggregation;
    }

    /** The file as the driver opened it for this scan, once. */
    private synchronized StructFiles.Probe probe() {
        if (probe == null) {
            probe = StructFiles.probe(options);
        }
        return probe;
    }

    @Override
    public StructType readSchema() {
        return aggregate != null ? aggregate.output() : read.schema();
    }

    @Override
    public String description() {
        StringBuilder s = new StringBuilder("structbridge " + options.typeName() + " " + options.path());
        s.append(" PushedFilters: ").append(pushed);
        if (aggregation != null) {
            s.append(aggregate.complete() ? " PushedAggregation (complete): " : " PushedAggregation (partial): ").append(Arrays.toString(aggregation.aggregateExpressions()))
                    .append(" PushedGroupBy: ").append(Arrays.toString(aggregation.groupByExpressions()));
        }
        return s.toString();
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        StructFiles.Probe p = probe();
        if (aggregate != null && (aggregate.complete() || p.count() == 0)) {
            // a complete aggregate is one split; an empty file is one empty split, so that a global aggregate's row
            // (count 0) exists
            return new InputPartition[] {new StructSplit(options, p.identity(), 0, p.count())};
        }
        int cores = org.apache.spark.sql.SparkSession.active().sparkContext().defaultParallelism();
        return Splits.of(options, p.identity(), p.count(), options.splitRows(p.type().size(), p.count(), cores));
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new StructReaderFactory(read, aggregate);
    }

    @Override
    public Statistics estimateStatistics() {
        StructFiles.Probe p = probe();
        long rows = p.count();
        long bytes = readSchema().defaultSize() * Math.max(1, rows);
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

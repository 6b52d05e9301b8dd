package io.structbridge.spark;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** A struct file as a read-only batch table. */
final class StructTable implements SupportsRead {
    private final ReadOptions options;
    private final StructType schema;

    StructTable(ReadOptions options, StructType schema) {
        this.options = options;
        this.schema = schema;
    }

    @Override
    public String name() {
        return options.path();
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    /**
     * {@return a scan builder: with aggregate pushdown, unless a member is an array of bools at any depth} Spark 4.2's
     * own translation of an aggregate over a bool array element ({@code count_if(flags[1])}) fails with an internal
     * assertion before the source is asked, so a source offering aggregate pushdown would break that query; filters
     * and columns are pushed either way.
     */
    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap ignored) {
        return hasBoolArray(schema) ? new StructScanBuilder(options, schema) : new AggregatingScanBuilder(options, schema);
    }

    private static boolean hasBoolArray(DataType t) {
        return switch (t) {
            case StructType s -> java.util.Arrays.stream(s.fields()).anyMatch(f -> hasBoolArray(f.dataType()));
            case ArrayType a -> a.elementType() instanceof BooleanType || hasBoolArray(a.elementType());
            default -> false;
        };
    }
}

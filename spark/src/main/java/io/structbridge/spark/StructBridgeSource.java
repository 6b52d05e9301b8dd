package io.structbridge.spark;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The Spark data source {@code "structbridge"}: a struct file ({@link io.structbridge.runtime.StructFile})
 * as a DataFrame.
 *
 * <pre>{@code
 * spark.read().format("structbridge").option("type", "com.example.Place").load("/shared/cities.sb")
 * }</pre>
 *
 * <p><b>Options.</b> {@code type} (required): the record class of the structs, or its generated
 * {@code RStruct} class, fully qualified; the class must be on the driver's and the executors' class
 * path. {@code rowsPerSplit}: structs per input partition (default: an even share of the file over the cores, at
 * most 128 MiB and at least 4 MiB of structs). {@code batchRows}: structs per columnar batch (default 4096).
 * {@code pushDown}: {@code true} (default) or {@code false}: whether filters and aggregates are evaluated by the reader
 * (see {@link StructScanBuilder}); {@code false} hands all of them to Spark. A schema given by the user is refused:
 * the schema is the struct's.
 *
 * <p><b>Checks.</b> {@code load} opens the file and checks its header against the type: a file of
 * another layout is refused there, naming both layouts (name, fingerprint, size, alignment, stride); a
 * file shorter than its header says is refused naming its size and the size it needs; a corrupt header
 * (its CRC-32 does not match) is refused. Each executor opens and checks the file again for its split,
 * and reads it only if it is the file planning saw (same device and inode, length and header checksum):
 * a file replaced by rename, grown or shrunk since fails the split with a {@link StructReadException}
 * naming both. A stored value with no faithful Spark value (bool byte
 * other than 0/1, invalid UTF-8, non-ASCII byte in ASCII text, missing NUL, unknown enum code) fails the
 * read with a {@link StructReadException} naming the file, the struct's index and the member path; a pushed filter
 * or aggregate checks every struct of the split in every member the query names, as a read without pushdown does.
 *
 * <p><b>Types</b>: see {@link SparkTypes}; no column is nullable.
 */
public final class StructBridgeSource implements TableProvider, DataSourceRegister {
    /** Creates the source (Spark instantiates it by its no-argument constructor). */
    public StructBridgeSource() {}

    @Override
    public String shortName() {
        return "structbridge";
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return SparkTypes.schema(StructFiles.probe(ReadOptions.from(options)).root());
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new StructTable(ReadOptions.from(properties), schema);
    }
}

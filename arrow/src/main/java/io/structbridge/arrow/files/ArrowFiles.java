package io.structbridge.arrow.files;

import io.structbridge.arrow.ArrowStreamExport;
import io.structbridge.runtime.StructArray;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Struct memory written as an Arrow IPC file ({@code .arrow}, the "file format" of
 * arrow.apache.org/docs/format/Columnar.html#ipc-file-format) or a Parquet file, for tools that cannot
 * share memory. Both read the structs as the {@link ArrowStreamExport} C stream, one batch at a time, so
 * memory stays bounded by one batch however large the struct file; the schema and values are those of
 * {@link io.structbridge.arrow.ArrowExport} (enum constants as field metadata {@code structbridge.enum}
 * in the IPC file).
 *
 * <p>The writers are the reference ones, not ours: the IPC file is written by Arrow Java's
 * {@code ArrowFileWriter} from the batches Arrow Java imports through the C Data Interface (the IPC
 * format frames every message in FlatBuffers; a hand-made encoder would be the one piece of the path no
 * reference implementation produces); the Parquet file by DuckDB's {@code COPY ... TO ... (FORMAT
 * parquet)} over the stream registered as a table (Parquet's Thrift metadata, encodings and row groups
 * are DuckDB's). So both need optional dependencies of this module: {@code org.apache.arrow:arrow-c-data}
 * (with {@code arrow-vector} and an allocator such as {@code arrow-memory-unsafe}) for IPC, and
 * {@code org.duckdb:duckdb_jdbc} plus {@code arrow-c-data} for Parquet. Arrow Java's allocator needs
 * {@code --add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED} on the JVM command line.
 *
 * <p>A file is written under a temporary name next to {@code target} and moved onto it only when
 * complete: on any error (an invalid stored value names its row and field) {@code target} is left as it
 * was and no partial file remains. The file gets the permissions a plain write of a new file gives
 * (0666 less the umask); a replaced file's permissions are not kept.
 */
public final class ArrowFiles {
    private ArrowFiles() {}

    /** The structs per batch (IPC record batch; the unit DuckDB reads) unless given. */
    public static final long DEFAULT_BATCH_ROWS = 65_536;

    /** Names the temporary files. */
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * Writes structs {@code [0, count)} of {@code structs} as an Arrow IPC file, one record batch per
     * {@code batchRows} structs.
     *
     * @param type the struct type
     * @param structs the structs, {@code type.size()} bytes apart
     * @param count the number of structs
     * @param batchRows the most structs per record batch, at least 1
     * @param target the file to write (replaced if it exists)
     * @throws IOException if writing fails or a stored value is invalid (the message names the row and field)
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     */
    public static void writeIpc(StructType<?> type, MemorySegment structs, long count, long batchRows, Path target) throws IOException {
        try (BufferAllocator allocator = new RootAllocator()) {
            writeIpc(type, structs, count, batchRows, target, allocator);
        }
    }

    /**
     * As {@link #writeIpc(StructType, MemorySegment, long, long, Path)}, with Arrow Java's memory taken from
     * {@code allocator}: it holds one batch at a time, so a limit of a few batches' bytes suffices for a
     * file of any size.
     *
     * @param type the struct type
     * @param structs the structs
     * @param count the number of structs
     * @param batchRows the most structs per record batch
     * @param target the file
     * @param allocator Arrow Java's allocator for the batches in flight
     * @throws IOException if writing fails or a stored value is invalid
     */
    public static void writeIpc(StructType<?> type, MemorySegment structs, long count, long batchRows, Path target,
                                BufferAllocator allocator) throws IOException {
        Path tmp = temporary(target);
        try {
            try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
                ArrowStreamExport.exportStream(type, structs, count, batchRows, MemorySegment.ofAddress(stream.memoryAddress()));
                try (ArrowReader reader = Data.importArrayStream(allocator, stream);
                     FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                     ArrowFileWriter writer = new ArrowFileWriter(reader.getVectorSchemaRoot(), null, out)) {
                    writer.start();
                    while (reader.loadNextBatch()) {
                        writer.writeBatch();
                    }
                    writer.end();
                }
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Writes every struct of {@code array} as an Arrow IPC file ({@link #DEFAULT_BATCH_ROWS} per batch).
     *
     * @param array the structs
     * @param target the file
     * @throws IOException if writing fails or a stored value is invalid
     */
    public static void writeIpc(StructArray<?> array, Path target) throws IOException {
        writeIpc(array.type(), array.segment(), array.count(), DEFAULT_BATCH_ROWS, target);
    }

    /**
     * Writes every struct of an open struct file as an Arrow IPC file ({@link #DEFAULT_BATCH_ROWS} per batch).
     *
     * @param file the struct file
     * @param target the file
     * @throws IOException if writing fails or a stored value is invalid
     */
    public static void writeIpc(StructFile<?> file, Path target) throws IOException {
        writeIpc(file.type(), file.elements(), file.count(), DEFAULT_BATCH_ROWS, target);
    }

    /**
     * Writes structs {@code [0, count)} of {@code structs} as a Parquet file with DuckDB (an in-memory
     * DuckDB database for the call; DuckDB's default row group size). DuckDB reads the structs from its
     * own threads: they must not be in a confined arena. DuckDB's Parquet types turn a fixed array
     * {@code T[N]} into a list of any length and drop field metadata (the enum constants); the file's
     * key-value metadata {@code ARROW:schema} holds the export's Arrow schema (IPC schema message, base64),
     * from which Arrow's Parquet readers (pyarrow) restore both; readers that ignore it (DuckDB) do not.
     *
     * @param type the struct type
     * @param structs the structs
     * @param count the number of structs
     * @param batchRows the most structs per Arrow batch DuckDB reads
     * @param target the file to write (replaced if it exists)
     * @throws IOException if DuckDB fails or a stored value is invalid (the message names the row and field)
     * @throws UnsupportedOperationException if the struct holds a union (tagged or not: Parquet has no union type), a
     *     pointer or a {@code FLOAT16} member (DuckDB has no half-precision type)
     * @throws IllegalArgumentException if {@code structs} is confined to a thread
     */
    public static void writeParquet(StructType<?> type, MemorySegment structs, long count, long batchRows, Path target)
            throws IOException {
        DuckDbTables.refuseHalfFloats(type);
        refuseTaggedUnions(type);
        Path tmp = temporary(target);
        try {
            try (Connection db = DriverManager.getConnection("jdbc:duckdb:")) {
                try (Statement st = db.createStatement()) {
                    // one thread: the Arrow stream is read in order, and memory stays bounded by DuckDB's row groups
                    st.execute("SET threads = 1");
                    st.execute("SET preserve_insertion_order = true");
                }
                Files.delete(tmp); // DuckDB creates the file
                // the Arrow schema under ARROW:schema: Arrow's readers restore T[N] and the enum metadata DuckDB drops
                String copy = "COPY (SELECT * FROM structbridge_rows) TO " + DuckDbTables.literal(tmp.toString())
                        + " (FORMAT parquet, KV_METADATA {" + DuckDbTables.literal(ParquetArrowSchema.KEY) + ": "
                        + DuckDbTables.literal(ParquetArrowSchema.base64(type)) + "})";
                DuckDbTables.update(db, "structbridge_rows", type, structs, count, batchRows, copy);
            } catch (SQLException e) {
                throw new IOException(target + ": " + e.getMessage(), e);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Refuses a struct holding a tagged union up front: Parquet has no union type. DuckDB would write its {@code UNION}
     * as a struct of the tag and nullable members, which the file's {@code ARROW:schema} (the export's dense union)
     * does not describe, so Arrow's readers would not read the file as the export's schema says.
     *
     * @param type the struct type
     * @throws UnsupportedOperationException naming the union
     */
    static void refuseTaggedUnions(StructType<?> type) {
        if (!type.taggedUnions().isEmpty()) {
            throw new UnsupportedOperationException(type.name() + "." + type.taggedUnions().getFirst().path() + " is a tagged union,"
                    + " and Parquet has no union type: no Parquet file for " + type.name() + " (write Arrow IPC, or query it in"
                    + " DuckDB, which reads it as a UNION)");
        }
    }

    /**
     * Writes every struct of an open struct file as a Parquet file.
     *
     * @param file the struct file
     * @param target the file
     * @throws IOException if DuckDB fails or a stored value is invalid
     */
    public static void writeParquet(StructFile<?> file, Path target) throws IOException {
        writeParquet(file.type(), file.elements(), file.count(), DEFAULT_BATCH_ROWS, target);
    }

    /**
     * Writes every struct of {@code array} as a Parquet file.
     *
     * @param array the structs
     * @param target the file
     * @throws IOException if DuckDB fails or a stored value is invalid
     */
    public static void writeParquet(StructArray<?> array, Path target) throws IOException {
        writeParquet(array.type(), array.segment(), array.count(), DEFAULT_BATCH_ROWS, target);
    }

    /**
     * {@return a new empty file next to {@code target}, created as a plain file write creates one (mode 0666
     * less the umask, or the folder's default ACL)}: not {@link Files#createTempFile}, whose 0600 the file
     * would keep when moved onto {@code target}
     */
    private static Path temporary(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + target.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".part");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 99) {
                    throw e;
                }
            }
        }
    }
}

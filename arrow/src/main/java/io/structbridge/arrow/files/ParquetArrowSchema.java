package io.structbridge.arrow.files;

import io.structbridge.arrow.ArrowExport;
import io.structbridge.runtime.StructType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.Channels;
import java.util.Base64;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema of a struct type as Parquet's {@code ARROW:schema} key-value metadata: the Arrow IPC
 * schema message (an encapsulated FlatBuffers {@code Schema}, as Arrow's Parquet readers store and read it),
 * base64. DuckDB writes Parquet from the Arrow stream with its own types: a fixed-size list becomes a Parquet
 * list and field metadata is dropped; a reader that honours {@code ARROW:schema} (pyarrow, Arrow C++ and
 * its bindings) restores {@code fixed_size_list<T>[N]} and the enum metadata {@code structbridge.enum}
 * from it. The message is written by Arrow Java's {@code MessageSerializer} from the schema Arrow Java
 * imports from {@link ArrowExport#exportSchema}.
 */
final class ParquetArrowSchema {
    private ParquetArrowSchema() {}

    /** The Parquet key-value metadata key Arrow's readers look up. */
    static final String KEY = "ARROW:schema";

    /**
     * {@return the base64 text of the Arrow IPC schema message of {@code type}'s columns (the fields of its
     * struct, in member order)}
     *
     * @param type the struct type
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     */
    static String base64(StructType<?> type) {
        try (BufferAllocator allocator = new RootAllocator(); ArrowSchema c = ArrowSchema.allocateNew(allocator)) {
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(c.memoryAddress()));
            Field struct = Data.importField(allocator, c, null);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            MessageSerializer.serialize(new WriteChannel(Channels.newChannel(bytes)), new Schema(struct.getChildren()));
            return Base64.getEncoder().encodeToString(bytes.toByteArray());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

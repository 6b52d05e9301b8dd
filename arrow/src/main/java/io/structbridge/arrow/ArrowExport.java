package io.structbridge.arrow;

import io.structbridge.runtime.StructArray;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * Struct memory as an Arrow struct array through the Arrow C Data Interface
 * (arrow.apache.org/docs/format/CDataInterface.html): the caller (the consumer) passes the addresses
 * of its own {@code struct ArrowSchema} and {@code struct ArrowArray}; this class fills them, with all
 * other memory owned by the export and freed when the consumer calls their {@code release} callbacks
 * (FFM upcalls; each export's memory is freed exactly once, after its last struct is released).
 *
 * <p>The schema is a struct ({@code +s}) with one child per member of {@link StructType#columns()}:
 * <table>
 * <caption>Type mapping (format strings of the C Data Interface spec)</caption>
 * <tr><th>member</th><th>Arrow</th></tr>
 * <tr><td>{@code bool}</td><td>{@code b} bool (bitmap); stored bytes other than 0 and 1 are an error</td></tr>
 * <tr><td>{@code int8..int64}, {@code uint8..uint64}, {@code UINT64_BITS}</td><td>{@code c s i l}, {@code C S I L}</td></tr>
 * <tr><td>{@code FLOAT16}, {@code float}, {@code double}</td><td>{@code e f g}</td></tr>
 * <tr><td>text {@code char[N]} (UTF-8, ASCII, Latin-1)</td><td>{@code u} utf8 (Latin-1 converted; invalid bytes an error)</td></tr>
 * <tr><td>{@code T[N]}</td><td>{@code +w:N} fixed-size list of {@code T}</td></tr>
 * <tr><td>nested struct / {@code S[N]}</td><td>{@code +s} / {@code +w:N} of {@code +s}</td></tr>
 * <tr><td>enum</td><td>its integer code type; field metadata {@code structbridge.enum = NAME=code,...};
 *     codes that are no constant are an error</td></tr>
 * <tr><td>bit-field</td><td>the smallest integer type of its signedness holding its width ({@code b} for bool)</td></tr>
 * <tr><td>tagged union ({@code @Tag}, {@code @Case})</td><td>{@code +ud:0,1,...} dense union, type id = member index
 *     (member order): int8 type ids, int32 offsets, per member a child of the rows its discriminator selects; the
 *     discriminator stays its own column; a value that selects no member is an error (an enum discriminator's
 *     message is the enum's). {@link UnionMode#SPARSE}: {@code +us:0,1,...}, nullable children of every row, null
 *     where dead</td></tr>
 * <tr><td>member of an untagged union, pointer</td><td>refused ({@link UnsupportedOperationException}): no Arrow form</td></tr>
 * </table>
 * Values are in native byte order (Arrow's C data is native-endian): big-endian members are swapped.
 * No field is nullable; every array has {@code null_count} 0 and no validity bitmap. Buffers are
 * 64-byte aligned; buffers of a megabyte or more are reused from released exports (at most 64 MiB of them
 * kept, see {@code BufferPool}), every byte rewritten or zeroed. All values are read and checked in one pass over the rows, in
 * blocks of rows: each block first goes through the type's generated transpose
 * ({@link StructType#copyToColumns}: one row-major loop with constant offsets), which writes the numeric
 * members that Arrow holds as their own bytes (native byte order, outside nested struct arrays) straight
 * into their data buffers; the other members (bool, text, big-endian, bit-fields, nested struct arrays)
 * are then converted column by column from the block. A bad value throws
 * {@link ArrowDataException} (row and field named) and the output structs are left untouched.
 */
public final class ArrowExport {
    private ArrowExport() {}

    /** The bytes of {@code struct ArrowSchema}. */
    public static final long SCHEMA_SIZE = CData.SCHEMA.byteSize();
    /** The bytes of {@code struct ArrowArray}. */
    public static final long ARRAY_SIZE = CData.ARRAY.byteSize();
    /** The bytes of {@code struct ArrowArrayStream}. */
    public static final long STREAM_SIZE = CData.STREAM.byteSize();

    /**
     * Fills {@code schemaOut} with the Arrow schema of {@code type}.
     *
     * @param type the struct type (a generated {@code RStruct.TYPE})
     * @param schemaOut the consumer's {@code struct ArrowSchema} (its address is what counts)
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     */
    public static void exportSchema(StructType<?> type, MemorySegment schemaOut) {
        exportSchema(type, schemaOut, UnionMode.DENSE);
    }

    /**
     * Fills {@code schemaOut} with the Arrow schema of {@code type}, tagged unions written as {@code unions} says.
     *
     * @param type the struct type (a generated {@code RStruct.TYPE})
     * @param schemaOut the consumer's {@code struct ArrowSchema}
     * @param unions dense or sparse unions
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     */
    public static void exportSchema(StructType<?> type, MemorySegment schemaOut, UnionMode unions) {
        Objects.requireNonNull(unions, "unions");
        Node.Group root = Node.of(type);
        MemorySegment s = CData.struct(schemaOut, SCHEMA_SIZE);
        Exports.Owner owner = new Exports.Owner();
        try {
            MemorySegment tmp = owner.arena.allocate(CData.SCHEMA);
            Exporter.schema(owner, root, tmp, unions, false);
            MemorySegment.copy(tmp, 0, s, 0, SCHEMA_SIZE);
        } catch (RuntimeException | Error e) {
            Exports.abandon(owner);
            throw e;
        }
    }

    /**
     * Fills {@code arrayOut} with structs {@code [first, first + count)} of {@code structs} as an Arrow
     * struct array of {@code count} rows.
     *
     * @param type the struct type
     * @param structs the structs, {@code type.size()} bytes apart
     * @param first the first struct
     * @param count the number of structs
     * @param arrayOut the consumer's {@code struct ArrowArray}
     * @throws ArrowDataException if a stored value is invalid (nothing is then exported)
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     * @throws IndexOutOfBoundsException if the range does not lie in {@code structs}
     */
    public static void exportArray(StructType<?> type, MemorySegment structs, long first, long count, MemorySegment arrayOut) {
        exportArray(type, structs, first, count, arrayOut, UnionMode.DENSE);
    }

    /**
     * As {@link #exportArray(StructType, MemorySegment, long, long, MemorySegment)}, tagged unions written as
     * {@code unions} says (the schema must say the same: {@link #exportSchema(StructType, MemorySegment, UnionMode)}).
     *
     * @param type the struct type
     * @param structs the structs, {@code type.size()} bytes apart
     * @param first the first struct
     * @param count the number of structs
     * @param arrayOut the consumer's {@code struct ArrowArray}
     * @param unions dense or sparse unions
     * @throws ArrowDataException if a stored value is invalid (nothing is then exported)
     * @throws UnsupportedOperationException if the struct holds an untagged union or a pointer
     * @throws IndexOutOfBoundsException if the range does not lie in {@code structs}
     */
    public static void exportArray(StructType<?> type, MemorySegment structs, long first, long count, MemorySegment arrayOut,
                                   UnionMode unions) {
        Objects.requireNonNull(unions, "unions");
        Node.Group root = Node.of(type);
        long stride = type.size();
        Objects.checkFromIndexSize(first, count, structs.byteSize() / stride);
        MemorySegment a = CData.struct(arrayOut, ARRAY_SIZE);
        Exports.Owner owner = new Exports.Owner();
        try {
            MemorySegment tmp = owner.arena.allocate(CData.ARRAY);
            Exporter exporter = new Exporter(owner, type, structs, stride, first, count);
            exporter.unions = unions;
            exporter.export(root, tmp);
            MemorySegment.copy(tmp, 0, a, 0, ARRAY_SIZE);
        } catch (RuntimeException | Error e) {
            Exports.abandon(owner);
            throw e;
        }
    }

    /**
     * Exports a whole struct array: schema and array.
     *
     * @param array the structs
     * @param schemaOut the consumer's {@code struct ArrowSchema}
     * @param arrayOut the consumer's {@code struct ArrowArray}
     * @throws ArrowDataException if a stored value is invalid (nothing is then exported)
     */
    public static void export(StructArray<?> array, MemorySegment schemaOut, MemorySegment arrayOut) {
        exportArray(array.type(), array.segment(), 0, array.count(), arrayOut);
        exportSchema(array.type(), schemaOut);
    }

    /**
     * Exports every struct of a struct file: schema and array (the array's buffers are copies; the file
     * may be closed once this returns).
     *
     * @param file the file
     * @param schemaOut the consumer's {@code struct ArrowSchema}
     * @param arrayOut the consumer's {@code struct ArrowArray}
     * @throws ArrowDataException if a stored value is invalid
     */
    public static void export(StructFile<?> file, MemorySegment schemaOut, MemorySegment arrayOut) {
        exportArray(file.type(), file.elements(), 0, file.count(), arrayOut);
        exportSchema(file.type(), schemaOut);
    }

    /** {@return the exported C structs (schemas and arrays, roots and children) whose release callback has not run} */
    public static int unreleasedStructs() {
        return Exports.live();
    }
}

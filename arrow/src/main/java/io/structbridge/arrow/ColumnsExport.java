package io.structbridge.arrow;

import io.structbridge.arrow.Node.Group;
import io.structbridge.arrow.Node.GroupList;
import io.structbridge.arrow.Node.Leaf;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructColumns;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The columnar twin ({@code RColumns}, a {@link StructColumns}) as an Arrow struct array through the C
 * Data Interface, pointing into the columns' own memory wherever Arrow's layout is the column's: the
 * same schema and values as {@link ArrowExport} of the equivalent struct array.
 *
 * <h2>Which columns are zero-copy</h2>
 * A column's data buffer IS the column memory (its address, no byte copied, constant time in the row
 * count) when the column holds numbers: {@code int8..int64}, {@code uint8..uint64}, {@code UINT64_BITS},
 * {@code FLOAT16}, {@code float}, {@code double}, or enum codes, or a fixed array {@code T[N]} of these
 * (the {@code count x N} column is the data buffer of the fixed-size list's child), stored in native byte
 * order (or one byte wide), outside any nested struct array, and the columns are in native memory.
 * Enum columns are read once to check every code (an invalid code is an {@link ArrowDataException}),
 * not copied. The other columns are converted into memory the export owns, as {@link ArrowExport}
 * does: {@code bool} (bytes to a bitmap, each byte checked), text (to {@code utf8} offsets and data,
 * each value checked), big-endian members (byte-swapped), leaves of nested struct arrays (Arrow holds
 * them element-interleaved, the columns one column per element) and columns in heap memory.
 * {@link #copiedFields} lists them for a type.
 *
 * <h2>Lifetime</h2>
 * Zero-copy buffers are valid only as long as the memory of the columns. The export holds a reference
 * to the columns object (so memory from {@link java.lang.foreign.Arena#ofAuto()} stays reachable until
 * release), and if the columns were allocated in a {@link RetainableArena}, one reference on that
 * arena: its memory is then freed only after the consumer has released the export, even if the arena
 * is closed first. That is the safe way to hand columns to a consumer whose release time you do not
 * control. For columns in any other arena (confined, shared, a mapped file's), the arena must stay open
 * until the consumer has released the export: the consumer reads the memory through raw pointers, so
 * nothing can stop it from reading freed memory. Such a misuse is not silent: when the export is
 * released and the columns' memory is found freed already, it is counted ({@link #freedBeforeRelease})
 * and logged as an {@code ERROR} on the {@link System.Logger} {@code io.structbridge.arrow}. Columns
 * whose arena is closed already are refused ({@link IllegalStateException}).
 */
public final class ColumnsExport {
    private ColumnsExport() {}

    private static final AtomicLong FREED_BEFORE_RELEASE = new AtomicLong();
    private static final System.Logger LOG = System.getLogger("io.structbridge.arrow");

    /**
     * Exports all rows: schema (as {@link ArrowExport#exportSchema}) and array.
     *
     * @param columns the columns
     * @param schemaOut the consumer's {@code struct ArrowSchema}
     * @param arrayOut the consumer's {@code struct ArrowArray}
     * @throws ArrowDataException if a stored value is invalid (nothing is then exported)
     * @throws IllegalStateException if the columns' memory is already freed
     */
    public static void export(StructColumns<?> columns, MemorySegment schemaOut, MemorySegment arrayOut) {
        exportArray(columns, 0, columns.count(), arrayOut);
        ArrowExport.exportSchema(columns.type(), schemaOut);
    }

    /**
     * Fills {@code arrayOut} with rows {@code [first, first + count)} of {@code columns} as an Arrow struct
     * array of {@code count} rows; zero-copy columns point at the rows' bytes in the column memory.
     *
     * @param columns the columns
     * @param first the first row
     * @param count the number of rows
     * @param arrayOut the consumer's {@code struct ArrowArray}
     * @throws ArrowDataException if a stored value is invalid (nothing is then exported; the consumer's struct untouched)
     * @throws IllegalStateException if the columns' memory is already freed
     * @throws IndexOutOfBoundsException if the range does not lie in the columns
     */
    public static void exportArray(StructColumns<?> columns, long first, long count, MemorySegment arrayOut) {
        Group root = Node.of(columns.type().name(), columns.type().columns());
        Objects.checkFromIndexSize(first, count, columns.count());
        MemorySegment segment = columns.segment();
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException(columns.type().name() + ": the columns' memory is already freed (its arena is closed)");
        }
        MemorySegment a = CData.struct(arrayOut, ArrowExport.ARRAY_SIZE);
        Exports.Owner owner = new Exports.Owner();
        RetainableArena retained = RetainableArena.retain(segment);
        String name = columns.type().name();
        owner.onFree = () -> {
            if (retained != null) {
                retained.drop();
            } else if (!segment.scope().isAlive()) {
                FREED_BEFORE_RELEASE.incrementAndGet();
                LOG.log(System.Logger.Level.ERROR, "the columns of " + name + " were freed (their arena closed) before the"
                        + " Arrow consumer released their zero-copy export: the consumer may have read freed memory;"
                        + " keep the arena open until release, or allocate the columns in a RetainableArena");
            }
            Objects.requireNonNull(columns); // the export holds the columns until here
        };
        try {
            MemorySegment tmp = owner.arena.allocate(CData.ARRAY);
            new ColumnsExporter(owner, columns, first, count).export(root, tmp);
            MemorySegment.copy(tmp, 0, a, 0, ArrowExport.ARRAY_SIZE);
        } catch (RuntimeException | Error e) {
            Exports.abandon(owner);
            throw e;
        }
    }

    /**
     * {@return the member paths of the Arrow fields of {@code columns} that an export converts (copies)
     * rather than points at, in field order; every other leaf field is zero-copy}
     *
     * @param columns the columns
     */
    public static List<String> copiedFields(StructColumns<?> columns) {
        List<String> out = new ArrayList<>();
        copied(Node.of(columns.type().name(), columns.type().columns()), 1, columns.segment().isNative(), out);
        return out;
    }

    private static void copied(Node node, long m, boolean nativeMemory, List<String> out) {
        switch (node) {
            case Group g -> g.children().forEach(c -> copied(c, m, nativeMemory, out));
            case GroupList l -> copied(l.element(), m * l.length(), nativeMemory, out);
            case Node.Union u -> throw new IllegalStateException("no union in a columns tree: " + u.path());
            case Leaf f -> {
                Column c = f.column();
                if (!ColumnsExporter.zeroCopy(c, m, nativeMemory)) {
                    out.add(f.path());
                }
            }
        }
    }

    /** {@return the zero-copy exports released after the memory of their columns had been freed (a misuse)} */
    public static long freedBeforeRelease() {
        return FREED_BEFORE_RELEASE.get();
    }
}

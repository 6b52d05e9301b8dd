package io.structbridge.runtime;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The columnar twin (struct-of-arrays) of an array of structs: one contiguous column per leaf
 * {@link Column} of the struct ({@link StructType#columns()}), all in one segment. The generated
 * {@code RColumns} class of each {@code @Struct} record extends this class with typed conversions
 * and element views.
 *
 * <h2>Layout</h2>
 * Column {@code k} holds {@code count} rows of {@code elementSize * length} bytes each, back to back
 * (row {@code i} at byte {@code i * elementSize * length} of the column), so a scalar column is a
 * plain C/NumPy array of its element type and a fixed array {@code T[N]} or a text member of
 * capacity {@code N} is a {@code count x N} matrix. Columns follow each other in
 * {@link StructType#columns()} order, each starting at a multiple of {@value #COLUMN_ALIGNMENT} bytes
 * from the start of the segment (the alignment Arrow recommends), and the segment itself is aligned to
 * {@value #COLUMN_ALIGNMENT} bytes; {@link #columnOffset} and {@link #byteSize} give the positions,
 * so a file of {@link #byteSize} bytes can be mapped and viewed with {@code RColumns.over}.
 *
 * <h2>Bytes</h2>
 * Each element holds exactly the bytes of the struct member, in the member's byte order: a
 * big-endian member stays big-endian in its column (an Arrow export converts it later). Conversion
 * between an array of structs and columns copies bytes without interpreting them, in one row-major
 * pass each way ({@link StructType#copyToColumns}, generated with constant offsets); padding bytes are not kept (a struct array made from columns has zero padding).
 *
 * <h2>Refused members</h2>
 * Members inside a union (their columns overlap and the bytes do not say which one is live) and
 * bit-fields (several columns share bytes) have no columnar form: creating columns for a struct
 * holding one throws {@link UnsupportedOperationException} naming the member's path. Pointer members
 * are copied as their 8 address bytes.
 *
 * <h2>Element access</h2>
 * {@link #get}/{@link #set} and the generated element views gather one row into a scratch struct,
 * use the generated struct accessors on it (so every value rule is exactly the one of {@code RView}:
 * a value the view refuses, the columns refuse, with the same error, and memory stays unchanged),
 * and scatter the row back after a successful write. Instances are not thread-safe (the scratch
 * struct is shared); the column segments may be read by any thread.
 *
 * <p>This class declares no member type: a generated {@code RColumns} inherits its members, and an inherited
 * member type would hide a generated class of the same simple name in the record's package (the validator
 * {@code RowValidator} of a record {@code Row}).
 *
 * @param <R> the record type
 */
public abstract class StructColumns<R extends Record> {
    /** The byte alignment of the segment and of every column in it. */
    public static final int COLUMN_ALIGNMENT = 64;

    private final StructType<R> type;
    private final List<Column> columns;
    private final MemorySegment whole;
    private final MemorySegment[] segments;
    private final long[] starts;
    private final long count;
    private final MemorySegment scratch;

    /**
     * Views {@code whole} as the columns of {@code count} structs of {@code type}.
     *
     * @param type the struct type
     * @param whole a segment of at least {@link #byteSize byteSize(type, count)} bytes
     * @param count the number of rows
     * @throws UnsupportedOperationException if the struct holds a union or bit-field member
     * @throws IllegalArgumentException if {@code count} is negative, the segment is too small, or
     *     (for a native segment) its address is not a multiple of {@value #COLUMN_ALIGNMENT}
     */
    protected StructColumns(StructType<R> type, MemorySegment whole, long count) {
        this.type = Objects.requireNonNull(type, "type");
        this.columns = supported(type);
        if (count < 0) {
            throw new IllegalArgumentException(type.name() + ": negative row count " + count);
        }
        long need = byteSize(type, count);
        if (whole.byteSize() < need) {
            throw new IllegalArgumentException(type.name() + ": " + count + " rows need " + need
                    + " bytes of columns, the segment has " + whole.byteSize());
        }
        if (whole.isNative() && whole.address() % COLUMN_ALIGNMENT != 0) {
            throw new IllegalArgumentException(type.name() + ": the columns' segment at address 0x"
                    + Long.toHexString(whole.address()) + " is not aligned to " + COLUMN_ALIGNMENT + " bytes");
        }
        this.whole = whole.asSlice(0, need);
        this.count = count;
        this.segments = new MemorySegment[columns.size()];
        this.starts = new long[columns.size()];
        for (int k = 0; k < segments.length; k++) {
            starts[k] = columnOffset(columns, k, count);
            segments[k] = whole.asSlice(starts[k], count * rowBytes(columns.get(k)));
        }
        this.scratch = Arena.ofAuto().allocate(type.size(), type.alignment());
    }

    /**
     * {@return the columns of {@code type}}
     *
     * @param type the struct type
     * @throws UnsupportedOperationException if a column lies in a union or is a bit-field (the message
     *     names its path)
     */
    private static List<Column> supported(StructType<?> type) {
        List<Column> columns = type.columns();
        for (Column c : columns) {
            if (c.union() != null) {
                throw new UnsupportedOperationException(type.name() + "." + c.path() + ": lies in the union "
                        + (c.union().isEmpty() ? type.name() : c.union())
                        + "; unions have no columnar form (their members' bytes overlap)");
            }
            if (c.bitWidth() > 0) {
                throw new UnsupportedOperationException(type.name() + "." + c.path()
                        + ": is a bit-field; bit-fields have no columnar form (they share bytes with other members)");
            }
        }
        return columns;
    }

    /** {@return the bytes one row takes in column {@code c}: {@code elementSize * length}} */
    private static long rowBytes(Column c) {
        return (long) c.elementSize() * c.length();
    }

    private static long alignUp(long n) {
        return (n + COLUMN_ALIGNMENT - 1) & -COLUMN_ALIGNMENT;
    }

    private static long columnOffset(List<Column> columns, int k, long count) {
        long at = 0;
        for (int j = 0; j < k; j++) {
            at = alignUp(Math.addExact(at, Math.multiplyExact(count, rowBytes(columns.get(j)))));
        }
        return at;
    }

    /**
     * {@return the byte offset of column {@code k} from the start of the columns' segment}
     *
     * @param type the struct type
     * @param k the column index in {@link StructType#columns()}
     * @param count the number of rows
     */
    public static long columnOffset(StructType<?> type, int k, long count) {
        List<Column> columns = type.columns();
        Objects.checkIndex(k, columns.size());
        return columnOffset(columns, k, count);
    }

    /**
     * {@return the bytes the columns of {@code count} structs take (the last column not padded)}
     *
     * @param type the struct type
     * @param count the number of rows
     * @throws ArithmeticException if the size overflows a {@code long}
     * @throws UnsupportedOperationException if the struct holds a union or bit-field member
     */
    public static long byteSize(StructType<?> type, long count) {
        List<Column> columns = supported(type);
        if (columns.isEmpty()) {
            return 0;
        }
        int last = columns.size() - 1;
        return Math.addExact(columnOffset(columns, last, count), Math.multiplyExact(count, rowBytes(columns.get(last))));
    }

    /** {@return the struct type} */
    public final StructType<R> type() {
        return type;
    }

    /** {@return the leaf columns, in member order (as {@link StructType#columns()})} */
    public final List<Column> columns() {
        return columns;
    }

    /** {@return the number of rows} */
    public final long count() {
        return count;
    }

    /** {@return the segment holding all columns ({@link #byteSize} bytes)} */
    public final MemorySegment segment() {
        return whole;
    }

    /**
     * {@return column {@code k}: {@code count() * elementSize * length} bytes, row {@code i} at
     * {@code i * elementSize * length}}
     *
     * @param k the column index in {@link #columns()}
     * @throws IndexOutOfBoundsException if there is no such column
     */
    public final MemorySegment column(int k) {
        return segments[Objects.checkIndex(k, segments.length)];
    }

    /**
     * {@return the column with member path {@code path} ({@code "pos.x"})}
     *
     * @param path the path of a {@link Column}
     * @throws IllegalArgumentException if no column has that path (the message lists the columns under
     *     {@code path} if it names a nested struct, else the columns)
     */
    public final MemorySegment column(String path) {
        for (int k = 0; k < segments.length; k++) {
            if (columns.get(k).path().equals(path)) {
                return segments[k];
            }
        }
        throw new IllegalArgumentException(noColumn(path));
    }

    /** {@return why {@code path} names no column: the leaf paths under it if it is a nested struct (array), else the valid paths} */
    private String noColumn(String path) {
        List<String> under = new ArrayList<>();
        List<String> all = new ArrayList<>(columns.size());
        for (Column c : columns) {
            all.add(c.path());
            if (c.path().startsWith(path + ".") || c.path().startsWith(path + "[")) {
                under.add(c.path());
            }
        }
        if (!path.isEmpty() && !under.isEmpty()) {
            return type.name() + ": '" + path + "' is a nested struct" + (under.getFirst().startsWith(path + "[") ? " array" : "")
                    + ", not a column; its columns are " + listed(under);
        }
        return type.name() + ": no column '" + path + "'; the columns are " + listed(all);
    }

    /** {@return the paths joined by {@code ", "}, the first 32 of them if there are more} */
    private static String listed(List<String> paths) {
        int shown = Math.min(paths.size(), 32);
        String s = String.join(", ", paths.subList(0, shown));
        return paths.isEmpty() ? "(none)" : shown < paths.size() ? s + ", ... (" + paths.size() + " in all)" : s;
    }

    /**
     * Copies every row of {@code array} into the columns, bytes unchanged, through
     * {@link StructType#copyToColumns} (the generated one: one row-major pass with constant offsets).
     *
     * @param array the structs, as many as this has rows
     * @throws IllegalArgumentException if the counts or struct types differ, or the structs' memory
     *     overlaps the columns' (nothing is then written)
     * @throws UnsupportedOperationException if the columns are read-only
     */
    protected final void copyFrom(StructArray<R> array) {
        if (array.type() != type && !array.type().fingerprint().equals(type.fingerprint())) {
            throw new IllegalArgumentException(type.name() + ": cannot fill columns from an array of " + array.type().name());
        }
        if (array.count() != count) {
            throw new IllegalArgumentException(type.name() + ": " + array.count() + " structs for " + count + " rows");
        }
        readOnlyCheck();
        type.copyToColumns(array.segment(), 0, count, segments.clone());
    }

    /**
     * Copies every row into the array of structs {@code target}, {@code count() * type().size()} bytes
     * at {@code offset}, bytes unchanged, through {@link StructType#copyFromColumns} (one row-major pass);
     * padding bytes are left as they are.
     *
     * @param target the target segment
     * @param offset the byte offset of struct 0
     * @throws IndexOutOfBoundsException if the structs do not fit {@code target} (checked before writing)
     * @throws IllegalArgumentException if {@code target} is read-only or the structs overlap the columns'
     *     memory (checked before writing)
     */
    protected final void copyTo(MemorySegment target, long offset) {
        long stride = type.size();
        Objects.checkFromIndexSize(offset, Math.multiplyExact(stride, count), target.byteSize());
        type.copyFromColumns(segments.clone(), target, offset, count);
    }

    private void readOnlyCheck() {
        if (whole.isReadOnly()) {
            throw new UnsupportedOperationException(type.name() + ": the columns' segment is read-only");
        }
    }

    /**
     * {@return a scratch struct holding row {@code index} (valid until the next call on this object)}
     *
     * @param index the row
     * @throws IndexOutOfBoundsException if there is no such row
     */
    protected final MemorySegment gather(long index) {
        Objects.checkIndex(index, count);
        for (int k = 0; k < segments.length; k++) {
            Column c = columns.get(k);
            long width = rowBytes(c);
            MemorySegment.copy(segments[k], index * width, scratch, c.offset(), width);
        }
        return scratch;
    }

    /**
     * Writes the scratch struct (as changed since {@link #gather}) back to row {@code index}.
     *
     * @param index the row
     */
    protected final void scatter(long index) {
        Objects.checkIndex(index, count);
        readOnlyCheck();
        for (int k = 0; k < segments.length; k++) {
            Column c = columns.get(k);
            long width = rowBytes(c);
            MemorySegment.copy(scratch, c.offset(), segments[k], index * width, width);
        }
    }

    /**
     * {@return {@code e}, thrown on the scratch struct of row {@code index}, with its byte offset moved to
     * the byte of the columns' segment it names (-1 if it names padding)}
     *
     * @param e an error whose offset counts from the start of the scratch struct
     * @param index the row
     */
    protected final StructValueException relocate(StructValueException e, long index) {
        if (e.offset() < 0) {
            return e;
        }
        long at = -1;
        for (int k = 0; k < segments.length; k++) {
            Column c = columns.get(k);
            long width = rowBytes(c);
            if (e.offset() >= c.offset() && e.offset() < c.offset() + width) {
                at = starts[k] + index * width + (e.offset() - c.offset());
                break;
            }
        }
        StructValueException moved = new StructValueException(e.struct(), e.path(), e.rule(), e.value(), at);
        moved.setStackTrace(e.getStackTrace());
        return moved;
    }

    /**
     * {@return row {@code index} decoded as a record, with the rules of {@code RStruct.read}}
     *
     * @param index the row
     * @throws StructValueException if the row's bytes are not a valid struct (the message names the row,
     *     and the byte offset counts from the start of {@link #segment()})
     */
    public final R get(long index) {
        MemorySegment row = gather(index);
        try {
            return type.read(row, 0);
        } catch (StructValueException e) {
            throw relocate(e, index).inElement(index);
        }
    }

    /**
     * Stores {@code value} in row {@code index}, with the rules of {@code RStruct.write}; on error the
     * columns are unchanged.
     *
     * @param index the row
     * @param value the record
     * @throws StructValueException if the value does not fit (the message names the row)
     * @throws UnsupportedOperationException if the columns are read-only
     */
    public final void set(long index, R value) {
        Objects.checkIndex(index, count);
        readOnlyCheck();
        try {
            type.check(value);
        } catch (StructValueException e) {
            throw e.inElement(index);
        }
        MemorySegment row = gather(index);
        type.write(row, 0, value);
        scatter(index);
    }

    /** {@return every row decoded as a record, in order} */
    public final List<R> toList() {
        List<R> out = new ArrayList<>((int) Math.min(count, Integer.MAX_VALUE - 8));
        for (long i = 0; i < count; i++) {
            out.add(get(i));
        }
        return out;
    }

    /**
     * {@return every violation in every row, with the same paths, order and values as
     * {@code RValidator.validateAll} over the equivalent struct array ({@code [17].label})}
     *
     * @param validator the generated validator of one struct
     */
    protected final List<Violation> validateAll(RowValidator validator) {
        List<Violation> out = new ArrayList<>();
        for (long i = 0; i < count; i++) {
            validator.validate(gather(i), 0, "[" + i + "].", out);
        }
        return out;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[count " + count + ", " + segments.length + " columns]";
    }
}

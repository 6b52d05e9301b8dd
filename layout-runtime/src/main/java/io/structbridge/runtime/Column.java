package io.structbridge.runtime;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One leaf column of a struct: where a scalar member (or a fixed array of scalars, or a text
 * member) lies in each struct and how its bytes are read. The generated {@code RStruct.COLUMNS}
 * (also {@link StructType#columns()}) lists them in member order, nested structs flattened to their
 * leaves. Columnar copies (struct-of-arrays) and Arrow export are built on this list.
 *
 * <h2>Paths</h2>
 * A path names the member from the outermost struct: component names (Java identifiers, so never
 * containing {@code .} or {@code [}) joined by {@code .}; an element of a nested struct array is
 * {@code name[i]}: {@code pos.x}, {@code points[2].y}. A fixed array of scalars is ONE column of
 * {@link #length} elements (no index in its path), marked {@link #array}: a C {@code int32_t a[1]} is an
 * array of one element, not the scalar {@code int32_t a}, and consumers take its shape from
 * {@link #array}, never from {@code length}. A nested struct array is flattened per element (its
 * paths carry the index, so {@code S s[1]} gives {@code s[0].leaf}).
 *
 * <h2>Kinds and storage</h2>
 * {@link #offset} is in bytes from the start of the struct; element {@code i} of the row lies at
 * {@code offset + i * elementSize}. {@link #order} is the byte order of elements wider than a byte
 * ({@code NATIVE} members carry {@link ByteOrder#nativeOrder()}). A {@link Kind#TEXT} column has
 * {@code elementSize} 1 and {@code length} = the capacity in bytes. A bit-field ({@link #bitWidth}
 * &gt; 0) is read as the {@code elementSize} (1..9) bytes at {@code offset} as one little-endian
 * unsigned integer, shifted right by {@link #bitShift} and masked to {@code bitWidth} bits, then
 * sign-extended if {@link #signed} (both ABIs allocate bit-fields from the least significant bit of
 * little-endian storage; gcc manual, "Structures, Unions, Enumerations, and Bit-Fields").
 *
 * <h2>Unions</h2>
 * Every member of a union gets its columns (they overlap); {@link #union} is then the path of the
 * innermost union holding the column ({@code ""} when that is the struct itself, a {@code @Union}), so a
 * consumer can refuse or handle them: the bytes of a union do not say which member is live, unless the union is
 * tagged ({@link TaggedUnion}, {@link StructType#taggedUnions()}: a discriminator column names the live member).
 * A column lies in no untagged union exactly when its {@code union} is null or the path of a tagged union: a
 * tagged union inside an untagged one has its discriminator column beside it, whose {@code union} is then
 * untagged (or again a tagged union, in turn beside its discriminator).
 *
 * @param path the member path (see above)
 * @param offset the byte offset of the first element from the start of the struct
 * @param kind what the elements are
 * @param elementSize the bytes of one element (1 for text and bool; the bytes holding the bits for a bit-field)
 * @param length the elements per row: 1 for a scalar, N for {@code T[N]}, the capacity for text
 * @param array whether the member is a fixed array {@code T[N]} of scalars (also for {@code N = 1}); false for
 *     scalars, text, enums, bit-fields and pointers
 * @param signed whether the stored integer is two's complement (integers, enum codes, bit-fields)
 * @param order the byte order of the elements
 * @param encoding the text encoding of a {@link Kind#TEXT} column, else null
 * @param nulTerminated whether text must leave room for a NUL byte (at most {@code length - 1} bytes of text)
 * @param truncate whether overlong text is cut at a character boundary on write instead of refused
 * @param constants the enum constants of an {@link Kind#ENUM} column (declaration order), else empty
 * @param bitShift for a bit-field, the position (0..7) of its lowest bit in the byte at {@code offset}; else 0
 * @param bitWidth for a bit-field, its width in bits; 0 if not a bit-field
 * @param union the path of the innermost union holding this column, or null if none
 */
public record Column(String path, long offset, Kind kind, int elementSize, int length, boolean array, boolean signed,
                     ByteOrder order, TextEncoding encoding, boolean nulTerminated, boolean truncate,
                     List<EnumConstant> constants, int bitShift, int bitWidth, String union) {

    /** What the elements of a column are. */
    public enum Kind {
        /** C {@code bool}: one byte, 0 or 1 (other bytes are invalid); a 1-bit bit-field of bool. */
        BOOL,
        /** Two's complement integer of {@code elementSize} bytes ({@code int8_t..int64_t}). */
        SIGNED_INT,
        /** Unsigned integer of {@code elementSize} bytes ({@code uint8_t..uint64_t}). */
        UNSIGNED_INT,
        /** 64 raw bits held in a Java {@code long} ({@code UINT64_BITS}): unsigned in C. */
        UINT64_BITS,
        /** IEEE 754 binary16. */
        FLOAT16,
        /** IEEE 754 binary32. */
        FLOAT,
        /** IEEE 754 binary64. */
        DOUBLE,
        /** Text of at most {@code length} bytes in {@link #encoding}, NUL-padded. */
        TEXT,
        /** An enum stored as an integer code of {@code elementSize} bytes; the names are {@link #constants}. */
        ENUM,
        /** A C pointer (8 bytes): an address that means nothing outside this process. */
        POINTER
    }

    /**
     * One enum constant.
     *
     * @param name the Java constant name
     * @param code the stored code (for a {@code uint64_t} code, its bits)
     */
    public record EnumConstant(String name, long code) {
        public EnumConstant {
            Objects.requireNonNull(name, "name");
        }

        /**
         * {@return the constants, pairing {@code constants[i]} with {@code codes[i]}}
         *
         * @param constants the enum constants
         * @param codes their codes
         */
        public static List<EnumConstant> of(Enum<?>[] constants, long[] codes) {
            if (constants.length != codes.length) {
                throw new IllegalArgumentException(constants.length + " constants but " + codes.length + " codes");
            }
            List<EnumConstant> out = new ArrayList<>(constants.length);
            for (int i = 0; i < constants.length; i++) {
                out.add(new EnumConstant(constants[i].name(), codes[i]));
            }
            return List.copyOf(out);
        }
    }

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if a size, length, offset or bit position is out of range,
     *     text/enum information is missing or given for another kind, a column that is neither text
     *     nor an array has a length other than 1, or an array is of text, enums, pointers or bits
     */
    public Column {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(order, "order");
        constants = List.copyOf(constants);
        if (offset < 0 || elementSize < 1 || length < 1) {
            throw new IllegalArgumentException(path + ": offset " + offset + ", element size " + elementSize + ", length " + length);
        }
        if ((kind == Kind.TEXT) != (encoding != null)) {
            throw new IllegalArgumentException(path + ": an encoding is given exactly for TEXT columns");
        }
        if (kind == Kind.ENUM && constants.isEmpty() || kind != Kind.ENUM && !constants.isEmpty()) {
            throw new IllegalArgumentException(path + ": enum constants are given exactly for ENUM columns");
        }
        if (bitWidth < 0 || bitWidth > 64 || bitShift < 0 || bitShift > 7 || bitWidth == 0 && bitShift != 0
                || bitWidth > 0 && (length != 1 || (bitShift + bitWidth + 7) / 8 > elementSize)) {
            throw new IllegalArgumentException(path + ": bit shift " + bitShift + ", width " + bitWidth);
        }
        if (array && (kind == Kind.TEXT || kind == Kind.ENUM || kind == Kind.POINTER || bitWidth > 0)) {
            throw new IllegalArgumentException(path + ": a " + (bitWidth > 0 ? "bit-field" : kind) + " column is not a fixed array");
        }
        if (!array && kind != Kind.TEXT && length != 1) {
            throw new IllegalArgumentException(path + ": length " + length + " for a column that is not a fixed array");
        }
    }

    /**
     * {@return a column of one integer, float, bool or raw bits per row (a scalar member {@code T name})}
     *
     * @param path the path
     * @param offset the byte offset
     * @param kind the kind
     * @param elementSize the bytes of the value
     * @param signed whether two's complement
     * @param order the byte order
     */
    public static Column scalar(String path, long offset, Kind kind, int elementSize, boolean signed, ByteOrder order) {
        return new Column(path, offset, kind, elementSize, 1, false, signed, order, null, false, false, List.of(), 0, 0, null);
    }

    /**
     * {@return a column of a fixed array member {@code T name[length]} of integers, floats, bools or raw bits:
     * {@code length} elements per row, an array even when {@code length} is 1}
     *
     * @param path the path
     * @param offset the byte offset of element 0
     * @param kind the kind of the elements
     * @param elementSize the bytes per element
     * @param length the elements per row (at least 1)
     * @param signed whether two's complement
     * @param order the byte order
     */
    public static Column array(String path, long offset, Kind kind, int elementSize, int length, boolean signed,
                               ByteOrder order) {
        return new Column(path, offset, kind, elementSize, length, true, signed, order, null, false, false, List.of(), 0, 0, null);
    }

    /**
     * {@return a text column of {@code capacity} bytes}
     *
     * @param path the path
     * @param offset the byte offset
     * @param capacity the capacity in bytes
     * @param encoding the encoding
     * @param nulTerminated whether a NUL must follow the text
     * @param truncate whether overlong text is cut on write
     */
    public static Column text(String path, long offset, int capacity, TextEncoding encoding, boolean nulTerminated,
                              boolean truncate) {
        return new Column(path, offset, Kind.TEXT, 1, capacity, false, false, ByteOrder.LITTLE_ENDIAN, encoding, nulTerminated,
                truncate, List.of(), 0, 0, null);
    }

    /**
     * {@return a column of enum codes}
     *
     * @param path the path
     * @param offset the byte offset
     * @param elementSize the bytes of the code
     * @param signed whether the code type is signed
     * @param order the byte order
     * @param constants the constants
     */
    public static Column enumCode(String path, long offset, int elementSize, boolean signed, ByteOrder order,
                                  List<EnumConstant> constants) {
        return new Column(path, offset, Kind.ENUM, elementSize, 1, false, signed, order, null, false, false, constants, 0, 0, null);
    }

    /**
     * {@return a bit-field column}
     *
     * @param path the path
     * @param offset the first byte holding any of its bits
     * @param kind the declared type's kind
     * @param bytes the bytes holding its bits (1..9)
     * @param signed whether the declared type is signed
     * @param bitShift the position of its lowest bit in the byte at {@code offset}
     * @param bitWidth the width in bits
     */
    public static Column bitField(String path, long offset, Kind kind, int bytes, boolean signed, int bitShift, int bitWidth) {
        return new Column(path, offset, kind, bytes, 1, false, signed, ByteOrder.LITTLE_ENDIAN, null, false, false, List.of(),
                bitShift, bitWidth, null);
    }

    /**
     * {@return a pointer column (8 bytes)}
     *
     * @param path the path
     * @param offset the byte offset
     */
    public static Column pointer(String path, long offset) {
        return new Column(path, offset, Kind.POINTER, 8, 1, false, false, ByteOrder.nativeOrder(), null, false, false,
                List.of(), 0, 0, null);
    }

    /** {@return whether this is a bit-field} */
    public boolean bitField() {
        return bitWidth > 0;
    }

    /** {@return the bytes this column occupies in one struct: {@code elementSize * length}} */
    public long byteSize() {
        return (long) elementSize * length;
    }

    /**
     * {@return this column marked as lying in the union at {@code unionPath} ({@code ""}: the struct itself is a union),
     * unless it already lies in a union (nested deeper, so innermost): then this column}
     */
    public Column inUnion(String unionPath) {
        Objects.requireNonNull(unionPath, "unionPath");
        if (union != null) {
            return this;
        }
        return new Column(path, offset, kind, elementSize, length, array, signed, order, encoding, nulTerminated, truncate,
                constants, bitShift, bitWidth, unionPath);
    }

    /**
     * {@return this column with its first element at byte {@code newOffset} instead (everything else kept)}
     *
     * @param newOffset the new byte offset
     * @throws IllegalArgumentException if {@code newOffset} is negative
     */
    public Column atOffset(long newOffset) {
        return new Column(path, newOffset, kind, elementSize, length, array, signed, order, encoding, nulTerminated,
                truncate, constants, bitShift, bitWidth, union);
    }

    /**
     * {@return the columns of a nested struct member, paths prefixed and offsets moved}
     *
     * @param name the member name (prefix of the paths)
     * @param offset the member's byte offset in the outer struct
     * @param inner the nested struct's columns (a union's carry {@code union ""}, which becomes {@code name})
     */
    public static List<Column> nest(String name, long offset, List<Column> inner) {
        List<Column> out = new ArrayList<>(inner.size());
        for (Column c : inner) {
            out.add(c.moved(name, offset));
        }
        return List.copyOf(out);
    }

    /**
     * {@return the columns of a nested struct array member, flattened per element ({@code name[i].leaf})}
     *
     * @param name the member name
     * @param offset the member's byte offset in the outer struct
     * @param stride the element size in bytes
     * @param length the element count
     * @param inner the element struct's columns
     */
    public static List<Column> nestArray(String name, long offset, long stride, int length, List<Column> inner) {
        List<Column> out = new ArrayList<>(inner.size() * length);
        for (int i = 0; i < length; i++) {
            for (Column c : inner) {
                out.add(c.moved(name + "[" + i + "]", offset + i * stride));
            }
        }
        return List.copyOf(out);
    }

    private Column moved(String prefix, long by) {
        String u = union == null ? null : union.isEmpty() ? prefix : prefix + "." + union;
        return new Column(prefix + "." + path, offset + by, kind, elementSize, length, array, signed, order, encoding,
                nulTerminated, truncate, constants, bitShift, bitWidth, u);
    }
}

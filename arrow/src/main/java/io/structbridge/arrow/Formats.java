package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The Arrow type of each column kind, as C Data Interface format strings (the table "Data type
 * description -- format strings" of the spec): {@code b} bool (bitmap), {@code c s i l} / {@code C S I L}
 * signed / unsigned 8..64-bit integers, {@code e f g} float16/32/64, {@code u} utf8, {@code +s}
 * struct, {@code +w:N} fixed-size list.
 */
final class Formats {
    private Formats() {}

    /** The field metadata key that holds an enum column's constants: {@code NAME=code,...}. */
    static final String ENUM_KEY = "structbridge.enum";

    /** {@return the bytes of one Arrow element of a leaf (0 for bool and text)} */
    static int arrowSize(Column c) {
        return switch (c.kind()) {
            case BOOL, TEXT, POINTER -> 0;
            case FLOAT16 -> 2;
            case FLOAT -> 4;
            case DOUBLE -> 8;
            case SIGNED_INT, UNSIGNED_INT, UINT64_BITS, ENUM -> c.bitField()
                    ? (c.bitWidth() <= 8 ? 1 : c.bitWidth() <= 16 ? 2 : c.bitWidth() <= 32 ? 4 : 8)
                    : c.elementSize();
        };
    }

    /** {@return the format string of one element of the column} */
    static String element(Column c) {
        return switch (c.kind()) {
            case BOOL -> "b";
            case TEXT -> "u";
            case FLOAT16 -> "e";
            case FLOAT -> "f";
            case DOUBLE -> "g";
            case POINTER -> throw new IllegalArgumentException("pointer");
            case SIGNED_INT, UNSIGNED_INT, UINT64_BITS, ENUM -> {
                String codes = c.signed() ? "csil" : "CSIL";
                int size = arrowSize(c);
                yield String.valueOf(codes.charAt(size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3));
            }
        };
    }

    /**
     * {@return an enum column's constants as {@code NAME=code,...} (declaration order, no spaces), the
     * text of the {@value #ENUM_KEY} metadata and of every "is not one of" message, as the generated C
     * export writes it}
     *
     * @param c an {@link Kind#ENUM} column
     */
    static String constants(Column c) {
        StringBuilder v = new StringBuilder();
        for (Column.EnumConstant k : c.constants()) {
            v.append(v.isEmpty() ? "" : ",").append(k.name()).append('=').append(code(c, k.code()));
        }
        return v.toString();
    }

    /** {@return an enum code or integer of the column as text: unsigned 64-bit values unsigned} */
    static String code(Column c, long v) {
        return c.signed() || v >= 0 ? Long.toString(v) : Long.toUnsignedString(v);
    }

    /** {@return the Arrow C metadata bytes of an enum column (int32 count, then int32-length-prefixed keys and values), or null} */
    static byte[] metadata(Column c) {
        if (c.kind() != Kind.ENUM) {
            return null;
        }
        String v = constants(c);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] key = ENUM_KEY.getBytes(StandardCharsets.UTF_8);
        byte[] val = v.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(12 + key.length + val.length).order(ByteOrder.nativeOrder());
        b.putInt(1).putInt(key.length).put(key).putInt(val.length).put(val);
        out.writeBytes(b.array());
        return out.toByteArray();
    }
}

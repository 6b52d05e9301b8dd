package io.structbridge.processor.write.mojo;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import java.util.Set;

/** Mojo's spelling of C scalar types and of identifiers. */
final class MojoTypes {
    private MojoTypes() {}

    /** {@return the Mojo scalar type of a C type ({@code Int32}, {@code Float16}, ...)} */
    static String scalar(CType t) {
        return switch (t) {
            case BOOL -> "Bool";
            case INT8 -> "Int8";
            case UINT8 -> "UInt8";
            case INT16 -> "Int16";
            case UINT16 -> "UInt16";
            case INT32 -> "Int32";
            case UINT32 -> "UInt32";
            case INT64 -> "Int64";
            case UINT64, UINT64_BITS -> "UInt64";
            case FLOAT -> "Float32";
            case DOUBLE -> "Float64";
            case FLOAT16 -> "Float16";
        };
    }

    /** {@return the Mojo {@code DType} of a C type ({@code DType.int32}, ...)} */
    static String dtype(CType t) {
        return "DType." + switch (t) {
            case BOOL -> "bool";
            case INT8 -> "int8";
            case UINT8 -> "uint8";
            case INT16 -> "int16";
            case UINT16 -> "uint16";
            case INT32 -> "int32";
            case UINT32 -> "uint32";
            case INT64 -> "int64";
            case UINT64, UINT64_BITS -> "uint64";
            case FLOAT -> "float32";
            case DOUBLE -> "float64";
            case FLOAT16 -> "float16";
        };
    }

    /** {@return the size in bytes of a C scalar type, which is also its natural alignment} */
    static long size(CType t) {
        return switch (t) {
            case BOOL, INT8, UINT8 -> 1;
            case INT16, UINT16, FLOAT16 -> 2;
            case INT32, UINT32, FLOAT -> 4;
            case INT64, UINT64, UINT64_BITS, DOUBLE -> 8;
        };
    }

    /**
     * {@return whether values of this order are stored byte-swapped on the machines Mojo runs on} Mojo
     * targets little-endian x86-64 and AArch64; {@code NATIVE} and {@code LITTLE} are the host's order.
     */
    static boolean big(Endian order) {
        return order == Endian.BIG;
    }

    /** A Mojo string literal of ASCII text (component and record names are ASCII identifiers). */
    static String literal(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        return b.append('"').toString();
    }

    /**
     * {@return the Mojo name of the member for component {@code name}} Names every Mojo struct already uses
     * ({@code copy}, {@code __init__}) get a trailing underscore ({@link io.structbridge.processor.model.MojoNames}).
     */
    static String member(String name) {
        return identifier(io.structbridge.processor.model.MojoNames.member(name));
    }

    /** {@return the identifier, in backticks where it is a Mojo keyword} */
    static String identifier(String name) {
        return KEYWORDS.contains(name) ? "`" + name + "`" : name;
    }

    private static final Set<String> KEYWORDS = Set.of("False", "None", "True", "and", "as", "assert", "async", "await",
            "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if",
            "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with",
            "yield", "fn", "struct", "var", "alias", "trait", "inout", "owned", "borrowed", "ref", "out", "mut", "read",
            "let", "comptime", "deinit", "raises", "where", "match", "case", "type", "abi", "Self");
}

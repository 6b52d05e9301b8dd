package io.structbridge.processor.parse;

import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/** Explains, for a type with no native form, why and what to write instead. */
final class Unsupported {
    private Unsupported() {}

    static String why(TypeMirror t, Types types) {
        String name = types.erasure(t).toString();
        if (name.startsWith("java.lang.") && isBoxed(name.substring("java.lang.".length()))) {
            return "a boxed value can be null and native memory cannot hold null. Use the primitive "
                    + unbox(name.substring("java.lang.".length())) + ".";
        }
        if (name.startsWith("java.util.Optional")) {
            return "Optional has no native form. Store the value with a sentinel, or add a boolean 'present' component beside it.";
        }
        if (name.startsWith("java.util.")) {
            return "collections have a variable size. Use an array with @Length(n), plus a count component for the used part.";
        }
        if (name.equals("java.lang.foreign.MemorySegment")) {
            return "arrays of pointers are not supported yet. Declare each pointer as its own @Pointer MemorySegment component, or wrap one in a @Struct record and use an array of that record.";
        }
        if (name.equals("java.lang.Object")) {
            return "Object has no fixed size or layout. Use a primitive, a String with @Capacity, an array with @Length, an enum with @Code or a @Struct record.";
        }
        return "supported are primitives, String with @Capacity, primitive arrays and arrays of @Struct records with @Length, enums with @Code, and @Struct records.";
    }

    private static boolean isBoxed(String s) {
        return switch (s) {
            case "Boolean", "Byte", "Short", "Character", "Integer", "Long", "Float", "Double" -> true;
            default -> false;
        };
    }

    private static String unbox(String s) {
        return switch (s) {
            case "Character" -> "char";
            case "Integer" -> "int";
            default -> s.toLowerCase(java.util.Locale.ROOT);
        };
    }
}

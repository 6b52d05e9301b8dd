package io.structbridge.processor.write.json;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * JSON of an older layout version: a member added by a later version ({@code @Since(n)}, n > 1) is absent from a
 * document written before it existed. Readers of the new version then give it the value all-zero bytes hold, the
 * default a struct file of the older version gives it too ({@code SB-SINCE-DEFAULT} proves it valid), so the
 * member is optional in the codec, the JSON Schema and the Pydantic model. A member whose zero has no JSON form here (a
 * {@code char}, a tagged union, a struct holding one), a tagged union's discriminator, and every member of a record
 * without a generated codec (Jackson databind reads it, and requires every creator property) stay required. See
 * docs/layout-lock.md.
 */
public final class SinceDefaults {
    private SinceDefaults() {}

    /**
     * {@return whether a document of {@code model} may omit {@code f}: it belongs to a later layout version, its zero has
     * a JSON form, it selects no tagged union's member, and the record has a generated codec}
     */
    public static boolean optional(StructModel model, FieldModel f) {
        return f.since() > 1 && json(f.type()) != null
                && model.tagged().stream().noneMatch(t -> t.tag().equals(f.name()) || t.union().equals(f.name()))
                && JsonCodecWriter.unsupportedReason(model) == null;
    }

    /** {@return the JSON text of the value all-zero bytes of {@code t} hold, as Jackson writes it; null if none here} */
    public static String json(FieldType t) {
        return value(t, false);
    }

    /**
     * {@return the same value as a Python literal for a Pydantic model's input: {@code False}, and {@code bytes(n)}
     * where JSON has Base64 text (a model validator's value is Python data, not JSON); null if none here}
     */
    public static String python(FieldType t) {
        return value(t, true);
    }

    private static String value(FieldType t, boolean python) {
        return switch (t) {
            case FieldType.Scalar s -> scalar(s, python);
            case FieldType.BitField b -> scalar(b.declared(), python);
            case FieldType.EnumCode e -> e.constants().stream().filter(c -> c.code() == 0).findFirst()
                    .map(c -> jsonString(c.json())).orElse(null);
            case FieldType.Text x -> "\"\"";
            case FieldType.PrimitiveArray a -> switch (a.element().java()) {
                case BYTE -> python ? "bytes(" + a.length() + ")"
                        : "\"" + Base64.getEncoder().encodeToString(new byte[a.length()]) + "\"";
                case CHAR -> null; // one string of NUL characters: no value a user would write
                default -> repeat(scalar(a.element(), python), a.length());
            };
            case FieldType.Nested n -> object(n.struct(), python);
            case FieldType.NestedArray a -> repeat(object(a.struct(), python), a.length());
            case FieldType.Pointer p -> null;
        };
    }

    private static String scalar(FieldType.Scalar s, boolean python) {
        return switch (s.java()) {
            case BOOLEAN -> python ? "False" : "false";
            case CHAR -> null;
            case FLOAT, DOUBLE -> "0.0";
            default -> "0";
        };
    }

    /** {@return the zero object of {@code s}: a JSON object, or a Python dict with the same keys (JSON strings are Python's too)} */
    private static String object(StructModel s, boolean python) {
        if (!s.tagged().isEmpty() || s.union()) {
            return null;
        }
        List<String> members = new ArrayList<>();
        for (FieldModel f : s.fields()) {
            String v = value(f.type(), python);
            if (v == null) {
                return null;
            }
            members.add(jsonString(f.jsonName()) + ":" + v);
        }
        return "{" + String.join(",", members) + "}";
    }

    private static String repeat(String one, int n) {
        return one == null ? null : "[" + String.join(",", java.util.Collections.nCopies(n, one)) + "]";
    }

    /** {@return {@code s} as a JSON string (RFC 8259: quote, backslash and control characters escaped)} */
    static String jsonString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}

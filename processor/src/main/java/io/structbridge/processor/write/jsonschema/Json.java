package io.structbridge.processor.write.jsonschema;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Writes maps, lists, strings, numbers and booleans as pretty JSON (RFC 8259), in insertion order. */
final class Json {
    private Json() {}

    static String write(Object value) {
        StringBuilder b = new StringBuilder();
        write(value, b, 0);
        return b.append('\n').toString();
    }

    private static void write(Object v, StringBuilder b, int indent) {
        switch (v) {
            case Map<?, ?> m -> {
                if (m.isEmpty()) {
                    b.append("{}");
                    return;
                }
                b.append("{\n");
                int i = 0;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    pad(b, indent + 1);
                    string(e.getKey().toString(), b);
                    b.append(": ");
                    write(e.getValue(), b, indent + 1);
                    b.append(++i < m.size() ? ",\n" : "\n");
                }
                pad(b, indent);
                b.append('}');
            }
            case List<?> l -> {
                b.append('[');
                for (int i = 0; i < l.size(); i++) {
                    b.append(i == 0 ? "" : ", ");
                    write(l.get(i), b, indent);
                }
                b.append(']');
            }
            case String s -> string(s, b);
            case BigDecimal d -> b.append(d.toPlainString());
            case Number n -> b.append(n);
            case Boolean x -> b.append(x);
            default -> throw new IllegalArgumentException(String.valueOf(v));
        }
    }

    private static void pad(StringBuilder b, int indent) {
        b.append("  ".repeat(indent));
    }

    private static void string(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}

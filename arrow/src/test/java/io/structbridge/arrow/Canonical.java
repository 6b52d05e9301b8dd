package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A record as canonical text that Python builds the same way from pyarrow's {@code to_pylist()}:
 * structs {@code {name:value,...}}, lists {@code [..]}, bools 1/0, integers in decimal (unsigned 64-bit
 * ones unsigned, enums their code), floats the bits of the float64 they widen to, text as Python's
 * {@code json.dumps} (ASCII escapes).
 */
final class Canonical {
    private Canonical() {}

    static final String PYTHON = """
            import json, struct
            def canon(v):
                if isinstance(v, dict):
                    return "{" + ",".join(k + ":" + canon(x) for k, x in v.items()) + "}"
                if isinstance(v, list):
                    return "[" + ",".join(canon(x) for x in v) + "]"
                if isinstance(v, bool):
                    return "1" if v else "0"
                if isinstance(v, int):
                    return str(v)
                if isinstance(v, str):
                    return json.dumps(v)
                return str(struct.unpack("<q", struct.pack("<d", float(v)))[0])
            """;

    static String of(Record r, List<Column> columns) {
        Map<String, Column> byPath = new HashMap<>();
        for (Column c : columns) {
            byPath.put(c.path(), c);
        }
        StringBuilder b = new StringBuilder();
        record(r, "", byPath, b);
        return b.toString();
    }

    private static void record(Record r, String prefix, Map<String, Column> cols, StringBuilder b) {
        b.append('{');
        boolean first = true;
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            b.append(first ? "" : ",").append(c.getName()).append(':');
            first = false;
            try {
                value(c.getAccessor().invoke(r), prefix + c.getName(), cols, b);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        b.append('}');
    }

    private static void value(Object v, String path, Map<String, Column> cols, StringBuilder b) {
        switch (v) {
            case Record r -> record(r, path + ".", cols, b);
            case String s -> json(s, b);
            case Boolean x -> b.append(x ? 1 : 0);
            case Character ch -> b.append((int) ch);
            case Enum<?> e -> b.append(ArrowJava.DECLARED_CODES.get(e.getDeclaringClass().getSimpleName() + "." + e.name()));
            case Float f -> b.append(Double.doubleToRawLongBits(f.doubleValue()));
            case Double d -> b.append(Double.doubleToRawLongBits(d));
            case Long l -> {
                Column c = cols.get(path);
                boolean unsigned = c != null && !c.signed();
                b.append(unsigned ? Long.toUnsignedString(l) : Long.toString(l));
            }
            case Number n -> b.append(n.longValue());
            default -> {
                if (!v.getClass().isArray()) {
                    throw new AssertionError(path + ": " + v);
                }
                b.append('[');
                int n = Array.getLength(v);
                boolean structs = v.getClass().getComponentType().isRecord();
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : ",");
                    value(Array.get(v, i), structs ? path + "[" + i + "]" : path, cols, b);
                }
                b.append(']');
            }
        }
    }

    private static void json(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7E) {
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

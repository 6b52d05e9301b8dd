package io.structbridge.jackson;

import io.structbridge.runtime.StructType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;

/**
 * Finds {@code RJson.CODEC} by the generated naming convention ({@code p.Order},
 * {@code p.OrderArray}, {@code p.OrderView} -> {@code p.OrderJson}), once per class, and says why a codec
 * is missing.
 */
final class CodecLookup {
    private CodecLookup() {}

    static final ClassValue<StructJsonCodec<?>> CODECS = new ClassValue<>() {
        @Override
        protected StructJsonCodec<?> computeValue(Class<?> type) {
            String base = base(type);
            try {
                Class<?> json = Class.forName(base + "Json", true, type.getClassLoader());
                return (StructJsonCodec<?>) json.getField("CODEC").get(null);
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new IllegalArgumentException(missing(type), e);
            }
        }
    };

    /** {@code p.Order} for the record, its {@code RArray} and its {@code RView}. */
    private static String base(Class<?> type) {
        String name = type.getName();
        return type.isRecord() ? name.replace('$', '_')
                : name.endsWith("Array") ? name.substring(0, name.length() - 5)
                : name.endsWith("View") ? name.substring(0, name.length() - 4) : name;
    }

    /** Generated {@code RView} classes: a class named {@code XView} beside a generated {@code XStruct} with a {@code TYPE}. */
    static final ClassValue<Class<?>> VIEW_RECORD = new ClassValue<>() {
        @Override
        protected Class<?> computeValue(Class<?> type) {
            if (type.isArray() || type.isPrimitive() || !type.getName().endsWith("View")) {
                return null;
            }
            try {
                Class<?> struct = Class.forName(base(type) + "Struct", false, type.getClassLoader());
                Object t = struct.getField("TYPE").get(null);
                return t instanceof StructType<?> st ? st.recordClass() : null;
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                return null;
            }
        }
    };

    /** The generated {@code RStruct.TYPE} of a {@code @Struct} record class, or null for any other class. */
    static final ClassValue<StructType<?>> STRUCT_TYPE = new ClassValue<>() {
        @Override
        protected StructType<?> computeValue(Class<?> type) {
            if (!type.isRecord()) {
                return null;
            }
            try {
                Class<?> struct = Class.forName(base(type) + "Struct", true, type.getClassLoader());
                return struct.getField("TYPE").get(null) instanceof StructType<?> st && st.recordClass() == type ? st : null;
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                return null;
            }
        }
    };

    /** {@return whether {@code type} is a generated {@code RView} class} */
    static boolean isView(Class<?> type) {
        return VIEW_RECORD.get(type) != null;
    }

    /** {@return the record of a generated array or view class, or null} */
    static Class<?> recordOf(Class<?> type) {
        Class<?> r = VIEW_RECORD.get(type);
        if (r != null) {
            return r;
        }
        try {
            Class<?> struct = Class.forName(base(type) + "Struct", false, type.getClassLoader());
            return struct.getField("TYPE").get(null) instanceof StructType<?> st ? st.recordClass() : null;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;
        }
    }

    /**
     * {@return why no codec exists for {@code type} (a record, {@code RArray} or {@code RView}) and what to do}
     * The reasons are the processor's ({@code SB-JSON-CODEC-SKIPPED}), found again on the record.
     */
    static String missing(Class<?> type) {
        String json = base(type) + "Json";
        Class<?> record = type.isRecord() ? type : recordOf(type);
        String noJson = record == null ? null : PointerRefusal.MESSAGES.get(record);
        if (noJson == null && record != null) {
            noJson = UnionRefusal.UNIONS.get(record) ? UnionRefusal.message(record) : untaggedUnion(record);
        }
        if (noJson != null) { // the processor's rules (SB-POINTER-NO-JSON, SB-UNION-NO-JSON), not a missing dependency
            return "no structbridge JSON codec for " + type.getName() + " (" + json + " was not generated): " + noJson;
        }
        String why = record == null ? null : unsupported(record, new java.util.HashSet<>());
        String name = record == null ? type.getName() : record.getSimpleName();
        return "no structbridge JSON codec for " + type.getName() + " (" + json + " was not generated"
                + (why != null ? ": " + why + "; the processor said so in note SB-JSON-CODEC-SKIPPED"
                        : ": structbridge-jackson was not on the compile class path of " + name + ", or the class was removed")
                + "). Its structs cannot be written as JSON from native memory; write the records instead, e.g. "
                + "mapper.writeValueAsString(array.toList()) or view.toRecord()"
                + (why != null ? ", or remove the cause" : ", or compile with structbridge-jackson");
    }

    /**
     * {@return why a struct holding an untagged union (at any depth) has no JSON, or null} A union component is tagged
     * when the generated struct of the record holding it decodes it through its discriminator ({@code liveStored$c}).
     */
    private static String untaggedUnion(Class<?> record) {
        String path = untaggedUnionPath(record, new java.util.HashSet<>());
        return path == null ? null : record.getSimpleName() + " has no JSON: component '" + path + "' is a C union without"
                + " @Tag, whose bytes do not say which member is live (note SB-UNION-NO-JSON)";
    }

    private static String untaggedUnionPath(Class<?> record, java.util.Set<Class<?>> seen) {
        if (!record.isRecord() || !seen.add(record)) {
            return null;
        }
        for (RecordComponent c : record.getRecordComponents()) {
            boolean array = c.getType().isArray();
            Class<?> t = array ? c.getType().getComponentType() : c.getType();
            if (!t.isRecord()) {
                continue;
            }
            if (UnionRefusal.UNIONS.get(t) && (array || !tagged(record, c.getName()))) {
                return c.getName() + (array ? "[]" : "");
            }
            String inner = untaggedUnionPath(t, seen);
            if (inner != null) {
                return c.getName() + (array ? "[]." : ".") + inner;
            }
        }
        return null;
    }

    private static boolean tagged(Class<?> record, String component) {
        try {
            Class<?> struct = Class.forName(base(record) + "Struct", false, record.getClassLoader());
            for (Method m : struct.getDeclaredMethods()) {
                if (m.getName().equals("liveStored$" + component)) {
                    return true;
                }
            }
            return false;
        } catch (ReflectiveOperationException | LinkageError e) {
            return false;
        }
    }

    /** The processor's reasons (JsonCodecWriter.unsupportedReason), on the loaded record. */
    private static String unsupported(Class<?> record, java.util.Set<Class<?>> seen) {
        if (!record.isRecord() || !seen.add(record)) {
            return null;
        }
        RecordComponent[] components = record.getRecordComponents();
        if (components.length > 64) {
            return record.getSimpleName() + " has " + components.length + " components and the generated reader tracks at most 64";
        }
        for (RecordComponent c : components) {
            Class<?> t = c.getType().isArray() ? c.getType().getComponentType() : c.getType();
            if (t.isEnum()) {
                for (Method m : t.getDeclaredMethods()) {
                    if (!Modifier.isStatic(m.getModifiers()) && hasJsonValue(m)) {
                        return "enum " + t.getSimpleName() + " (component " + record.getSimpleName() + "." + c.getName()
                                + ") has a @JsonValue method, " + m.getName() + "(), whose values are only known at run time";
                    }
                }
            } else if (t.isRecord()) {
                String nested = unsupported(t, seen);
                if (nested != null) {
                    return nested;
                }
            }
        }
        return null;
    }

    private static boolean hasJsonValue(Method m) {
        for (var a : m.getAnnotations()) {
            if (a.annotationType().getName().equals("com.fasterxml.jackson.annotation.JsonValue")) {
                return true;
            }
        }
        return false;
    }
}

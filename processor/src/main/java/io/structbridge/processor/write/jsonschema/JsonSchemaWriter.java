package io.structbridge.processor.write.jsonschema;

import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes {@code R.schema.json}: a JSON Schema (draft 2020-12) of the JSON that Jackson 3 writes
 * for the record and that the strict reading contract accepts (every property required, unknown
 * properties refused unless the record ignores them, no coercion), with the native ranges and the
 * Bean Validation constraints. Where a view cannot say exactly what another says (string lengths,
 * {@code @Email}), the schema is the looser and {@code $comment} says so; the length table of
 * docs/validation.md ("Three meanings of length", "Deliberate differences") lists these differences.
 */
public final class JsonSchemaWriter {
    static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";
    private static final List<String> SPECIALS = List.of("NaN", "Infinity", "-Infinity");

    private final StructModel model;
    private final Map<String, Object> defs = new TreeMap<>();

    public JsonSchemaWriter(StructModel model) {
        this.model = model;
    }

    /** {@return the file name, {@code R.schema.json}} */
    public String fileName() {
        return model.cName() + ".schema.json";
    }

    /** {@return the schema document} */
    public String write() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("$schema", DIALECT);
        root.put("$id", "urn:structbridge:" + model.record().canonicalName());
        root.putAll(object(model));
        if (!defs.isEmpty()) {
            root.put("$defs", defs);
        }
        return Json.write(root);
    }

    private Map<String, Object> object(StructModel s) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("title", title(s));
        String description = description(s.description());
        if (!description.isEmpty()) {
            o.put("description", description);
        }
        o.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (FieldModel f : s.fields()) {
            Map<String, Object> p = field(f);
            String doc = paramDoc(s.description(), f.name());
            if (!doc.isEmpty()) {
                p.put("description", doc);
            }
            properties.put(f.jsonName(), p);
            if (f.jsonAliases().isEmpty()) {
                if (!io.structbridge.processor.write.json.SinceDefaults.optional(s, f)) { // JSON of an older version lacks it
                    required.add(f.jsonName());
                }
            } else {
                FormerNamesSchema.addProperties(f, p, properties);
            }
        }
        for (StructModel.Reserved r : s.reserved()) {
            for (String name : r.jsonNames()) {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("description", "The removed component " + r.field().name() + " (@Reserved): accepted on input with any "
                        + "value and ignored (JSON written before the removal holds it), never written.");
                p.put("deprecated", true);
                properties.put(name, p);
            }
        }
        o.put("properties", properties);
        o.put("required", required);
        o.put("additionalProperties", s.ignoreUnknown());
        TaggedUnionSchema.addConditions(s, o);
        FormerNamesSchema.addRequired(s, o);
        return o;
    }

    /** {@return the schema of one component (nested structs become {@code $ref}s into this writer's {@code $defs})} */
    public Map<String, Object> field(FieldModel f) {
        return switch (f.type()) {
            case FieldType.Scalar s -> scalar(s, f.constraints());
            case FieldType.BitField b -> bitField(b, f.constraints());
            case FieldType.EnumCode e -> enumSchema(e);
            case FieldType.Text t -> text(t, f.constraints());
            case FieldType.PrimitiveArray a -> primitiveArray(a);
            case FieldType.Nested n -> ref(n.struct());
            case FieldType.NestedArray a -> array(ref(a.struct()), a.length());
            case FieldType.Pointer p -> throw new IllegalStateException("no JSON Schema for pointer " + f.name()); // PointerRule
        };
    }

    /** Jackson writes {@code byte[]} as one Base64 string (RFC 4648, padded) and {@code char[]} as one string. */
    private static Map<String, Object> primitiveArray(FieldType.PrimitiveArray a) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (a.element().java()) {
            case BYTE -> {
                int chars = 4 * ((a.length() + 2) / 3);
                m.put("type", "string");
                m.put("contentEncoding", "base64");
                m.put("minLength", chars);
                m.put("maxLength", chars);
                m.put("pattern", "^[A-Za-z0-9+/]*={0,2}$");
                m.put("$comment", a.length() + " bytes, written by Jackson as one Base64 string");
                return m;
            }
            case CHAR -> {
                m.put("type", "string");
                m.put("minLength", (a.length() + 1) / 2);
                m.put("maxLength", a.length());
                m.put("$comment", "exactly " + a.length() + " UTF-16 units, written by Jackson as one string;"
                        + " maxLength counts code points, so a surrogate pair counts once");
                return m;
            }
            default -> {
                return array(scalar(a.element(), List.of()), a.length());
            }
        }
    }

    private Map<String, Object> ref(StructModel nested) {
        String key = nested.cName();
        if (!defs.containsKey(key)) {
            defs.put(key, Map.of());
            defs.put(key, nested.union() ? TaggedUnionSchema.union(nested, this::field) : object(nested));
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("$ref", "#/$defs/" + key);
        return r;
    }

    private static Map<String, Object> array(Map<String, Object> items, int length) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("type", "array");
        a.put("items", items);
        a.put("minItems", length);
        a.put("maxItems", length);
        return a;
    }

    private static Map<String, Object> enumSchema(FieldType.EnumCode e) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (e.jsonKnown()) {
            m.put("enum", e.constants().stream().map(FieldType.EnumConstant::json).toList());
        } else {
            m.put("type", "string");
            m.put("$comment", "values come from a @JsonValue method of " + e.type().simpleName());
        }
        return m;
    }

    private static Map<String, Object> scalar(FieldType.Scalar s, List<Constraint> cs) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (s.java()) {
            case BOOLEAN -> {
                m.put("type", "boolean");
                cs.stream().filter(c -> c instanceof Constraint.Assert).map(c -> ((Constraint.Assert) c).expected())
                        .findFirst().ifPresent(v -> m.put("const", v));
            }
            case CHAR -> {
                m.put("type", "string");
                m.put("minLength", 1);
                m.put("maxLength", 1);
                if (CTypes.max(s.ctype()) < 0xffff) {
                    m.put("pattern", "^[\\u0000-\\u00ff]$");
                }
            }
            case FLOAT, DOUBLE -> {
                return floating(s, cs);
            }
            default -> {
                m.put("type", "integer");
                NumericInterval b = NumericInterval.integral(s);
                cs.forEach(b::apply);
                b.putInto(m);
            }
        }
        return m;
    }

    /** A bit-field is its declared type's JSON value, an integer limited to the range of its width. */
    private static Map<String, Object> bitField(FieldType.BitField bits, List<Constraint> cs) {
        FieldType.Scalar s = bits.declared();
        if (s.java() == io.structbridge.processor.model.JavaPrim.BOOLEAN || s.java() == io.structbridge.processor.model.JavaPrim.CHAR) {
            Map<String, Object> m = scalar(s, cs);
            if (s.java() == io.structbridge.processor.model.JavaPrim.CHAR && bits.max() < 0xffff) {
                m.put("pattern", "^[\\u0000-\\u" + String.format("%04x", bits.max()) + "]$");
            }
            return m;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "integer");
        NumericInterval b = NumericInterval.integral(bits.min(), bits.max());
        cs.forEach(b::apply);
        b.putInto(m);
        return m;
    }

    /**
     * {@return the native bound of a floating member's schema range, as a positive number}: the overflow
     * threshold of a float or double (exclusive in the schema), or the largest stored value plus half an
     * ulp of the Java type for a member stored narrower (inclusive)
     *
     * @param s a {@code float} or {@code double} member
     */
    public static java.math.BigDecimal floatingLimit(FieldType.Scalar s) {
        return NumericInterval.floatingLimit(s);
    }

    /** Jackson writes NaN and infinities as the strings "NaN", "Infinity", "-Infinity" (WRITE_NAN_AS_STRINGS). */
    private static Map<String, Object> floating(FieldType.Scalar s, List<Constraint> cs) {
        Map<String, Object> number = new LinkedHashMap<>();
        number.put("type", "number");
        NumericInterval b = NumericInterval.floating(s);
        cs.forEach(b::apply);
        b.putInto(number);
        List<String> specials = new ArrayList<>();
        for (String special : SPECIALS) {
            if (cs.stream().allMatch(c -> FloatSemantics.accepts(c, special))) {
                specials.add(special);
            }
        }
        if (specials.isEmpty()) {
            return number;
        }
        Map<String, Object> special = new LinkedHashMap<>();
        special.put("enum", specials);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("anyOf", List.of(number, special));
        return m;
    }

    private static Map<String, Object> text(FieldType.Text t, List<Constraint> cs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", "string");
        int usable = t.nulTerminated() ? t.capacity() - 1 : t.capacity();
        // A truncating field accepts overlong text (it is cut at a character boundary), so only @Size limits it.
        int maxLength = t.truncate() ? Integer.MAX_VALUE : usable;
        int minLength = 0;
        List<String> patterns = new ArrayList<>();
        patterns.add(switch (t.encoding()) {
            case ASCII -> "^[\\u0001-\\u007f]*$";
            case LATIN_1 -> "^[\\u0001-\\u00ff]*$";
            case UTF_8 -> "^[^\\u0000]*$";
        });
        String format = null;
        for (Constraint c : cs) {
            switch (c) {
                case Constraint.Size z -> {
                    maxLength = Math.min(maxLength, z.max());
                    minLength = Math.max(minLength, z.min());
                }
                case Constraint.NotEmpty z -> minLength = Math.max(minLength, 1);
                case Constraint.NotBlank z -> {
                    minLength = Math.max(minLength, 1);
                    patterns.add("[^\\u0000-\\u0020]");
                }
                case Constraint.Pattern p -> patterns.add("^(?:" + p.regexp() + ")$");
                case Constraint.Email e -> format = "email";
                default -> { }
            }
        }
        if (minLength > 0) {
            m.put("minLength", minLength);
        }
        if (maxLength != Integer.MAX_VALUE) {
            m.put("maxLength", maxLength);
        }
        if (format != null) {
            m.put("format", format);
        }
        if (patterns.size() == 1) {
            m.put("pattern", patterns.getFirst());
        } else {
            m.put("allOf", patterns.stream().map(p -> (Object) Map.of("pattern", p)).toList());
        }
        m.put("$comment", "char[" + t.capacity() + "] " + t.encoding().name().replace('_', '-') + (t.nulTerminated() ? ", NUL-terminated: at most "
                : ", fixed width: at most ") + usable + " encoded bytes. maxLength counts code points, @Size UTF-16 units,"
                + " the native capacity bytes; each view checks its own.");
        return m;
    }

    private static String title(StructModel s) {
        String d = description(s.description());
        int dot = d.indexOf(". ");
        String first = dot > 0 ? d.substring(0, dot + 1) : d;
        return first.isEmpty() ? s.record().simpleName() : s.record().simpleName() + ": " + first;
    }

    /** The doc comment without block tags, on one line. */
    static String description(String doc) {
        int tag = doc.indexOf("\n@");
        String body = tag >= 0 ? doc.substring(0, tag) : (doc.startsWith("@") ? "" : doc);
        return body.replaceAll("\\s+", " ").replaceAll("\\{@\\w+ ([^}]*)}", "$1").strip();
    }

    /** The text of {@code @param name} in the record's doc comment. */
    static String paramDoc(String doc, String name) {
        for (String line : doc.split("\n(?=@)")) {
            String l = line.strip();
            if (l.startsWith("@param " + name + " ") || l.startsWith("@param " + name + "\n")) {
                return l.substring(("@param " + name).length()).replaceAll("\\s+", " ").strip();
            }
        }
        return "";
    }


    static boolean isFloating(JavaPrim p) {
        return p == JavaPrim.FLOAT || p == JavaPrim.DOUBLE;
    }
}

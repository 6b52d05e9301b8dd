package io.structbridge.processor.write.python;

import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.PythonRegex;
import java.util.ArrayList;
import java.util.List;

/**
 * Java's (Hibernate Validator's) meaning of the constraints that Pydantic's {@code Field} keywords check
 * differently, as {@code AfterValidator}s in the generated Pydantic model: {@code @Pattern} (Java's ASCII
 * {@code \w \d \s \b}, {@code CASE_INSENSITIVE} as ASCII case folding), {@code @NotBlank} ({@code String.trim()}:
 * some character above U+0020), {@code @Size} on text (UTF-16 units), {@code @Min}/{@code @Max} on a float
 * (compared in {@code float}, JLS 5.6) or a double, {@code @DecimalMin}/{@code @DecimalMax}
 * ({@code BigDecimal.valueOf(double)}, a float widened to double) and {@code @Digits} on floating point (the digits
 * of {@code Double.toString}, {@code Float.toString} for a float: {@code _SB_j_tostring} of the runtime {@code structbridge_rt.py}, {@link PythonRuntime}). Each raises Hibernate
 * Validator's message.
 * The {@code Field} keywords that would refuse what Java accepts are dropped; exact ones are kept.
 */
final class PydanticJavaRules {
    private PydanticJavaRules() {}

    /** {@code Annotated[type, Field(args), AfterValidator...]}, the inexact keywords taken out of {@code args}. */
    static String annotated(FieldModel f, String type, List<String> args) {
        List<String> rules = new ArrayList<>();
        List<String> kept = new ArrayList<>(args);
        FieldType t = f.type() instanceof FieldType.BitField b ? b.declared() : f.type();
        if (t instanceof FieldType.Text text) {
            text(f, text, kept, rules);
        } else if (t instanceof FieldType.PrimitiveArray a && a.element().java() != JavaPrim.CHAR) {
            boolean bytes = a.element().java() == JavaPrim.BYTE; // Pydantic's bytes: minLength/maxLength in its schema
            lengths(f, a.length(), "array length must be exactly " + a.length(), bytes ? "minLength" : "minItems",
                    bytes ? "maxLength" : "maxItems", kept, rules);
        } else if (t instanceof FieldType.NestedArray a) {
            rules.addAll(sizes(f));
            kept.removeIf(x -> x.startsWith("min_length=") || x.startsWith("max_length="));
            kept.add("json_schema_extra={\"minItems\": " + a.length() + ", \"maxItems\": " + a.length() + "}");
            rules.add("_SB_j_rule(lambda v: len(v) == " + a.length() + ", " + PythonWriter.literal("array length must be exactly "
                    + a.length()) + ", lambda v: \"; length \" + str(len(v)))");
        } else if (t instanceof FieldType.Scalar s && (s.java() == JavaPrim.FLOAT || s.java() == JavaPrim.DOUBLE)) {
            rules.add("_SB_j_json_number(" + py(s.java() == JavaPrim.FLOAT) + ")"); // as Jackson reads the JSON number
            nativeRange(s, kept, rules);
            floating(f, s.java() == JavaPrim.FLOAT, kept, rules);
        } else if (t instanceof FieldType.Scalar s && s.java() == JavaPrim.CHAR) {
            chars(s, 1, kept, rules);
        } else if (t instanceof FieldType.PrimitiveArray a && a.element().java() == JavaPrim.CHAR) {
            chars(a.element(), a.length(), kept, rules);
        }
        List<String> meta = new ArrayList<>();
        if (t instanceof FieldType.PrimitiveArray a && a.element().java() == JavaPrim.BYTE) {
            meta.add("_SB_BeforeValidator(_sb_base64_input)"); // Base64 text after a model validator too
            meta.add("_SB_PlainSerializer(_sb_base64_output, return_type=_SB_str, when_used=\"json\")"); // Jackson's alphabet
        }
        if (!kept.isEmpty()) {
            meta.add("_SB_Field(" + String.join(", ", kept) + ")");
        }
        meta.addAll(rules);
        return meta.isEmpty() ? type : "_SB_Annotated[" + type + ", " + String.join(", ", meta) + "]";
    }

    private static String rule(String test, Constraint c) {
        return "_SB_j_rule(" + test + ", " + PythonWriter.literal(c.message()) + ")";
    }

    /**
     * Text: every rule is an AfterValidator raising Java's message, in the generated Java validator's order (the
     * constraints as declared, then the native check of the capacity); Pydantic's {@code min_length}/{@code
     * max_length} would answer first with its own message (and count code points), so they move to {@code
     * json_schema_extra}: the model's JSON Schema keeps {@code minLength}/{@code maxLength}.
     */
    private static void text(FieldModel f, FieldType.Text t, List<String> kept, List<String> rules) {
        schemaOnly(kept, "minLength", "maxLength");
        for (Constraint c : f.constraints()) {
            switch (c) {
                case Constraint.Pattern p -> {
                    PythonRegex.Translation tr = PythonRegex.forPythonRe(p.regexp(), p.flags());
                    if (tr.translated() != null) { // else SB-PYTHON-PATTERN refused the record
                        kept.removeIf(a -> a.startsWith("pattern="));
                        rules.add(rule("_SB_re.compile(" + PythonWriter.literal(tr.translated()) + ").search", c));
                    }
                }
                case Constraint.NotBlank nb -> rules.add(rule("_SB_j_not_blank", c));
                case Constraint.NotEmpty ne -> rules.add(rule("lambda v: len(v) > 0", c));
                case Constraint.Size s -> rules.add(rule("lambda v: " + s.min() + " <= _SB_j_utf16(v) <= " + s.max(), c));
                default -> { }
            }
        }
        rules.add("_SB_j_native_text(" + t.capacity() + ", \"" + PythonViewWriter.encoding(t) + "\", "
                + py(t.nulTerminated()) + ", " + py(t.truncate()) + ")");
    }

    /**
     * A fixed-length array (Java validator: {@code @Size}, {@code @NotEmpty} as declared, then the native length
     * check {@code native}); the lengths go to the schema only, as {@code schemaMin}/{@code schemaMax}.
     */
    static void lengths(FieldModel f, int length, String nativeRule, String schemaMin, String schemaMax, List<String> kept,
                        List<String> rules) {
        schemaOnly(kept, schemaMin, schemaMax);
        rules.addAll(sizes(f));
        rules.add("_SB_j_rule(lambda v: len(v) == " + length + ", " + PythonWriter.literal(nativeRule) + ")");
    }

    private static List<String> sizes(FieldModel f) {
        List<String> out = new ArrayList<>();
        for (Constraint c : f.constraints()) {
            switch (c) {
                case Constraint.NotEmpty ne -> out.add(rule("lambda v: len(v) > 0", c));
                case Constraint.Size s -> out.add(rule("lambda v: " + s.min() + " <= len(v) <= " + s.max(), c));
                default -> { }
            }
        }
        return out;
    }

    /** Moves {@code min_length=}/{@code max_length=} out of Pydantic's checks into the JSON Schema alone. */
    private static void schemaOnly(List<String> kept, String minKey, String maxKey) {
        List<String> extra = new ArrayList<>();
        for (String a : List.copyOf(kept)) {
            if (a.startsWith("min_length=")) {
                extra.add("\"" + minKey + "\": " + a.substring("min_length=".length()));
            } else if (a.startsWith("max_length=")) {
                extra.add("\"" + maxKey + "\": " + a.substring("max_length=".length()));
            }
        }
        kept.removeIf(a -> a.startsWith("min_length=") || a.startsWith("max_length="));
        if (!extra.isEmpty()) {
            kept.add("json_schema_extra={" + String.join(", ", extra) + "}");
        }
    }

    /**
     * A Java {@code char} ({@code length} 1) or {@code char[length]}: Jackson reads a JSON string of exactly that many
     * UTF-16 units, each within the C type ({@code uint8_t}: U+0000..U+00FF); Pydantic's {@code min_length}/{@code
     * max_length} count code points (a surrogate pair once), so they give way to this rule.
     */
    private static void chars(FieldType.Scalar element, int length, List<String> kept, List<String> rules) {
        kept.removeIf(a -> a.startsWith("min_length=") || a.startsWith("max_length="));
        long max = Math.min(0xffff, io.structbridge.processor.model.CTypes.max(element.ctype()));
        String units = length == 1 ? "one UTF-16 code unit (a Java char)" : "exactly " + length + " UTF-16 code units (char[" + length + "])";
        rules.add("_SB_j_rule(lambda v: _SB_j_utf16(v) == " + length + (max < 0xffff ? " and all(c <= \"\\u" + String.format("%04x", max)
                + "\" for c in v)" : "") + ", " + PythonWriter.literal("must be " + units + (max < 0xffff ? " within "
                + io.structbridge.processor.model.CTypes.cName(element.ctype()) + " (0.." + max + ")" : "")) + ")");
    }

    /**
     * Takes the schema's native range of a float or double member out of the {@code Field} keywords, where
     * it would refuse NaN and the infinities (the schema keeps those as strings beside the range): for a
     * float or double the range is the overflow threshold, which {@code _SB_j_json_number} enforces as the
     * codec does; a double stored as float keeps its range as {@link #narrowRange}. A half's range (a
     * {@code Field} as before) and the user's own bounds (tighter: they replace the native one) stay.
     */
    private static void nativeRange(FieldType.Scalar s, List<String> kept, List<String> rules) {
        if (s.ctype() == io.structbridge.annotations.CType.FLOAT16) {
            return;
        }
        java.math.BigDecimal limit = io.structbridge.processor.write.jsonschema.JsonSchemaWriter.floatingLimit(s);
        String plain = limit.toPlainString();
        boolean removed = kept.removeIf(a -> a.equals("ge=-" + plain) || a.equals("le=" + plain) || a.equals("gt=-" + plain)
                || a.equals("lt=" + plain));
        if (removed && s.java() == JavaPrim.DOUBLE && s.ctype() == io.structbridge.annotations.CType.FLOAT) {
            rules.add(narrowRange(limit));
        }
    }

    /**
     * {@return a rule refusing a finite value beyond {@code max} in absolute value (NaN and the infinities
     * pass: a C float holds them)}: the range of a double stored as float, the largest float plus half a
     * double's ulp
     */
    static String narrowRange(java.math.BigDecimal max) {
        return "_SB_j_rule(lambda v: v != v or abs(v) == float(\"inf\") or abs(v) <= " + max.toPlainString()
                + ", \"must be exactly representable as float (IEEE 754 binary32)\")";
    }

    private static void floating(FieldModel f, boolean single, List<String> kept, List<String> rules) {
        boolean inexact = f.constraints().stream().anyMatch(c -> c instanceof Constraint.Min || c instanceof Constraint.Max
                || c instanceof Constraint.DecimalMin || c instanceof Constraint.DecimalMax || c instanceof Constraint.Digits);
        if (!inexact) {
            return;
        }
        kept.removeIf(a -> a.startsWith("ge=") || a.startsWith("le=") || a.startsWith("gt=") || a.startsWith("lt=")
                || a.startsWith("multiple_of="));
        String x = single ? "_SB_j_f32(v)" : "v";
        for (Constraint c : f.constraints()) {
            switch (c) {
                case Constraint.Min m -> rules.add(rule("lambda v: " + x + " >= " + bound(m.value(), single), c));
                case Constraint.Max m -> rules.add(rule("lambda v: " + x + " <= " + bound(m.value(), single), c));
                case Constraint.DecimalMin d -> rules.add(rule("lambda v: _SB_j_decimal_ok(" + x + ", "
                        + PythonWriter.literal(d.value()) + ", " + py(d.inclusive()) + ", True)", c));
                case Constraint.DecimalMax d -> rules.add(rule("lambda v: _SB_j_decimal_ok(" + x + ", "
                        + PythonWriter.literal(d.value()) + ", " + py(d.inclusive()) + ", False)", c));
                case Constraint.Sign s -> rules.add(rule("lambda v: " + x + (s.positive() ? " >" : " <") + (s.orZero() ? "= 0" : " 0"), c));
                case Constraint.Digits d -> rules.add(rule("lambda v: _SB_j_digits_ok(" + x + ", " + d.integer() + ", "
                        + d.fraction() + ", " + py(single) + ")", c));
                default -> { }
            }
        }
    }

    /** The long bound as Java compares it: converted to float (JLS 5.6, one rounding) or to double. */
    private static String bound(long value, boolean single) {
        return single ? Double.toString((double) (float) value) : Double.toString((double) value);
    }

    private static String py(boolean b) {
        return b ? "True" : "False";
    }
}

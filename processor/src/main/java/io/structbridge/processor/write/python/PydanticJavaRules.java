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
 * of {@code Double.toString}, {@code Float.toString} for a float: {@link PythonJavaNumbers}). Each raises Hibernate
 * Validator's message.
 * The {@code Field} keywords that would refuse what Java accepts are dropped; exact ones are kept.
 */
final class PydanticJavaRules {
    private PydanticJavaRules() {}

    /** The module-level helpers, inside the {@code if ... _SB_BaseModel is not None:} block (4 spaces). */
    static final String HELPERS = """
                import decimal as _SB_jdecimal
                import math as _SB_j_math
                from pydantic import AfterValidator as _SB_AfterValidator
                from pydantic import BeforeValidator as _SB_BeforeValidator

                def _SB_j_rule(test: _SB_typing.Callable[[_SB_Any], object], message: str,
                               suffix: _SB_typing.Optional[_SB_typing.Callable[[_SB_Any], str]] = None) -> _SB_Any:
                    \"\"\"An AfterValidator raising Hibernate Validator's message where Java's rule (test) fails (then suffix(v)).\"\"\"
                    def check(v: _SB_Any) -> _SB_Any:
                        if not test(v):
                            raise ValueError(message if suffix is None else message + suffix(v))
                        return v
                    return _SB_AfterValidator(check)

                def _SB_j_utf16(v: str) -> int:
                    \"\"\"String.length(): UTF-16 units.\"\"\"
                    return len(v.encode("utf-16-le", "surrogatepass")) // 2

                def _SB_j_not_blank(v: str) -> bool:
                    \"\"\"not String.trim().isEmpty(): some character above U+0020.\"\"\"
                    return any(c > " " for c in v)

                def _SB_j_digits_ok(x: float, integer: int, fraction: int, single: bool) -> bool:
                    \"\"\"@Digits: new BigDecimal(Double.toString(x) or Float.toString).stripTrailingZeros().\"\"\"
                    if x != x or x in (float("inf"), float("-inf")):
                        return False
                    t = _SB_jdecimal.Decimal(_SB_j_tostring(x, single)).normalize().as_tuple()
                    e = int(t.exponent)
                    return len(t.digits) + e <= integer and max(-e, 0) <= fraction

                def _SB_j_native_text(capacity: int, encoding: str, nul: bool, truncate: bool) -> _SB_Any:
                    \"\"\"An AfterValidator raising the rule of Java's native text check (FixedStrings, as the generated
                    validator reports it): U+0000, a character the encoding lacks, more bytes than the capacity holds.\"\"\"
                    def check(v: str) -> str:
                        r = _sb_text_encode(v, capacity, encoding, nul, truncate)
                        if isinstance(r, str):
                            raise ValueError(r)
                        return v
                    return _SB_AfterValidator(check)

                _SB_j_f32_max = float.fromhex("0x1.fffffep127")  # the largest finite binary32, Float.MAX_VALUE

                def _SB_j_json_number(single: bool) -> _SB_Any:
                    \"\"\"A BeforeValidator reading a JSON number of a Java float (single) or double member as the Jackson codec
                    does (JsonReading.readFloat/readDouble), in JSON mode only: a number beyond the range and a bare
                    NaN/Infinity token are refused (the strings "NaN", "Infinity", "-Infinity" are the codec's); a float is
                    the number rounded once to binary32. Python's JSON parser has already rounded a decimal to a double, so
                    a double exactly halfway between two floats cannot tell which way Jackson's single rounding of the
                    text goes: refused (an integer token, exact, is rounded once here).\"\"\"
                    kind = "float" if single else "double"
                    def check(v: _SB_Any, info: _SB_Any) -> _SB_Any:
                        if info.mode != "json" or isinstance(v, bool) or not isinstance(v, (int, float)):
                            return v
                        try:
                            d = float(v)
                        except OverflowError:
                            d = float("inf")
                        if d != d or d in (float("inf"), float("-inf")):
                            raise ValueError(f"the JSON number is outside the {kind} range, or a bare NaN/Infinity token (write the "
                                             "string \\"NaN\\", \\"Infinity\\" or \\"-Infinity\\")")
                        if not single:
                            return v
                        a = _SB_j_f32(d)
                        if a in (float("inf"), float("-inf")):
                            if isinstance(v, int) and abs(v) < 2 ** 128 - 2 ** 103:
                                # an integer below the binary32 overflow threshold rounds once to the largest float;
                                # float(v) had rounded it up to the threshold itself
                                return _SB_j_f32_max if v > 0 else -_SB_j_f32_max
                            raise ValueError("the JSON number is outside the float range (write \\"Infinity\\" for infinity)")
                        b = 2 * d - a
                        if a == d or _SB_j_f32(b) != b:
                            return v  # not halfway: rounding the double gives the float nearest the number
                        if isinstance(v, int):
                            return max(a, b) if v > int(d) else min(a, b) if v < int(d) else a
                        lo, hi = min(a, b), max(a, b)
                        raise ValueError(f"the JSON number lies within a double's rounding of the midpoint between the floats "
                                         f"{_SB_j_text(lo, True)} and {_SB_j_text(hi, True)}: Python's JSON parser keeps only that "
                                         "double, so which float Java reads cannot be decided (write the float's own digits, "
                                         "Float.toString)")
                    return _SB_BeforeValidator(check)

                _SB_j_windows: dict[str, tuple[float, float]] = {}

                def _SB_j_decimal_ok(x: float, bound: str, inclusive: bool, below: bool) -> bool:
                    \"\"\"@DecimalMin (below) or @DecimalMax: BigDecimal.valueOf(x) against new BigDecimal(bound); NaN fails.
                    Fast path: the double nearest the bound, fb, lies within half an ulp of it, and Double.toString(x)
                    lies within x's rounding interval, so an x beyond fb's neighbours compares with the bound as x
                    compares with fb; only the three doubles around fb take the decimal comparison.\"\"\"
                    if x != x:
                        return False
                    w = _SB_j_windows.get(bound)
                    if w is None:
                        fb = float(_SB_jdecimal.Decimal(bound))
                        w = _SB_j_windows[bound] = (_SB_j_math.nextafter(fb, -_SB_j_math.inf), _SB_j_math.nextafter(fb, _SB_j_math.inf))
                    if x < w[0]:
                        c = -1
                    elif x > w[1]:
                        c = 1
                    else:
                        c = int(_SB_jdecimal.Decimal(_SB_j_tostring(x, False)).compare(_SB_jdecimal.Decimal(bound)))
                    return (c > 0 or (c == 0 and inclusive)) if below else (c < 0 or (c == 0 and inclusive))

            """;

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

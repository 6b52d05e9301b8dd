package io.structbridge.processor.write.python;

import io.structbridge.annotations.CType;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.PythonRegex;
import io.structbridge.processor.model.TaggedUnion;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes {@code validate_array(array, limit=None)} into {@code R.py}: the checks of the generated Java
 * validator's in-place {@code RValidator.validateAll}, vectorised with NumPy over a structured array or an
 * {@code open_array} memmap (read in chunks of rows, never copied whole). Each check finds the offending rows
 * with a mask over a column; a {@code Violation} (property path, constraint, message, value) is built only for
 * those rows, and the list is in Java's order: by element, then member order, then the order in which the Java
 * validator checks a member's constraints. Per-row Python runs only where a column cannot decide: texts with a
 * byte of 0x80 or more are decoded (all of a chunk's at once while they decode), the message of invalid UTF-8
 * (the JDK decoder's malformed length), {@code @Pattern} (Python's {@code re}, translated by {@link PythonRegex}
 * with Java's meaning; each distinct text once per chunk), {@code @Digits} on a fractional floating value and a
 * {@code @DecimalMin}/{@code @DecimalMax} bound that no double equals, for the doubles next to it.
 *
 * <p>Rules, as the Java readers apply them: {@code bool} bytes 0/1, {@code uint64_t} at most
 * {@code Long.MAX_VALUE} (checked mode), enum codes, a NUL within a NUL-terminated text's capacity, UTF-8
 * (Unicode 15.0 Table 3-7) or US-ASCII text; {@code @Size} on text counts UTF-16 code units as
 * {@code String.length()} does; {@code @NotBlank} uses {@code String.trim()} (characters up to U+0020);
 * comparisons of a Java {@code float} with a {@code @Min}/{@code @Max} {@code long} happen in {@code float}
 * (binary numeric promotion, JLS 5.6); NaN violates every range and sign constraint (as the Java validator
 * decides). A tagged union checks its live member only; an untagged union reports its first member's
 * violations when no member reads validly.
 */
final class PythonValidateWriter {
    private final StructLayoutPlan root;
    private final List<StructLayoutPlan> order;
    /** Problems that make validate_array refuse to run (a pattern Python's re cannot mean as Java does). */
    private final List<String> refusals = new ArrayList<>();

    PythonValidateWriter(StructLayoutPlan root, List<StructLayoutPlan> order) {
        this.root = root;
        this.order = order;
    }

    /**
     * {@return the Python source: one checking function per struct and union, validate_array} The helpers they call
     * ({@code _sb_validate}, {@code _SB_TextColumn}, {@code _sb_digits_bad}, ...) are the runtime's ({@link PythonRuntime}).
     */
    String write() {
        StringBuilder b = new StringBuilder();
        for (StructLayoutPlan p : order) {
            if (p.model().union()) {
                union(p, b);
            } else {
                struct(p, b);
            }
        }
        String name = root.model().cName();
        String recordName = root.model().record().simpleName();
        b.append("\n\ndef validate_array(array: _SB_Any, limit: int | None = None) -> list[Violation]:\n")
                .append("    \"\"\"Every violation in a 1-D array of ").append(name)
                .append(" structs (an open_array memmap, or any array of ").append(name).append("_dtype), in place.\n\n")
                .append("    The same list, in the same order, as Java's ").append(recordName)
                .append("Validator.validateAll over the same bytes: paths\n")
                .append("    start with the element index ([17].qty), constraints are the annotations' simple names or \"Native\",\n")
                .append("    messages are Hibernate Validator's default English ones. limit (optional) stops after that many\n")
                .append("    violations. Rows are checked in chunks; a non-contiguous array is copied first. Needs NumPy.\n")
                .append("    \"\"\"\n")
                .append("    np = _sb_numpy()\n");
        if (!refusals.isEmpty()) {
            b.append("    raise NotImplementedError(").append(PythonWriter.literal(name + ": validate_array cannot check "
                    + String.join("; ", refusals))).append(")\n");
            return b.toString();
        }
        if (root.size() > Integer.MAX_VALUE) {
            b.append("    raise ValueError(").append(PythonWriter.literal(name + " has " + root.size()
                    + " bytes, more than NumPy's largest itemsize")).append(")\n");
            return b.toString();
        }
        b.append("    return _sb_validate(np, array, ").append(name).append("_dtype, ").append(root.size()).append(", _sb_vx_")
                .append(name).append(", limit, ").append(PythonWriter.literal(name)).append(")\n");
        return b.toString();
    }

    private static String header(String fn) {
        return "\n\ndef " + fn + "(a: _SB_Any, raw: _SB_Any, base: int, sel: _SB_Any, key: tuple[int, ...], prefix: str,\n"
                + "        " + " ".repeat(fn.length()) + "hits: list[_SB_Any]) -> None:\n"
                + "    np = _sb_numpy()\n    n = raw.shape[0]\n";
    }

    private void struct(StructLayoutPlan p, StringBuilder b) {
        String name = p.model().cName();
        b.append(header("_sb_vx_" + name));
        b.append("    \"\"\"The in-place checks of ").append(name).append("Validator.validate(segment, offset, prefix, out).\"\"\"\n");
        List<Member> members = p.members();
        for (int i = 0; i < members.size(); i++) {
            member(p, members.get(i), i, b);
        }
        b.append("    return None\n");
    }

    private void union(StructLayoutPlan p, StringBuilder b) {
        String name = p.model().cName();
        List<Member> members = p.members();
        for (int i = 0; i < members.size(); i++) {
            b.append(header("_sb_vm_" + name + "_" + i));
            b.append("    \"\"\"Member ").append(members.get(i).field().name()).append(" of union ").append(name)
                    .append(" read in place (").append(name).append("Validator.validate$").append(members.get(i).field().name())
                    .append(").\"\"\"\n");
            member(p, members.get(i), i, b);
            b.append("    return None\n");
        }
        b.append(header("_sb_vx_" + name));
        b.append("    \"\"\"Union ").append(name).append(": a member with violations is absent where the members that read hold its\n")
                .append("    bits; else the first such member's violations, as ").append(name).append("Validator does.\"\"\"\n")
                .append("    _sb_any_member(np, (");
        for (int i = 0; i < members.size(); i++) {
            b.append("_sb_vm_").append(name).append('_').append(i).append(", ");
        }
        b.append("), a, raw, base, sel, key, prefix, hits, _SB_").append(name).append("_HELD)\n    return None\n");
    }

    private void member(StructLayoutPlan p, Member m, int idx, StringBuilder b) {
        String f = m.field().name();
        String lit = PythonWriter.literal(f);
        String path = "prefix + " + lit;
        long offset = m.offset();
        TaggedUnion tagged = TaggedUnion.of(p.model(), f);
        b.append("    # ").append(f.replaceAll("[^A-Za-z0-9_$]", "?")).append('\n');
        if (tagged != null) {
            taggedUnion(p, m, idx, tagged, b);
            return;
        }
        switch (m.field().type()) {
            case FieldType.Nested n -> b.append("    _sb_vx_").append(n.struct().cName()).append("(a[").append(lit)
                    .append("], raw, base + ").append(offset).append(", sel, key + (").append(idx).append(",), ")
                    .append(path).append(" + \".\", hits)\n");
            case FieldType.NestedArray n -> b.append("    sub = a[").append(lit).append("]\n")
                    .append("    for j in range(").append(n.length()).append("):\n")
                    .append("        _sb_vx_").append(n.struct().cName()).append("(sub[:, j], raw, base + ").append(offset)
                    .append(" + j * ").append(m.nested().size()).append(", sel, key + (").append(idx).append(", j), ")
                    .append(path).append(" + \"[\" + str(j) + \"].\", hits)\n");
            case FieldType.Pointer ptr -> b.append("    # a pointer: nothing to check\n");
            case FieldType.Text t -> text(m, t, idx, b);
            case FieldType.PrimitiveArray arr -> primitiveArray(m, arr, idx, b);
            case FieldType.EnumCode e -> {
                b.append("    x = a[").append(lit).append("]\n");
                enumNative(e, "x", idx, path, b);
            }
            case FieldType.Scalar s -> scalar(m, s, idx, b);
            case FieldType.BitField bf -> bitField(m, bf, idx, b);
        }
    }

    /** Emits {@code live} (a row mask or None) after the native check with mask {@code bad}. */
    private static void live(StringBuilder b, String bad) {
        b.append("    live = ~(").append(bad).append(") if sel is None else sel & ~(").append(bad).append(")\n");
    }

    private void enumNative(FieldType.EnumCode e, String x, int idx, String path, StringBuilder b) {
        String codes = String.join(", ", e.constants().stream().map(c -> Long.toString(c.code())).toList());
        b.append("    bad = ~np.isin(").append(x).append(", np.array([").append(codes).append("], dtype=").append(x).append(".dtype))\n");
        String uint64 = e.ctype() == CType.UINT64
                ? "\"uint64_t value does not fit a Java long (0..9223372036854775807)\" if int(x[i]) > 9223372036854775807 else " : "";
        b.append("    _sb_add(hits, key + (").append(idx).append(", 0), bad, sel, n, \"Native\", lambda i, x=").append(x)
                .append(", prefix=prefix: (").append(path).append(", ").append(uint64)
                .append(PythonWriter.literal("unknown " + e.type().simpleName() + " code")).append(", str(int(x[i]))))\n");
    }

    private void scalar(Member m, FieldType.Scalar s, int idx, StringBuilder b) {
        String f = m.field().name();
        String lit = PythonWriter.literal(f);
        String path = "prefix + " + lit;
        boolean checks = !constraints(m).isEmpty();
        boolean nativeRule = s.ctype() == CType.BOOL || s.ctype() == CType.UINT64;
        if (!checks && !nativeRule) {
            b.append("    # nothing to check\n");
            return;
        }
        b.append("    x = a[").append(lit).append("]\n");
        String v = valueColumn(s, "x");
        if (s.ctype() == CType.BOOL) {
            b.append("    xb = x.view(np.uint8)\n    bad = xb > 1\n");
            b.append("    _sb_add(hits, key + (").append(idx).append(", 0), bad, sel, n, \"Native\", lambda i, xb=xb, prefix=prefix: (")
                    .append(path).append(", \"bool byte must be 0 or 1\", \"0x%02x\" % int(xb[i])))\n");
            live(b, "bad");
        } else if (s.ctype() == CType.UINT64) {
            uint64Native("x", idx, path, b);
            live(b, "bad");
        } else {
            b.append("    live = sel\n");
        }
        if (checks) {
            b.append("    v = ").append(v).append('\n');
            constraintChecks(m, s, idx, b);
        }
    }

    private static void uint64Native(String x, int idx, String path, StringBuilder b) {
        b.append("    bad = ").append(x).append(" > np.uint64(9223372036854775807)\n");
        b.append("    _sb_add(hits, key + (").append(idx).append(", 0), bad, sel, n, \"Native\", lambda i, x=").append(x)
                .append(", prefix=prefix: (").append(path)
                .append(", \"uint64_t value does not fit a Java long (0..9223372036854775807)\", str(int(x[i]))))\n");
    }

    /** {@return the Python expression of the Java value of column {@code x}} */
    private static String valueColumn(FieldType.Scalar s, String x) {
        if (s.java() == JavaPrim.BOOLEAN) {
            return x + ".view(np.uint8) != 0";
        }
        if (s.java() == JavaPrim.FLOAT || s.java() == JavaPrim.DOUBLE) {
            return x + ".astype(np.float64, copy=False)";
        }
        return x + ".astype(np.int64, copy=False)";
    }

    private void bitField(Member m, FieldType.BitField bf, int idx, StringBuilder b) {
        String f = m.field().name();
        String path = "prefix + " + PythonWriter.literal(f);
        boolean nativeRule = !bf.signed() && bf.width() == 64;
        if (constraints(m).isEmpty() && !nativeRule) {
            b.append("    # nothing to check\n");
            return;
        }
        long bit = m.bits().bitOffset();
        b.append("    x = _sb_bits(np, raw, base + ").append(bit >>> 3).append(", ").append(bit & 7).append(", ")
                .append(bf.width()).append(", ").append(bf.signed() ? "True" : "False").append(")\n");
        if (nativeRule) {
            uint64Native("x", idx, path, b);
            live(b, "bad");
        } else {
            b.append("    live = sel\n");
        }
        if (!constraints(m).isEmpty()) {
            FieldType.Scalar s = bf.declared();
            b.append("    v = ").append(s.java() == JavaPrim.BOOLEAN ? "x != 0" : "x.astype(np.int64)").append('\n');
            constraintChecks(m, s, idx, b);
        }
    }

    private static List<Constraint> constraints(Member m) {
        return m.field().constraints();
    }

    /** The constraints of a scalar (or bit-field) member over {@code v}, rows {@code live}. */
    private void constraintChecks(Member m, FieldType.Scalar s, int idx, StringBuilder b) {
        String path = "prefix + " + PythonWriter.literal(m.field().name());
        boolean floating = s.java() == JavaPrim.FLOAT || s.java() == JavaPrim.DOUBLE;
        String value = s.java() == JavaPrim.BOOLEAN ? "bool(v[i])" : floating ? "float(v[i])" : "int(v[i])";
        int c = 0;
        for (Constraint k : constraints(m)) {
            c++;
            String cond = condition(k, s, floating);
            if (cond == null) {
                continue;
            }
            b.append("    _sb_add(hits, key + (").append(idx).append(", ").append(c).append("), ").append(cond)
                    .append(", live, n, ").append(PythonWriter.literal(k.annotation())).append(", lambda i, v=v, prefix=prefix: (")
                    .append(path).append(", ").append(PythonWriter.literal(k.message())).append(", ").append(value).append("))\n");
        }
    }

    /** {@return the Python mask of rows of {@code v} that violate {@code k}, or null if it never fails in place} */
    private static String condition(Constraint k, FieldType.Scalar s, boolean floating) {
        boolean isFloat = s.java() == JavaPrim.FLOAT;
        return switch (k) {
            case Constraint.Assert a -> a.expected() ? "~v" : "v";
            case Constraint.Min x -> floating ? nanOr("<", bound(x.value(), isFloat)) : "v < " + x.value();
            case Constraint.Max x -> floating ? nanOr(">", bound(x.value(), isFloat)) : "v > " + x.value();
            case Constraint.DecimalMin x -> floating ? decimal(x.value(), x.inclusive(), true)
                    : integralBelow(new BigDecimal(x.value()), x.inclusive());
            case Constraint.DecimalMax x -> floating ? decimal(x.value(), x.inclusive(), false)
                    : integralAbove(new BigDecimal(x.value()), x.inclusive());
            case Constraint.Sign g -> floating ? nanOr(signOp(g), "0") : "(v " + signOp(g) + " 0)";
            case Constraint.Digits d -> floating ? "_sb_digits_bad(np, v, " + d.integer() + ", " + d.fraction() + (isFloat ? ", True" : "") + ")"
                    : digits(d, s);
            default -> null; // NotNull on a primitive, Email (Hibernate Validator only): never fails in place
        };
    }

    /**
     * {@return the mask of {@code np.isnan(v) | (v op bound)} in one comparison: the negated opposite comparison, which
     * is true for NaN (IEEE 754: every ordered comparison with NaN is false)}
     */
    private static String nanOr(String op, String bound) {
        String opposite = switch (op) {
            case "<" -> ">=";
            case "<=" -> ">";
            case ">" -> "<=";
            case ">=" -> "<";
            default -> throw new IllegalArgumentException(op);
        };
        return "~(v " + opposite + " " + bound + ")";
    }

    /** A {@code long} bound compared with a Java {@code float} (in float) or {@code double} (in double): its double value. */
    private static String bound(long value, boolean isFloat) {
        double d = isFloat ? (double) (float) value : (double) value;
        return Double.toString(d);
    }

    private static String decimal(String bound, boolean inclusive, boolean below) {
        if (exactDouble(bound)) {
            String d = Double.toString(Double.parseDouble(bound));
            String op = below ? (inclusive ? "<" : "<=") : (inclusive ? ">" : ">=");
            return nanOr(op, d);
        }
        return "_sb_decimal_bad(np, v, " + PythonWriter.literal(bound) + ", " + (inclusive ? "True" : "False") + ", "
                + (below ? "True" : "False") + ")";
    }

    /** As the Java validator decides (ConstraintCode.exactDouble): the bound is the shortest decimal of a double. */
    private static boolean exactDouble(String bound) {
        try {
            double d = Double.parseDouble(bound);
            return Double.isFinite(d) && new BigDecimal(Double.toString(d)).compareTo(new BigDecimal(bound)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String signOp(Constraint.Sign g) {
        if (g.positive()) {
            return g.orZero() ? "<" : "<=";
        }
        return g.orZero() ? ">" : ">=";
    }

    private static String integralBelow(BigDecimal min, boolean inclusive) {
        BigDecimal t = inclusive ? min.setScale(0, RoundingMode.CEILING) : min.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE);
        if (t.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) <= 0) {
            return null;
        }
        if (t.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return "True";
        }
        return "v < " + t.longValueExact();
    }

    private static String integralAbove(BigDecimal max, boolean inclusive) {
        BigDecimal t = inclusive ? max.setScale(0, RoundingMode.FLOOR) : max.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE);
        if (t.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) >= 0) {
            return null;
        }
        if (t.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return "True";
        }
        return "v > " + t.longValueExact();
    }

    private static String digits(Constraint.Digits d, FieldType.Scalar s) {
        if (d.integer() >= 19) {
            return null;
        }
        if (d.integer() == 0) {
            return "True";
        }
        long limit = BigDecimal.TEN.pow(d.integer()).longValueExact() - 1;
        if (limit >= CTypes.max(s.ctype()) && -limit <= Math.max(CTypes.min(s.ctype()), s.java().min())) {
            return null;
        }
        return "(v > " + limit + ") | (v < -" + limit + ")";
    }

    private void text(Member m, FieldType.Text t, int idx, StringBuilder b) {
        String f = m.field().name();
        String path = "prefix + " + PythonWriter.literal(f);
        String encoding = switch (t.encoding()) {
            case UTF_8 -> "utf-8";
            case ASCII -> "ascii";
            case LATIN_1 -> "latin-1";
        };
        b.append("    t = _SB_TextColumn(np, raw, base + ").append(m.offset()).append(", ").append(t.capacity()).append(", ")
                .append(t.nulTerminated() ? "True" : "False").append(", \"").append(encoding).append("\")\n");
        b.append("    _sb_add(hits, key + (").append(idx).append(", 0), t.bad, sel, n, \"Native\", lambda i, t=t, prefix=prefix: (")
                .append(path).append(",) + t.native(i))\n");
        live(b, "t.bad");
        int c = 0;
        for (Constraint k : constraints(m)) {
            c++;
            String cond = switch (k) {
                case Constraint.NotBlank x -> "t.blank()";
                case Constraint.NotEmpty x -> "t.empty()";
                case Constraint.Size z -> "(t.units() < " + z.min() + ") | (t.units() > " + z.max() + ")";
                case Constraint.Pattern p -> pattern(m, p);
                default -> null; // NotNull, Email: never fail in place
            };
            if (cond == null) {
                continue;
            }
            b.append("    _sb_add(hits, key + (").append(idx).append(", ").append(c).append("), ").append(cond)
                    .append(", live, n, ").append(PythonWriter.literal(k.annotation())).append(", lambda i, t=t, prefix=prefix: (")
                    .append(path).append(", ").append(PythonWriter.literal(k.message())).append(", t.value(i)))\n");
        }
    }

    private String pattern(Member m, Constraint.Pattern p) {
        PythonRegex.Translation tr = PythonRegex.forPythonRe(p.regexp(), p.flags());
        if (tr.problem() != null) {
            refusals.add("@Pattern(" + p.regexp() + ") on " + m.field().name() + ": " + tr.problem());
            return null;
        }
        return "t.mismatches(_SB_re.compile(" + PythonWriter.literal(tr.translated()) + "), live)";
    }

    private void primitiveArray(Member m, FieldType.PrimitiveArray arr, int idx, StringBuilder b) {
        String f = m.field().name();
        String lit = PythonWriter.literal(f);
        CType ct = arr.element().ctype();
        if (ct == CType.BOOL || ct == CType.UINT64) {
            b.append("    x = a[").append(lit).append("]\n");
            if (ct == CType.BOOL) {
                b.append("    xb = x.view(np.uint8)\n    badj = xb > 1\n");
            } else {
                b.append("    xb = x\n    badj = x > np.uint64(9223372036854775807)\n");
            }
            String message = ct == CType.BOOL ? "\"bool byte must be 0 or 1\", \"0x%02x\" % int(xb[i, j])"
                    : "\"uint64_t value does not fit a Java long (0..9223372036854775807)\", str(int(xb[i, j]))";
            b.append("    _sb_add(hits, key + (").append(idx).append(", 0), badj.any(axis=1), sel, n, \"Native\", ")
                    .append("lambda i, xb=xb, badj=badj, prefix=prefix: (lambda j: (prefix + ").append(PythonWriter.literal(f + "["))
                    .append(" + str(j) + \"]\", ").append(message).append("))(int(np.argmax(badj[i]))))\n");
            live(b, "badj.any(axis=1)");
        } else {
            b.append("    live = sel\n");
        }
        int c = 0;
        for (Constraint k : constraints(m)) {
            c++;
            boolean fails = switch (k) {
                case Constraint.NotEmpty x -> arr.length() == 0;
                case Constraint.Size z -> arr.length() < z.min() || arr.length() > z.max();
                default -> false;
            };
            if (fails) {
                b.append("    _sb_add(hits, key + (").append(idx).append(", ").append(c).append("), True, live, n, ")
                        .append(PythonWriter.literal(k.annotation())).append(", lambda i, x=a[").append(lit)
                        .append("], prefix=prefix: (prefix + ").append(lit).append(", ").append(PythonWriter.literal(k.message()))
                        .append(", x[i].tolist()))\n");
            }
        }
    }

    private void taggedUnion(StructLayoutPlan p, Member m, int idx, TaggedUnion t, StringBuilder b) {
        Member tag = p.members().stream().filter(x -> x.field().name().equals(t.tag())).findFirst().orElseThrow();
        StructLayoutPlan union = m.nested();
        String lit = PythonWriter.literal(m.field().name());
        b.append("    x = ").append(tag.bitField() ? "_sb_bits(np, raw, base + " + (tag.bits().bitOffset() >>> 3) + ", "
                + (tag.bits().bitOffset() & 7) + ", " + tag.bits().width() + ", "
                + (((FieldType.BitField) tag.field().type()).signed() ? "True" : "False") + ")"
                : "a[" + PythonWriter.literal(t.tag()) + "]").append('\n');
        b.append("    livem = np.full(n, -1, dtype=np.int64)\n");
        for (int k = 0; k < t.alternatives().size(); k++) {
            TaggedUnion.Alternative alt = t.alternatives().get(k);
            int member = indexOf(union, alt.member());
            for (long code : alt.codes()) {
                b.append("    livem[x == ").append(code).append("] = ").append(member).append('\n');
            }
        }
        // an invalid discriminator (unknown enum code, uint64_t out of range) is its own member's violation
        switch (tag.field().type()) {
            case FieldType.EnumCode e -> {
                String codes = String.join(", ", e.constants().stream().map(c -> Long.toString(c.code())).toList());
                b.append("    livem[~np.isin(x, np.array([").append(codes).append("], dtype=x.dtype))] = -2\n");
            }
            case FieldType.Scalar s when s.ctype() == CType.UINT64 ->
                    b.append("    livem[x > np.uint64(9223372036854775807)] = -2\n");
            default -> { }
        }
        StringBuilder none = new StringBuilder("selects no member of union " + union.model().record().simpleName() + " (");
        for (TaggedUnion.Alternative a : t.alternatives()) {
            for (String v : a.constants().isEmpty() ? a.json() : a.constants()) {
                none.append(none.charAt(none.length() - 1) == '(' ? "" : ", ").append(v).append(" -> ").append(a.member());
            }
        }
        none.append(')');
        b.append("    _sb_add(hits, key + (").append(idx).append(", 0), livem == -1, sel, n, \"Native\", lambda i, x=x, prefix=prefix: (prefix + ")
                .append(PythonWriter.literal(t.tag())).append(", ").append(PythonWriter.literal(none.toString())).append(", int(x[i])))\n");
        for (int k = 0; k < union.members().size(); k++) {
            b.append("    _sb_vm_").append(union.model().cName()).append('_').append(k).append("(a[").append(lit)
                    .append("], raw, base + ").append(m.offset()).append(", livem == ").append(k).append(" if sel is None else sel & (livem == ")
                    .append(k).append("), key + (").append(idx).append(", 1, ").append(k).append("), prefix + ").append(lit)
                    .append(" + \".\", hits)\n");
        }
    }

    private static int indexOf(StructLayoutPlan union, String member) {
        for (int i = 0; i < union.members().size(); i++) {
            if (union.members().get(i).field().name().equals(member)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no member " + member);
    }

}

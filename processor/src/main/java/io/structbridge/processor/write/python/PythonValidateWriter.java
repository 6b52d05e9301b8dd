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

    /** {@return the Python source: helpers, one checking function per struct and union, validate_array} */
    String write() {
        StringBuilder b = new StringBuilder(HELPERS);
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

    private static final String HELPERS = """


            # validate_array: the Java validator's in-place checks, vectorised with NumPy.
            import decimal as _SB_decimal
            from typing import Any as _SB_Any, Callable as _SB_Callable, NamedTuple as _SB_NamedTuple


            class Violation(_SB_NamedTuple):
                \"\"\"One violation, as Java's io.structbridge.runtime.Violation.

                path: the property path from the array, [17].qty, [3].inner.x, [2].values[1]; constraint: the
                annotation's simple name (Min, Size, ...) or "Native" for a rule of the native layout; message:
                Hibernate Validator's default English message, or the native rule; value: the offending value as Java
                reads it (int, float, bool, str) for a constraint, Java's rendering of the stored bytes for "Native"
                (a str such as "0x02", or None).
                \"\"\"
                path: str
                constraint: str
                message: str
                value: object


            def _sb_numpy() -> _SB_Any:
                if _SB_np is None:
                    raise ImportError("validate_array needs NumPy")
                return _SB_np


            def _sb_add(hits: list[_SB_Any], key: tuple[int, ...], mask: _SB_Any, sel: _SB_Any, n: int, constraint: str,
                        detail: _SB_Callable[[int], tuple[str, str, object]]) -> None:
                \"\"\"Records the rows of mask (within sel) that violate a check; detail(row) gives path, message, value.\"\"\"
                np = _sb_numpy()
                m = np.broadcast_to(np.asarray(mask, dtype=bool), (n,))
                if sel is not None:
                    m = m & sel
                rows = np.flatnonzero(m)
                if rows.size:
                    hits.append((key, rows, constraint, detail))


            def _sb_any_member(np: _SB_Any, members: tuple[_SB_Callable[..., None], ...], a: _SB_Any, raw: _SB_Any, base: int,
                               sel: _SB_Any, key: tuple[int, ...], prefix: str, hits: list[_SB_Any],
                               masks: tuple[tuple[bytes, tuple[tuple[int, int], ...]], ...]) -> None:
                \"\"\"An untagged union, as Java's validator (UnionBytes.refusing): a member with violations is absent where the
                members without hold every bit it holds (text: up to its NUL); else the first such member's violations (when
                no member reads, the first member's).\"\"\"
                n = raw.shape[0]
                size = len(masks[0][0])
                sub = raw[:, base:base + size]
                founds: list[list[_SB_Any]] = []
                bads: list[_SB_Any] = []
                for check in members:
                    found: list[_SB_Any] = []
                    check(a, raw, base, sel, key, prefix, found)
                    bad = np.zeros(n, dtype=bool)
                    for h in found:
                        bad[h[1]] = True
                    founds.append(found)
                    bads.append(bad)

                def held(m: int) -> _SB_Any:
                    bits = np.repeat(np.frombuffer(masks[m][0], dtype=np.uint8)[None, :], n, axis=0)
                    for start, capacity in masks[m][1]:
                        zero = sub[:, start:start + capacity] == 0
                        nul = np.where(zero.any(axis=1), zero.argmax(axis=1), capacity - 1)
                        bits[:, start:start + capacity] |= np.where(np.arange(capacity)[None, :] <= nul[:, None], np.uint8(0xFF), np.uint8(0))
                    return bits
                covered = np.zeros((n, size), dtype=np.uint8)
                reads = np.zeros(n, dtype=bool)
                for m in range(len(members)):
                    if (~bads[m]).any():
                        covered |= np.where(~bads[m][:, None], held(m), np.uint8(0))
                    reads |= ~bads[m]
                refusing = np.full(n, -1)
                for m in range(len(members)):
                    if bads[m].any():
                        lost = ((held(m) & ~covered) != 0).any(axis=1)
                        refusing[bads[m] & (refusing < 0) & (~reads | lost)] = m
                for m, found in enumerate(founds):
                    for h in found:
                        keep = refusing[h[1]] == m
                        if keep.any():
                            hits.append((h[0], h[1][keep], h[2], h[3]))


            def _sb_bits(np: _SB_Any, raw: _SB_Any, first: int, shift: int, width: int, signed: bool) -> _SB_Any:
                \"\"\"The bit-field at bits shift..shift+width-1 of the little-endian bytes from raw[:, first].\"\"\"
                nbytes = (shift + width + 7) // 8
                acc = np.zeros(raw.shape[0], dtype=np.uint64)
                for k in range(min(nbytes, 8)):
                    acc |= raw[:, first + k].astype(np.uint64) << np.uint64(8 * k)
                acc >>= np.uint64(shift)
                if nbytes > 8:
                    acc |= raw[:, first + 8].astype(np.uint64) << np.uint64(64 - shift)
                if width < 64:
                    acc &= np.uint64((1 << width) - 1)
                if signed:
                    return (acc << np.uint64(64 - width)).view(np.int64) >> np.int64(64 - width)
                return acc


            def _sb_java_digits(np: _SB_Any, x: float, single: bool) -> str:
                \"\"\"The decimal of Double.toString(x), or Float.toString of the float x (JDK 19+), for finite x: the
                shortest decimal that rounds back (Python's repr, NumPy's str of the binary32), but two digits when one
                would do, the closer of those (Java prints 4.9E-324 and 1.4E-45 where Python prints 5e-324 and 1e-45).\"\"\"
                s = str(np.float32(x)) if single else repr(x)
                if len(_SB_decimal.Decimal(s).normalize().as_tuple().digits) == 1:
                    return "%.1e" % x
                return s


            def _sb_decimal_bad(np: _SB_Any, v: _SB_Any, bound: str, inclusive: bool, below: bool) -> _SB_Any:
                \"\"\"@DecimalMin (below) or @DecimalMax with a bound no double equals, as Java's ConstraintChecks: NaN and
                the infinity beyond the bound violate; finite values compare as BigDecimal.valueOf(v), the decimal of
                Double.toString(v) (_sb_java_digits), exactly only for the doubles next to the bound.\"\"\"
                d = _SB_decimal.Decimal(bound)
                b = float(bound)
                lo, hi = np.nextafter(b, -np.inf), np.nextafter(b, np.inf)
                bad = np.isnan(v) | (v == (-np.inf if below else np.inf))
                finite = np.isfinite(v)
                near = finite & (v >= lo) & (v <= hi)
                bad |= finite & ~near & ((v < b) if below else (v > b))
                for i in np.flatnonzero(near).tolist():
                    c = _SB_decimal.Decimal(_sb_java_digits(np, float(v[i]), False)).compare(d)
                    bad[i] = (c < 0 or (c == 0 and not inclusive)) if below else (c > 0 or (c == 0 and not inclusive))
                return bad


            def _sb_digits_bad(np: _SB_Any, v: _SB_Any, integer: int, fraction: int, single: bool = False) -> _SB_Any:
                \"\"\"@Digits on a float or double, as Java's ConstraintChecks.digits: the digits of
                new BigDecimal(Double.toString(v)).stripTrailingZeros(), Float.toString for a float (_sb_java_digits); NaN and the
                infinities violate. Whole numbers are decided by a column comparison, others per row.\"\"\"
                bad = ~np.isfinite(v)
                finite = ~bad
                whole = finite & (np.floor(v) == v) & (np.abs(v) < 2.0 ** 53)
                if integer <= 15:
                    bad |= whole & ((np.abs(v) >= 10.0 ** integer) | ((v == 0) & (integer == 0)))
                    rest = finite & ~whole
                else:
                    rest = finite
                memo: dict[float, bool] = {}
                for i in np.flatnonzero(rest).tolist():
                    x = float(v[i])
                    r = memo.get(x)
                    if r is None:
                        text = _sb_java_digits(np, x, single)  # single: a Java float, Float.toString
                        t = _SB_decimal.Decimal(text).normalize().as_tuple()
                        exponent = int(t.exponent)
                        r = len(t.digits) + exponent > integer or max(-exponent, 0) > fraction
                        memo[x] = r
                    bad[i] = r
                return bad


            def _sb_jdk_malformed(d: bytes) -> tuple[int, int]:
                \"\"\"Where the JDK's UTF-8 decoder (CodingErrorAction.REPORT) stops on d and the malformed length it
                reports (sun.nio.cs.UTF_8: a truncated sequence at the end counts every byte left).\"\"\"
                n = len(d)
                i = 0
                while i < n:
                    b1 = d[i]
                    rest = n - i
                    if b1 < 0x80:
                        i += 1
                    elif 0xC2 <= b1 <= 0xDF:
                        if rest < 2:
                            return i, rest
                        if d[i + 1] & 0xC0 != 0x80:
                            return i, 1
                        i += 2
                    elif 0xE0 <= b1 <= 0xEF:
                        if rest < 3:
                            if rest > 1 and ((b1 == 0xE0 and d[i + 1] & 0xE0 == 0x80) or d[i + 1] & 0xC0 != 0x80):
                                return i, 1
                            return i, rest
                        b2, b3 = d[i + 1], d[i + 2]
                        first = (b1 == 0xE0 and b2 & 0xE0 == 0x80) or b2 & 0xC0 != 0x80
                        if first or b3 & 0xC0 != 0x80:
                            return i, 1 if first else 2
                        if 0xD800 <= ((b1 & 0x0F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)) <= 0xDFFF:
                            return i, 3
                        i += 3
                    elif 0xF0 <= b1 <= 0xF7:
                        if rest < 4:
                            if b1 > 0xF4 or (rest > 1 and ((b1 == 0xF0 and not 0x90 <= d[i + 1] <= 0xBF)
                                                           or (b1 == 0xF4 and d[i + 1] & 0xF0 != 0x80)
                                                           or d[i + 1] & 0xC0 != 0x80)):
                                return i, 1
                            if rest > 2 and d[i + 2] & 0xC0 != 0x80:
                                return i, 2
                            return i, rest
                        b2, b3, b4 = d[i + 1], d[i + 2], d[i + 3]
                        uc = (b1 & 0x07) << 18 | (b2 & 0x3F) << 12 | (b3 & 0x3F) << 6 | (b4 & 0x3F)
                        if b2 & 0xC0 != 0x80 or b3 & 0xC0 != 0x80 or b4 & 0xC0 != 0x80 or not 0x10000 <= uc <= 0x10FFFF:
                            if (b1 > 0xF4 or (b1 == 0xF0 and not 0x90 <= b2 <= 0xBF) or (b1 == 0xF4 and b2 & 0xF0 != 0x80)
                                    or b2 & 0xC0 != 0x80):
                                return i, 1
                            return i, 2 if b3 & 0xC0 != 0x80 else 3
                        i += 4
                    else:
                        return i, 1
                return -1, 0


            def _sb_undecodable(np: _SB_Any, m: _SB_Any, encoding: str) -> list[int]:
                \"\"\"The indexes of the rows of the byte matrix m whose text (the bytes up to the first 0, or the whole row) does
                not decode. The rows are decoded as one blob, each followed by a 0 byte (a 0 continues no sequence, so neither
                the next row nor bytes after a text's NUL can complete a sequence cut at its end), while that fails at most 8
                times (each failure: the failing row alone), then row by row.\"\"\"
                rows, width = m.shape
                framed = np.zeros((rows, width + 1), dtype=np.uint8)
                framed[:, :width] = m
                blob = framed.tobytes()
                out: list[int] = []
                start = 0
                failures = 0
                while start < rows and failures < 8:
                    try:
                        blob[start * (width + 1):].decode(encoding)
                        return out
                    except UnicodeDecodeError as e:
                        i = start + e.start // (width + 1)
                    try:
                        bytes(m[i]).split(b"\\0", 1)[0].decode(encoding)
                    except UnicodeDecodeError:
                        out.append(i)
                    start = i + 1
                    failures += 1
                for i in range(start, rows):
                    try:
                        bytes(m[i]).split(b"\\0", 1)[0].decode(encoding)
                    except UnicodeDecodeError:
                        out.append(i)
                return out


            def _sb_scan(np: _SB_Any, b: _SB_Any, capacity: int, nul: bool) -> tuple[_SB_Any, _SB_Any]:
                \"\"\"Per row of the byte matrix b (a member's bytes in a chunk of structs): (no byte is 0, or None unless nul;
                some byte is 0x80 or more). The member's 8-byte words are OR-ed column by column (strided reads of the
                chunk, no copy of the member); a row whose last byte is 0 (a NUL-padded text) has a 0 byte, so only the
                other rows are searched for one.\"\"\"
                n = b.shape[0]
                words = capacity // 8
                if words:
                    w = b[:, :words * 8].view("<u8")
                    acc = w[:, 0].copy()
                    for k in range(1, words):
                        acc |= w[:, k]
                    high = (acc & np.uint64(0x8080808080808080)) != 0
                else:
                    high = np.zeros(n, dtype=bool)
                if words * 8 < capacity:
                    tail = b[:, words * 8].copy()
                    for k in range(words * 8 + 1, capacity):
                        tail |= b[:, k]
                    high |= tail >= 0x80
                no_nul = None
                if nul:
                    no_nul = b[:, capacity - 1] != 0
                    rows = np.flatnonzero(no_nul)
                    if rows.size:
                        no_nul[rows] = ~(b[rows] == 0).any(axis=1)
                return no_nul, high


            class _SB_TextColumn:
                \"\"\"A text member of a chunk of structs and the native verdict of Java's FixedStrings.load (a missing
                NUL, then the encoding). Whole-column reductions find the rows without a NUL and the rows with a byte of
                0x80 or more; only those rows' texts are decoded (all at once while they decode), only rows whose first
                byte is at most 0x20 are looked at for @NotBlank, and text lengths are counted where a rule needs them.\"\"\"

                def __init__(self, np: _SB_Any, raw: _SB_Any, offset: int, capacity: int, nul: bool, encoding: str) -> None:
                    self.np = np
                    self.capacity = capacity
                    self.encoding = encoding
                    self.b = b = raw[:, offset:offset + capacity]
                    n = b.shape[0]
                    no_nul, has_high = _sb_scan(np, b, capacity, nul)
                    self.no_nul = no_nul if no_nul is not None else np.zeros(n, dtype=bool)
                    # Rows with a byte of 0x80 or more anywhere in the member: their texts, decoded as Java decodes them
                    # (Python's strict codecs accept exactly well-formed UTF-8, Unicode 15.0 Table 3-7).
                    self.high_rows = rows = np.flatnonzero(has_high & ~self.no_nul)
                    bad = np.zeros(n, dtype=bool)
                    if rows.size and encoding != "latin-1":
                        bad[rows[_sb_undecodable(np, b[rows], encoding)]] = True
                    self.bad = self.no_nul | bad
                    self._units: _SB_Any = None

                def lengths(self, rows: _SB_Any) -> _SB_Any:
                    \"\"\"The text lengths in bytes of rows: up to the first NUL, else the capacity.\"\"\"
                    np = self.np
                    zero = self.b[rows] == 0
                    return np.where(zero.any(axis=1), zero.argmax(axis=1), self.capacity)

                def bytes_at(self, i: int) -> bytes:
                    row = bytes(self.b[i])
                    k = row.find(b"\\0")
                    return row if k < 0 else row[:k]

                def value(self, i: int) -> str:
                    return self.bytes_at(i).decode(self.encoding)

                def native(self, i: int) -> tuple[str, object]:
                    if self.no_nul[i]:
                        return f"no NUL terminator within the capacity of {self.capacity} bytes", None
                    data = self.bytes_at(i)
                    if self.encoding == "ascii":
                        return "byte is not US-ASCII", "0x%02x" % next(x for x in data if x >= 0x80)
                    at, length = _sb_jdk_malformed(data)
                    shown = " ".join("%02x" % x for x in data[:32]) + (" ..." if len(data) > 32 else "")
                    return f"invalid UTF-8: malformed sequence of {length} byte(s) at byte {at} of the text", shown

                def empty(self) -> _SB_Any:
                    return self.b[:, 0] == 0

                def units(self) -> _SB_Any:
                    \"\"\"String.length(): UTF-16 code units (a 4-byte UTF-8 sequence is a surrogate pair).\"\"\"
                    np = self.np
                    if self._units is None:
                        units = self.lengths(slice(None))
                        rows = self.high_rows
                        if self.encoding == "utf-8" and rows.size:
                            sub = self.b[rows]
                            inside = np.arange(self.capacity)[None, :] < units[rows][:, None]
                            units[rows] = ((((sub & 0xC0) != 0x80) & inside).sum(axis=1)
                                           + ((sub >= 0xF0) & inside).sum(axis=1))
                        self._units = units
                    return self._units

                def blank(self) -> _SB_Any:
                    \"\"\"String.trim().isEmpty(): no character above U+0020 (every non-ASCII byte belongs to one); only
                    a text whose first byte is at most 0x20 (or that is empty) can be blank.\"\"\"
                    np = self.np
                    out = np.zeros(self.b.shape[0], dtype=bool)
                    rows = np.flatnonzero(self.b[:, 0] <= 0x20)
                    if rows.size:
                        inside = np.arange(self.capacity)[None, :] < self.lengths(rows)[:, None]
                        out[rows] = ~((self.b[rows] > 0x20) & inside).any(axis=1)
                    return out

                def mismatches(self, pattern: _SB_Any, live: _SB_Any) -> _SB_Any:
                    \"\"\"Rows (of live) whose text the anchored pattern does not match; each distinct text once.\"\"\"
                    np = self.np
                    n = self.b.shape[0]
                    out = np.zeros(n, dtype=bool)
                    rows = np.arange(n) if live is None else np.flatnonzero(live)
                    if rows.size == 0:
                        return out
                    texts = np.ascontiguousarray(self.b[rows]).view(f"S{self.capacity}").ravel().tolist()
                    memo: dict[bytes, bool] = {}
                    flags = []
                    for s in texts:
                        r = memo.get(s)
                        if r is None:
                            r = pattern.match(s.split(b"\\0", 1)[0].decode(self.encoding)) is None
                            memo[s] = r
                        flags.append(r)
                    out[rows] = np.array(flags, dtype=bool)
                    return out


            def _sb_validate(np: _SB_Any, array: _SB_Any, dtype: _SB_Any, size: int, check: _SB_Callable[..., None],
                             limit: int | None, name: str) -> list[Violation]:
                if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
                    raise ValueError(f"limit must be None or an int >= 0, not {limit!r}")
                a = np.asarray(array)  # a memmap's plain ndarray view: the mapping, not a copy
                if a.dtype != dtype:
                    raise ValueError(f"validate_array needs an array of {name}_dtype, not {a.dtype}")
                if a.ndim != 1:
                    raise ValueError(f"validate_array needs a 1-D array of {name} structs, not shape {a.shape}")
                if not a.flags.c_contiguous:
                    a = np.ascontiguousarray(a)
                out: list[Violation] = []
                count = a.shape[0]
                if count == 0 or limit == 0:
                    return out
                raw_all = a.view(np.uint8).reshape(count, size)
                # about 1 MiB of structs per chunk: the passes over a chunk's columns find it in the CPU's caches
                step = max(1, min(1 << 18, (1 << 20) // max(size, 1)))
                for start in range(0, count, step):
                    stop = min(start + step, count)
                    hits: list[_SB_Any] = []
                    # a signalling NaN cast from float32/float16 to float64 sets the invalid flag: quiet, as Java reads it
                    with np.errstate(invalid="ignore", over="ignore"):
                        check(a[start:stop], raw_all[start:stop], 0, None, (), "", hits)
                    if not hits:
                        continue
                    hits.sort(key=lambda h: h[0])
                    rows = np.concatenate([h[1] for h in hits])
                    which = np.repeat(np.arange(len(hits)), [h[1].size for h in hits])
                    order = np.lexsort((which, rows))
                    if limit is not None:
                        order = order[:limit - len(out)]
                    for i, w in zip(rows[order].tolist(), which[order].tolist()):
                        h = hits[w]
                        path, message, value = h[3](i)
                        out.append(Violation(f"[{start + i}].{path}", h[2], message, value))
                    if limit is not None and len(out) >= limit:
                        break
                return out
            """;
}

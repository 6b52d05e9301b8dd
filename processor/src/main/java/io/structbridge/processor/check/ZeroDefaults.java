package io.structbridge.processor.check;

import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * Whether all-zero bytes are a valid value of a member: what every reader sees for a member that a struct file's
 * older layout version lacks. Zero bytes are 0, {@code false}, the empty text, the enum constant of code 0 (if
 * there is one), arrays of zeros and nested structs of zeros; the verdict of each constraint on that value is the
 * generated validator's (Hibernate Validator's). A constraint that Hibernate Validator evaluates at run time (a
 * custom or uncompiled one) cannot be judged here, and is reported as such.
 */
final class ZeroDefaults {
    private ZeroDefaults() {}

    /**
     * {@return why all-zero bytes are not a valid value of top-level member {@code f} of {@code owner} in a file of
     * an older layout version, or null when they are}
     */
    static String problem(StructModel owner, FieldModel f) {
        TaggedUnion tagged = TaggedUnion.of(owner, f.name());
        if (tagged != null) {
            FieldModel tag = field(owner, tagged.tag());
            // while the discriminator is older than the union, a file holds a real tag over zero union bytes
            return taggedUnion(owner, tagged, f, tag.since() < f.since(), "");
        }
        return member(owner, f, "");
    }

    /** {@return why zero bytes are not a valid value of {@code f} (not a tagged union), or null} */
    private static String member(StructModel owner, FieldModel f, String path) {
        String here = path.isEmpty() ? "" : "its member '" + path + f.name() + "': ";
        String fallback = fallback(owner, f);
        if (fallback != null) {
            return here + fallback;
        }
        for (Constraint c : f.constraints()) {
            if (violated(c, f.type())) {
                return here + shown(c) + (c instanceof Constraint.Pattern || c instanceof Constraint.Email ? " does not match "
                        : " does not accept ")
                        + zero(f.type());
            }
        }
        TaggedUnion byTag = TaggedUnion.byTag(owner, f.name());
        String type = type(f.type(), path + f.name());
        if (type != null) {
            return type.startsWith("its member '") ? type : here + type;
        }
        if (byTag != null && byTag.alternatives().stream().noneMatch(a -> a.codes().contains(0L))) {
            return here + "discriminator value 0 selects no member of union '" + byTag.union() + "'";
        }
        return null;
    }

    /** {@return why zero bytes are not a valid value of the type itself (before constraints), or null} */
    private static String type(FieldType t, String path) {
        return switch (t) {
            case FieldType.EnumCode e -> e.constants().stream().anyMatch(c -> c.code() == 0) ? null
                    : "enum " + e.type().simpleName() + " has no constant of code 0 (its codes: "
                            + e.constants().stream().map(c -> Long.toString(c.code())).collect(Collectors.joining(", ")) + ")";
            case FieldType.Nested n -> struct(n.struct(), path + ".");
            case FieldType.NestedArray n -> struct(n.struct(), path + "[].");
            default -> null;
        };
    }

    /** {@return why a struct (or union) of zero bytes is not valid, or null} */
    private static String struct(StructModel s, String path) {
        if (s.union()) {
            List<String> why = new ArrayList<>();
            for (FieldModel m : s.fields()) {
                String p = member(s, m, path);
                if (p == null) {
                    return null; // a member that reads zero bytes: the union reads them
                }
                why.add(p);
            }
            return "no member of union " + s.record().simpleName() + " reads all-zero bytes (" + String.join("; ", why) + ")";
        }
        for (FieldModel m : s.fields()) {
            TaggedUnion tagged = TaggedUnion.of(s, m.name());
            String p = tagged != null ? taggedUnion(s, tagged, m, false, path) : member(s, m, path);
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    /**
     * {@return why zero union bytes are not valid for the member its discriminator selects, or null} With
     * {@code anyTag}, the discriminator may hold any value (it is of an older version), so every member must read
     * zero bytes; else it is zero too, and only the member that 0 selects must (if none, the discriminator's own
     * check reports it).
     */
    private static String taggedUnion(StructModel owner, TaggedUnion t, FieldModel union, boolean anyTag, String path) {
        String fallback = fallback(owner, union);
        if (fallback != null) {
            return (path.isEmpty() ? "" : "its member '" + path + union.name() + "': ") + fallback;
        }
        StructModel u = ((FieldType.Nested) union.type()).struct();
        for (TaggedUnion.Alternative a : t.alternatives()) {
            if (anyTag || a.codes().contains(0L)) {
                String p = member(u, field(u, a.member()), path + union.name() + ".");
                if (p != null) {
                    return p;
                }
            }
        }
        return null;
    }

    /** {@return the reason when a constraint of {@code f} is evaluated by Hibernate Validator at run time, or null} */
    private static String fallback(StructModel owner, FieldModel f) {
        String where = " on " + owner.record().simpleName() + "." + f.name();
        for (String reason : owner.fallback()) {
            if (reason.endsWith(where) || reason.endsWith(where + " is not compiled by structbridge")
                    || reason.endsWith(where + " uses validation groups")) {
                return reason.substring(0, reason.indexOf(where)) + " is evaluated by Hibernate Validator at run time, so"
                        + " the processor cannot show that " + zero(f.type()) + " passes it";
            }
        }
        return null;
    }

    /** {@return whether the zero value of {@code t} violates {@code c}, as the generated validator judges it} */
    static boolean violated(Constraint c, FieldType t) {
        FieldType type = t instanceof FieldType.BitField b ? b.declared() : t;
        return switch (c) {
            case Constraint.NotNull n -> false;
            case Constraint.NotEmpty n -> type instanceof FieldType.Text;
            case Constraint.NotBlank n -> type instanceof FieldType.Text;
            case Constraint.Size z -> switch (type) {
                case FieldType.Text x -> z.min() > 0;
                case FieldType.PrimitiveArray a -> a.length() < z.min() || a.length() > z.max();
                case FieldType.NestedArray a -> a.length() < z.min() || a.length() > z.max();
                default -> false;
            };
            case Constraint.Pattern p -> type instanceof FieldType.Text && !matchesEmpty(p.regexp(), p.flags());
            // Hibernate Validator's e-mail rule accepts the empty text; its regexp (default .*) must match it too
            case Constraint.Email e -> type instanceof FieldType.Text && !matchesEmpty(e.regexp(), e.flags());
            case Constraint.Assert a -> a.expected();
            case Constraint.Min m -> m.value() > 0;
            case Constraint.Max m -> m.value() < 0;
            case Constraint.DecimalMin m -> {
                int cmp = BigDecimal.ZERO.compareTo(new BigDecimal(m.value()));
                yield m.inclusive() ? cmp < 0 : cmp <= 0;
            }
            case Constraint.DecimalMax m -> {
                int cmp = BigDecimal.ZERO.compareTo(new BigDecimal(m.value()));
                yield m.inclusive() ? cmp > 0 : cmp >= 0;
            }
            case Constraint.Sign g -> !g.orZero();
            case Constraint.Digits d -> d.integer() < 1; // 0 has one integer digit
        };
    }

    /** {@return whether the pattern, with its flags, matches the empty text (a pattern that does not compile: yes)} */
    private static boolean matchesEmpty(String regexp, List<String> flagNames) {
        int flags = 0;
        for (String f : flagNames) {
            flags |= switch (f) {
                case "UNIX_LINES" -> java.util.regex.Pattern.UNIX_LINES;
                case "CASE_INSENSITIVE" -> java.util.regex.Pattern.CASE_INSENSITIVE;
                case "COMMENTS" -> java.util.regex.Pattern.COMMENTS;
                case "MULTILINE" -> java.util.regex.Pattern.MULTILINE;
                case "DOTALL" -> java.util.regex.Pattern.DOTALL;
                case "UNICODE_CASE" -> java.util.regex.Pattern.UNICODE_CASE;
                case "CANON_EQ" -> java.util.regex.Pattern.CANON_EQ;
                default -> 0;
            };
        }
        try {
            return java.util.regex.Pattern.compile(regexp, flags).matcher("").matches();
        } catch (PatternSyntaxException e) {
            return true; // reported by ConstraintDeclarationChecks
        }
    }

    /** {@return the constraint as the source would write it, with its values} */
    private static String shown(Constraint c) {
        return switch (c) {
            case Constraint.Min m -> "@Min(" + m.value() + ")";
            case Constraint.Max m -> "@Max(" + m.value() + ")";
            case Constraint.DecimalMin m -> "@DecimalMin(\"" + m.value() + "\"" + (m.inclusive() ? "" : ", inclusive = false") + ")";
            case Constraint.DecimalMax m -> "@DecimalMax(\"" + m.value() + "\"" + (m.inclusive() ? "" : ", inclusive = false") + ")";
            case Constraint.Size z -> "@Size(min = " + z.min() + (z.max() == Integer.MAX_VALUE ? "" : ", max = " + z.max()) + ")";
            case Constraint.Pattern p -> "@Pattern(\"" + p.regexp() + "\"" + (p.flags().isEmpty() ? "" : ", flags " + p.flags()) + ")";
            case Constraint.Digits d -> "@Digits(integer = " + d.integer() + ", fraction = " + d.fraction() + ")";
            case Constraint.Email e -> "@Email(regexp = \"" + e.regexp() + "\"" + (e.flags().isEmpty() ? "" : ", flags " + e.flags()) + ")";
            default -> "@" + c.annotation();
        };
    }

    /** {@return how the zero value of {@code t} reads, for messages} */
    private static String zero(FieldType t) {
        FieldType type = t instanceof FieldType.BitField b ? b.declared() : t;
        return switch (type) {
            case FieldType.Scalar s when s.java() == JavaPrim.BOOLEAN -> "false";
            case FieldType.Text x -> "the empty text";
            case FieldType.PrimitiveArray a -> "an array of " + a.length() + " zeros";
            case FieldType.NestedArray a -> "an array of " + a.length() + " all-zero structs";
            case FieldType.Nested n -> "an all-zero struct";
            case FieldType.EnumCode e -> "code 0";
            case FieldType.Pointer p -> "a null pointer";
            default -> "0";
        };
    }

    private static FieldModel field(StructModel s, String name) {
        return s.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }
}

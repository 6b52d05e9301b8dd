package io.structbridge.processor.check;

import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * Checks each constraint against the component's type and native range: a constraint on a type
 * it does not apply to is an error (Hibernate Validator would fail at run time), one the native
 * type makes impossible is an error, one it makes redundant is a warning, and a {@code @Pattern}
 * that ECMA-262 cannot express is a warning.
 */
public final class ConstraintDeclarationChecks {

    /**
     * Checks the constraints of a component.
     *
     * @param c the record component
     * @param type the component's type
     * @param cs the constraints as read, in the order of their annotations
     * @param mirrors the annotation each of {@code cs} was read from, at the same index
     * @param report where the errors and warnings go
     */
    public void check(Element c, FieldType type, List<Constraint> cs, List<AnnotationMirror> mirrors, Report report) {
        String name = c.getSimpleName().toString();
        java.math.BigDecimal lower = null;
        java.math.BigDecimal upper = null;
        String lowerName = null;
        String upperName = null;
        for (int i = 0; i < cs.size(); i++) {
            Constraint k = cs.get(i);
            AnnotationMirror a = mirrors.get(i);
            java.math.BigDecimal lo = null;
            java.math.BigDecimal hi = null;
            try {
                switch (k) {
                    case Constraint.DecimalMin d -> lo = new java.math.BigDecimal(d.value());
                    case Constraint.DecimalMax d -> hi = new java.math.BigDecimal(d.value());
                    case Constraint.Min m -> lo = java.math.BigDecimal.valueOf(m.value());
                    case Constraint.Max m -> hi = java.math.BigDecimal.valueOf(m.value());
                    default -> { }
                }
            } catch (NumberFormatException e) {
                String value = k instanceof Constraint.DecimalMin d ? d.value() : ((Constraint.DecimalMax) k).value();
                report.error(c, a, null, Message.BAD_DECIMAL, k.annotation(), value, name);
                continue;
            }
            if (k instanceof Constraint.Digits d && (d.integer() < 0 || d.fraction() < 0)) {
                report.error(c, a, null, Message.BAD_DIGITS, d.integer(), d.fraction(), name);
                continue;
            }
            if (lo != null && (lower == null || lo.compareTo(lower) > 0)) {
                lower = lo;
                lowerName = k.annotation();
            }
            if (hi != null && (upper == null || hi.compareTo(upper) < 0)) {
                upper = hi;
                upperName = k.annotation();
            }
            check(c, name, type, k, a, report);
        }
        if (lower != null && upper != null && lower.compareTo(upper) > 0) {
            report.error(c, Message.CONSTRAINTS_CONTRADICT, lowerName, upperName, name,
                    "at least " + lower.toPlainString() + " and at most " + upper.toPlainString());
        }
    }

    private void check(Element c, String name, FieldType type, Constraint k, AnnotationMirror a, Report report) {
        if (type instanceof FieldType.BitField b && !(k instanceof Constraint.Size)) {
            // a bit-field is a primitive of its declared type whose range is its width's
            if (k instanceof Constraint.Min || k instanceof Constraint.Max || k instanceof Constraint.Sign) {
                number(c, name, b.declared(), k, a, report, b);
                return;
            }
            type = b.declared();
        }
        String typeName = describe(type);
        switch (k) {
            case Constraint.NotNull n -> {
                if (type instanceof FieldType.Scalar) {
                    report.warning(c, a, Message.CONSTRAINT_REDUNDANT, "NotNull", name, "a primitive is never null.");
                }
            }
            case Constraint.NotEmpty n -> {
                if (!(type instanceof FieldType.Text || type instanceof FieldType.PrimitiveArray || type instanceof FieldType.NestedArray)) {
                    wrong(c, a, k, name, typeName, "it applies to strings and arrays.", report);
                }
            }
            case Constraint.NotBlank n -> {
                if (!(type instanceof FieldType.Text)) {
                    wrong(c, a, k, name, typeName, "it applies to strings.", report);
                }
            }
            case Constraint.Pattern p -> {
                if (!(type instanceof FieldType.Text)) {
                    wrong(c, a, k, name, typeName, "it applies to strings.", report);
                    return;
                }
                try {
                    java.util.regex.Pattern.compile(p.regexp());
                } catch (PatternSyntaxException e) {
                    report.error(c, a, null, Message.CONSTRAINT_WRONG_TYPE, "Pattern", name, "the regular expression",
                            "it does not compile: " + e.getDescription());
                    return;
                }
                String problem = EcmaRegex.problem(p.regexp());
                if (problem == null && !p.flags().isEmpty()) {
                    problem = "flags " + p.flags();
                }
                if (problem != null) {
                    report.warning(c, a, Message.PATTERN_NOT_ECMA, name, problem,
                            "Rewrite it without that construct (e.g. [A-Za-z] instead of (?i) or \\p{Alpha}).");
                }
            }
            case Constraint.Email e -> {
                if (!(type instanceof FieldType.Text)) {
                    wrong(c, a, k, name, typeName, "it applies to strings.", report);
                }
            }
            case Constraint.Assert as -> {
                if (!(type instanceof FieldType.Scalar s && s.java() == JavaPrim.BOOLEAN)) {
                    wrong(c, a, k, name, typeName, "it applies to booleans.", report);
                }
            }
            case Constraint.Size s -> size(c, name, type, s, a, report);
            default -> number(c, name, type, k, a, report, null);
        }
    }

    private void size(Element c, String name, FieldType type, Constraint.Size s, AnnotationMirror a, Report report) {
        switch (type) {
            case FieldType.Text t -> {
                int usable = t.nulTerminated() ? t.capacity() - 1 : t.capacity();
                if (s.min() > usable) {
                    report.error(c, a, null, Message.CONSTRAINT_NEVER_HOLDS, "Size", name, "char[" + t.capacity() + "]",
                            "at most " + usable + " bytes of text, and every UTF-16 unit needs at least one byte",
                            "Raise @Capacity or lower min.");
                } else if (s.max() > usable && s.min() == 0) {
                    // Only a @Size whose sole bound is a max above what the capacity holds does nothing.
                    report.warning(c, a, Message.CONSTRAINT_REDUNDANT, "Size", name, "max " + s.max()
                            + " exceeds the " + usable + " bytes of text char[" + t.capacity() + "] holds; the capacity limits first.");
                }
            }
            case FieldType.PrimitiveArray p -> arraySize(c, name, p.length(), s, a, report);
            case FieldType.NestedArray p -> arraySize(c, name, p.length(), s, a, report);
            default -> wrong(c, a, s, name, describe(type), "it applies to strings and arrays.", report);
        }
    }

    private void arraySize(Element c, String name, int length, Constraint.Size s, AnnotationMirror a, Report report) {
        if (length < s.min() || length > s.max()) {
            report.error(c, a, null, Message.CONSTRAINT_NEVER_HOLDS, "Size", name, "array", "exactly " + length
                    + " elements (@Length)", "Make @Size and @Length agree.");
        } else {
            report.warning(c, a, Message.CONSTRAINT_REDUNDANT, "Size", name, "the array always has exactly " + length + " elements.");
        }
    }

    private void number(Element c, String name, FieldType type, Constraint k, AnnotationMirror a, Report report,
                        FieldType.BitField bits) {
        if (!(type instanceof FieldType.Scalar s) || s.java() == JavaPrim.BOOLEAN || s.java() == JavaPrim.CHAR) {
            wrong(c, a, k, name, describe(type), "it applies to numbers.", report);
            return;
        }
        if (!s.java().integral()) {
            return;
        }
        if (CTypes.rawBits(s.ctype())) {
            report.error(c, a, null, Message.UINT64_BITS_CONSTRAINT, k.annotation(), name);
            return;
        }
        long lo = Math.max(bits != null ? bits.min() : CTypes.min(s.ctype()), s.java().min());
        long hi = Math.min(bits != null ? bits.max() : CTypes.max(s.ctype()), s.java().max());
        String range = (bits != null ? CTypes.cName(s.ctype()) + ":" + bits.width() : CTypes.cName(s.ctype())) + " values " + lo + ".." + hi;
        switch (k) {
            case Constraint.Min m -> bound(c, a, "Min", name, m.value() > hi, m.value() <= lo, range, report);
            case Constraint.Max m -> bound(c, a, "Max", name, m.value() < lo, m.value() >= hi, range, report);
            case Constraint.Sign g -> {
                boolean never = g.positive() ? hi < (g.orZero() ? 0 : 1) : lo > (g.orZero() ? 0 : -1);
                boolean redundant = g.positive() ? lo >= (g.orZero() ? 0 : 1) : hi <= (g.orZero() ? 0 : -1);
                bound(c, a, g.annotation(), name, never, redundant, range, report);
            }
            default -> { }
        }
    }

    private void bound(Element c, AnnotationMirror a, String annotation, String name, boolean never, boolean redundant,
                       String range, Report report) {
        if (never) {
            report.error(c, a, null, Message.CONSTRAINT_NEVER_HOLDS, annotation, name, range.substring(0, range.indexOf(' ')),
                    range.substring(range.indexOf(' ') + 1), "Change the constraint or the @NativeType.");
        } else if (redundant) {
            report.warning(c, a, Message.CONSTRAINT_REDUNDANT, annotation, name, "the native type already limits it to " + range + ".");
        }
    }

    private void wrong(Element c, AnnotationMirror a, Constraint k, String name, String type, String why, Report report) {
        report.error(c, a, null, Message.CONSTRAINT_WRONG_TYPE, k.annotation(), name, type, why);
    }

    private static String describe(FieldType t) {
        return switch (t) {
            case FieldType.Scalar s -> s.java().keyword();
            case FieldType.Text x -> "String";
            case FieldType.PrimitiveArray p -> p.element().java().keyword() + "[]";
            case FieldType.Nested n -> n.struct().record().simpleName();
            case FieldType.NestedArray n -> n.struct().record().simpleName() + "[]";
            case FieldType.EnumCode e -> e.type().simpleName();
            case FieldType.BitField b -> b.declared().java().keyword();
            case FieldType.Pointer p -> "MemorySegment (a pointer)";
        };
    }
}

package io.structbridge.processor.write.validator;

import com.palantir.javapoet.CodeBlock;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The Java condition that is true when a value violates a constraint, written to give the
 * verdicts of Hibernate Validator 9's built-in validators for the same Java type.
 */
final class ConstraintCode {
    private ConstraintCode() {}

    /** {@return the violation condition, or null when the constraint never fails for this type} */
    static CodeBlock violated(Constraint c, FieldType type, String v, String patternField, String patternMethod) {
        if (type instanceof FieldType.BitField b) {
            type = b.declared(); // the Java value of a bit-field is a primitive of its declared type
        }
        boolean floating = type instanceof FieldType.Scalar s && (s.java() == JavaPrim.FLOAT || s.java() == JavaPrim.DOUBLE);
        return switch (c) {
            case Constraint.NotNull n -> type instanceof FieldType.Scalar ? null : CodeBlock.of("$L == null", v);
            case Constraint.NotEmpty n -> type instanceof FieldType.Text
                    ? CodeBlock.of("$L == null || $L.isEmpty()", v, v) : CodeBlock.of("$L == null || $L.length == 0", v, v);
            case Constraint.NotBlank n -> CodeBlock.of("$L == null || $L.trim().isEmpty()", v, v);
            case Constraint.Size z -> type instanceof FieldType.Text
                    ? CodeBlock.of("$L != null && ($L.length() < $L || $L.length() > $L)", v, v, z.min(), v, z.max())
                    : CodeBlock.of("$L != null && ($L.length < $L || $L.length > $L)", v, v, z.min(), v, z.max());
            case Constraint.Pattern p -> PatternCode.parse(p.regexp(), p.flags()) != null
                    ? CodeBlock.of("$L != null && !$L($L)", v, patternMethod, v)
                    : CodeBlock.of("$L != null && !$L.matcher($L).matches()", v, patternField, v);
            case Constraint.Email e -> null;
            case Constraint.Assert a -> a.expected() ? CodeBlock.of("!$L", v) : CodeBlock.of("$L", v);
            case Constraint.Min m -> floating
                    ? CodeBlock.of("$T.isNaN($L) || $L < $LL", Double.class, v, v, m.value())
                    : CodeBlock.of("$L < $LL", v, m.value());
            case Constraint.Max m -> floating
                    ? CodeBlock.of("$T.isNaN($L) || $L > $LL", Double.class, v, v, m.value())
                    : CodeBlock.of("$L > $LL", v, m.value());
            case Constraint.DecimalMin m -> floating
                    ? (exactDouble(m.value())
                        ? CodeBlock.of("$T.isNaN($L) || $L $L $L", Double.class, v, v, m.inclusive() ? "<" : "<=", doubleLiteral(m.value()))
                        : CodeBlock.of("$T.decimalBelow($L, new $T($S), $L)", ValidatorClassWriter.CHECKS, v, BigDecimal.class, m.value(), m.inclusive()))
                    : integralBelow(new BigDecimal(m.value()), m.inclusive(), v);
            case Constraint.DecimalMax m -> floating
                    ? (exactDouble(m.value())
                        ? CodeBlock.of("$T.isNaN($L) || $L $L $L", Double.class, v, v, m.inclusive() ? ">" : ">=", doubleLiteral(m.value()))
                        : CodeBlock.of("$T.decimalAbove($L, new $T($S), $L)", ValidatorClassWriter.CHECKS, v, BigDecimal.class, m.value(), m.inclusive()))
                    : integralAbove(new BigDecimal(m.value()), m.inclusive(), v);
            case Constraint.Sign g -> floating
                    ? CodeBlock.of("$T.isNaN($L) || $L $L 0", Double.class, v, v, signOp(g))
                    : CodeBlock.of("$L $L 0", v, signOp(g));
            case Constraint.Digits d -> floating
                    ? CodeBlock.of("!$T.digits($L, $L, $L)", ValidatorClassWriter.CHECKS, v, d.integer(), d.fraction())
                    : digits(d, v, (FieldType.Scalar) type);
        };
    }

    /**
     * {@return whether the bound is the shortest decimal of its nearest double} Hibernate Validator
     * compares {@code BigDecimal.valueOf(v)} (the shortest decimal of v) with the bound; when the
     * bound is itself the shortest decimal of a double d, that comparison equals comparing v with d,
     * so the generated check compares doubles and allocates nothing.
     */
    static boolean exactDouble(String bound) {
        try {
            double d = Double.parseDouble(bound);
            return Double.isFinite(d) && new BigDecimal(Double.toString(d)).compareTo(new BigDecimal(bound)) == 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String doubleLiteral(String bound) {
        return Double.toString(Double.parseDouble(bound)) + "d";
    }

    private static String signOp(Constraint.Sign g) {
        if (g.positive()) {
            return g.orZero() ? "<" : "<=";
        }
        return g.orZero() ? ">" : ">=";
    }

    /** {@code v >= min} (or {@code >}) for an integer v: compare with the smallest integer allowed. */
    private static CodeBlock integralBelow(BigDecimal min, boolean inclusive, String v) {
        BigDecimal t = inclusive ? min.setScale(0, RoundingMode.CEILING) : min.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE);
        if (t.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) <= 0) {
            return null;
        }
        if (t.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return CodeBlock.of("true");
        }
        return CodeBlock.of("$L < $LL", v, t.longValueExact());
    }

    private static CodeBlock integralAbove(BigDecimal max, boolean inclusive, String v) {
        BigDecimal t = inclusive ? max.setScale(0, RoundingMode.FLOOR) : max.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE);
        if (t.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) >= 0) {
            return null;
        }
        if (t.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return CodeBlock.of("true");
        }
        return CodeBlock.of("$L > $LL", v, t.longValueExact());
    }

    /** Hibernate Validator counts the digits of {@code new BigDecimal(v.toString()).stripTrailingZeros()}. */
    private static CodeBlock digits(Constraint.Digits d, String v, FieldType.Scalar s) {
        if (d.integer() >= 19) {
            return null;
        }
        if (d.integer() == 0) {
            return CodeBlock.of("true");
        }
        long limit = BigDecimal.TEN.pow(d.integer()).longValueExact() - 1;
        if (limit >= CTypes.max(s.ctype()) && -limit <= Math.max(CTypes.min(s.ctype()), s.java().min())) {
            return null;
        }
        return CodeBlock.of("$L > $LL || $L < -$LL", v, limit, v, limit);
    }
}

package io.structbridge.processor.write.jsonschema;

import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldType;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The numeric interval a component accepts: the native range intersected with every constraint,
 * with each constraint read the way Hibernate Validator 9 evaluates it (the differential tests
 * check this: {@code @Max(5) double} refuses 5.5, NaN fails every bound).
 */
final class Bounds {
    private BigDecimal lower;
    private boolean lowerExclusive;
    private BigDecimal upper;
    private boolean upperExclusive;
    private BigDecimal multipleOf;
    private final boolean floating;

    private Bounds(boolean floating) {
        this.floating = floating;
    }

    static Bounds integral(FieldType.Scalar s) {
        Bounds b = new Bounds(false);
        b.lower = BigDecimal.valueOf(Math.max(CTypes.min(s.ctype()), s.java().min()));
        b.upper = CTypes.rawBits(s.ctype()) ? new BigDecimal(CTypes.UINT64_MAX_TEXT)
                : BigDecimal.valueOf(Math.min(CTypes.max(s.ctype()), s.java().max()));
        return b;
    }

    static Bounds integral(long min, long max) {
        Bounds b = new Bounds(false);
        b.lower = BigDecimal.valueOf(min);
        b.upper = BigDecimal.valueOf(max);
        return b;
    }

    static Bounds floating(FieldType.Scalar s) {
        Bounds b = new Bounds(true);
        if (s.ctype() == io.structbridge.annotations.CType.FLOAT16) {
            // the finite binary16 values (IEEE 754-2019 3.6: emax 15, 11 significant bits); the infinities are the strings
            b.lower = BigDecimal.valueOf(-65504);
            b.upper = BigDecimal.valueOf(65504);
        }
        return b;
    }

    void apply(Constraint c) {
        switch (c) {
            case Constraint.Min m -> lower(BigDecimal.valueOf(m.value()), false);
            case Constraint.Max m -> upper(BigDecimal.valueOf(m.value()), false);
            case Constraint.DecimalMin m -> lower(new BigDecimal(m.value()), !m.inclusive());
            case Constraint.DecimalMax m -> upper(new BigDecimal(m.value()), !m.inclusive());
            case Constraint.Sign g -> {
                if (g.positive()) {
                    lower(BigDecimal.ZERO, !g.orZero());
                } else {
                    upper(BigDecimal.ZERO, !g.orZero());
                }
            }
            case Constraint.Digits d -> {
                BigDecimal limit = BigDecimal.TEN.pow(d.integer());
                if (floating) {
                    lower(limit.negate(), true);
                    upper(limit, true);
                    multipleOf = BigDecimal.ONE.scaleByPowerOfTen(-d.fraction());
                } else {
                    lower(limit.negate().add(BigDecimal.ONE), false);
                    upper(limit.subtract(BigDecimal.ONE), false);
                }
            }
            default -> { }
        }
    }

    private void lower(BigDecimal v, boolean exclusive) {
        int cmp = lower == null ? 1 : v.compareTo(lower);
        if (cmp > 0 || (cmp == 0 && exclusive)) {
            lower = v;
            lowerExclusive = exclusive;
        }
    }

    private void upper(BigDecimal v, boolean exclusive) {
        int cmp = upper == null ? -1 : v.compareTo(upper);
        if (cmp < 0 || (cmp == 0 && exclusive)) {
            upper = v;
            upperExclusive = exclusive;
        }
    }

    void putInto(Map<String, Object> m) {
        if (lower != null) {
            m.put(lowerExclusive ? "exclusiveMinimum" : "minimum", lower);
        }
        if (upper != null) {
            m.put(upperExclusive ? "exclusiveMaximum" : "maximum", upper);
        }
        if (multipleOf != null) {
            m.put("multipleOf", multipleOf);
        }
    }
}

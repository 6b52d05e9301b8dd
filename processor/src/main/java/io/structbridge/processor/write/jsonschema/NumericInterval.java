package io.structbridge.processor.write.jsonschema;

import io.structbridge.annotations.CType;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/**
 * The numeric interval a component accepts: the native range intersected with every constraint,
 * with each constraint read the way Hibernate Validator 9 evaluates it (the differential tests
 * check this: {@code @Max(5) double} refuses 5.5, NaN fails every bound).
 */
final class NumericInterval {
    private BigDecimal lower;
    private boolean lowerExclusive;
    private BigDecimal upper;
    private boolean upperExclusive;
    private BigDecimal multipleOf;
    private final boolean floating;

    private NumericInterval(boolean floating) {
        this.floating = floating;
    }

    static NumericInterval integral(FieldType.Scalar s) {
        NumericInterval b = new NumericInterval(false);
        b.lower = BigDecimal.valueOf(Math.max(CTypes.min(s.ctype()), s.java().min()));
        b.upper = CTypes.rawBits(s.ctype()) ? new BigDecimal(CTypes.UINT64_MAX_TEXT)
                : BigDecimal.valueOf(Math.min(CTypes.max(s.ctype()), s.java().max()));
        return b;
    }

    static NumericInterval integral(long min, long max) {
        NumericInterval b = new NumericInterval(false);
        b.lower = BigDecimal.valueOf(min);
        b.upper = BigDecimal.valueOf(max);
        return b;
    }

    /** The largest finite binary16, 65504 (IEEE 754-2019 3.6: emax 15, 11 significant bits). */
    static final BigDecimal HALF_MAX = BigDecimal.valueOf(65504);
    /** The largest finite binary32, (2 - 2^-23) * 2^127, exactly. */
    static final BigDecimal FLOAT_MAX = new BigDecimal(Float.MAX_VALUE);
    /** 2^128 - 2^103: the least number that rounds (to nearest, ties to even) to the binary32 infinity. */
    static final BigDecimal FLOAT_OVERFLOW = new BigDecimal(BigInteger.TWO.pow(128).subtract(BigInteger.TWO.pow(103)));
    /** 2^1024 - 2^970: the least number that rounds to the binary64 infinity. */
    static final BigDecimal DOUBLE_OVERFLOW = new BigDecimal(BigInteger.TWO.pow(1024).subtract(BigInteger.TWO.pow(970)));

    /**
     * The numbers the JSON codec reads into the member as a finite value (the infinities are the strings
     * "Infinity"/"-Infinity"). The codec rounds a number once to the member's Java type ({@code float} or
     * {@code double}, to nearest, ties to even). Stored as that type, every number that rounds to a finite
     * value is taken: the bound is the overflow threshold, exclusive. Stored narrower ({@code FLOAT16}, or
     * {@code FLOAT} for a {@code double}), only values of the narrow type are taken: the bound is the
     * largest number that rounds to the narrow type's largest value, its largest value plus half an ulp
     * of the Java type there, inclusive (the tie rounds to it: its significand is even in the Java type).
     */
    static NumericInterval floating(FieldType.Scalar s) {
        NumericInterval b = new NumericInterval(true);
        BigDecimal limit = floatingLimit(s);
        boolean exclusive = !narrow(s);
        b.lower = limit.negate();
        b.upper = limit;
        b.lowerExclusive = exclusive;
        b.upperExclusive = exclusive;
        return b;
    }

    /** {@return whether the member is stored narrower than its Java type: a half, or a double stored as float} */
    private static boolean narrow(FieldType.Scalar s) {
        return s.ctype() == CType.FLOAT16 || s.java() != io.structbridge.processor.model.JavaPrim.FLOAT && s.ctype() == CType.FLOAT;
    }

    /** {@return the positive bound of {@link #floating}} */
    static BigDecimal floatingLimit(FieldType.Scalar s) {
        boolean single = s.java() == io.structbridge.processor.model.JavaPrim.FLOAT;
        if (narrow(s)) {
            BigDecimal max = s.ctype() == CType.FLOAT16 ? HALF_MAX : FLOAT_MAX;
            double ulp = single ? Math.ulp(max.floatValue()) : Math.ulp(max.doubleValue());
            return max.add(new BigDecimal(ulp).divide(BigDecimal.TWO));
        }
        return single ? FLOAT_OVERFLOW : DOUBLE_OVERFLOW;
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

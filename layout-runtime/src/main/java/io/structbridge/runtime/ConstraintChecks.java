package io.structbridge.runtime;

import java.math.BigDecimal;

/**
 * Constraint tests that generated validators call where a one-line condition would not do,
 * written to give Hibernate Validator 9's verdicts for {@code double} values.
 */
public final class ConstraintChecks {
    private ConstraintChecks() {}

    /**
     * {@return whether {@code v} violates {@code @DecimalMin(min, inclusive)}} NaN and -Infinity
     * violate it, +Infinity satisfies it; finite values compare as {@code BigDecimal.valueOf(v)}.
     *
     * @param v the value
     * @param min the bound
     * @param inclusive whether the bound itself is allowed
     */
    public static boolean decimalBelow(double v, BigDecimal min, boolean inclusive) {
        if (Double.isNaN(v) || v == Double.NEGATIVE_INFINITY) {
            return true;
        }
        if (v == Double.POSITIVE_INFINITY) {
            return false;
        }
        int cmp = BigDecimal.valueOf(v).compareTo(min);
        return inclusive ? cmp < 0 : cmp <= 0;
    }

    /**
     * {@return whether {@code v} violates {@code @DecimalMax(max, inclusive)}}
     *
     * @param v the value
     * @param max the bound
     * @param inclusive whether the bound itself is allowed
     */
    public static boolean decimalAbove(double v, BigDecimal max, boolean inclusive) {
        if (Double.isNaN(v) || v == Double.POSITIVE_INFINITY) {
            return true;
        }
        if (v == Double.NEGATIVE_INFINITY) {
            return false;
        }
        int cmp = BigDecimal.valueOf(v).compareTo(max);
        return inclusive ? cmp > 0 : cmp >= 0;
    }

    /**
     * {@return whether {@code v} satisfies {@code @Digits(integer, fraction)}}, counting the
     * digits of {@code new BigDecimal(Double.toString(v)).stripTrailingZeros()}; NaN and infinities do not.
     *
     * @param v the value
     * @param integer the maximum number of integer digits
     * @param fraction the maximum number of fraction digits
     */
    public static boolean digits(double v, int integer, int fraction) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return false;
        }
        BigDecimal n = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        int integerDigits = n.precision() - n.scale();
        int fractionDigits = Math.max(n.scale(), 0);
        return integerDigits <= integer && fractionDigits <= fraction;
    }
}

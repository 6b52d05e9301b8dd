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
     * {@return whether {@code v} has at most {@code integer} integer and {@code fraction} fraction digits}
     * For a {@code float} (and a {@code _Float16} member, read as a float), as Hibernate Validator's
     * {@code DigitsValidatorForNumber}: the digits of {@code new BigDecimal(Float.toString(v)).stripTrailingZeros()}
     * (0.1f has one fraction digit, not the 17 of its widening to double); NaN and infinities do not.
     *
     * @param v the value
     * @param integer the maximum number of integer digits
     * @param fraction the maximum number of fraction digits
     */
    public static boolean digits(float v, int integer, int fraction) {
        if (Float.isNaN(v) || Float.isInfinite(v)) {
            return false;
        }
        return digits(Float.toString(v), integer, fraction);
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
        return digits(Double.toString(v), integer, fraction);
    }

    /** The digits of {@code new BigDecimal(text).stripTrailingZeros()} against the bounds. */
    private static boolean digits(String text, int integer, int fraction) {
        BigDecimal n = new BigDecimal(text).stripTrailingZeros();
        int integerDigits = n.precision() - n.scale();
        int fractionDigits = Math.max(n.scale(), 0);
        return integerDigits <= integer && fractionDigits <= fraction;
    }
}

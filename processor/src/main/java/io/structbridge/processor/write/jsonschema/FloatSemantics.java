package io.structbridge.processor.write.jsonschema;

import io.structbridge.processor.model.Constraint;

/**
 * Whether Hibernate Validator 9 accepts NaN or an infinity under a constraint: NaN fails every
 * numeric constraint; +Infinity passes lower bounds and positive signs; -Infinity the reverse.
 */
final class FloatSemantics {
    private FloatSemantics() {}

    static boolean accepts(Constraint c, String special) {
        boolean nan = special.equals("NaN");
        boolean positive = special.equals("Infinity");
        return switch (c) {
            case Constraint.Min m -> !nan && positive;
            case Constraint.DecimalMin m -> !nan && positive;
            case Constraint.Max m -> !nan && !positive;
            case Constraint.DecimalMax m -> !nan && !positive;
            case Constraint.Sign g -> !nan && g.positive() == positive;
            case Constraint.Digits d -> false;
            default -> true;
        };
    }
}

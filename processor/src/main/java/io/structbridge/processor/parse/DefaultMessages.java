package io.structbridge.processor.parse;

import java.util.Map;

/**
 * The default English messages of Hibernate Validator 9 ({@code
 * org/hibernate/validator/ValidationMessages.properties}), interpolated for given attribute
 * values. Tests compare every one with Hibernate Validator's own output.
 */
final class DefaultMessages {
    private DefaultMessages() {}

    static String text(String constraint, Map<String, Object> v) {
        return switch (constraint) {
            case "AssertFalse" -> "must be false";
            case "AssertTrue" -> "must be true";
            case "DecimalMax" -> "must be less than " + (Boolean.TRUE.equals(v.get("inclusive")) ? "or equal to " : "") + v.get("value");
            case "DecimalMin" -> "must be greater than " + (Boolean.TRUE.equals(v.get("inclusive")) ? "or equal to " : "") + v.get("value");
            case "Digits" -> "numeric value out of bounds (<" + v.get("integer") + " digits>.<" + v.get("fraction") + " digits> expected)";
            case "Email" -> "must be a well-formed email address";
            case "Max" -> "must be less than or equal to " + v.get("value");
            case "Min" -> "must be greater than or equal to " + v.get("value");
            case "Negative" -> "must be less than 0";
            case "NegativeOrZero" -> "must be less than or equal to 0";
            case "NotBlank" -> "must not be blank";
            case "NotEmpty" -> "must not be empty";
            case "NotNull" -> "must not be null";
            case "Pattern" -> "must match \"" + v.get("regexp") + "\"";
            case "Positive" -> "must be greater than 0";
            case "PositiveOrZero" -> "must be greater than or equal to 0";
            case "Size" -> "size must be between " + v.get("min") + " and " + v.get("max");
            default -> null;
        };
    }
}

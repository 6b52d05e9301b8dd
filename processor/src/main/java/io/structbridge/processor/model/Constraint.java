package io.structbridge.processor.model;

import java.util.List;

/**
 * A Jakarta Bean Validation constraint on a component, with its message already interpolated the
 * way Hibernate Validator's default English messages read (e.g. {@code must be greater than or
 * equal to 0}).
 */
public sealed interface Constraint {
    /** {@return the annotation's simple name, e.g. {@code Min}} */
    String annotation();

    /** {@return the interpolated message} */
    String message();

    record NotNull(String message) implements Constraint {
        public String annotation() { return "NotNull"; }
    }

    record NotEmpty(String message) implements Constraint {
        public String annotation() { return "NotEmpty"; }
    }

    record NotBlank(String message) implements Constraint {
        public String annotation() { return "NotBlank"; }
    }

    /** {@code @Size}: UTF-16 units for strings, elements for arrays. */
    record Size(int min, int max, String message) implements Constraint {
        public String annotation() { return "Size"; }
    }

    record Min(long value, String message) implements Constraint {
        public String annotation() { return "Min"; }
    }

    record Max(long value, String message) implements Constraint {
        public String annotation() { return "Max"; }
    }

    record DecimalMin(String value, boolean inclusive, String message) implements Constraint {
        public String annotation() { return "DecimalMin"; }
    }

    record DecimalMax(String value, boolean inclusive, String message) implements Constraint {
        public String annotation() { return "DecimalMax"; }
    }

    /** {@code @Positive}, {@code @PositiveOrZero}, {@code @Negative}, {@code @NegativeOrZero}. */
    record Sign(String annotation, boolean positive, boolean orZero, String message) implements Constraint {}

    /** {@code @Pattern}: a whole-string match in Java. */
    record Pattern(String regexp, List<String> flags, String message) implements Constraint {
        public Pattern {
            flags = List.copyOf(flags);
        }

        public String annotation() { return "Pattern"; }
    }

    /**
     * {@code @Email}: Hibernate Validator's rule, which accepts the empty text, then, when {@code regexp} is not its
     * default {@code .*}, a whole-string match of it with {@code flags}.
     */
    record Email(String regexp, List<String> flags, String message) implements Constraint {
        public Email {
            flags = List.copyOf(flags);
        }

        public String annotation() { return "Email"; }
    }

    /** {@code @AssertTrue} or {@code @AssertFalse}. */
    record Assert(boolean expected, String message) implements Constraint {
        public String annotation() { return expected ? "AssertTrue" : "AssertFalse"; }
    }

    record Digits(int integer, int fraction, String message) implements Constraint {
        public String annotation() { return "Digits"; }
    }
}

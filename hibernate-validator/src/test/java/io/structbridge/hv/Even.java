package io.structbridge.hv;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A custom constraint: the processor cannot compile it, so Hibernate Validator must run. */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@Retention(RetentionPolicy.RUNTIME)
@Constraint(validatedBy = Even.Check.class)
public @interface Even {
    String message() default "must be even";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** The validator. */
    final class Check implements ConstraintValidator<Even, Integer> {
        @Override
        public boolean isValid(Integer value, ConstraintValidatorContext context) {
            return value == null || value % 2 == 0;
        }
    }
}

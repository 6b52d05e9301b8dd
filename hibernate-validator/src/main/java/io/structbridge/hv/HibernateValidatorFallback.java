package io.structbridge.hv;

import io.structbridge.runtime.ValidationFallback;
import io.structbridge.runtime.Violation;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.List;

/**
 * {@link ValidationFallback} backed by Hibernate Validator 9 with its default configuration (the
 * JVM's default locale for messages). Violations are sorted by property path, then constraint.
 */
public final class HibernateValidatorFallback implements ValidationFallback {
    private static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();

    @Override
    public List<Violation> validateRecord(Object value, String prefix) {
        return VALIDATOR.validate(value).stream()
                .map(v -> toViolation(v, prefix))
                .sorted(Comparator.comparing(Violation::propertyPath).thenComparing(Violation::constraint))
                .toList();
    }

    private static Violation toViolation(ConstraintViolation<Object> v, String prefix) {
        return new Violation(prefix + v.getPropertyPath(),
                v.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName(),
                v.getMessage(), v.getInvalidValue());
    }
}

package io.structbridge.jackson;

import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.util.Locale;

/** Hibernate Validator 9, English messages: the reference the generated validators are held to. */
final class HibernateValidator {
    private static final Validator VALIDATOR = Validation.byProvider(org.hibernate.validator.HibernateValidator.class)
            .configure().defaultLocale(Locale.ENGLISH).buildValidatorFactory().getValidator();

    private HibernateValidator() {}

    static Validator validator() {
        return VALIDATOR;
    }
}

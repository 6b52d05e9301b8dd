package io.structbridge.runtime;

import java.util.List;
import java.util.ServiceLoader;

/**
 * Validates records whose constraints the processor does not compile (custom {@code @Constraint}s,
 * class-level constraints, groups, {@code @Email}, messages with Expression Language). Generated
 * validators of such records call {@link #validate}; an implementation backed by Hibernate
 * Validator is found with {@link ServiceLoader}. Each generated validator's Javadoc says whether it
 * takes this path.
 */
public interface ValidationFallback {
    /**
     * {@return the violations of {@code value}'s constraints, paths prefixed with {@code prefix}}
     *
     * @param value the record
     * @param prefix the path of the record in its root ({@code ""} at the root)
     */
    List<Violation> validateRecord(Object value, String prefix);

    /**
     * {@return the violations the installed fallback reports}
     *
     * @param value the record
     * @param prefix the path prefix
     * @throws IllegalStateException if no implementation is on the class or module path
     */
    static List<Violation> validate(Object value, String prefix) {
        return Holder.INSTANCE.validateRecord(value, prefix);
    }

    /** Lazily loaded provider. */
    final class Holder {
        private Holder() {}

        static final ValidationFallback INSTANCE = ServiceLoader.load(ValidationFallback.class).findFirst()
                .orElseGet(() -> (value, prefix) -> {
                    throw new IllegalStateException(value.getClass().getName() + " has constraints that structbridge does not"
                            + " compile, so it is validated by Hibernate Validator: add a ValidationFallback implementation"
                            + " (io.structbridge:structbridge-hibernate-validator) to the class path");
                });
    }
}

package io.structbridge.runtime;

/**
 * One constraint violation, shaped like Jakarta Bean Validation's {@code ConstraintViolation}.
 *
 * @param propertyPath the path from the validated root, as Hibernate Validator prints it:
 *     {@code label}, {@code position.x}, {@code corners[1].x}; for arrays of structs validated in
 *     place, prefixed with the element index ({@code [17].label})
 * @param constraint the constraint's simple annotation name ({@code Min}, {@code NotBlank}...), or
 *     {@code Native} for a rule of the native layout (range of the C type, byte capacity, array
 *     length, null, encoding, bool byte, enum code)
 * @param message the interpolated message (Hibernate Validator's default English text for
 *     standard constraints)
 * @param invalidValue the offending value (boxed), or null
 */
public record Violation(String propertyPath, String constraint, String message, Object invalidValue) {
    /** The {@link #constraint()} of native-layout rules. */
    public static final String NATIVE = "Native";

    /**
     * {@return a violation of a native-layout rule, from the exception a check or a read threw}
     *
     * @param prefix the path of the struct the exception's component path is relative to
     *     ({@code ""} for the root, {@code "position."} for a nested struct)
     * @param e the exception
     */
    public static Violation ofNative(String prefix, StructValueException e) {
        return new Violation(prefix + e.path(), NATIVE, e.rule(), e.value());
    }
}

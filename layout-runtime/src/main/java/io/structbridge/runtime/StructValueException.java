package io.structbridge.runtime;

/**
 * A value that cannot be stored in, or read from, a native struct without losing or
 * reinterpreting it: out of the native range, an overlong or unencodable string, an array of the
 * wrong length, a {@code null} component, a bool byte other than 0 or 1, invalid UTF-8, a missing
 * NUL, an unknown enum code.
 *
 * <p>When thrown by a write, the target bytes are unchanged. The message names the struct, the
 * component path (for example {@code Outer.inner.x} or {@code Particle.velocity[2]}), the rule, the
 * value, and for reads the byte offset within the segment.
 */
public final class StructValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String struct;
    private final String path;
    private final String rule;
    private final String value;
    private final long offset;

    /**
     * Creates the exception.
     *
     * @param struct the simple name of the record, e.g. {@code Particle}
     * @param path the component path inside it, e.g. {@code label} or {@code velocity[2]}
     * @param rule what was violated, e.g. {@code "must fit uint8_t (0..255)"}
     * @param value the offending value, rendered for humans
     * @param offset the byte offset within the segment, or -1 when not known
     */
    public StructValueException(String struct, String path, String rule, String value, long offset) {
        super(format(struct, path, rule, value, offset));
        this.struct = struct;
        this.path = path;
        this.rule = rule;
        this.value = value;
        this.offset = offset;
    }

    private static String format(String struct, String path, String rule, String value, long offset) {
        StringBuilder b = new StringBuilder(struct).append('.').append(path).append(": ").append(rule);
        if (value != null) {
            b.append("; value ").append(value);
        }
        if (offset >= 0) {
            b.append(" (at byte offset ").append(offset).append(')');
        }
        return b.toString();
    }

    /** {@return the simple name of the outermost record} */
    public String struct() {
        return struct;
    }

    /** {@return the component path inside the struct, e.g. {@code inner.x}} */
    public String path() {
        return path;
    }

    /** {@return the rule that was violated} */
    public String rule() {
        return rule;
    }

    /** {@return the offending value as text, or null} */
    public String value() {
        return value;
    }

    /** {@return the byte offset within the segment, or -1} */
    public long offset() {
        return offset;
    }

    /**
     * {@return this error, seen from an enclosing struct} Used by generated code when a nested
     * struct's check fails: {@code Inner.x} becomes {@code Outer.in.x}.
     *
     * @param outerStruct the enclosing record's simple name
     * @param component the component path of the nested struct in the enclosing one
     */
    public StructValueException nestedIn(String outerStruct, String component) {
        StructValueException e =
                new StructValueException(outerStruct, component + "." + path, rule, value, offset);
        e.setStackTrace(getStackTrace());
        return e;
    }

    /**
     * {@return this error, for element {@code index} of an array of structs} {@code Particle.label}
     * becomes {@code Particle[17].label}.
     *
     * @param index the element index
     */
    public StructValueException inElement(long index) {
        StructValueException e = new StructValueException(struct + "[" + index + "]", path, rule, value, offset);
        e.setStackTrace(getStackTrace());
        return e;
    }
}

package io.structbridge.processor.model;

/** Identifier conversions shared by the checks and the writers, so both name things alike. */
public final class Identifiers {
    private Identifiers() {}

    /** {@return {@code eType} as {@code E_TYPE}: the prefix of the constants generated per component} */
    public static String upperSnake(String name) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(name.charAt(i - 1))) {
                b.append('_');
            }
            b.append(Character.toUpperCase(c));
        }
        return b.toString();
    }
}

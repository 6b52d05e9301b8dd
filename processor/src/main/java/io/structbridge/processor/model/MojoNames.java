package io.structbridge.processor.model;

import java.util.List;
import java.util.Set;

/** How components are named in the generated Mojo struct, shared by the parser's checks and the Mojo writer. */
public final class MojoNames {
    private MojoNames() {}

    /**
     * Component names that every Mojo struct already uses: {@code copy()} of {@code Copyable}, the constructor
     * {@code __init__}, the constants {@code SIZE}, {@code ALIGNMENT}, {@code FINGERPRINT} and {@code NAME} (trait
     * {@code _sbrt.LaidOut}). The member is named with a trailing underscore ({@code copy_}, {@code SIZE_}).
     */
    public static final Set<String> RENAMED = Set.of("copy", "__init__", "SIZE", "ALIGNMENT", "FINGERPRINT", "NAME");

    /** {@return the Mojo member name of component {@code name} (before keyword escaping)} */
    public static String member(String name) {
        return RENAMED.contains(name) ? name + "_" : name;
    }

    /** {@return the renamed component whose Mojo name {@code name} would also be, among {@code fields}, or null} */
    public static String takenBy(String name, List<FieldModel> fields) {
        for (String r : RENAMED) {
            if (name.equals(r + "_") && fields.stream().anyMatch(f -> f.name().equals(r))) {
                return r;
            }
        }
        return null;
    }
}

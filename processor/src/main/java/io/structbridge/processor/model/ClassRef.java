package io.structbridge.processor.model;

import java.util.List;

/**
 * A Java class named by package and simple names, outermost first ({@code [Outer, R]}).
 *
 * @param packageName the package, empty for the unnamed package
 * @param simpleNames the simple names from the top-level class inward
 */
public record ClassRef(String packageName, List<String> simpleNames) {
    public ClassRef {
        simpleNames = List.copyOf(simpleNames);
    }

    /** {@return the innermost simple name} */
    public String simpleName() {
        return simpleNames.getLast();
    }

    /** {@return the simple names joined with {@code _}, the prefix of generated classes} */
    public String flatName() {
        return String.join("_", simpleNames);
    }

    /** {@return the canonical name, e.g. {@code p.Outer.R}} */
    public String canonicalName() {
        String nested = String.join(".", simpleNames);
        return packageName.isEmpty() ? nested : packageName + "." + nested;
    }
}

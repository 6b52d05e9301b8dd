package io.structbridge.processor.write.python;

import io.structbridge.processor.model.PythonNames;

/**
 * Checks the name given to {@code -Astructbridge.pythonPackage}: a dotted path of ASCII Python identifiers
 * ({@code geo.cities}), no part a Python keyword or a dunder name, and a first part that is no module of
 * Python's standard library, no builtin module and none of the libraries the generated modules import
 * (NumPy, Pydantic, cffi and theirs), which the package would shadow wherever it is on the path.
 */
public final class PythonPackageName {
    private PythonPackageName() {}

    /** {@return why {@code name} cannot name the package, or null when it can} */
    public static String problem(String name) {
        if (name.isEmpty()) {
            return "the name is empty";
        }
        String[] parts = name.split("\\.", -1);
        for (String part : parts) {
            if (!part.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return "'" + part + "' is not an ASCII Python identifier (letters, digits and _, not starting with a digit)";
            }
            if (PythonNames.KEYWORDS.contains(part)) {
                return "'" + part + "' is a Python keyword";
            }
            if (part.startsWith("__") && part.endsWith("__")) {
                return "'" + part + "' is a dunder name, which Python reserves";
            }
        }
        if (PythonNames.STDLIB_MODULES.contains(parts[0]) || PythonNames.THIRD_PARTY_MODULES.contains(parts[0])) {
            return "'" + parts[0] + "' is a module of Python's standard library or one the generated modules import "
                    + "(NumPy, Pydantic, cffi and theirs), which the package would shadow";
        }
        return null;
    }

    /** {@return {@code name} as an escaped Python string literal, for messages (the name is user data)} */
    public static String quoted(String name) {
        return PythonWriter.literal(name);
    }
}

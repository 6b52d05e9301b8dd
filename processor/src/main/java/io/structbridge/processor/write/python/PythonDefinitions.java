package io.structbridge.processor.write.python;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The module-level names a generated Python module defines, read from its text: {@code class}, {@code def}
 * and assignments at the top level or one level inside a top-level {@code if}/{@code else}/{@code try}
 * block, outside triple-quoted strings, each with the optional library its block needs (NumPy for
 * {@code if ... _SB_np is not None:}, Pydantic for {@code if ... _SB_BaseModel is not None:}). Reading the
 * text, rather than keeping a list beside each writer, keeps the package's exports and the placeholders of
 * {@link PythonOptionalNames} complete whatever a writer adds.
 */
final class PythonDefinitions {
    private PythonDefinitions() {}

    /** A module-level name and the library it needs ({@code "NumPy"}, {@code "Pydantic"} or null). */
    record Definition(String name, String library) {}

    private static final Pattern DEFINES = Pattern.compile(
            "(?:class|def)\\s+(\\w+).*|(\\w+)\\s*(?::[^=]*)?=(?!=).*", Pattern.UNICODE_CHARACTER_CLASS);

    /** {@return the definitions of {@code module}, in the order of the text, each name once (its first definition)} */
    static List<Definition> of(String module) {
        List<Definition> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        boolean inString = false;
        boolean block = false; // inside a top-level if/else/try/except block (its direct statements are module level)
        String library = null;
        for (String line : module.split("\n", -1)) {
            boolean startsInString = inString;
            if (count(line, "\"\"\"") % 2 == 1) {
                inString = !inString;
            }
            if (startsInString || line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            String stripped = line.stripLeading();
            int indent = line.length() - stripped.length();
            String statement;
            if (indent == 0) {
                block = stripped.matches("(?:if|elif|else|try|except|finally)\\b.*");
                library = !block ? null : stripped.contains("_SB_np is not None") ? "NumPy"
                        : stripped.contains("_SB_BaseModel is not None") ? "Pydantic" : null;
                if (block) {
                    continue;
                }
                statement = stripped;
            } else if (indent == 4 && block) {
                statement = stripped;
            } else {
                continue;
            }
            Matcher m = DEFINES.matcher(statement);
            if (m.matches()) {
                String name = m.group(1) != null ? m.group(1) : m.group(2);
                if (seen.add(name)) {
                    out.add(new Definition(name, indent == 0 ? null : library));
                }
            }
        }
        return out;
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }
}

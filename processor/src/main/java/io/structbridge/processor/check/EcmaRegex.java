package io.structbridge.processor.check;

/**
 * Finds Java regex constructs that ECMA-262 (the dialect JSON Schema's {@code pattern} uses,
 * 2020-12 Validation 6.3.3) lacks or reads differently.
 */
public final class EcmaRegex {
    private EcmaRegex() {}

    /** {@return a description of the first Java-only construct in {@code regex}, or null} */
    public static String problem(String regex) {
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                char n = regex.charAt(i + 1);
                switch (n) {
                    case 'A', 'Z', 'z', 'G' -> { return "the anchor \\" + n; }
                    case 'Q', 'E' -> { return "the quoting \\Q...\\E"; }
                    case 'h', 'H', 'R', 'X', 'V' -> { return "the class \\" + n; }
                    case 'p', 'P' -> {
                        if (regex.startsWith("{Is", i + 2) || regex.startsWith("{In", i + 2) || regex.startsWith("{java", i + 2)
                                || regex.matches("(?s).{" + (i + 2) + "}\\{(Lower|Upper|ASCII|Alpha|Digit|Alnum|Punct|Graph|Print|Blank|Cntrl|XDigit|Space)}.*")) {
                            return "the Java-only property class \\" + n + regex.substring(i + 2, Math.min(regex.length(), regex.indexOf('}', i) + 1));
                        }
                        return "the Unicode property \\" + n + "{...} (ECMA-262 accepts it only with the u flag)";
                    }
                    default -> { }
                }
                i++;
            } else if (c == '(' && regex.startsWith("(?", i)) {
                String rest = regex.substring(i + 2);
                if (!(rest.startsWith(":") || rest.startsWith("=") || rest.startsWith("!") || rest.startsWith("<=")
                        || rest.startsWith("<!") || rest.startsWith("<"))) {
                    return rest.startsWith(">") ? "the atomic group (?>...)" : "the inline flag group (?" + rest.charAt(0) + "...)";
                }
            } else if ((c == '+' || c == '*' || c == '?' || c == '}') && i + 1 < regex.length() && regex.charAt(i + 1) == '+'
                    && (i == 0 || regex.charAt(i - 1) != '\\')) {
                return "the possessive quantifier " + c + "+";
            } else if (c == '&' && regex.startsWith("&&", i)) {
                return "the class intersection &&";
            }
        }
        return null;
    }
}

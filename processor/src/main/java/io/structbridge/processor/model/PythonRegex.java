package io.structbridge.processor.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A Java {@code @Pattern} for the generated Pydantic model. Pydantic's default engine (Rust's regex crate)
 * refuses lookaround, backreferences, atomic groups and several Java escapes, and the module then fails to
 * import. Such a pattern is translated to Python's {@code re} (which Pydantic uses for a compiled
 * {@code re.Pattern}) with Java's meaning: ASCII classes ({@code (?a)}), {@code .} and {@code $} with Java's
 * line terminators, {@code \Z}, {@code \R}, {@code \h}, {@code \v}, octal, control and surrogate-pair escapes,
 * {@code \Q..\E}, named groups and backreferences. Constructs that Python's {@code re} does not have or means
 * differently ({@code \X}, {@code \G}, {@code \p}, inline flags, nested classes, variable-width look-behind) are
 * refused. A pattern the Rust engine takes is left as it is.
 */
public final class PythonRegex {
    private PythonRegex() {}

    /** {@code translated}: the Python {@code re} pattern (anchored), or null with {@code problem} set. */
    public record Translation(String translated, String problem) {}

    private static final String LINE_TERMINATORS = "\\n\\r\\x85\\u2028\\u2029";
    private static final String VERTICAL = "\\n\\x0b\\f\\r\\x85\\u2028\\u2029";
    private static final String HORIZONTAL = " \\t\\xa0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000";
    /**
     * Java's {@code $} without MULTILINE (and {@code \\Z}): the end, or before a line terminator that ends the input
     * ({@code \\r\\n} as one: not between its two characters).
     */
    private static final String JAVA_END = "(?:(?=(?:\\r\\n|[\\r\\x85\\u2028\\u2029])?\\Z)|(?<!\\r)(?=\\n\\Z))";

    /** The {@code Pattern.Flag}s that change the translation: DOTALL, MULTILINE, UNIX_LINES. */
    record Flags(boolean dotall, boolean multiline, boolean unixLines) {
        static final Flags NONE = new Flags(false, false, false);

        /** Java's {@code .}: any character with DOTALL, else any but a line terminator ({@code \\n} only with UNIX_LINES). */
        String dot() {
            return dotall ? "(?s:.)" : unixLines ? "[^\\n]" : "[^" + LINE_TERMINATORS + "]";
        }

        /** Java's {@code ^} (Begin, or with MULTILINE Caret/UnixCaret: never at the end of the input, even at its start). */
        String caret() {
            if (!multiline) {
                return "^";
            }
            return unixLines ? "(?!\\Z)(?:\\A|(?<=\\n))" : "(?!\\Z)(?:\\A|(?<=[\\n\\x85\\u2028\\u2029])|(?<=\\r)(?!\\n))";
        }

        /** Java's {@code $} (Dollar/UnixDollar; with MULTILINE before every line terminator, not inside \\r\\n). */
        String dollar() {
            if (!multiline) {
                return end();
            }
            return unixLines ? "(?:\\Z|(?=\\n))" : "(?:\\Z|(?=[\\r\\x85\\u2028\\u2029])|(?<!\\r)(?=\\n))";
        }

        /** Java's {@code \\Z} (the non-MULTILINE dollar, UnixDollar with UNIX_LINES). */
        String end() {
            return unixLines ? "(?=\\n?\\Z)" : JAVA_END;
        }
    }

    /** {@return null when the Rust engine takes {@code java} as it is (it is kept), else the translation or the problem} */
    public static Translation forPydantic(String java) {
        if (!needsPython(java)) {
            return null;
        }
        try {
            return new Translation("(?a)\\A(?:" + translate(java, Flags.NONE) + ")\\Z", null);
        } catch (IllegalArgumentException e) {
            return new Translation(null, e.getMessage());
        }
    }

    /**
     * {@return the translation of {@code java} to Python's {@code re} with Java's meaning (anchored, for a whole
     * match), whatever Pydantic's engine takes, or the problem} For checks that run Python's {@code re} on every
     * pattern ({@code validate_array}).
     */
    public static Translation forPythonRe(String java) {
        return forPythonRe(java, List.of());
    }

    /**
     * {@return the translation of {@code java} compiled with {@code flags} (names of {@code Pattern.Flag}) to Python's
     * {@code re} with Java's meaning (anchored, for a whole match), or the problem} CASE_INSENSITIVE is ASCII case
     * folding, DOTALL, MULTILINE and UNIX_LINES change {@code .}, {@code ^}, {@code $} and {@code \\Z} as in
     * {@code java.util.regex}, UNICODE_CASE alone changes nothing; see {@link #flagsProblem} for the refused ones.
     */
    public static Translation forPythonRe(String java, List<String> flags) {
        String problem = flagsProblem(flags);
        if (problem != null) {
            return new Translation(null, problem);
        }
        try {
            Flags f = new Flags(flags.contains("DOTALL"), flags.contains("MULTILINE"), flags.contains("UNIX_LINES"));
            return new Translation((flags.contains("CASE_INSENSITIVE") ? "(?i)" : "") + "(?a)\\A(?:" + translate(java, f) + ")\\Z", null);
        } catch (IllegalArgumentException e) {
            return new Translation(null, e.getMessage());
        }
    }

    /**
     * {@return why Python's {@code re} cannot apply {@code flags} (names of {@code Pattern.Flag}) as Java does, or null}
     * COMMENTS (Java drops whitespace and comments inside character classes too, {@code re.VERBOSE} does not),
     * CANON_EQ (no canonical equivalence in {@code re}) and CASE_INSENSITIVE with UNICODE_CASE (Java's per-character
     * {@code toUpperCase}/{@code toLowerCase} folding is not Python's case folding) are refused.
     */
    public static String flagsProblem(List<String> flags) {
        if (flags.contains("COMMENTS")) {
            return "the flag COMMENTS (Java drops whitespace and #-comments inside character classes too, Python's re.VERBOSE does not)";
        }
        if (flags.contains("CANON_EQ")) {
            return "the flag CANON_EQ (canonical equivalence, which Python's re does not have)";
        }
        if (flags.contains("UNICODE_CASE") && flags.contains("CASE_INSENSITIVE")) {
            return "the flags CASE_INSENSITIVE with UNICODE_CASE (Java's Unicode case folding, which is not Python's re.IGNORECASE "
                    + "for every letter)";
        }
        return null;
    }

    /** Constructs Pydantic's Rust engine refuses (checked with pydantic-core 2.x): they need Python's re. */
    static boolean needsPython(String p) {
        if (p.contains("(?=") || p.contains("(?!") || p.contains("(?<=") || p.contains("(?<!") || p.contains("(?>")) {
            return true;
        }
        for (int i = 0; i < p.length() - 1; i++) {
            if (p.charAt(i) == '\\') {
                char c = p.charAt(i + 1);
                if ("123456789kQ0chHZRXGeVN".indexOf(c) >= 0) {
                    return true;
                }
                if (c == 'u' && i + 6 <= p.length() && Character.isSurrogate((char) parseHex(p, i + 2, 4))) {
                    return true;
                }
                if ((c == 'p' || c == 'P') && p.startsWith("{java", i + 2)) {
                    return true;
                }
                i++;
            }
        }
        return false;
    }

    private static int parseHex(String p, int from, int n) {
        try {
            return Integer.parseInt(p.substring(from, from + n), 16);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static String cp(int c) {
        return String.format(Locale.ROOT, "\\U%08x", c);
    }

    private static IllegalArgumentException no(String what) {
        return new IllegalArgumentException(what);
    }

    private static int groupCount(String p) {
        int n = 0;
        boolean inClass = false;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\') {
                if (p.startsWith("Q", i + 1)) {
                    int e = p.indexOf("\\E", i + 2);
                    i = e < 0 ? p.length() : e + 1;
                } else {
                    i++;
                }
            } else if (c == '[') {
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            } else if (c == '(' && !inClass && (!p.startsWith("?", i + 1) || p.startsWith("?<", i + 1)
                    && !p.startsWith("?<=", i + 1) && !p.startsWith("?<!", i + 1))) {
                n++;
            }
        }
        return n;
    }

    /** {@return the translation of one escape at {@code p[i] == '\\'}}, advancing {@code at[0]} past it. */
    private static String escape(String p, int[] at, boolean inClass, int groups, Set<Integer> closed, Flags flags) {
        int i = at[0];
        if (i + 1 >= p.length()) {
            throw no("a trailing backslash");
        }
        char c = p.charAt(i + 1);
        at[0] = i + 2;
        switch (c) {
            case 'Q': {
                int e = p.indexOf("\\E", i + 2);
                String quoted = p.substring(i + 2, e < 0 ? p.length() : e);
                at[0] = e < 0 ? p.length() : e + 2;
                StringBuilder b = new StringBuilder();
                quoted.codePoints().forEach(x -> b.append(x < 0x80 && !Character.isLetterOrDigit(x) ? "\\" + (char) x
                        : x < 0x80 ? String.valueOf((char) x) : cp(x)));
                return b.toString();
            }
            case 'u': {
                int hi = parseHex(p, i + 2, 4);
                if (hi < 0) {
                    throw no("a malformed \\u escape");
                }
                at[0] = i + 6;
                if (Character.isHighSurrogate((char) hi) && p.startsWith("\\u", i + 6)) {
                    int lo = parseHex(p, i + 8, 4);
                    if (lo >= 0 && Character.isLowSurrogate((char) lo)) {
                        at[0] = i + 12;
                        return cp(Character.toCodePoint((char) hi, (char) lo));
                    }
                }
                if (Character.isSurrogate((char) hi)) {
                    throw no("\\u" + p.substring(i + 2, i + 6) + " is an unpaired surrogate, which Python's str never holds");
                }
                return cp(hi);
            }
            case 'x': {
                if (p.startsWith("{", i + 2)) {
                    int e = p.indexOf('}', i + 3);
                    at[0] = e + 1;
                    return cp(Integer.parseInt(p.substring(i + 3, e), 16));
                }
                at[0] = i + 4;
                return cp(Integer.parseInt(p.substring(i + 2, i + 4), 16));
            }
            case '0': {
                int j = i + 2;
                int v = 0;
                int max = j < p.length() && p.charAt(j) <= '3' ? 3 : 2;
                for (int k = 0; k < max && j < p.length() && p.charAt(j) >= '0' && p.charAt(j) <= '7'; k++, j++) {
                    v = v * 8 + p.charAt(j) - '0';
                }
                at[0] = j;
                return cp(v);
            }
            case 'c':
                at[0] = i + 3;
                return cp(p.charAt(i + 2) ^ 64);
            case 'e':
                return "\\x1b";
            case 't', 'n', 'r', 'f', 'a', 'd', 'D', 'w', 'W', 's', 'S':
                return "\\" + c;
            case 'h':
                return inClass ? HORIZONTAL : "[" + HORIZONTAL + "]";
            case 'v':
                return inClass ? VERTICAL : "[" + VERTICAL + "]";
            default:
                break;
        }
        if (inClass) {
            if (Character.isLetterOrDigit(c)) {
                throw no("\\" + c + " inside a character class, which Python's re does not take with Java's meaning");
            }
            return "\\" + c;
        }
        switch (c) {
            case 'H':
                return "[^" + HORIZONTAL + "]";
            case 'V':
                return "[^" + VERTICAL + "]";
            case 'R':
                return "(?>\\r\\n|[" + VERTICAL + "])";
            case 'A', 'b':
                return "\\" + c;
            case 'B': // Python's re (before 3.14) never matches \B in an empty text, java.util.regex does: no boundary there
                return "(?:\\B|\\A\\Z)";
            case 'z':
                return "\\Z";
            case 'Z':
                return flags.end();
            case 'k': {
                int e = p.indexOf('>', i + 3);
                if (!p.startsWith("<", i + 2) || e < 0) {
                    throw no("a malformed \\k<name>");
                }
                at[0] = e + 1;
                return "(?P=" + p.substring(i + 3, e) + ")";
            }
            default:
                break;
        }
        if (c >= '1' && c <= '9') {
            int n = c - '0';
            int j = i + 2;
            while (j < p.length() && Character.isDigit(p.charAt(j)) && n * 10 + p.charAt(j) - '0' <= groups) {
                n = n * 10 + p.charAt(j++) - '0';
            }
            at[0] = j;
            if (!closed.contains(n)) {
                throw no("the backreference \\" + n + " refers to a group that is not closed before it, which Python's re refuses");
            }
            return "(?:\\" + n + ")";
        }
        if (Character.isLetterOrDigit(c)) {
            throw no("\\" + c + (c == 'X' ? " (a grapheme cluster)" : c == 'G' ? " (the end of the previous match)"
                    : c == 'p' || c == 'P' ? " (a Unicode property class)" : "") + " has no equivalent in Python's re");
        }
        return "\\" + c;
    }

    static String translate(String p, Flags flags) {
        int groups = groupCount(p);
        Set<Integer> closed = new java.util.HashSet<>();
        Deque<Integer> open = new ArrayDeque<>();
        int opened = 0;
        StringBuilder b = new StringBuilder();
        int[] at = {0};
        Deque<Integer> lookbehind = new ArrayDeque<>();
        while (at[0] < p.length()) {
            int i = at[0];
            char c = p.charAt(i);
            if (c == '\\') {
                if (!lookbehind.isEmpty() && i + 1 < p.length() && "123456789kRX".indexOf(p.charAt(i + 1)) >= 0) {
                    throw no("\\" + p.charAt(i + 1) + " inside a look-behind (Python's re needs a fixed-width look-behind)");
                }
                b.append(escape(p, at, false, groups, closed, flags));
                continue;
            }
            at[0] = i + 1;
            switch (c) {
                case '.' -> b.append(flags.dot());
                case '$' -> b.append(flags.dollar());
                case '^' -> b.append(flags.caret());
                case '(' -> {
                    if (!lookbehind.isEmpty()) {
                        throw no("a group inside a look-behind (Python's re needs a fixed-width look-behind)");
                    }
                    if (p.startsWith("?<=", i + 1) || p.startsWith("?<!", i + 1)) {
                        lookbehind.push(open.size());
                        open.push(0);
                        b.append(p, i, i + 4);
                        at[0] = i + 4;
                    } else if (p.startsWith("?<", i + 1)) {
                        int e = p.indexOf('>', i + 3);
                        open.push(++opened);
                        b.append("(?P<").append(p, i + 3, e).append('>');
                        at[0] = e + 1;
                    } else if (p.startsWith("?:", i + 1) || p.startsWith("?=", i + 1) || p.startsWith("?!", i + 1)
                            || p.startsWith("?>", i + 1)) {
                        open.push(0);
                        b.append(p, i, i + 3);
                        at[0] = i + 3;
                    } else if (p.startsWith("?", i + 1)) {
                        throw no("inline flags, whose meaning differs between Java and Python (case folding, '.', "
                                + "line terminators); pass the flags of @Pattern or write the classes out");
                    } else {
                        open.push(++opened);
                        b.append('(');
                    }
                }
                case ')' -> {
                    if (!lookbehind.isEmpty() && lookbehind.peek() == open.size() - 1) {
                        lookbehind.pop();
                    }
                    Integer g = open.isEmpty() ? 0 : open.pop();
                    if (g > 0) {
                        closed.add(g);
                    }
                    b.append(')');
                }
                case '*', '+', '?', '{', '|' -> {
                    if (!lookbehind.isEmpty()) {
                        throw no("a repetition or alternative inside a look-behind (Python's re needs a fixed-width look-behind)");
                    }
                    b.append(c);
                }
                case '[' -> at[0] = charClass(p, i, b, groups, closed, flags);
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static int charClass(String p, int start, StringBuilder b, int groups, Set<Integer> closed, Flags flags) {
        b.append('[');
        int i = start + 1;
        if (i < p.length() && p.charAt(i) == '^') {
            b.append('^');
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            throw no("']' first in a character class, which Java and Python read differently");
        }
        int[] at = {i};
        while (at[0] < p.length()) {
            char c = p.charAt(at[0]);
            if (c == ']') {
                b.append(']');
                return at[0] + 1;
            }
            if (c == '[' || p.startsWith("&&", at[0])) {
                throw no("a nested class or an intersection ('[' or '&&' inside a character class), which Python's re does not have");
            }
            if (c == '\\') {
                b.append(escape(p, at, true, groups, closed, flags));
            } else {
                b.append(c);
                at[0]++;
            }
        }
        throw no("an unclosed character class");
    }
}

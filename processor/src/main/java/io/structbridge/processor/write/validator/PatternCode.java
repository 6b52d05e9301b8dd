package io.structbridge.processor.write.validator;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * A {@code @Pattern} regular expression simple enough to be matched by a generated loop instead of a
 * {@code java.util.regex.Matcher} (which allocates a matcher and its group arrays per check).
 *
 * <p>Accepted: no flags; a sequence of atoms, each a literal character, an escaped ASCII punctuation
 * character, {@code \d}, {@code \w}, {@code \s} or a non-negated character class of such characters
 * and ranges, each optionally followed by {@code ?}, {@code *}, {@code +}, {@code {n}}, {@code {n,}} or
 * {@code {n,m}} (greedy). Every character in a class is a BMP character that is not a surrogate, so
 * matching chars is matching code points, as {@code java.util.regex} does. The sequence must be
 * deterministic: a repeated atom's characters must not also start what may follow it; then the greedy
 * loop accepts exactly the strings {@code Pattern.matches} accepts. Anything else (groups,
 * alternation, anchors, {@code .}, negated classes, lazy or possessive quantifiers, other escapes,
 * flags) returns {@code null} from {@link #parse} and keeps the compiled {@code Pattern}.
 */
final class PatternCode {
    /** {@code max == UNBOUNDED}: no upper bound. */
    static final int UNBOUNDED = -1;
    private static final int MAX_COUNT = 10_000;

    /** One atom: the characters it matches as sorted, disjoint, non-adjacent ranges, and its repetition. */
    record Item(List<char[]> ranges, int min, int max) {}

    private final String regexp;
    private int pos;

    private PatternCode(String regexp) {
        this.regexp = regexp;
    }

    /** {@return the items of {@code regexp}, or null when it is not one this class can match} */
    static List<Item> parse(String regexp, List<String> flags) {
        if (!flags.isEmpty()) {
            return null;
        }
        List<Item> items = new PatternCode(regexp).items();
        return items != null && deterministic(items) ? items : null;
    }

    private List<Item> items() {
        List<Item> items = new ArrayList<>();
        while (pos < regexp.length()) {
            boolean[] set = atom();
            if (set == null) {
                return null;
            }
            int min = 1;
            int max = 1;
            if (pos < regexp.length()) {
                char q = regexp.charAt(pos);
                if (q == '?' || q == '*' || q == '+') {
                    pos++;
                    min = q == '+' ? 1 : 0;
                    max = q == '?' ? 1 : UNBOUNDED;
                } else if (q == '{') {
                    pos++;
                    min = number();
                    max = min;
                    if (min < 0) {
                        return null;
                    }
                    if (pos < regexp.length() && regexp.charAt(pos) == ',') {
                        pos++;
                        max = pos < regexp.length() && regexp.charAt(pos) == '}' ? UNBOUNDED : number();
                        if (max == -2 || (max != UNBOUNDED && max < min)) {
                            return null;
                        }
                    }
                    if (pos >= regexp.length() || regexp.charAt(pos) != '}') {
                        return null;
                    }
                    pos++;
                }
                if (pos < regexp.length() && "?+*{".indexOf(regexp.charAt(pos)) >= 0) {
                    return null; // lazy, possessive or a second quantifier
                }
            }
            items.add(new Item(ranges(set), min, max));
        }
        return items;
    }

    /** {@return a decimal count, -2 when there is none or it is too large} */
    private int number() {
        int start = pos;
        long n = 0;
        while (pos < regexp.length() && regexp.charAt(pos) >= '0' && regexp.charAt(pos) <= '9') {
            n = n * 10 + (regexp.charAt(pos) - '0');
            if (n > MAX_COUNT) {
                return -2;
            }
            pos++;
        }
        return pos == start ? -2 : (int) n;
    }

    /** {@return the characters of the atom at {@code pos}, indexed by char, or null if not accepted} */
    private boolean[] atom() {
        char c = regexp.charAt(pos);
        boolean[] set = new boolean[Character.MAX_VALUE + 1];
        if (c == '[') {
            pos++;
            return charClass(set) ? set : null;
        }
        if (c == '\\') {
            return escape(set, false) ? set : null;
        }
        if ("^$.|()[]{}?*+".indexOf(c) >= 0 || !plain(c)) {
            return null;
        }
        pos++;
        set[c] = true;
        return set;
    }

    /** A class after its {@code [}: characters, ranges, {@code \d \w \s} and escaped punctuation; no negation, nesting, intersection. */
    private boolean charClass(boolean[] set) {
        boolean first = true;
        while (pos < regexp.length()) {
            char c = regexp.charAt(pos);
            if (c == ']' && !first) {
                pos++;
                return true;
            }
            if ((c == '^' && first) || c == '[' || c == '&' || c == ']') { // '^' negates only first
                return false;
            }
            if (c == '-') {
                // a literal '-' only first or last; anywhere else it would start a range without a start
                if (!(first || (pos + 1 < regexp.length() && regexp.charAt(pos + 1) == ']'))) {
                    return false;
                }
                set['-'] = true;
                pos++;
                first = false;
                continue;
            }
            int from;
            if (c == '\\') {
                char e = pos + 1 < regexp.length() ? regexp.charAt(pos + 1) : 0;
                if (e == 'd' || e == 'w' || e == 's') {
                    escape(set, true);
                    if (pos < regexp.length() && regexp.charAt(pos) == '-'
                            && !(pos + 1 < regexp.length() && regexp.charAt(pos + 1) == ']')) {
                        return false; // [\d-z]
                    }
                    first = false;
                    continue;
                }
                from = literalEscape();
            } else {
                from = plain(c) ? c : -1;
                pos++;
            }
            if (from < 0) {
                return false;
            }
            int to = from;
            if (pos + 1 < regexp.length() && regexp.charAt(pos) == '-' && regexp.charAt(pos + 1) != ']') {
                pos++;
                char d = regexp.charAt(pos);
                if (d == '\\') {
                    to = literalEscape();
                } else if (d == '[' || d == '&' || d == '-' || !plain(d)) {
                    return false;
                } else {
                    to = d;
                    pos++;
                }
                if (to < from) {
                    return false;
                }
            }
            for (int x = from; x <= to; x++) {
                set[x] = true;
            }
            first = false;
        }
        return false;
    }

    /** {@return the character of an escaped ASCII punctuation character at {@code pos}, or -1} */
    private int literalEscape() {
        if (pos + 1 >= regexp.length()) {
            return -1;
        }
        char e = regexp.charAt(pos + 1);
        if (e > 0x20 && e < 0x7f && !Character.isLetterOrDigit(e)) {
            pos += 2;
            return e;
        }
        return -1;
    }

    /** {@code \d}, {@code \w}, {@code \s} (ASCII, as without UNICODE_CHARACTER_CLASS) or escaped punctuation. */
    private boolean escape(boolean[] set, boolean inClass) {
        char e = pos + 1 < regexp.length() ? regexp.charAt(pos + 1) : 0;
        switch (e) {
            case 'd' -> mark(set, "0123456789");
            case 'w' -> mark(set, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
            case 's' -> mark(set, " \t\n\u000b\f\r");
            default -> {
                int c = literalEscape();
                if (c < 0) {
                    return false;
                }
                set[c] = true;
                return true;
            }
        }
        pos += 2;
        return true;
    }

    private static void mark(boolean[] set, String chars) {
        for (int i = 0; i < chars.length(); i++) {
            set[chars.charAt(i)] = true;
        }
    }

    /** A character that stands for itself: printable ASCII or another BMP character that is not a surrogate, no space rules (no COMMENTS flag). */
    private static boolean plain(char c) {
        return (c >= 0x20 && c < 0x7f) || (c >= 0xa0 && !Character.isSurrogate(c));
    }

    private static List<char[]> ranges(boolean[] set) {
        List<char[]> out = new ArrayList<>();
        int c = 0;
        while (c < set.length) {
            if (!set[c]) {
                c++;
                continue;
            }
            int start = c;
            while (c + 1 < set.length && set[c + 1]) {
                c++;
            }
            out.add(new char[] {(char) start, (char) c});
            c++;
        }
        return out;
    }

    /** Greedy matching is exact when no repeated item shares a character with what can come right after it. */
    private static boolean deterministic(List<Item> items) {
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            if (item.min() == item.max()) {
                continue;
            }
            for (int j = i + 1; j < items.size(); j++) {
                if (overlap(item.ranges(), items.get(j).ranges())) {
                    return false;
                }
                if (items.get(j).min() > 0) {
                    break;
                }
            }
        }
        return true;
    }

    private static boolean overlap(List<char[]> a, List<char[]> b) {
        for (char[] x : a) {
            for (char[] y : b) {
                if (x[0] <= y[1] && y[0] <= x[1]) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * {@return a private static method {@code boolean name(String s)}: whether the whole of {@code s}
     * matches} No allocation, one pass over the chars.
     */
    static MethodSpec method(String name, List<Item> items) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN).addParameter(String.class, "s")
                .addJavadoc("{@return whether all of {@code s} matches the component's {@code @Pattern}, as {@code Pattern.matches} does}\n")
                .addStatement("int n = s.length()")
                .addStatement("int i = 0");
        for (Item item : items) {
            CodeBlock cond = condition(item.ranges());
            if (item.min() == 1 && item.max() == 1) {
                m.beginControlFlow("if (i >= n)").addStatement("return false").endControlFlow()
                        .addCode("{\n$>")
                        .addStatement("char c = s.charAt(i++)")
                        .beginControlFlow("if (!($L))", cond).addStatement("return false").endControlFlow()
                        .addCode("$<}\n");
                continue;
            }
            m.addCode("{\n$>");
            if (item.min() > 0) {
                m.addStatement("int start = i");
            }
            if (item.max() == UNBOUNDED) {
                m.addStatement("int limit = n");
            } else {
                m.addStatement("int limit = n - i <= $L ? n : i + $L", item.max(), item.max());
            }
            m.beginControlFlow("while (i < limit)")
                    .addStatement("char c = s.charAt(i)")
                    .beginControlFlow("if (!($L))", cond).addStatement("break").endControlFlow()
                    .addStatement("i++")
                    .endControlFlow();
            if (item.min() > 0) {
                m.beginControlFlow("if (i - start < $L)", item.min()).addStatement("return false").endControlFlow();
            }
            m.addCode("$<}\n");
        }
        return m.addStatement("return i == n").build();
    }

    private static CodeBlock condition(List<char[]> ranges) {
        if (ranges.isEmpty()) {
            return CodeBlock.of("false");
        }
        List<CodeBlock> parts = new ArrayList<>();
        for (char[] r : ranges) {
            parts.add(r[0] == r[1] ? CodeBlock.of("c == $L", (int) r[0])
                    : CodeBlock.of("(c >= $L && c <= $L)", (int) r[0], (int) r[1]));
        }
        return CodeBlock.join(parts, " || ");
    }
}

package io.structbridge.processor.write;

import com.palantir.javapoet.CodeBlock;

/**
 * Java string literals for text from users (JSON names, patterns, messages). JavaPoet's {@code $S} escapes
 * quotes, backslashes, {@code \n}, {@code \r} and ISO control characters, but writes U+2028 and U+2029 as
 * they are, and then breaks the output line there (it splits on {@code \R}), which cuts the literal in two.
 * An unpaired surrogate (legal in a Java string) cannot be written in UTF-8 at all. Here those are written
 * as Unicode escapes ({@code \u2028}) between {@code $S} parts, so the literal stays on its line and holds
 * exactly the text (a constant expression, also valid in {@code case} labels).
 */
public final class JavaStrings {
    private JavaStrings() {}

    /** {@return {@code s} as a Java string literal (or a constant concatenation of literals)} */
    public static CodeBlock literal(String s) {
        CodeBlock.Builder b = CodeBlock.builder();
        int start = 0;
        boolean first = true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean lone = Character.isHighSurrogate(c) && (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1)))
                    || Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)));
            if (c == '\u2028' || c == '\u2029' || lone) {
                if (i > start || first) {
                    b.add(first ? "$S" : " + $S", s.substring(start, i));
                    first = false;
                }
                b.add(" + $L", String.format(java.util.Locale.ROOT, "\"\\u%04x\"", (int) c));
                start = i + 1;
            }
        }
        if (start < s.length() || first) {
            b.add(first ? "$S" : " + $S", s.substring(start));
        }
        return b.build();
    }
}

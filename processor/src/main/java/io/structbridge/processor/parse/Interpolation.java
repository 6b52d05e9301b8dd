package io.structbridge.processor.parse;

import java.util.Map;

/**
 * Replaces {@code {name}} with attribute values in a user's message template, as Hibernate
 * Validator does for attribute references. Returns null for what needs run-time machinery:
 * Expression Language ({@code ${...}}) or bundle keys ({@code {some.key}}).
 */
final class Interpolation {
    private Interpolation() {}

    static String simple(String template, Map<String, String> attributes) {
        if (template.contains("${") || template.contains("\\")) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{') {
                int end = template.indexOf('}', i);
                if (end < 0) {
                    return null;
                }
                String key = template.substring(i + 1, end);
                String value = attributes.get(key);
                if (value == null) {
                    return null;
                }
                b.append(value);
                i = end + 1;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }
}

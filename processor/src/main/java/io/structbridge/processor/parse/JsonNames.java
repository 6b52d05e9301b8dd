package io.structbridge.processor.parse;

import java.util.Locale;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import java.util.Map;

/**
 * JSON property names as Jackson 3 derives them: {@code @JsonProperty} wins, then the record's
 * {@code @JsonNaming} strategy, then the component name. The strategies re-implement the
 * translations of {@code tools.jackson.databind.PropertyNamingStrategies}; tests compare them
 * with Jackson's output.
 */
public final class JsonNames {
    static final String JSON_PROPERTY = "com.fasterxml.jackson.annotation.JsonProperty";
    static final String JSON_NAMING = "tools.jackson.databind.annotation.JsonNaming";
    static final String JSON_IGNORE_PROPERTIES = "com.fasterxml.jackson.annotation.JsonIgnoreProperties";

    private JsonNames() {}

    /** {@return the {@code @JsonProperty} value on {@code e}, if set and not empty} */
    public static Optional<String> explicit(Element e) {
        return find(e, JSON_PROPERTY).map(a -> (String) value(a, "value")).filter(s -> !s.isEmpty());
    }

    /** {@return the naming strategy's simple class name on the record, if any} */
    public static Optional<String> strategy(TypeElement record) {
        return find(record, JSON_NAMING).map(a -> {
            Object v = value(a, "value");
            return v instanceof DeclaredType t ? t.asElement().getSimpleName().toString() : String.valueOf(v);
        });
    }

    /** {@return whether the record accepts unknown properties ({@code @JsonIgnoreProperties(ignoreUnknown = true)})} */
    public static boolean ignoreUnknown(TypeElement record) {
        return find(record, JSON_IGNORE_PROPERTIES).map(a -> Boolean.TRUE.equals(value(a, "ignoreUnknown"))).orElse(false);
    }

    /**
     * {@return the translated name, or null if the strategy is not known}
     *
     * @param strategy the simple name of a {@code PropertyNamingStrategies} nested class
     * @param name the component name
     */
    public static String translate(String strategy, String name) {
        return switch (strategy) {
            case "LowerCamelCaseStrategy" -> name;
            case "UpperCamelCaseStrategy" -> name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
            case "SnakeCaseStrategy" -> snake(name);
            case "UpperSnakeCaseStrategy" -> snake(name).toUpperCase(Locale.ROOT);
            case "LowerCaseStrategy" -> name.toLowerCase(Locale.ROOT);
            case "KebabCaseStrategy" -> separated(name, '-');
            case "LowerDotCaseStrategy" -> separated(name, '.');
            default -> null;
        };
    }

    private static String snake(String input) {
        StringBuilder result = new StringBuilder(input.length() * 2);
        boolean wasPrevTranslated = false;
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            if (i > 0 || c != '_') {
                if (Character.isUpperCase(c)) {
                    if (!wasPrevTranslated && !result.isEmpty() && result.charAt(result.length() - 1) != '_') {
                        result.append('_');
                    }
                    c = Character.toLowerCase(c);
                    wasPrevTranslated = true;
                } else {
                    wasPrevTranslated = false;
                }
                result.append(c);
            }
        }
        return result.toString();
    }

    private static String separated(String input, char separator) {
        StringBuilder result = new StringBuilder(input.length() + (input.length() >> 1));
        int upperCount = 0;
        for (int i = 0; i < input.length(); ++i) {
            char ch = input.charAt(i);
            char lc = Character.toLowerCase(ch);
            if (lc == ch) {
                if (upperCount > 1) {
                    result.insert(result.length() - 1, separator);
                }
                upperCount = 0;
            } else {
                if (upperCount == 0 && i > 0) {
                    result.append(separator);
                }
                ++upperCount;
            }
            result.append(lc);
        }
        return result.toString();
    }

    /**
     * {@return the Jackson annotation on a record or component that changes which JSON databind accepts but that
     * the generated codec, JSON Schema and Pydantic model do not follow, with why; or null}
     */
    public static String[] unfollowed(Element e) {
        if (find(e, "com.fasterxml.jackson.annotation.JsonAlias").isPresent()) {
            return new String[] {"JsonAlias", "databind also reads the alias names"};
        }
        Optional<AnnotationMirror> ignore = find(e, "com.fasterxml.jackson.annotation.JsonIgnore");
        if (ignore.isPresent() && !Boolean.FALSE.equals(value(ignore.get(), "value"))) {
            return new String[] {"JsonIgnore", "databind neither writes nor reads the property"};
        }
        Optional<AnnotationMirror> property = find(e, JSON_PROPERTY);
        Object access = property.map(a -> value(a, "access")).orElse(null);
        if (access instanceof VariableElement v && (v.getSimpleName().contentEquals("READ_ONLY")
                || v.getSimpleName().contentEquals("WRITE_ONLY"))) {
            return new String[] {"JsonProperty(access = " + v.getSimpleName() + ")",
                    "databind then " + (v.getSimpleName().contentEquals("READ_ONLY") ? "ignores the property when reading" : "never writes the property")};
        }
        Optional<AnnotationMirror> ignored = find(e, JSON_IGNORE_PROPERTIES);
        if (ignored.isPresent() && value(ignored.get(), "value") instanceof java.util.List<?> names && !names.isEmpty()) {
            return new String[] {"JsonIgnoreProperties(" + names + ")", "databind skips those named properties"};
        }
        return null;
    }

    private static Optional<AnnotationMirror> find(Element e, String qualified) {
        return e.getAnnotationMirrors().stream()
                .filter(a -> ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(qualified))
                .map(a -> (AnnotationMirror) a).findFirst();
    }

    private static Object value(AnnotationMirror a, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : a.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue().getValue();
            }
        }
        return null;
    }
}

package io.structbridge.processor.parse;

import io.structbridge.processor.model.Constraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * Reads Jakarta Bean Validation constraints from mirrors. Messages are interpolated at compile
 * time into the text Hibernate Validator's default English bundle gives (ValidationMessages of
 * Hibernate Validator 9); a message the processor cannot interpolate (Expression Language, bundle
 * keys of the user's) makes the record fall back to Hibernate Validator at run time.
 */
public final class ConstraintReader {
    static final String PKG = "jakarta.validation.constraints.";
    private static final String CONSTRAINT_META = "jakarta.validation.Constraint";

    private final Elements elements;

    /** Result for one element: the constraints understood, and reasons to fall back. */
    public record Read(List<Constraint> constraints, List<AnnotationMirror> mirrors, List<String> fallback) {}

    public ConstraintReader(Elements elements) {
        this.elements = elements;
    }

    /** {@return the constraints declared on {@code e} (a field or accessor)} */
    public Read read(Element e, String where) {
        List<Constraint> result = new ArrayList<>();
        List<AnnotationMirror> mirrors = new ArrayList<>();
        List<String> fallback = new ArrayList<>();
        for (AnnotationMirror a : e.getAnnotationMirrors()) {
            TypeElement type = (TypeElement) a.getAnnotationType().asElement();
            String name = type.getQualifiedName().toString();
            if (name.startsWith(PKG) && !name.substring(PKG.length()).contains(".")) {
                Map<String, Object> v = values(a);
                if (!((List<?>) v.get("groups")).isEmpty()) {
                    fallback.add("@" + type.getSimpleName() + " on " + where + " uses validation groups");
                    continue;
                }
                Optional<Constraint> c = constraint(type.getSimpleName().toString(), v, fallback, where);
                c.ifPresent(x -> {
                    result.add(x);
                    mirrors.add(a);
                });
            } else if (isConstraint(type)) {
                fallback.add("custom constraint @" + type.getSimpleName() + " on " + where);
            }
        }
        return new Read(result, mirrors, fallback);
    }

    /** {@return reasons to fall back for class-level constraints on the record} */
    public List<String> classLevel(TypeElement record) {
        List<String> fallback = new ArrayList<>();
        for (AnnotationMirror a : record.getAnnotationMirrors()) {
            TypeElement type = (TypeElement) a.getAnnotationType().asElement();
            if (isConstraint(type)) {
                fallback.add("class-level constraint @" + type.getSimpleName() + " on " + record.getSimpleName());
            }
        }
        return fallback;
    }

    private boolean isConstraint(TypeElement annotationType) {
        return annotationType.getAnnotationMirrors().stream().anyMatch(m ->
                ((TypeElement) m.getAnnotationType().asElement()).getQualifiedName().contentEquals(CONSTRAINT_META));
    }

    private Map<String, Object> values(AnnotationMirror a) {
        Map<String, Object> result = new java.util.HashMap<>();
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
                : elements.getElementValuesWithDefaults(a).entrySet()) {
            Object v = e.getValue().getValue();
            if (v instanceof VariableElement ve) {
                v = ve.getSimpleName().toString();
            } else if (v instanceof List<?> list) {
                v = list.stream().map(x -> {
                    Object o = ((AnnotationValue) x).getValue();
                    return o instanceof VariableElement ve ? ve.getSimpleName().toString() : o;
                }).toList();
            }
            result.put(e.getKey().getSimpleName().toString(), v);
        }
        return result;
    }

    private Optional<Constraint> constraint(String simple, Map<String, Object> v, List<String> fallback, String where) {
        String template = (String) v.get("message");
        String def = "{" + PKG + simple + ".message}";
        Map<String, String> params = new java.util.HashMap<>();
        v.forEach((k, x) -> params.put(k, String.valueOf(x)));
        String message = template.equals(def) ? DefaultMessages.text(simple, v) : Interpolation.simple(template, params);
        if (message == null) {
            fallback.add("@" + simple + " on " + where + " has a message the processor cannot interpolate: " + template);
            message = template;
        }
        return Optional.ofNullable(switch (simple) {
            case "NotNull" -> new Constraint.NotNull(message);
            case "NotEmpty" -> new Constraint.NotEmpty(message);
            case "NotBlank" -> new Constraint.NotBlank(message);
            case "Size" -> new Constraint.Size((Integer) v.get("min"), (Integer) v.get("max"), message);
            case "Min" -> new Constraint.Min((Long) v.get("value"), message);
            case "Max" -> new Constraint.Max((Long) v.get("value"), message);
            case "DecimalMin" -> new Constraint.DecimalMin((String) v.get("value"), (Boolean) v.get("inclusive"), message);
            case "DecimalMax" -> new Constraint.DecimalMax((String) v.get("value"), (Boolean) v.get("inclusive"), message);
            case "Positive" -> new Constraint.Sign(simple, true, false, message);
            case "PositiveOrZero" -> new Constraint.Sign(simple, true, true, message);
            case "Negative" -> new Constraint.Sign(simple, false, false, message);
            case "NegativeOrZero" -> new Constraint.Sign(simple, false, true, message);
            case "Pattern" -> new Constraint.Pattern((String) v.get("regexp"),
                    ((List<?>) v.get("flags")).stream().map(Object::toString).toList(), message);
            case "Email" -> {
                // Hibernate Validator's e-mail rule (RFC 5322 subset with IDN) is not compiled: it runs there.
                fallback.add("@Email on " + where + " is evaluated by Hibernate Validator");
                yield new Constraint.Email((String) v.get("regexp"),
                        ((List<?>) v.get("flags")).stream().map(Object::toString).toList(), message);
            }
            case "AssertTrue" -> new Constraint.Assert(true, message);
            case "AssertFalse" -> new Constraint.Assert(false, message);
            case "Digits" -> new Constraint.Digits((Integer) v.get("integer"), (Integer) v.get("fraction"), message);
            default -> {
                fallback.add("@" + simple + " on " + where + " is not compiled by structbridge");
                yield null;
            }
        });
    }
}

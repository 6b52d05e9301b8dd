package io.structbridge.processor.element;

import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads structbridge annotations from mirrors, never from annotation instances, so the
 * processor loads no annotation or user class.
 */
public final class Mirrors {
    /** The package of the structbridge annotations, with its trailing dot. */
    public static final String PACKAGE = "io.structbridge.annotations.";

    private final Elements elements;

    public Mirrors(Elements elements) {
        this.elements = elements;
    }

    /** {@return the structbridge annotation with this simple name on {@code e}, if present} */
    public Optional<AnnotationMirror> find(Element e, String simpleName) {
        for (AnnotationMirror a : e.getAnnotationMirrors()) {
            TypeElement t = (TypeElement) a.getAnnotationType().asElement();
            if (t.getQualifiedName().contentEquals(PACKAGE + simpleName)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    /** {@return the {@code @Struct} or, failing that, the {@code @Union} annotation on {@code e}} */
    public Optional<AnnotationMirror> layoutAnnotation(Element e) {
        return find(e, "Struct").or(() -> find(e, "Union"));
    }

    /**
     * {@return the first structbridge annotation on {@code e} with a value javac could not resolve} javac
     * has reported the cause; such a value reads as the string {@code "<error>"}, never as the member's
     * type, so it must not be read.
     */
    public Optional<AnnotationMirror> unresolved(Element e) {
        for (AnnotationMirror a : e.getAnnotationMirrors()) {
            TypeElement t = (TypeElement) a.getAnnotationType().asElement();
            if (!t.getQualifiedName().toString().startsWith(PACKAGE)) {
                continue;
            }
            for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : a.getElementValues().entrySet()) {
                if (v.getValue().getValue() instanceof String && !isString(v.getKey().getReturnType())) {
                    return Optional.of(a);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isString(TypeMirror t) {
        return t.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().contentEquals("java.lang.String");
    }

    /** {@return the simple name of an annotation's type} */
    public static String simpleName(AnnotationMirror a) {
        return a.getAnnotationType().asElement().getSimpleName().toString();
    }

    /** {@return the value of {@code name} in {@code a}, the default if not written} */
    public AnnotationValue value(AnnotationMirror a, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e
                : elements.getElementValuesWithDefaults(a).entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException("no member " + name + " in " + a);
    }

    /** {@return the value as it was written, or null when the default applies} */
    public AnnotationValue explicitValue(AnnotationMirror a, String name) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e : a.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(name)) {
                return e.getValue();
            }
        }
        return null;
    }

    public long longValue(AnnotationMirror a, String name) {
        return ((Number) value(a, name).getValue()).longValue();
    }

    public int intValue(AnnotationMirror a, String name) {
        return ((Number) value(a, name).getValue()).intValue();
    }

    public boolean boolValue(AnnotationMirror a, String name) {
        return (Boolean) value(a, name).getValue();
    }

    public String enumValue(AnnotationMirror a, String name) {
        return ((VariableElement) value(a, name).getValue()).getSimpleName().toString();
    }
}

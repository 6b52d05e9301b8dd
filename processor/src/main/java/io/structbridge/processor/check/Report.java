package io.structbridge.processor.check;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * Diagnostics collected while checking one record, printed once. A record with any error gets
 * no generated files; other records are unaffected.
 */
public final class Report {
    private final List<Diagnostic> items = new ArrayList<>();

    /** Adds an error at {@code element}. */
    public void error(Element element, Message m, Object... args) {
        items.add(new Diagnostic(Kind.ERROR, m.format(args), element, null, null));
    }

    /** Adds an error at an annotation (and value, if not null) on {@code element}. */
    public void error(Element element, AnnotationMirror a, AnnotationValue v, Message m, Object... args) {
        items.add(new Diagnostic(Kind.ERROR, m.format(args), element, a, v));
    }

    /** Adds a warning at an annotation on {@code element}. */
    public void warning(Element element, AnnotationMirror a, Message m, Object... args) {
        items.add(new Diagnostic(Kind.WARNING, m.format(args), element, a, null));
    }

    /** Adds a note at {@code element}. */
    public void note(Element element, Message m, Object... args) {
        items.add(new Diagnostic(Kind.NOTE, m.format(args), element, null, null));
    }

    /** {@return whether any error was added} */
    public boolean hasErrors() {
        return items.stream().anyMatch(d -> d.kind() == Kind.ERROR);
    }

    /** {@return the diagnostics in the order added} */
    public List<Diagnostic> items() {
        return List.copyOf(items);
    }

    /** Prints every diagnostic. */
    public void printTo(Messager messager) {
        for (Diagnostic d : items) {
            if (d.value() != null) {
                messager.printMessage(d.kind(), d.text(), d.element(), d.annotation(), d.value());
            } else if (d.annotation() != null) {
                messager.printMessage(d.kind(), d.text(), d.element(), d.annotation());
            } else {
                messager.printMessage(d.kind(), d.text(), d.element());
            }
        }
    }
}

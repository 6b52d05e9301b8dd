package io.structbridge.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/** javac's Messager, remembering whether the processor reported an error (then no layout lock is written). */
final class TrackingMessager implements Messager {
    private final Messager delegate;
    private boolean errors;

    TrackingMessager(Messager delegate) {
        this.delegate = delegate;
    }

    /** {@return whether an error was printed through this messager} */
    boolean errors() {
        return errors;
    }

    private void seen(Diagnostic.Kind kind) {
        errors |= kind == Diagnostic.Kind.ERROR;
    }

    @Override
    public void printMessage(Diagnostic.Kind kind, CharSequence msg) {
        seen(kind);
        delegate.printMessage(kind, msg);
    }

    @Override
    public void printMessage(Diagnostic.Kind kind, CharSequence msg, Element e) {
        seen(kind);
        delegate.printMessage(kind, msg, e);
    }

    @Override
    public void printMessage(Diagnostic.Kind kind, CharSequence msg, Element e, AnnotationMirror a) {
        seen(kind);
        delegate.printMessage(kind, msg, e, a);
    }

    @Override
    public void printMessage(Diagnostic.Kind kind, CharSequence msg, Element e, AnnotationMirror a, AnnotationValue v) {
        seen(kind);
        delegate.printMessage(kind, msg, e, a, v);
    }
}

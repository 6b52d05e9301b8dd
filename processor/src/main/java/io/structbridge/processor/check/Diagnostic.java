package io.structbridge.processor.check;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * One diagnostic, attached to the most precise culprit available.
 *
 * @param kind error, warning or note
 * @param text the formatted message (with its id)
 * @param element the element
 * @param annotation the annotation on it, or null
 * @param value the annotation value, or null
 */
public record Diagnostic(Kind kind, String text, Element element, AnnotationMirror annotation, AnnotationValue value) {}

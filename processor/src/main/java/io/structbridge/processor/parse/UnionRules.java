package io.structbridge.processor.parse;

import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.element.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;

/** Parse-time rules of {@code @Union} records. */
final class UnionRules {
    private UnionRules() {}

    /** {@return whether the layout annotation is {@code @Union}} */
    static boolean isUnion(AnnotationMirror layout) {
        return ((TypeElement) layout.getAnnotationType().asElement()).getQualifiedName()
                .contentEquals(Mirrors.PACKAGE + "Union");
    }

    /**
     * Reports every Bean Validation constraint on a member of a union, or inside a struct that is a
     * member of it: nothing says which member is live, so no check on a member can be right.
     */
    static void checkNoConstraints(TypeElement type, java.util.List<io.structbridge.processor.model.FieldModel> fields,
                                   Report report) {
        for (io.structbridge.processor.model.FieldModel f : fields) {
            String found = constraintIn(f, f.name());
            if (found == null) {
                continue;
            }
            javax.lang.model.element.Element c = type.getRecordComponents().stream()
                    .filter(x -> x.getSimpleName().contentEquals(f.name())).findFirst().orElseThrow();
            int at = found.indexOf(' ');
            report.error(c, Message.UNION_CONSTRAINT, found.substring(0, at), found.substring(at + 1), type.getSimpleName());
        }
    }

    /** {@return "Annotation path" of the first constraint in {@code f} (nested structs included), or null} */
    private static String constraintIn(io.structbridge.processor.model.FieldModel f, String path) {
        if (!f.constraints().isEmpty()) {
            return f.constraints().getFirst().annotation() + " " + path;
        }
        io.structbridge.processor.model.StructModel nested = switch (f.type()) {
            case io.structbridge.processor.model.FieldType.Nested n -> n.struct();
            case io.structbridge.processor.model.FieldType.NestedArray a -> a.struct();
            default -> null;
        };
        if (nested == null || nested.union()) {
            return null; // a nested union reports its own
        }
        for (io.structbridge.processor.model.FieldModel g : nested.fields()) {
            String inner = constraintIn(g, path + "." + g.name());
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    /** Reports a record annotated both {@code @Struct} and {@code @Union}: it cannot be both. */
    static void checkNotBoth(TypeElement type, Mirrors mirrors, Report report) {
        if (mirrors.find(type, "Struct").isPresent() && mirrors.find(type, "Union").isPresent()) {
            report.error(type, mirrors.find(type, "Union").get(), null, Message.STRUCT_AND_UNION, type.getSimpleName());
        }
    }
}

package io.structbridge.processor;

import io.structbridge.processor.check.HiddenPackages;
import io.structbridge.processor.check.LayoutChecks;
import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.check.SinceChecks;
import io.structbridge.processor.layout.LayoutEngine;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.element.Mirrors;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The checks of a parsed record that need its layout (layout, hidden packages, {@code @Since}, the layout lock), and
 * the same checks of every record it nests: a nested record that fails its own gets no generated classes, so the
 * record that nests it is refused too (SB-NESTED-INVALID on the component), rather than generated with references
 * to classes that do not exist. A record's verdict is computed once per compilation.
 */
final class RecordChecks {
    private final Elements elements;
    private final boolean paddingNotes;
    private final Path lockDir;
    /** Whether each nested record (by canonical name) passes its checks. */
    private final Map<String, Boolean> verdicts = new HashMap<>();

    RecordChecks(Elements elements, boolean paddingNotes, Path lockDir) {
        this.elements = elements;
        this.paddingNotes = paddingNotes;
        this.lockDir = lockDir;
    }

    /**
     * Checks {@code plan} of {@code type} into {@code report}.
     *
     * @return the record's new layout lock to write once the compilation has no error, or null
     * @throws ArithmeticException if a layout version's size exceeds {@code Long.MAX_VALUE} bytes
     */
    LayoutLockOutput.Pending check(StructLayoutPlan plan, TypeElement type, Report report) throws IOException {
        new LayoutChecks(new Mirrors(elements), paddingNotes).check(plan, type, report);
        new HiddenPackages(elements).check(plan.model(), type, report);
        SinceChecks.check(plan, type, report);
        LayoutLockOutput.Pending lock = !report.hasErrors() && lockDir != null
                ? new LayoutLockOutput(lockDir).check(type, plan, report) : null;
        if (report.hasErrors()) {
            return null; // the record is refused already: its nested records' errors are theirs to report
        }
        for (FieldModel f : plan.model().fields()) {
            StructModel nested = switch (f.type()) {
                case FieldType.Nested n -> n.struct();
                case FieldType.NestedArray n -> n.struct();
                default -> null;
            };
            if (nested != null && !passes(nested)) {
                report.error(component(type, f.name()), Message.NESTED_INVALID, f.name(), nested.record().simpleName());
            }
        }
        return report.hasErrors() ? null : lock;
    }

    /** {@return whether the nested record {@code model} passes its own checks (its diagnostics are its own)} */
    private boolean passes(StructModel model) throws IOException {
        String name = model.record().canonicalName();
        Boolean known = verdicts.get(name);
        if (known != null) {
            return known;
        }
        TypeElement type = elements.getTypeElement(name);
        boolean ok = true;
        if (type != null) {
            verdicts.put(name, true); // a nesting cycle is refused by the parser (SB-RECURSIVE) before this
            Report own = new Report();
            try {
                check(LayoutEngine.plan(model), type, own);
            } catch (ArithmeticException e) {
                own.error(type, Message.STRUCT_TOO_LARGE, type.getSimpleName(), "more than " + Long.MAX_VALUE + " bytes");
            }
            ok = !own.hasErrors();
        }
        verdicts.put(name, ok);
        return ok;
    }

    private static Element component(TypeElement type, String name) {
        return type.getRecordComponents().stream().filter(c -> c.getSimpleName().contentEquals(name))
                .map(c -> (Element) c).findFirst().orElse(type);
    }
}

package io.structbridge.processor.check;

import io.structbridge.processor.layout.LayoutEngine;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.element.Mirrors;
import io.structbridge.processor.write.describe.LayoutDescriber;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;

/** Checks a computed layout against what the record asserts, and notes wasted padding. */
public final class LayoutChecks {
    private final Mirrors mirrors;
    private final boolean paddingNotes;

    public LayoutChecks(Mirrors mirrors, boolean paddingNotes) {
        this.mirrors = mirrors;
        this.paddingNotes = paddingNotes;
    }

    public void check(StructLayoutPlan plan, TypeElement type, Report report) {
        long asserted = plan.model().assertedSize();
        if (asserted >= 0 && asserted != plan.size()) {
            AnnotationMirror struct = mirrors.layoutAnnotation(type).orElseThrow();
            report.error(type, struct, mirrors.explicitValue(struct, "size"), Message.SIZE_MISMATCH,
                    type.getSimpleName(), asserted, plan.size(), plan.alignment(), LayoutDescriber.describe(plan));
        }
        for (Member m : plan.allMembers()) { // a reserved member keeps its asserted offset too
            long expected = m.field().assertedOffset();
            if (expected >= 0 && expected != m.offset()) {
                RecordComponentElement c = component(type, m.field().name());
                AnnotationMirror offset = mirrors.find(c, "Offset").orElseThrow();
                report.error(c, offset, mirrors.explicitValue(offset, "value"), Message.OFFSET_MISMATCH,
                        m.field().name(), expected, m.offset(), LayoutDescriber.describe(plan));
            }
        }
        if (LayoutEngine.abisDiffer(plan.model())) {
            StructLayoutPlan a64 = LayoutEngine.plan(plan.model(), io.structbridge.processor.layout.Abi.AAPCS64);
            report.error(type, Message.BIT_FIELD_ABI, type.getSimpleName(), plan.size(), plan.alignment(), a64.size(),
                    a64.alignment(), a64.alignment());
        }
        boolean bitFields = plan.members().stream().anyMatch(Member::bitField);
        if (paddingNotes && !bitFields && plan.model().pack() == 0 && plan.reserved().isEmpty() && plan.holeBytes() + plan.tailPadding() > 0) {
            List<FieldModel> order = tagsBeforeTheirUnions(plan.model(), LayoutEngine.compactOrder(plan.model()));
            StructLayoutPlan compact = LayoutEngine.place(plan.model(), order);
            if (compact.size() < plan.size()) {
                report.note(type, Message.PADDING_HOLES, type.getSimpleName(), plan.holeBytes() + plan.tailPadding(),
                        plan.size(), compact.size(), order.stream().map(FieldModel::name).collect(Collectors.joining(", ")));
            }
        }
    }

    /**
     * {@return {@code order} with each tagged union's discriminator moved just before the union if it
     * came after it} (a discriminator must precede its union: SB-TAG-AFTER-UNION), so the order the
     * padding note suggests is one the processor accepts.
     */
    private static List<FieldModel> tagsBeforeTheirUnions(io.structbridge.processor.model.StructModel model, List<FieldModel> order) {
        List<FieldModel> out = new java.util.ArrayList<>(order);
        for (io.structbridge.processor.model.TaggedUnion t : model.tagged()) {
            FieldModel tag = out.stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow();
            FieldModel union = out.stream().filter(f -> f.name().equals(t.union())).findFirst().orElseThrow();
            if (out.indexOf(tag) > out.indexOf(union)) {
                out.remove(tag);
                out.add(out.indexOf(union), tag);
            }
        }
        return out;
    }

    private static RecordComponentElement component(TypeElement type, String name) {
        return type.getRecordComponents().stream()
                .filter(c -> c.getSimpleName().contentEquals(name)).findFirst().orElseThrow();
    }
}

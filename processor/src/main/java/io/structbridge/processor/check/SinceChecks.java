package io.structbridge.processor.check;

import io.structbridge.processor.layout.LayoutVersions;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The rules that let a reader of one layout version read struct files of every other ({@code @Since} above 1): a
 * file of an older version lacks the newer members' bytes, and readers give them all-zero bytes. So version 1 has
 * a member (SB-SINCE-FIRST-MEMBER), a union has one version (SB-SINCE-IN-UNION), a newer member starts past every
 * byte of the older versions, tail padding included (SB-SINCE-PADDING: padding holds whatever its writer left),
 * and zero is a valid value of every newer member (SB-SINCE-DEFAULT). A record of layout version 1 is not checked.
 */
public final class SinceChecks {
    private SinceChecks() {}

    public static void check(StructLayoutPlan plan, TypeElement type, Report report) {
        StructModel model = plan.model();
        reserved(model, type, report);
        if (LayoutVersions.of(model) == 1) {
            return;
        }
        String name = type.getSimpleName().toString();
        FieldModel first = model.fields().getFirst();
        // a reserved member is a member of its version: its bytes are in every struct of it
        boolean firstVersionHasMember = model.reserved().stream().anyMatch(r -> r.field().since() == 1);
        if (first.since() > 1 && !firstVersionHasMember) {
            report.error(component(type, first.name()), Message.SINCE_FIRST_MEMBER, first.name(), name, first.since());
            return;
        }
        if (model.union()) {
            for (FieldModel f : model.fields()) {
                if (f.since() > 1) {
                    report.error(component(type, f.name()), Message.SINCE_IN_UNION, f.since(), f.name(), name, f.since() - 1);
                }
            }
            return;
        }
        for (Member m : plan.members()) {
            int since = m.field().since();
            if (since == 1) {
                continue;
            }
            StructLayoutPlan older = LayoutVersions.plan(model, since - 1);
            if (m.offset() < older.size()) {
                // the end of the older version's members, its reserved ones too (their bytes are no padding)
                long end = java.util.stream.Stream.concat(older.members().stream(), older.reserved().stream())
                        .mapToLong(Member::end).max().orElse(0);
                String where = m.offset() >= end ? "its tail padding is bytes " + end + " to " + (older.size() - 1)
                        : "byte " + m.offset() + " holds bits of a bit-field of that version";
                report.error(component(type, m.field().name()), Message.SINCE_PADDING, m.field().name(), since, m.offset(),
                        older.size(), since - 1, name, where, older.alignment());
            }
        }
        for (FieldModel f : model.fields()) {
            if (f.since() > 1) {
                String problem = ZeroDefaults.problem(model, f);
                if (problem != null) {
                    report.error(component(type, f.name()), Message.SINCE_DEFAULT, f.name(), f.since(), f.since() - 1, problem);
                }
            }
        }
    }

    /**
     * A reserved member's bytes are zero in every struct file new code writes, and readers of the versions before the
     * removal still read them as the member: zero must be a valid value of it (its type, its nested structs, and the
     * constraints it had, as the layout lock holds them), as for a newer member (SB-SINCE-DEFAULT).
     */
    private static void reserved(StructModel model, TypeElement type, Report report) {
        for (StructModel.Reserved r : model.reserved()) {
            FieldModel f = r.field();
            FieldType known = f.type();
            if (known instanceof FieldType.EnumCode e && !r.lockedEnumCodes().isEmpty()) { // the enum old readers know
                known = new FieldType.EnumCode(e.type(), e.ctype(), e.order(), r.lockedEnumCodes().stream()
                        .map(k -> new FieldType.EnumConstant(k.substring(0, k.indexOf('=')), Long.parseLong(k.substring(k.indexOf('=') + 1)),
                                k.substring(0, k.indexOf('='))))
                        .toList(), e.jsonKnown());
            }
            FieldModel was = new FieldModel(f.name(), known, f.explicitAlign(), f.assertedOffset(), f.jsonName(),
                    f.description(), r.locked(), f.since());
            String problem = ZeroDefaults.problem(model, was);
            if (problem != null) {
                report.error(component(type, f.name()), Message.RESERVED_DEFAULT, f.name(), problem);
            }
        }
    }

    private static Element component(TypeElement type, String name) {
        return type.getRecordComponents().stream().filter(c -> c.getSimpleName().contentEquals(name))
                .map(c -> (Element) c).findFirst().orElse(type);
    }
}

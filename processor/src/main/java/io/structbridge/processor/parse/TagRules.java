package io.structbridge.processor.parse;

import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.element.Mirrors;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.TaggedUnion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;

/**
 * Parse-time rules of tagged unions: {@code @Tag("kind")} on a union component of a struct names the
 * discriminator component, {@code @Case} on each member of the union lists the discriminator values
 * that make it live. Every value selects at most one member; an enum discriminator's every constant
 * selects exactly one; the discriminator is declared before the union.
 */
final class TagRules {
    private TagRules() {}

    /** Reports {@code @Case} on a component of a record that is not a union. */
    static void checkCasePlacement(TypeElement type, boolean union, Mirrors mirrors, Report report) {
        if (union) {
            return;
        }
        for (RecordComponentElement c : type.getRecordComponents()) {
            mirrors.find(c, "Case").ifPresent(a -> report.error(c, a, null, Message.CASE_NOT_UNION, c.getSimpleName(), type.getSimpleName()));
        }
    }

    /** {@return whether every member of the union record {@code type} has {@code @Case}: it is meant to be tagged} */
    static boolean meantTagged(TypeElement type, Mirrors mirrors) {
        return !type.getRecordComponents().isEmpty()
                && type.getRecordComponents().stream().allMatch(c -> mirrors.find(c, "Case").isPresent());
    }

    /** {@return the tagged unions of {@code type} (parsed {@code fields}), reporting every rule broken} */
    static List<TaggedUnion> read(TypeElement type, boolean union, List<FieldModel> fields, List<String> reserved, Mirrors mirrors,
                                  Report report) {
        List<TaggedUnion> out = new ArrayList<>();
        List<? extends RecordComponentElement> components = type.getRecordComponents();
        for (RecordComponentElement c : components) {
            Optional<AnnotationMirror> tagAnn = mirrors.find(c, "Tag");
            if (tagAnn.isEmpty()) {
                continue;
            }
            AnnotationMirror a = tagAnn.get();
            String name = c.getSimpleName().toString();
            if (union) {
                report.error(c, a, null, Message.TAG_IN_UNION, name, type.getSimpleName());
                continue;
            }
            FieldModel f = field(fields, name);
            if (f == null) {
                continue; // the component has its own error
            }
            if (!(f.type() instanceof FieldType.Nested n) || !n.struct().union()) {
                String what = switch (f.type()) {
                    case FieldType.NestedArray x -> x.struct().union() ? "an array of unions (one discriminator cannot name the live member of each)" : "an array of structs";
                    case FieldType.Nested x -> "the struct " + x.struct().record().simpleName();
                    default -> "not a record";
                };
                report.error(c, a, null, Message.TAG_NOT_UNION, name, name, what);
                continue;
            }
            String tagName = (String) mirrors.value(a, "value").getValue();
            FieldModel tag = tagName.equals(name) ? null : field(fields, tagName);
            if (tag == null && reserved.contains(tagName)) {
                report.error(c, a, mirrors.explicitValue(a, "value"), Message.TAG_RESERVED, tagName, name, tagName);
                continue;
            }
            if (tag == null) {
                report.error(c, a, mirrors.explicitValue(a, "value"), Message.TAG_UNKNOWN, tagName, name, type.getSimpleName(),
                        fields.stream().map(FieldModel::name).filter(x -> !x.equals(name)).toList());
                continue;
            }
            if (fields.indexOf(tag) > fields.indexOf(f)) {
                report.error(c, a, mirrors.explicitValue(a, "value"), Message.TAG_AFTER_UNION, tagName, name, tagName, name);
                continue;
            }
            boolean integral = tag.type() instanceof FieldType.Scalar s && s.java().integral()
                    && s.java() != JavaPrim.CHAR && s.java() != JavaPrim.BOOLEAN;
            if (!(tag.type() instanceof FieldType.EnumCode) && !integral) {
                report.error(c, a, mirrors.explicitValue(a, "value"), Message.TAG_TYPE, tagName, name, describe(tag.type()));
                continue;
            }
            if (tag.type() instanceof FieldType.EnumCode e && !e.jsonKnown()) {
                report.error(c, a, mirrors.explicitValue(a, "value"), Message.TAG_JSON_VALUE, tagName, name, e.type().simpleName());
                continue;
            }
            TypeElement unionType = (TypeElement) ((DeclaredType) c.asType()).asElement();
            TaggedUnion t = cases(c, a, unionType, n, name, tag, mirrors, report);
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    private static TaggedUnion cases(RecordComponentElement c, AnnotationMirror a, TypeElement unionType, FieldType.Nested n,
                                     String name, FieldModel tag, Mirrors mirrors, Report report) {
        String unionName = unionType.getSimpleName().toString();
        Map<String, String> owner = new LinkedHashMap<>();
        List<TaggedUnion.Alternative> alternatives = new ArrayList<>();
        boolean ok = true;
        for (RecordComponentElement m : unionType.getRecordComponents()) {
            String member = m.getSimpleName().toString();
            Optional<AnnotationMirror> caseAnn = mirrors.find(m, "Case");
            List<String> names = caseAnn.map(x -> strings(mirrors.value(x, "value"))).orElse(List.of());
            List<Long> codes = caseAnn.map(x -> longs(mirrors.value(x, "codes"))).orElse(List.of());
            if (names.isEmpty() && codes.isEmpty()) {
                report.error(c, a, null, Message.CASE_MISSING, member, unionName, tag.name());
                ok = false;
                continue;
            }
            List<String> constants = new ArrayList<>();
            List<String> json = new ArrayList<>();
            List<Long> native_ = new ArrayList<>();
            if (tag.type() instanceof FieldType.EnumCode e) {
                if (!codes.isEmpty()) {
                    report.error(c, a, null, Message.CASE_KIND, member, unionName, "codes " + codes, tag.name(),
                            "the enum " + e.type().simpleName(), "constant names, e.g. @Case(\"" + e.constants().getFirst().name() + "\")");
                    ok = false;
                    continue;
                }
                for (String v : names) {
                    FieldType.EnumConstant k = e.constants().stream().filter(x -> x.name().equals(v)).findFirst().orElse(null);
                    if (k == null) {
                        report.error(c, a, null, Message.CASE_UNKNOWN_CONSTANT, v, member, unionName, e.type().simpleName(),
                                e.constants().stream().map(FieldType.EnumConstant::name).toList());
                        ok = false;
                        continue;
                    }
                    ok &= unique(owner, v, member, unionName, c, a, report);
                    constants.add(k.name());
                    json.add(k.json());
                    native_.add(k.code());
                }
            } else {
                FieldType.Scalar s = (FieldType.Scalar) tag.type();
                if (!names.isEmpty()) {
                    report.error(c, a, null, Message.CASE_KIND, member, unionName, "names " + names, tag.name(),
                            s.java().keyword(), "integer codes, e.g. @Case(codes = 1)");
                    ok = false;
                    continue;
                }
                long lo = Math.max(CTypes.min(s.ctype()), s.java().min());
                long hi = Math.min(CTypes.max(s.ctype()), s.java().max());
                for (long v : codes) {
                    if (v < lo || v > hi) {
                        report.error(c, a, null, Message.CASE_RANGE, v, member, unionName, tag.name(), CTypes.cName(s.ctype()), lo, hi);
                        ok = false;
                        continue;
                    }
                    ok &= unique(owner, Long.toString(v), member, unionName, c, a, report);
                    json.add(Long.toString(v));
                    native_.add(v);
                }
            }
            alternatives.add(new TaggedUnion.Alternative(member, constants, json, native_));
        }
        if (ok && tag.type() instanceof FieldType.EnumCode e) {
            for (FieldType.EnumConstant k : e.constants()) {
                if (!owner.containsKey(k.name())) {
                    report.error(c, a, null, Message.CASE_UNCOVERED, k.name(), tag.name(), e.type().simpleName(), unionName);
                    ok = false;
                }
            }
        }
        return ok && alternatives.size() == n.struct().fields().size() ? new TaggedUnion(name, tag.name(), alternatives) : null;
    }

    private static boolean unique(Map<String, String> owner, String value, String member, String unionName,
                                  RecordComponentElement c, AnnotationMirror a, Report report) {
        String previous = owner.putIfAbsent(value, member);
        if (previous != null) {
            report.error(c, a, null, Message.CASE_DUPLICATE, value, previous, member, unionName);
            return false;
        }
        return true;
    }

    private static FieldModel field(List<FieldModel> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }

    private static String describe(FieldType t) {
        return switch (t) {
            case FieldType.Scalar s -> s.java().keyword();
            case FieldType.Text x -> "String";
            case FieldType.PrimitiveArray x -> x.element().java().keyword() + "[]";
            case FieldType.Nested x -> x.struct().record().simpleName();
            case FieldType.NestedArray x -> x.struct().record().simpleName() + "[]";
            case FieldType.EnumCode x -> x.type().simpleName();
            default -> t.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static List<String> strings(AnnotationValue v) {
        List<String> out = new ArrayList<>();
        for (Object o : (List<?>) v.getValue()) {
            out.add((String) ((AnnotationValue) o).getValue());
        }
        return out;
    }

    private static List<Long> longs(AnnotationValue v) {
        List<Long> out = new ArrayList<>();
        for (Object o : (List<?>) v.getValue()) {
            out.add(((Number) ((AnnotationValue) o).getValue()).longValue());
        }
        return out;
    }
}

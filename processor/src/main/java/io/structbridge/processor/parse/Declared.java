package io.structbridge.processor.parse;

import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;

/**
 * The declared changes of docs/layout-lock.md: {@code @Reserved} (a removed member whose bytes stay) and
 * {@code @FormerName} (a rename whose old name JSON still accepts). Reads them and refuses their misuse on the
 * component.
 */
final class Declared {
    private Declared() {}

    /** {@return {@code f} with the former names of {@code @FormerName} and their JSON names (by {@code strategy})} */
    static FieldModel withFormerNames(RecordComponentElement c, FieldModel f, String strategy, Mirrors mirrors) {
        List<String> names = formerNames(c, mirrors);
        if (names.isEmpty()) {
            return f;
        }
        List<String> json = new ArrayList<>();
        for (String n : names) {
            String j = strategy == null ? n : JsonNames.translate(strategy, n);
            json.add(j == null ? n : j);
        }
        return new FieldModel(f.name(), f.type(), f.explicitAlign(), f.assertedOffset(), f.jsonName(), f.description(),
                f.constraints(), f.since(), names, json);
    }

    private static List<String> formerNames(RecordComponentElement c, Mirrors mirrors) {
        Optional<AnnotationMirror> a = mirrors.find(c, "FormerName");
        List<String> names = new ArrayList<>();
        if (a.isPresent() && mirrors.value(a.get(), "value").getValue() instanceof List<?> values) {
            for (Object v : values) {
                if (v instanceof AnnotationValue av && av.getValue() instanceof String s) {
                    names.add(s);
                }
            }
        }
        return names;
    }

    /** Refuses a {@code @Reserved} component that cannot be one. */
    static void checkReserved(RecordComponentElement c, FieldModel f, boolean union, Report report) {
        String problem = null;
        if (union) {
            problem = "every member of a union starts at byte 0 in the bytes of the others, so a union has no bytes "
                    + "of one member to keep; remove the member, or keep it";
        } else if (f.type() instanceof FieldType.BitField) {
            problem = "a bit-field shares its storage unit with its neighbours, so its bits cannot be kept as whole "
                    + "bytes; keep the bit-field (a member nobody reads), or reserve the whole unit";
        } else if (!f.constraints().isEmpty()) {
            problem = "a reserved member is in no API and no validator, so its constraints would check nothing; remove "
                    + f.constraints().size() + (f.constraints().size() == 1 ? " constraint" : " constraints");
        } else if (!f.formerNames().isEmpty()) {
            problem = "a reserved member has no name in any API, so a former name would rename nothing; remove @FormerName";
        }
        if (problem != null) {
            report.error(c, Message.RESERVED_MISUSE, f.name(), problem);
        }
    }

    /** Refuses a former name that another member (its name, JSON name or former names) also means. */
    static void checkFormerNames(TypeElement type, List<FieldModel> fields, List<StructModel.Reserved> reserved,
                                 Mirrors mirrors, Report report) {
        Map<String, String> taken = new HashMap<>();
        for (FieldModel f : fields) {
            taken.putIfAbsent(f.name(), "it is the name of component '" + f.name() + "'");
            taken.putIfAbsent(f.jsonName(), "it is the JSON name of component '" + f.name() + "'");
        }
        for (StructModel.Reserved r : reserved) {
            taken.putIfAbsent(r.field().name(), "it is the name of reserved component '" + r.field().name() + "'");
        }
        boolean union = mirrors.find(type, "Union").isPresent();
        for (FieldModel f : fields) {
            Element c = component(type, f.name());
            for (int i = 0; i < f.formerNames().size(); i++) {
                String n = f.formerNames().get(i);
                String j = f.formerJsonNames().get(i);
                String problem = union ? "a union has one layout version, and its JSON is its tagging struct's" : null;
                if (problem == null && !(javax.lang.model.SourceVersion.isIdentifier(n) && !javax.lang.model.SourceVersion.isKeyword(n))) {
                    problem = "a former name is a name the component had, so a Java identifier";
                }
                if (problem == null) {
                    problem = taken.get(n);
                }
                if (problem == null && !j.equals(n)) {
                    problem = taken.get(j) == null ? null : "its JSON name \"" + j + "\": " + taken.get(j);
                }
                if (problem != null) {
                    report.error(c, Message.FORMER_NAME, n, f.name(), problem);
                    continue;
                }
                taken.put(n, "it is a former name of component '" + f.name() + "'");
                taken.putIfAbsent(j, "it is a former JSON name of component '" + f.name() + "'");
            }
        }
    }

    /**
     * Refuses a reserved component whose JSON name another component also has (as its JSON name or a former JSON
     * name, or another reserved one): every reader accepts and ignores a reserved component's JSON name, which old
     * JSON holds, so it cannot also mean a live member.
     */
    static void checkReservedJsonNames(TypeElement type, List<FieldModel> fields, List<StructModel.Reserved> reserved,
                                       Report report) {
        if (reserved.isEmpty()) {
            return;
        }
        Map<String, String> taken = new HashMap<>();
        for (FieldModel f : fields) {
            taken.putIfAbsent(f.jsonName(), "the JSON name of component '" + f.name() + "'");
            for (String j : f.formerJsonNames()) {
                taken.putIfAbsent(j, "a former JSON name of component '" + f.name() + "'");
            }
        }
        for (StructModel.Reserved r : reserved) {
            String j = r.field().jsonName();
            String other = taken.putIfAbsent(j, "the JSON name of reserved component '" + r.field().name() + "'");
            if (other != null) {
                report.error(component(type, r.field().name()), Message.RESERVED_MISUSE, r.field().name(),
                        "its JSON name \"" + j + "\" is " + other + ", and every JSON reader accepts and ignores a reserved "
                                + "component's JSON name (old JSON holds it), so it cannot mean another member too; "
                                + "change @JsonProperty on one of them");
            }
        }
    }

    /** Refuses a former name on a tagged union or its discriminator, whose JSON the tagging code reads. */
    static void checkTagged(TypeElement type, List<FieldModel> fields, List<TaggedUnion> tagged, Report report) {
        for (TaggedUnion t : tagged) {
            for (FieldModel f : fields) {
                if ((f.name().equals(t.union()) || f.name().equals(t.tag())) && !f.formerNames().isEmpty()) {
                    report.error(component(type, f.name()), Message.FORMER_NAME, f.formerNames().get(0), f.name(),
                            "a tagged union and its discriminator cannot be renamed yet (their JSON is read together)");
                }
            }
        }
    }

    private static Element component(TypeElement type, String name) {
        for (RecordComponentElement c : type.getRecordComponents()) {
            if (c.getSimpleName().contentEquals(name)) {
                return c;
            }
        }
        return type;
    }
}

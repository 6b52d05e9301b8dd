package io.structbridge.processor.parse;

import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.element.Mirrors;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.LockedLayout;
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

    /**
     * {@return {@code f} with the former names of {@code @FormerName} and their JSON names: the JSON name the layout
     * lock holds for the member of that name (the one it really had), else the name by {@code strategy}}
     *
     * @param locked the record's layout locks, oldest version first (empty without a lock)
     */
    static FieldModel withFormerNames(RecordComponentElement c, FieldModel f, String strategy, Mirrors mirrors,
                                      List<LockedLayout> locked) {
        List<String> names = formerNames(c, mirrors);
        if (names.isEmpty()) {
            return f;
        }
        List<String> json = new ArrayList<>();
        for (String n : names) {
            String j = lockedJson(locked, n);
            if (j == null) {
                j = strategy == null ? n : JsonNames.translate(strategy, n);
            }
            json.add(j == null ? n : j);
        }
        return new FieldModel(f.name(), f.type(), f.explicitAlign(), f.assertedOffset(), f.jsonName(), f.description(),
                f.constraints(), f.since(), names, json);
    }

    /** {@return the JSON name a lock holds for the top-level member once named {@code name}, or null} */
    private static String lockedJson(List<LockedLayout> locked, String name) {
        for (LockedLayout l : locked) {
            for (LockedLayout.LockedMember m : l.members()) {
                if (!m.topLevel() || m.reserved()) {
                    continue;
                }
                if (m.path().equals(name)) {
                    return m.json();
                }
                int i = m.former().indexOf(name);
                if (i >= 0 && i < m.formerJson().size()) {
                    return m.formerJson().get(i);
                }
            }
        }
        return null;
    }

    /**
     * {@return the constraints the newest lock holding top-level member {@code name} live keeps for it (a reserved
     * component declares none, but readers of those versions check them), or none}
     */
    static List<io.structbridge.processor.model.Constraint> lockedConstraints(List<LockedLayout> locked, String name) {
        for (int i = locked.size() - 1; i >= 0; i--) {
            LockedLayout.LockedMember m = locked.get(i).member(name);
            if (m != null && m.topLevel()) { // a reserved member's lock keeps the constraints it had
                return m.constraints().stream().map(LockedLayout::constraint).filter(java.util.Objects::nonNull).toList();
            }
        }
        return List.of();
    }

    /** {@return the enum constants ({@code NAME=code}) the newest lock holding {@code name} gives it; empty if none} */
    static List<String> lockedEnumCodes(List<LockedLayout> locked, String name) {
        for (int i = locked.size() - 1; i >= 0; i--) {
            LockedLayout.LockedMember m = locked.get(i).member(name);
            if (m != null && m.topLevel()) {
                return m.enumCodes();
            }
        }
        return List.of();
    }

    /**
     * {@return the layout locks of {@code record} in {@code dir}, oldest version first; a lock that cannot be read is
     * left out (the lock check reports it)}
     */
    static List<LockedLayout> locks(java.nio.file.Path dir, String record) {
        List<LockedLayout> out = new ArrayList<>();
        if (dir == null || !java.nio.file.Files.isDirectory(dir)) {
            return out;
        }
        java.util.regex.Pattern name = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(record) + "\\.v([0-9]{1,9})\\.properties");
        try (java.nio.file.DirectoryStream<java.nio.file.Path> files = java.nio.file.Files.newDirectoryStream(dir)) {
            for (java.nio.file.Path file : files) {
                if (!name.matcher(file.getFileName().toString()).matches() || !java.nio.file.Files.isRegularFile(file)
                        || java.nio.file.Files.size(file) > 16L << 20) {
                    continue;
                }
                try (java.io.Reader r = java.nio.file.Files.newBufferedReader(file, java.nio.charset.StandardCharsets.UTF_8)) {
                    java.util.Properties p = new java.util.Properties();
                    p.load(r);
                    LockedLayout l = LockedLayout.read(p);
                    if (l.record().equals(record)) {
                        out.add(l);
                    }
                } catch (java.io.IOException | IllegalArgumentException e) {
                    // reported by the lock check
                }
            }
        } catch (java.io.IOException e) {
            return out;
        }
        out.sort(java.util.Comparator.comparingInt(LockedLayout::version));
        return out;
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

    /** Refuses {@code @FormerName({})}: a declaration of a rename that names no former name. */
    static void checkEmptyFormerName(RecordComponentElement c, Mirrors mirrors, Report report) {
        if (mirrors.find(c, "FormerName").isPresent() && formerNames(c, mirrors).isEmpty()) {
            report.error(c, Message.FORMER_NAME, "", c.getSimpleName(),
                    "it names no former name; list the names the component had, oldest first, or remove @FormerName");
        }
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
        }
        if (problem != null) {
            report.error(c, Message.RESERVED_MISUSE, f.name(), problem);
        }
    }

    /**
     * Refuses a former name that another member also means: a former (Java) name that is another component's name,
     * reserved or not, or another former name; a former JSON name that is another component's JSON name or former
     * JSON name, and, without a lock, a reserved component's JSON name (that name is retired: a document using it
     * means the removed member; with a lock, the lock check reports it as SB-LOCK-NAME-REUSED). A former JSON name
     * equal to the component's own JSON name (a rename that kept the JSON name) is no extra name, and no error.
     * Without a lock, a live component's JSON name that is a reserved component's is refused too.
     *
     * @param locked whether the record has a layout lock
     */
    static void checkFormerNames(TypeElement type, List<FieldModel> fields, List<StructModel.Reserved> reserved,
                                 Mirrors mirrors, boolean locked, Report report) {
        Map<String, String> java = new HashMap<>();
        Map<String, String> json = new HashMap<>();
        for (FieldModel f : fields) {
            java.putIfAbsent(f.name(), "it is the name of component '" + f.name() + "'");
            json.putIfAbsent(f.jsonName(), "it is the JSON name of component '" + f.name() + "'");
        }
        for (StructModel.Reserved r : reserved) {
            java.putIfAbsent(r.field().name(), "it is the name of reserved component '" + r.field().name() + "'");
        }
        for (StructModel.Reserved r : reserved) { // a member renamed, then removed: its former names are retired too
            for (String n : r.field().formerNames()) {
                String problem = nameProblem(n);
                if (problem == null && !n.equals(r.field().name())) {
                    problem = java.get(n);
                }
                if (problem != null) {
                    report.error(component(type, r.field().name()), Message.FORMER_NAME, n, r.field().name(), problem);
                } else {
                    java.putIfAbsent(n, "it is a former name of reserved component '" + r.field().name() + "'");
                }
            }
        }
        if (!locked) {
            for (StructModel.Reserved r : reserved) {
                for (String j : r.jsonNames()) {
                    String taken = json.get(j);
                    if (taken != null) {
                        report.error(component(type, r.field().name()), Message.RESERVED_MISUSE, r.field().name(),
                                "its JSON name \"" + j + "\" is retired with it, but " + taken.substring(3)
                                        + ", so a document of the version before the removal would give the removed member's "
                                        + "value to that component; give the component another JSON name");
                    }
                    json.putIfAbsent(j, "it is the JSON name of reserved component '" + r.field().name()
                            + "', retired with it (a document using it means the removed member)");
                }
            }
        }
        boolean union = mirrors.find(type, "Union").isPresent();
        for (FieldModel f : fields) {
            Element c = component(type, f.name());
            for (int i = 0; i < f.formerNames().size(); i++) {
                String n = f.formerNames().get(i);
                String j = f.formerJsonNames().get(i);
                String problem = union ? "a union has one layout version, and its JSON is its tagging struct's" : null;
                if (problem == null) {
                    problem = nameProblem(n);
                }
                if (problem == null && !n.equals(f.name())) { // renamed back to an earlier name: no other member's
                    problem = java.get(n);
                }
                if (problem == null && !j.equals(f.jsonName()) && json.get(j) != null) {
                    problem = "its JSON name \"" + j + "\": " + json.get(j);
                }
                if (problem != null) {
                    report.error(c, Message.FORMER_NAME, n, f.name(), problem);
                    continue;
                }
                java.putIfAbsent(n, "it is a former name of component '" + f.name() + "'");
                if (!j.equals(f.jsonName())) {
                    json.putIfAbsent(j, "it is a former JSON name of component '" + f.name() + "'");
                }
            }
        }
    }

    /**
     * {@return why {@code n} cannot be a former name, or null} A former name is a name the component had, so it
     * passed the rules of a component's name: a Java identifier, and a name C, Python and Mojo can declare.
     */
    private static String nameProblem(String n) {
        if (!(javax.lang.model.SourceVersion.isIdentifier(n) && !javax.lang.model.SourceVersion.isKeyword(n))) {
            return "a former name is a name the component had, so a Java identifier";
        }
        String c = Names.cProblem(n);
        if (c == null) {
            c = Names.macroForm(n);
        }
        if (c == null) {
            c = Names.libraryMacro(n);
        }
        if (c == null) {
            c = Names.reservedBytesName(n);
        }
        if (c != null && !Names.C_KEYWORDS.contains(n)) {
            return "a former name is a name the component had, and no component can have it: " + c;
        }
        String py = Names.pythonProblem(n);
        return py == null ? null : "a former name is a name the component had, and no component can have it: " + py;
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

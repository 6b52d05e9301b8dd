package io.structbridge.processor.check;

import io.structbridge.processor.model.LockedLayout;
import io.structbridge.processor.model.LockedLayout.LockedMember;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.Element;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;

/**
 * Compares a record with its layout locks (docs/layout-lock.md has the rules as one table): every member of a
 * locked version keeps its offset, size, C type, byte order, bit position, JSON name, enum codes and constraints;
 * the struct keeps its alignment, and its size within a version; a new member comes after every member of the
 * locked versions, with {@code @Since} above them; a version never goes back. Each change is an error at the
 * component it concerns (at the record when the component is gone).
 */
public final class LayoutLockCheck {
    private LayoutLockCheck() {}

    /**
     * Reports every change of {@code now} against each of {@code locked}.
     *
     * @param type the record
     * @param now the record as it is
     * @param locked each lock file's layout, keyed by the file's name as the messages show it
     */
    public static void check(TypeElement type, LockedLayout now, Map<String, LockedLayout> locked, Report report) {
        for (Map.Entry<String, LockedLayout> e : locked.entrySet()) {
            check(type, now, e.getKey(), e.getValue(), report);
        }
        if (!locked.isEmpty()) {
            Map.Entry<String, LockedLayout> newest = locked.entrySet().stream()
                    .max(java.util.Comparator.comparingInt(e -> e.getValue().version())).orElseThrow();
            retiredJsonNames(type, now, newest.getKey(), newest.getValue(), report);
        }
    }

    /**
     * A reserved member's JSON name stays retired: a document of the version before the removal that holds it means
     * the removed member, so no live member may take it as its JSON name or a former JSON name.
     */
    private static void retiredJsonNames(TypeElement type, LockedLayout now, String file, LockedLayout old, Report report) {
        java.util.Set<String> matched = new java.util.HashSet<>();
        for (LockedMember was : old.members()) {
            LockedMember is = DeclaredNames.resolve(now, was.path());
            if (is != null) {
                matched.add(is.path());
            }
        }
        for (LockedMember m : now.members()) {
            if (!m.topLevel() || m.reserved() || !matched.contains(m.path()) && DeclaredNames.retired(old, m) != null) {
                continue; // a new member taking a retired name: the check of each lock reports it
            }
            List<String> names = new ArrayList<>();
            names.add(m.json());
            m.formerJson().stream().filter(j -> !j.equals(m.json())).forEach(names::add);
            for (LockedMember r : now.members()) {
                if (r.topLevel() && r.reserved() && names.contains(r.json())) {
                    String how = r.json().equals(m.json()) ? "JSON name \"" : "former JSON name \"";
                    report.error(component(type, m.path()), Message.LOCK_NAME_REUSED, "the " + how + r.json() + "\" of component",
                            m.path(), now.record(), r.path(), old.version(), file,
                            "removed (@Reserved: its bytes kept, its name and JSON name \"" + r.json() + "\" retired)");
                    break;
                }
            }
        }
    }

    private static void check(TypeElement type, LockedLayout now, String file, LockedLayout old, Report report) {
        String record = now.record();
        if (old.version() > now.version()) {
            report.error(type, Message.LOCK_VERSION_BACKWARDS, record, now.version(), file, old.version());
            return;
        }
        if (old.alignment() != now.alignment()) {
            report.error(type, Message.LOCK_STRUCT_CHANGED, record, old.version(), file,
                    "its alignment was " + old.alignment() + " bytes, is " + now.alignment(), "alignment (a reader's stride and "
                            + "every enclosing struct's layout depend on it)");
        }
        if (old.version() == now.version() && old.size() != now.size()) {
            report.error(type, Message.LOCK_STRUCT_CHANGED, record, old.version(), file,
                    "its size was " + old.size() + " bytes, is " + now.size() + " (a struct grows only by members of a new "
                            + "layout version, with @Since(" + (old.version() + 1) + "))", "size");
        }
        if (!old.tagged().equals(now.tagged())) {
            report.error(type, Message.LOCK_STRUCT_CHANGED, record, old.version(), file,
                    "its tagged unions were " + old.tagged() + ", are " + now.tagged(), "tag cases");
        }
        Map<String, List<String>> changes = new LinkedHashMap<>();
        java.util.Set<String> matched = new java.util.HashSet<>();
        for (LockedMember was : old.members()) {
            LockedMember holder = DeclaredNames.resolve(now, was.component());
            if (holder != null && holder.reserved() && !was.topLevel()) {
                continue; // a reserved member keeps its bytes, not the members of its type
            }
            LockedMember is = DeclaredNames.resolve(now, was.path());
            if (was.topLevel() && was.reserved() && (is == null || !is.reserved() && is.offset() != was.offset())) {
                if (is != null) { // a new member took the name; the reserved one may live on under another
                    matched.add(is.path());
                    report.error(component(type, is.path()), Message.LOCK_NAME_REUSED, "component", is.path(), record, was.path(),
                            old.version(), file, "removed (@Reserved: its bytes kept, its name retired)");
                }
                is = renamedReserved(now, old, was, matched);
                if (is == null) {
                    report.error(type, Message.LOCK_RESERVED_CHANGED, was.path(), record, old.version(), file, "it is gone",
                            asLocked(was));
                    continue;
                }
            }
            if (is == null) {
                if (holder == null || was.topLevel()) {
                    if (was.topLevel()) {
                        report.error(type, Message.LOCK_MEMBER_REMOVED, was.path(), old.version(), record, file,
                                was.c() + " at offset " + was.offset(), "a component '" + was.path() + "' of the same type (" + javaType(was.c()) + "), annotated @Reserved");
                    }
                } else {
                    changes.computeIfAbsent(holder.path(), k -> new ArrayList<>()).add(
                            "its member '" + was.path() + "' (" + was.c() + " at offset " + was.offset() + ") is gone");
                }
                continue;
            }
            matched.add(is.path());
            if (was.topLevel() && was.reserved() && !is.reserved()) {
                if (is.path().equals(was.path())) {
                    report.error(component(type, is.path()), Message.LOCK_RESERVED_REVIVED, is.path(), record, old.version(), file,
                            now.version() + 1);
                } else {
                    report.error(component(type, is.path()), Message.LOCK_NAME_REUSED, "component", is.path(), record, was.path(),
                            old.version(), file, "removed (@Reserved: its bytes kept, its name retired)");
                }
                continue;
            }
            if (!was.topLevel() && was.reserved() && !is.reserved()) { // a nested record's reserved member made live again
                report.error(component(type, is.component()), Message.LOCK_RESERVED_REVIVED, is.path(), record, old.version(), file,
                        now.version() + 1);
                continue;
            }
            if (was.topLevel() && is.reserved()) {
                List<String> what = new ArrayList<>();
                if (!is.former().contains(was.path())) {
                    differ(what, "its name", was.path(), is.path());
                }
                facts(what, "", was, is);
                if (!was.json().equals(is.json()) && !is.formerJson().contains(was.json())) {
                    what.add("its JSON name was " + was.json() + ", is " + is.json() + " (JSON documents of version "
                            + old.version() + " hold \"" + was.json() + "\", which readers skip only while it stays)");
                }
                if (!what.isEmpty()) {
                    report.error(component(type, is.path()), Message.LOCK_RESERVED_CHANGED, was.path(), record, old.version(), file,
                            String.join("; ", what), asLocked(was));
                }
                formerNames(type, record, file, old, was, is, report);
                continue; // removed from every API: its constraints and enum codes no longer apply
            }
            List<String> what = changes.computeIfAbsent(is.component(), k -> new ArrayList<>());
            String where = was.topLevel() ? "" : "'" + was.path() + "': ";
            facts(what, where, was, is);
            if (was.topLevel()) {
                if (!was.json().equals(is.json()) && !is.formerJson().contains(was.json())) {
                    what.add("JSON name was " + was.json() + ", is " + is.json()
                            + (is.path().equals(was.path()) ? "" : " (a rename keeps accepting the old JSON name)"));
                }
                formerNames(type, record, file, old, was, is, report);
                if (!was.constraints().equals(is.constraints())) {
                    what.add("its constraints were " + was.constraints() + ", are " + is.constraints()
                            + " (a document or struct file valid in version " + old.version() + " must stay valid, and the reverse)");
                }
            }
            enumCodes(what, where, was.enumCodes(), is.enumCodes());
        }
        for (Map.Entry<String, List<String>> c : changes.entrySet()) {
            if (!c.getValue().isEmpty()) {
                report.error(component(type, c.getKey()), Message.LOCK_MEMBER_CHANGED, c.getKey(), record, old.version(), file,
                        String.join("; ", c.getValue()), old.version() + 1);
            }
        }
        long end = old.members().stream().filter(LockedMember::topLevel).mapToLong(m -> m.offset() + m.size()).max().orElse(0);
        for (LockedMember m : now.members()) {
            if (!m.topLevel() || matched.contains(m.path())) {
                continue;
            }
            String retired = DeclaredNames.retired(old, m);
            if (retired != null) {
                report.error(component(type, m.path()), Message.LOCK_NAME_REUSED,
                        m.reserved() ? "reserved component" : "component", m.path(), record,
                        retired.substring(0, retired.indexOf(' ')), old.version(), file, retired.substring(retired.indexOf(' ') + 1));
            } else if (m.since() <= old.version()) {
                report.error(component(type, m.path()), Message.LOCK_MEMBER_UNVERSIONED, m.path(), old.version(), record, file,
                        old.version() + 1);
            } else if (m.offset() < end) {
                report.error(component(type, m.path()), Message.LOCK_MEMBER_INSERTED, m.path(), m.since(), m.offset(),
                        old.version(), record, end, file);
            }
        }
    }

    /**
     * A member's former names stay, oldest first (the fingerprint keeps the oldest); a rename appends. The advice
     * keeps the locked ones and appends the others, the locked member's name too when it was renamed since.
     */
    private static void formerNames(TypeElement type, String record, String file, LockedLayout old, LockedMember was,
                                    LockedMember is, Report report) {
        if (is.former().subList(0, Math.min(is.former().size(), was.former().size())).equals(was.former())) {
            return;
        }
        List<String> keep = new ArrayList<>(was.former());
        is.former().stream().filter(f -> !keep.contains(f)).forEach(keep::add);
        if (!was.path().equals(is.path()) && !keep.contains(was.path())) {
            keep.add(was.path());
        }
        report.error(component(type, is.path()), Message.LOCK_FORMER_NAMES, is.path(), record, was.former(),
                old.version(), file, is.former(), annotationValue(keep));
    }

    /** The facts of a member that its bytes in a struct file depend on. */
    private static void facts(List<String> what, String where, LockedMember was, LockedMember is) {
        differ(what, where + "offset", was.offset(), is.offset());
        differ(what, where + "size", was.size(), is.size());
        differ(what, where + "C type", was.c(), is.c());
        differ(what, where + "byte order", was.order(), is.order());
        differ(what, where + "bit offset", was.bits(), is.bits());
        if (was.topLevel()) {
            differ(what, "@Since", was.since(), is.since());
        }
    }

    /**
     * {@return for a reserved member of the lock that the record no longer has by its name, the record's reserved
     * member that took its place under another name (same offset, in no lock), or null}
     */
    private static LockedMember renamedReserved(LockedLayout now, LockedLayout old, LockedMember was, java.util.Set<String> matched) {
        for (LockedMember m : now.members()) {
            if (m.topLevel() && m.reserved() && m.offset() == was.offset() && !matched.contains(m.path())
                    && old.member(m.path()) == null) {
                return m;
            }
        }
        return null;
    }

    /** {@return how a locked member is declared, for a message: "a component 'x' of C type int32_t at offset 4, ..."} */
    private static String asLocked(LockedMember m) {
        return "a component '" + m.path() + "' of C type " + m.c() + " at offset " + m.offset() + ", byte order " + m.order()
                + (m.json().equals(m.path()) ? "" : ", JSON name \"" + m.json() + "\"")
                + (m.former().isEmpty() ? "" : ", @FormerName(" + annotationValue(m.former()) + ")")
                + (m.since() > 1 ? ", @Since(" + m.since() + ")" : "");
    }

    /** {@return the Java declaration a locked C type most likely came from, with the C type: "int, C int32_t"} */
    static String javaType(String c) {
        String java = switch (c) {
            case "int8_t" -> "byte";
            case "int16_t" -> "short";
            case "int32_t" -> "int";
            case "int64_t" -> "long";
            case "float" -> "float";
            case "double" -> "double";
            case "bool" -> "boolean";
            default -> c.matches("char\\[\\d+]") ? "String with @Capacity(" + c.substring(5, c.length() - 1) + ")" : null;
        };
        return java == null ? "C " + c : java + ", C " + c;
    }

    /** {@return names as the value of an annotation element: "a" or {"a", "b"}} */
    private static String annotationValue(List<String> names) {
        List<String> quoted = names.stream().map(n -> "\"" + n + "\"").toList();
        return quoted.size() == 1 ? quoted.get(0) : "{" + String.join(", ", quoted) + "}";
    }

    private static void differ(List<String> what, String fact, Object was, Object is) {
        if (!Objects.equals(was, is)) {
            what.add(fact + " was " + was + ", is " + is);
        }
    }

    /** An enum member keeps every constant's code; new constants take codes no constant had. */
    private static void enumCodes(List<String> what, String where, List<String> was, List<String> is) {
        Map<String, String> now = new LinkedHashMap<>();
        Map<String, String> byCode = new LinkedHashMap<>();
        for (String e : is) {
            now.put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
            byCode.put(e.substring(e.indexOf('=') + 1), e.substring(0, e.indexOf('=')));
        }
        for (String e : was) {
            String name = e.substring(0, e.indexOf('='));
            String code = e.substring(e.indexOf('=') + 1);
            String current = now.get(name);
            if (current == null) {
                String reuse = byCode.get(code);
                what.add(where + "enum constant " + name + " (code " + code + ") is gone"
                        + (reuse == null ? "; files of the locked version may hold its code" : ", and " + reuse + " reuses its code"));
            } else if (!current.equals(code)) {
                String reuse = byCode.get(code);
                what.add(where + "enum constant " + name + " had code " + code + ", has " + current
                        + (reuse == null ? "" : " (and " + reuse + " now has " + code + ")"));
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

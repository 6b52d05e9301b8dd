package io.structbridge.processor.check;

import io.structbridge.processor.model.LockedLayout;
import io.structbridge.processor.model.LockedLayout.LockedMember;

/**
 * Finds a locked member in the record as it is now through declared renames ({@code @FormerName}), and the names a
 * lock retires: the names and JSON names of reserved members and the former names of renamed ones.
 */
final class DeclaredNames {
    private DeclaredNames() {}

    /**
     * {@return the member of {@code now} that is the locked member at {@code path}: the member of that path, else the
     * one whose path is {@code path} with renamed components replaced by their new names; null if none}
     */
    static LockedMember resolve(LockedLayout now, String path) {
        LockedMember direct = now.member(path);
        if (direct != null) {
            return direct;
        }
        String mapped = "";
        String candidate = "";
        for (String segment : path.split("\\.", -1)) {
            boolean array = segment.endsWith("[]");
            String name = array ? segment.substring(0, segment.length() - 2) : segment;
            candidate = mapped.isEmpty() ? name : mapped + "." + name;
            if (now.member(candidate) == null) {
                for (LockedMember m : now.members()) {
                    if (parent(m.path()).equals(mapped) && m.former().contains(name)) {
                        candidate = m.path();
                        break;
                    }
                }
            }
            mapped = candidate + (array ? "[]" : "");
        }
        return now.member(candidate);
    }

    private static String parent(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    /**
     * {@return for a top-level member of the record that the lock does not hold, the locked member whose retired name
     * it takes and how the lock holds it ({@code "<member> <how>"}), or null}
     */
    static String retired(LockedLayout old, LockedMember m) {
        for (LockedMember o : old.members()) {
            if (!o.topLevel()) {
                continue;
            }
            if (o.reserved() && (o.path().equals(m.path()) || o.json().equals(m.json()) || o.path().equals(m.json()))) {
                return o.path() + " removed (@Reserved: its bytes kept, its name and JSON name \"" + o.json() + "\" retired)";
            }
            if (o.former().contains(m.path()) || o.formerJson().contains(m.json()) || o.formerJson().contains(m.path())) {
                return o.path() + " renamed from " + o.former() + " (@FormerName: JSON of that version still uses the old names)";
            }
        }
        return null;
    }
}

package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Arrow field tree of a struct, built from its {@link Column}s: a {@link Group} per struct
 * ({@code +s}), a {@link GroupList} per nested struct array ({@code +w:N} of {@code +s}), a {@link Leaf}
 * per column. A leaf inside nested struct arrays holds one column per element (in index order); its
 * Arrow value {@code k} is row {@code k / m} of column {@code k % m}, {@code m} the column count.
 */
sealed interface Node {
    /** {@return the field name} */
    String name();

    /** {@return the member path, for errors} */
    String path();

    /** A struct: one child per member. */
    record Group(String name, String path, List<Node> children) implements Node {}

    /** A fixed-size list of structs: {@code length} elements per value. */
    record GroupList(String name, String path, int length, Group element) implements Node {}

    /** A column: scalars, a fixed scalar array ({@code +w:N}), text or an enum. */
    record Leaf(String name, String path, List<Column> columns) implements Node {
        Column column() {
            return columns.getFirst();
        }

        /** {@return whether the column is a fixed scalar array {@code T[N]}, {@code +w:N} (also for N = 1: {@code T a[1]} is no scalar)} */
        boolean list() {
            return column().array();
        }
    }

    /**
     * {@return the tree of the columns}
     *
     * @param name the root struct's name
     * @param columns the struct's columns
     * @throws UnsupportedOperationException for a column in a union or a pointer: Arrow has no form for them
     */
    static Group of(String name, List<Column> columns) {
        List<String[]> rel = new ArrayList<>();
        for (Column c : columns) {
            if (c.union() != null) {
                throw new UnsupportedOperationException(name + "." + c.path() + " lies in union '" + (c.union().isEmpty()
                        ? name : c.union()) + "': the bytes of a union do not say which member is live, so it has no Arrow form");
            }
            if (c.kind() == Kind.POINTER) {
                throw new UnsupportedOperationException(name + "." + c.path()
                        + " is a pointer, an address that means nothing outside this process: no Arrow form");
            }
            rel.add(c.path().split("\\.", -1));
        }
        return new Group(name, "", build("", columns, rel, 0));
    }

    private static List<Node> build(String prefix, List<Column> columns, List<String[]> segments, int depth) {
        Map<String, List<Integer>> byName = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            String seg = segments.get(i)[depth];
            int bracket = seg.indexOf('[');
            byName.computeIfAbsent(bracket < 0 ? seg : seg.substring(0, bracket), k -> new ArrayList<>()).add(i);
        }
        List<Node> out = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> e : byName.entrySet()) {
            String name = e.getKey();
            String path = prefix.isEmpty() ? name : prefix + "." + name;
            List<Integer> idx = e.getValue();
            String first = segments.get(idx.getFirst())[depth];
            List<Column> cols = idx.stream().map(columns::get).toList();
            List<String[]> segs = idx.stream().map(segments::get).toList();
            if (first.indexOf('[') >= 0) {
                int length = 0;
                for (String[] s : segs) {
                    String seg = s[depth];
                    length = Math.max(length, Integer.parseInt(seg.substring(seg.indexOf('[') + 1, seg.length() - 1)) + 1);
                }
                out.add(new GroupList(name, path, length, new Group("item", path + "[]", build(path + "[]", cols, segs, depth + 1))));
            } else if (segs.getFirst().length > depth + 1) {
                out.add(new Group(name, path, build(path, cols, segs, depth + 1)));
            } else {
                out.add(new Leaf(name, path, cols));
            }
        }
        return out;
    }
}

package io.structbridge.arrow;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.Column.Kind;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.TaggedUnion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Arrow field tree of a struct, built from its {@link Column}s: a {@link Group} per struct
 * ({@code +s}), a {@link GroupList} per nested struct array ({@code +w:N} of {@code +s}), a {@link Leaf}
 * per column. A leaf inside nested struct arrays holds one column per element (in index order); its
 * Arrow value {@code k} is row {@code k / m} of column {@code k % m}, {@code m} the column count. A tagged union
 * ({@link TaggedUnion}) is a {@link Union} ({@code +ud}, a dense union of its members).
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
     * A tagged union: an Arrow dense union ({@code +ud:0,1,...}, type id {@code j} = case {@code j}) of its members,
     * {@link #members}'s children in case order. Of multiplicity {@code m} (inside nested struct arrays) it has one
     * {@link TaggedUnion}, discriminator column and base offset per element, in index order. The members' nodes are
     * built from element 0's columns moved to the union's first byte ({@link #base}) and named relative to the
     * union ({@code circle.r}): value {@code k} of the union (row {@code k / m}, element {@code k % m}) is the
     * {@link #span} bytes at {@code bases[k % m]} of row {@code k / m}.
     *
     * @param name the union component's name
     * @param path the union's path in the tree ({@code figures[].shape})
     * @param unions the tagged union per element
     * @param tags the discriminator column per element
     * @param bases the first byte of the union's columns per element
     * @param span the bytes from a base to the end of the union's last column
     * @param members the members, one child per case, in case order
     */
    record Union(String name, String path, List<TaggedUnion> unions, List<Column> tags, List<Long> bases, long span,
                 Group members) implements Node {}

    /**
     * {@return the tree of a generated struct type's columns, tagged unions as {@link Union}s}
     *
     * @param type the type
     * @throws UnsupportedOperationException for a column in an untagged union or a pointer: Arrow has no form for them
     */
    static Group of(StructType<?> type) {
        return of(type.name(), type.columns(), type.taggedUnions());
    }

    /**
     * {@return the tree of the columns, with no union}
     *
     * @param name the root struct's name
     * @param columns the struct's columns
     * @throws UnsupportedOperationException for a column in a union or a pointer: Arrow has no form for them
     */
    static Group of(String name, List<Column> columns) {
        return of(name, columns, List.of());
    }

    /**
     * {@return the tree of the columns}
     *
     * @param name the root struct's name
     * @param columns the struct's columns
     * @param tagged the struct's tagged unions
     * @throws UnsupportedOperationException for a column in an untagged union (or in a tagged one not in
     *     {@code tagged}) or a pointer: Arrow has no form for them
     */
    static Group of(String name, List<Column> columns, List<TaggedUnion> tagged) {
        Map<String, TaggedUnion> byPath = new LinkedHashMap<>();
        for (TaggedUnion t : tagged) {
            byPath.put(t.path(), t);
        }
        List<String[]> rel = new ArrayList<>();
        for (Column c : columns) {
            if (c.union() != null && !byPath.containsKey(c.union())) {
                throw new UnsupportedOperationException(name + "." + c.path() + " lies in union '" + (c.union().isEmpty()
                        ? name : c.union()) + "': the bytes of a union do not say which member is live, so it has no Arrow form");
            }
            if (c.kind() == Kind.POINTER) {
                throw new UnsupportedOperationException(name + "." + c.path()
                        + " is a pointer, an address that means nothing outside this process: no Arrow form");
            }
            rel.add(c.path().split("\\.", -1));
        }
        return new Group(name, "", build("", columns, rel, 0, new Tree(name, columns, tagged)));
    }

    /** The whole struct's columns and tagged unions, for the {@link Union}s met while building. */
    record Tree(String name, List<Column> columns, List<TaggedUnion> tagged) {
        /** {@return whether {@code treePath} ({@code a[].b}) is the path of tagged unions} */
        boolean isUnion(String treePath) {
            for (TaggedUnion t : tagged) {
                if (unindexed(t.path()).equals(treePath)) {
                    return true;
                }
            }
            return false;
        }

        Union union(String name, String treePath) {
            List<TaggedUnion> unions = tagged.stream().filter(t -> unindexed(t.path()).equals(treePath)).toList();
            List<Column> tags = new ArrayList<>();
            List<Long> bases = new ArrayList<>();
            long span = 0;
            for (TaggedUnion u : unions) {
                String prefix = u.path() + ".";
                Column tag = columns.stream().filter(c -> c.path().equals(u.tag())).findFirst().orElseThrow(
                        () -> new UnsupportedOperationException(this.name + "." + u.path() + ": its discriminator "
                                + u.tag() + " is no column of the struct"));
                if (tag.array() || tag.kind() != Kind.ENUM && tag.kind() != Kind.SIGNED_INT && tag.kind() != Kind.UNSIGNED_INT) {
                    throw new UnsupportedOperationException(this.name + "." + u.tag() + ": a discriminator column is an enum or an integer");
                }
                tags.add(tag);
                long lo = Long.MAX_VALUE;
                long hi = 0;
                for (Column c : columns) {
                    if (c.path().startsWith(prefix)) {
                        lo = Math.min(lo, c.offset());
                        hi = Math.max(hi, c.offset() + c.byteSize());
                    }
                }
                if (lo == Long.MAX_VALUE) {
                    throw new UnsupportedOperationException(this.name + "." + u.path() + ": a tagged union without columns");
                }
                bases.add(lo);
                span = Math.max(span, hi - lo);
            }
            // the members: element 0's columns under the union, moved to its first byte and named from it
            TaggedUnion first = unions.getFirst();
            String prefix = first.path() + ".";
            long base = bases.getFirst();
            List<Column> inner = new ArrayList<>();
            for (Column c : columns) {
                if (c.path().startsWith(prefix)) {
                    String u = c.union() == null || c.union().equals(first.path()) ? null : c.union().substring(prefix.length());
                    inner.add(new Column(c.path().substring(prefix.length()), c.offset() - base, c.kind(), c.elementSize(),
                            c.length(), c.array(), c.signed(), c.order(), c.encoding(), c.nulTerminated(), c.truncate(),
                            c.constants(), c.bitShift(), c.bitWidth(), u));
                }
            }
            List<TaggedUnion> innerTagged = new ArrayList<>();
            for (TaggedUnion t : tagged) {
                if (t.path().startsWith(prefix)) {
                    innerTagged.add(new TaggedUnion(t.path().substring(prefix.length()), t.tag().substring(prefix.length()), t.cases()));
                }
            }
            Group all = of(this.name + "." + first.path(), inner, innerTagged);
            List<Node> members = new ArrayList<>();
            for (TaggedUnion.Case c : first.cases()) {
                members.add(all.children().stream().filter(x -> x.name().equals(c.member())).findFirst().orElseThrow(
                        () -> new UnsupportedOperationException(this.name + "." + first.path() + "." + c.member()
                                + ": a union member without columns has no Arrow form")));
            }
            return new Union(name, treePath, unions, tags, bases, span, new Group(name, treePath, members));
        }
    }

    /** {@return the path with every index {@code [i]} as {@code []}} */
    static String unindexed(String path) {
        return path.replaceAll("\\[\\d+]", "[]");
    }

    private static List<Node> build(String prefix, List<Column> columns, List<String[]> segments, int depth, Tree tree) {
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
                out.add(new GroupList(name, path, length, new Group("item", path + "[]", build(path + "[]", cols, segs, depth + 1, tree))));
            } else if (tree.isUnion(path)) {
                out.add(tree.union(name, path));
            } else if (segs.getFirst().length > depth + 1) {
                out.add(new Group(name, path, build(path, cols, segs, depth + 1, tree)));
            } else {
                out.add(new Leaf(name, path, cols));
            }
        }
        return out;
    }
}

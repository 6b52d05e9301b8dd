package io.structbridge.spark;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.TaggedUnion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds the member tree from the flat column list of {@link Column}: {@code pos.x} is member
 * {@code x} of the nested struct {@code pos}; {@code points[2].y} is member {@code y} of element 2 of
 * the struct array {@code points} (element 0's columns describe the element; the stride is the distance
 * between the first columns of elements 1 and 0). A tagged union ({@link TaggedUnion}) is a {@link Node.Union} of its
 * members; a column in an untagged union is refused.
 */
final class ColumnTree {
    private ColumnTree() {}

    /** A group under construction. */
    private static final class Draft {
        final Map<String, Object> members = new LinkedHashMap<>(); // Column, Draft, or Rep
    }

    /** A struct array under construction. */
    private static final class Rep {
        final Draft element = new Draft();
        int count;
        long first0 = -1;
        long first1 = -1;
    }

    /**
     * {@return the root group (name {@code ""}) of {@code type}'s columns and tagged unions}
     *
     * @throws IllegalArgumentException if a path is malformed
     * @throws UnsupportedOperationException for a column in an untagged union
     */
    static Node.Group build(StructType<?> type) {
        return build(type.columns(), type.taggedUnions());
    }

    /**
     * {@return the root group (name {@code ""}) of {@code columns}, with the tagged unions {@code tagged}}
     *
     * @throws IllegalArgumentException if a path is malformed, or a tagged union has a member without columns
     * @throws UnsupportedOperationException for a column in an untagged union
     */
    static Node.Group build(List<Column> columns, List<TaggedUnion> tagged) {
        Map<String, TaggedUnion> unions = new HashMap<>();
        for (TaggedUnion t : tagged) {
            unions.put(t.path(), t);
        }
        Map<String, Column> byPath = new HashMap<>();
        Draft root = new Draft();
        for (Column c : columns) {
            if (c.union() != null && !unions.containsKey(c.union())) {
                throw untagged(c);
            }
            byPath.put(c.path(), c);
            add(root, c, c.path().split("\\.", -1), 0);
        }
        return new Finisher(unions, byPath).group("", "", root);
    }

    /** {@return the refusal of column {@code c}, which lies in an untagged union} */
    private static UnsupportedOperationException untagged(Column c) {
        return new UnsupportedOperationException("structbridge: member '" + c.path() + "' lies in the union "
                + (c.union().isEmpty() ? "(the struct itself)" : "'" + c.union() + "'")
                + ": the bytes of a union do not say which member is live, so it has no Spark column");
    }

    private static void add(Draft group, Column c, String[] parts, int at) {
        String part = parts[at];
        if (at == parts.length - 1) {
            group.members.put(part, c);
            return;
        }
        int bracket = part.indexOf('[');
        if (bracket < 0) {
            Draft d = (Draft) group.members.computeIfAbsent(part, k -> new Draft());
            add(d, c, parts, at + 1);
            return;
        }
        if (!part.endsWith("]")) {
            throw new IllegalArgumentException("structbridge: malformed column path '" + c.path() + "'");
        }
        String name = part.substring(0, bracket);
        int index = Integer.parseInt(part.substring(bracket + 1, part.length() - 1));
        Rep r = (Rep) group.members.computeIfAbsent(name, k -> new Rep());
        r.count = Math.max(r.count, index + 1);
        if (index == 0) {
            if (r.first0 < 0) {
                r.first0 = c.offset();
            }
            add(r.element, c, parts, at + 1);
        } else if (index == 1 && r.first1 < 0) {
            r.first1 = c.offset();
        }
    }

    /** Turns drafts into nodes, tagged unions into {@link Node.Union}s. */
    private record Finisher(Map<String, TaggedUnion> unions, Map<String, Column> columns) {
        /** {@return the node of draft {@code d}, whose path (element 0's inside struct arrays) is {@code path}} */
        Node.Group group(String name, String path, Draft d) {
            List<Node> children = new ArrayList<>(d.members.size());
            for (Map.Entry<String, Object> e : d.members.entrySet()) {
                String key = e.getKey();
                String at = path.isEmpty() ? key : path + "." + key;
                children.add(switch (e.getValue()) {
                    case Column c -> new Node.Leaf(key, c);
                    case Draft g -> unions.containsKey(at) ? union(key, unions.get(at), group(key, at, g)) : group(key, at, g);
                    case Rep r -> new Node.Repeated(key, r.count, r.count > 1 ? r.first1 - r.first0 : 0,
                            group(key, at + "[0]", r.element));
                    default -> throw new IllegalStateException(key);
                });
            }
            return new Node.Group(name, children);
        }

        /** {@return the union {@code t} of the members {@code members}, put in case order} */
        private Node.Union union(String name, TaggedUnion t, Node.Group members) {
            List<Node> ordered = new ArrayList<>(t.cases().size());
            for (TaggedUnion.Case c : t.cases()) {
                ordered.add(members.children().stream().filter(n -> n.name().equals(c.member())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("structbridge: member '" + t.path() + "." + c.member()
                                + "' of a tagged union has no columns")));
            }
            Column tag = columns.get(t.tag());
            if (tag == null) {
                throw new IllegalArgumentException("structbridge: the discriminator '" + t.tag() + "' of union '" + t.path()
                        + "' is no column");
            }
            return new Node.Union(name, tag, t, new Node.Group(name, ordered));
        }
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds the member tree from the flat column list of {@link Column}: {@code pos.x} is member
 * {@code x} of the nested struct {@code pos}; {@code points[2].y} is member {@code y} of element 2 of
 * the struct array {@code points} (element 0's columns describe the element; the stride is the distance
 * between the first columns of elements 1 and 0).
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
     * {@return the root group (name {@code ""}) of {@code columns}}
     *
     * @throws IllegalArgumentException if a path is malformed
     */
    static Node.Group build(List<Column> columns) {
        Draft root = new Draft();
        for (Column c : columns) {
            add(root, c, c.path().split("\\.", -1), 0);
        }
        return finish("", root);
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

    private static Node.Group finish(String name, Draft d) {
        List<Node> children = new ArrayList<>(d.members.size());
        for (Map.Entry<String, Object> e : d.members.entrySet()) {
            children.add(switch (e.getValue()) {
                case Column c -> new Node.Leaf(e.getKey(), c);
                case Draft g -> finish(e.getKey(), g);
                case Rep r -> new Node.Repeated(e.getKey(), r.count, r.count > 1 ? r.first1 - r.first0 : 0,
                        finish(e.getKey(), r.element));
                default -> throw new IllegalStateException(e.getKey());
            });
        }
        return new Node.Group(name, children);
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.util.List;

/**
 * The members of a struct as a tree, rebuilt from its flat {@link Column} list: what a Spark schema
 * and its column vectors mirror.
 */
sealed interface Node {
    /** {@return the member name (a Java identifier)} */
    String name();

    /**
     * A scalar, a text member or a fixed array of scalars.
     *
     * @param name the member name
     * @param column the column (for a member inside a struct array: the column of element 0)
     */
    record Leaf(String name, Column column) implements Node {}

    /**
     * A nested struct (or the struct itself, with name {@code ""}).
     *
     * @param name the member name
     * @param children the members in declaration order
     */
    record Group(String name, List<Node> children) implements Node {
        public Group {
            children = List.copyOf(children);
        }
    }

    /**
     * A fixed array of nested structs {@code S name[count]}.
     *
     * @param name the member name
     * @param count the element count
     * @param stride the bytes from one element to the next (the element struct's size)
     * @param element the members of element 0 (their columns carry element 0's offsets)
     */
    record Repeated(String name, int count, long stride, Group element) implements Node {}
}

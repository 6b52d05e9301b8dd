package io.structbridge.spark;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.TaggedUnion;
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

    /**
     * A tagged union: its members, of which the value of the discriminator column {@code tag} selects the live one
     * per struct ({@link TaggedUnion#live}); the others are dead.
     *
     * @param name the union component's name
     * @param tag the discriminator column (a sibling of the union; inside a struct array: element 0's)
     * @param union the tagged union (inside a struct array: element 0's), its cases in member order
     * @param members one node per case, in case order (member {@code j} is live where the tag selects case {@code j})
     */
    record Union(String name, Column tag, TaggedUnion union, Group members) implements Node {}
}

package io.structbridge.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A tagged union of a struct ({@code @Tag("kind") Shape shape} on a {@code @Union} component, {@code @Case} on each
 * member): which member the discriminator selects, in the terms of {@link Column} paths. The generated
 * {@code RStruct.TAGGED} (also {@link StructType#taggedUnions()}) lists every tagged union of the struct, those of
 * nested structs and of each element of nested struct arrays included (paths prefixed as {@link Column#nest} and
 * {@link Column#nestArray} prefix the columns), in member order.
 *
 * <p>The union's members' columns are the columns whose path starts with {@code path + "."}: member {@code m}'s are
 * those under {@code path + "." + m}. The discriminator is the column at {@link #tag} (an {@link Column.Kind#ENUM}
 * column or an integer column); the stored value {@code v} of that column (read as the column's kind and
 * signedness: an enum's code, an integer's value) selects the member whose {@link Case#codes} hold {@code v}. A
 * value no case holds selects no member: bad data, refused by every reader.
 *
 * @param path the union component's path ({@code shape}, {@code inner.shape}, {@code figures[2].shape})
 * @param tag the discriminator column's path (a sibling of the union: {@code kind}, {@code figures[2].kind})
 * @param cases one per union member, in member order
 */
public record TaggedUnion(String path, String tag, List<Case> cases) {

    /**
     * One member of a tagged union and the discriminator values that select it.
     *
     * @param member the member's name (a record component of the union, also the last segment of its column paths)
     * @param codes the stored discriminator values that select it (an enum discriminator's constants' codes; for a
     *     {@code uint64_t} code, its bits), at least one, in declaration order
     */
    public record Case(String member, List<Long> codes) {
        /**
         * Checks the components.
         *
         * @throws IllegalArgumentException if {@code codes} is empty
         */
        public Case {
            Objects.requireNonNull(member, "member");
            codes = List.copyOf(codes);
            if (codes.isEmpty()) {
                throw new IllegalArgumentException(member + ": a case needs at least one discriminator value");
            }
        }
    }

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if there is no case, or two cases hold the same value
     */
    public TaggedUnion {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(tag, "tag");
        cases = List.copyOf(cases);
        if (cases.isEmpty()) {
            throw new IllegalArgumentException(path + ": a tagged union needs at least one case");
        }
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (Case c : cases) {
            for (Long code : c.codes()) {
                if (!seen.add(code)) {
                    throw new IllegalArgumentException(path + ": discriminator value " + code + " selects two members");
                }
            }
        }
    }

    /**
     * {@return the index in {@link #cases} of the member that stored discriminator value {@code code} selects, or -1
     * if it selects none}
     *
     * @param code the stored value of the {@link #tag} column
     */
    public int live(long code) {
        for (int i = 0; i < cases.size(); i++) {
            for (long c : cases.get(i).codes()) {
                if (c == code) {
                    return i;
                }
            }
        }
        return -1;
    }

    /**
     * {@return the tagged unions of a nested struct member, paths prefixed (as {@link Column#nest})}
     *
     * @param name the member name (prefix of the paths)
     * @param inner the nested struct's tagged unions
     */
    public static List<TaggedUnion> nest(String name, List<TaggedUnion> inner) {
        List<TaggedUnion> out = new ArrayList<>(inner.size());
        for (TaggedUnion t : inner) {
            out.add(new TaggedUnion(name + "." + t.path, name + "." + t.tag, t.cases));
        }
        return List.copyOf(out);
    }

    /**
     * {@return the tagged unions of a nested struct array member, per element ({@code name[i].shape}, as
     * {@link Column#nestArray})}
     *
     * @param name the member name
     * @param length the element count
     * @param inner the element struct's tagged unions
     */
    public static List<TaggedUnion> nestArray(String name, int length, List<TaggedUnion> inner) {
        List<TaggedUnion> out = new ArrayList<>(inner.size() * length);
        for (int i = 0; i < length; i++) {
            out.addAll(nest(name + "[" + i + "]", inner));
        }
        return List.copyOf(out);
    }
}

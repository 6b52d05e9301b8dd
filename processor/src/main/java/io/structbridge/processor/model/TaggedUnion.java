package io.structbridge.processor.model;

import java.util.List;

/**
 * A union component of a struct whose live member a sibling discriminator names ({@code @Tag} on
 * the union component, {@code @Case} on the union's members).
 *
 * @param union the union component's name
 * @param tag the discriminator component's name (declared before the union)
 * @param alternatives one per union member, in member order
 */
public record TaggedUnion(String union, String tag, List<Alternative> alternatives) {
    public TaggedUnion {
        alternatives = List.copyOf(alternatives);
    }

    /**
     * The discriminator values for which one member is live.
     *
     * @param member the union member's name
     * @param constants the enum constant names (enum discriminator), else empty
     * @param json the values as JSON: the constants' JSON strings (quoted) or the integer codes
     * @param codes the native codes of those values
     */
    public record Alternative(String member, List<String> constants, List<String> json, List<Long> codes) {
        public Alternative {
            constants = List.copyOf(constants);
            json = List.copyOf(json);
            codes = List.copyOf(codes);
        }
    }

    /** {@return the tagged union whose union component is {@code field}, or null} */
    public static TaggedUnion of(StructModel model, String field) {
        for (TaggedUnion t : model.tagged()) {
            if (t.union().equals(field)) {
                return t;
            }
        }
        return null;
    }

    /** {@return the tagged union whose discriminator is {@code field}, or null} */
    public static TaggedUnion byTag(StructModel model, String field) {
        for (TaggedUnion t : model.tagged()) {
            if (t.tag().equals(field)) {
                return t;
            }
        }
        return null;
    }
}

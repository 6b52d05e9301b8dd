package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The runtime's description of a tagged union: which member a stored discriminator value selects, moved as columns are. */
class TaggedUnionTest {
    // Figure's: enum FigureKind { @Code(1) CIRCLE, @Code(2) RECT, @Code(30) SQUARE }, @Case("CIRCLE") circle, @Case({"RECT", "SQUARE"}) rect
    private static final TaggedUnion SHAPE = new TaggedUnion("shape", "kind", List.of(
            new TaggedUnion.Case("circle", List.of(1L)), new TaggedUnion.Case("rect", List.of(2L, 30L))));

    @Test
    void aStoredValueSelectsTheCaseListingIt() {
        assertEquals(0, SHAPE.live(1));
        assertEquals(1, SHAPE.live(2));
        assertEquals(1, SHAPE.live(30));
        assertEquals(-1, SHAPE.live(3));
        assertEquals(-1, SHAPE.live(0));
    }

    @Test
    void pathsMoveAsColumnPathsDo() {
        assertEquals(List.of(new TaggedUnion("main.shape", "main.kind", SHAPE.cases())), TaggedUnion.nest("main", List.of(SHAPE)));
        assertEquals(List.of("more[0].shape", "more[1].shape"),
                TaggedUnion.nestArray("more", 2, List.of(SHAPE)).stream().map(TaggedUnion::path).toList());
        assertEquals(List.of("more[0].kind", "more[1].kind"),
                TaggedUnion.nestArray("more", 2, List.of(SHAPE)).stream().map(TaggedUnion::tag).toList());
    }

    @Test
    void aValueSelectingTwoMembersOrNoCaseIsRefused() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> new TaggedUnion("u", "k", List.of(
                new TaggedUnion.Case("a", List.of(1L)), new TaggedUnion.Case("b", List.of(1L)))));
        assertEquals("u: discriminator value 1 selects two members", twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TaggedUnion("u", "k", List.of()));
        assertThrows(IllegalArgumentException.class, () -> new TaggedUnion.Case("a", List.of()));
    }

    @Test
    void listsAreImmutableCopies() {
        java.util.ArrayList<Long> codes = new java.util.ArrayList<>(List.of(1L));
        TaggedUnion.Case c = new TaggedUnion.Case("a", codes);
        codes.add(2L);
        assertEquals(List.of(1L), c.codes());
        assertThrows(UnsupportedOperationException.class, () -> SHAPE.cases().add(c));
    }
}

package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Column record's checks and the path, offset and union rules of nesting. */
class ColumnTest {
    private static final Column X = Column.scalar("x", 0, Column.Kind.FLOAT, 4, false, ByteOrder.LITTLE_ENDIAN);
    private static final Column TAG = Column.scalar("tag", 4, Column.Kind.UNSIGNED_INT, 1, false, ByteOrder.LITTLE_ENDIAN);

    @Test
    void nestingPrefixesPathsAndMovesOffsets() {
        List<Column> c = Column.nest("pos", 16, List.of(X, TAG));
        assertEquals(List.of("pos.x", "pos.tag"), c.stream().map(Column::path).toList());
        assertEquals(List.of(16L, 20L), c.stream().map(Column::offset).toList());
        List<Column> a = Column.nestArray("pts", 8, 12, 2, List.of(X, TAG));
        assertEquals(List.of("pts[0].x", "pts[0].tag", "pts[1].x", "pts[1].tag"), a.stream().map(Column::path).toList());
        assertEquals(List.of(8L, 12L, 20L, 24L), a.stream().map(Column::offset).toList());
        assertNull(a.getFirst().union());
    }

    @Test
    void unionColumnsCarryTheOutermostUnionPath() {
        List<Column> union = List.of(X.inUnion(""), TAG.inUnion(""));
        List<Column> inStruct = Column.nest("u", 0, union);
        assertEquals("u", inStruct.getFirst().union());
        List<Column> deeper = Column.nestArray("outer", 0, 8, 1, inStruct);
        assertEquals("outer[0].u", deeper.getFirst().union());
        assertEquals("outer[0].u.x", deeper.getFirst().path());
    }

    @Test
    void inconsistentComponentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Column.scalar("x", -1, Column.Kind.FLOAT, 4, false, ByteOrder.LITTLE_ENDIAN));
        assertThrows(IllegalArgumentException.class, () -> Column.scalar("x", 0, Column.Kind.TEXT, 1, false, ByteOrder.LITTLE_ENDIAN));
        assertThrows(IllegalArgumentException.class, () -> Column.enumCode("e", 0, 1, false, ByteOrder.LITTLE_ENDIAN, List.of()));
        assertThrows(IllegalArgumentException.class, () -> Column.bitField("b", 0, Column.Kind.SIGNED_INT, 1, true, 6, 3));
        assertEquals(2, Column.bitField("b", 0, Column.Kind.SIGNED_INT, 2, true, 6, 3).elementSize());
        // a column that is neither text nor an array holds one value per row; text, enums and pointers are no arrays
        assertThrows(IllegalArgumentException.class, () -> new Column("x", 0, Column.Kind.FLOAT, 4, 3, false, false,
                ByteOrder.LITTLE_ENDIAN, null, false, false, List.of(), 0, 0, null));
        assertThrows(IllegalArgumentException.class, () -> new Column("t", 0, Column.Kind.TEXT, 1, 4, true, false,
                ByteOrder.LITTLE_ENDIAN, TextEncoding.UTF_8, true, false, List.of(), 0, 0, null));
        assertThrows(IllegalArgumentException.class, () -> Column.array("a", 0, Column.Kind.FLOAT, 4, 0, false, ByteOrder.LITTLE_ENDIAN));
    }

    /** Finding 07: {@code T a[1]} is an array of one element, told from the scalar {@code T a} by the flag, not the length. */
    @Test
    void anArrayOfOneIsAnArrayAndAScalarIsNot() {
        Column one = Column.array("a", 8, Column.Kind.SIGNED_INT, 4, 1, true, ByteOrder.LITTLE_ENDIAN);
        Column scalar = Column.scalar("a", 8, Column.Kind.SIGNED_INT, 4, true, ByteOrder.LITTLE_ENDIAN);
        assertEquals(true, one.array());
        assertEquals(false, scalar.array());
        assertEquals(one.byteSize(), scalar.byteSize());
        // the flag survives nesting, nested struct arrays, unions and moves
        assertEquals(true, Column.nest("p", 4, List.of(one)).getFirst().array());
        assertEquals(true, Column.nestArray("p", 4, 12, 1, List.of(one)).getFirst().array());
        assertEquals(true, one.inUnion("").array());
        Column moved = one.atOffset(100);
        assertEquals(100, moved.offset());
        assertEquals(true, moved.array());
        assertEquals(false, Column.text("t", 0, 1, TextEncoding.UTF_8, false, false).array());
    }
}

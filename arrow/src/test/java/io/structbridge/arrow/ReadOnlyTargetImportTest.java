package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * A read-only target is refused before any value is read, as {@code ColumnsImport} refuses read-only
 * columns: an {@link UnsupportedOperationException} naming the struct, both C structs released (found by
 * the second attack round: it was a bare {@code IllegalArgumentException} from the final copy).
 */
class ReadOnlyTargetImportTest {
    @Test
    void aReadOnlyTargetIsRefusedNamingTheStructAndBothStructsAreReleased() {
        try (HostileProducer p = new HostileProducer("Particle", 97, 3)) {
            MemorySegment target = p.arena.allocate(p.type.size() * 97, p.type.alignment());
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> ArrowImport.importInto(p.schema, p.array, p.type, target.asReadOnly(), 0));
            assertTrue(e.getMessage().contains("Particle") && e.getMessage().contains("read-only"), e.getMessage());
            assertEquals(0, p.array.get(ValueLayout.ADDRESS, 64).address(), "the array is released");
            assertEquals(0, p.schema.get(ValueLayout.ADDRESS, 56).address(), "the schema is released");
        }
    }
}

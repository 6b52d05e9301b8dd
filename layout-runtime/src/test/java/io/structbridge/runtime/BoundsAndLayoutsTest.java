package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

class BoundsAndLayoutsTest {

    @Test
    void caseL2b_jdkRefusesANaturalStructAtOffsetOneUnlessItsAlignmentIsCapped() {
        // gcc, #pragma pack(1): struct Outer { int8_t c; struct Inner { int32_t x; int16_t y; } in; }: offsetof(in) 1, sizeof 9.
        StructLayout inner = MemoryLayout.structLayout(
                ValueLayout.JAVA_INT.withName("x"), ValueLayout.JAVA_SHORT.withName("y"), MemoryLayout.paddingLayout(2));
        assertThrows(IllegalArgumentException.class,
                () -> MemoryLayout.structLayout(ValueLayout.JAVA_BYTE, inner), "JDK 25 must refuse the misaligned member");
        MemoryLayout capped = Layouts.withMaxAlignment(inner.withName("in"), 1);
        StructLayout outer = assertDoesNotThrow(() -> MemoryLayout.structLayout(ValueLayout.JAVA_BYTE.withName("c"), capped));
        assertEquals(9, outer.byteSize());
        assertEquals(1, outer.byteAlignment());
        assertEquals(1, outer.byteOffset(MemoryLayout.PathElement.groupElement("in")));
        assertEquals(5, outer.byteOffset(MemoryLayout.PathElement.groupElement("in"), MemoryLayout.PathElement.groupElement("y")));
        assertEquals("in", capped.name().orElseThrow());
    }

    @Test
    void caseL2a_packedElementsNeedUnalignedValueLayoutsForArrays() {
        StructLayout natural = MemoryLayout.structLayout(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT);
        assertThrows(IllegalArgumentException.class, () -> MemoryLayout.sequenceLayout(2, natural));
        MemoryLayout packed = Layouts.withMaxAlignment(MemoryLayout.structLayout(
                ValueLayout.JAVA_LONG.withByteAlignment(1), ValueLayout.JAVA_INT.withByteAlignment(1)), 1);
        assertEquals(24, MemoryLayout.sequenceLayout(2, packed).byteSize());
    }

    @Test
    void boundsAreCheckedBeforeAnyByteIsWritten() {
        MemorySegment s = Arena.ofAuto().allocate(16, 8);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> Bounds.check(s, 12, 8, 4, "P"));
        assertTrue(e.getMessage().contains("8 bytes at offset 12 do not fit a segment of 16 bytes"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> Bounds.check(s, -1, 8, 1, "P"));
        assertThrows(IllegalArgumentException.class, () -> Bounds.check(s, 2, 8, 4, "P"));
        assertThrows(UnsupportedOperationException.class, () -> Bounds.check(s.asReadOnly(), 0, 8, 4, "P"));
        assertDoesNotThrow(() -> Bounds.check(s, 8, 8, 8, "P"));
    }

    @Test
    void arrayBoundsRejectCountsPastTheEndAndOverflow() {
        MemorySegment s = Arena.ofAuto().allocate(64, 8);
        assertThrows(IndexOutOfBoundsException.class, () -> Bounds.checkArray(s, 0, 5, 16, 8, "P"));
        assertThrows(IndexOutOfBoundsException.class, () -> Bounds.checkArray(s, 0, Long.MAX_VALUE / 8, 16, 8, "P"));
        assertThrows(IndexOutOfBoundsException.class, () -> Bounds.checkArray(s, 0, -1, 16, 8, "P"));
        assertDoesNotThrow(() -> Bounds.checkArray(s, 16, 3, 16, 8, "P"));
    }

    @Test
    void valueErrorsNameStructPathRuleAndValue() {
        StructValueException e = Values.outOfRange(256, 0, 255, "uint8_t", "Particle", "species");
        assertEquals("Particle.species: must fit uint8_t (0..255); value 256", e.getMessage());
        StructValueException nested = e.nestedIn("Swarm", "leader").inElement(3);
        assertEquals("Swarm[3].leader.species: must fit uint8_t (0..255); value 256", nested.getMessage());
        assertEquals("Particle.flag: bool byte must be 0 or 1; value 0x02 (at byte offset 40)",
                Values.badBool((byte) 2, "Particle", "flag", 40).getMessage());
        assertEquals("18446744073709551615", Values.uint64TooLarge(-1, "S", "u", 0).value());
    }
}

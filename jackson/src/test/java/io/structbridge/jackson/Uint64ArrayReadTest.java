package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.structbridge.jackson.fixtures.AuditStruct;
import io.structbridge.jackson.fixtures.AuditValidator;
import io.structbridge.runtime.StructValueException;
import io.structbridge.runtime.Violation;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A checked {@code uint64_t} array element above {@code Long.MAX_VALUE} is refused by the whole-array getter as by
 * the element getter (the bulk copy used to hand it out as a negative {@code long}), so the in-place validator
 * reports it.
 */
class Uint64ArrayReadTest {
    @Test
    void theWholeArrayGetterRefusesWhatTheElementGetterRefuses() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(AuditStruct.LAYOUT);
            s.set(ValueLayout.JAVA_LONG_UNALIGNED, AuditStruct.BIG64_OFFSET, 5);
            s.set(ValueLayout.JAVA_LONG_UNALIGNED, AuditStruct.BIG64_OFFSET + 8, 7);
            assertArrayEquals(new long[] {5, 7}, AuditStruct.big64(s, 0));
            s.set(ValueLayout.JAVA_BYTE, AuditStruct.BIG64_OFFSET + 15, (byte) 0xff);
            StructValueException e = assertThrows(StructValueException.class, () -> AuditStruct.big64(s, 0, 1));
            assertEquals("big64[1]", e.path());
            StructValueException whole = assertThrows(StructValueException.class, () -> AuditStruct.big64(s, 0));
            assertEquals("big64[1]", whole.path());
            assertEquals("18374686479671623687", whole.value());
            List<Violation> found = AuditValidator.validate(s, 0).stream().filter(v -> v.propertyPath().startsWith("big64")).toList();
            assertEquals(List.of(new Violation("big64[1]", "Native",
                    "uint64_t value does not fit a Java long (0..9223372036854775807)", "18374686479671623687")), found);
        }
    }
}

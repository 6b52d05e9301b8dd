package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderArray;
import io.structbridge.jackson.fixtures.OrderStruct;
import io.structbridge.jackson.fixtures.OrderValidator;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointStruct;
import io.structbridge.jackson.fixtures.Status;
import io.structbridge.runtime.Violation;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Validation of structs in native memory, without building records. */
class InPlaceValidationTest {
    static final Order VALID = new Order(7, "AB12", 3, 10.5, 1.5f, Status.IN_PROGRESS, true, new int[] {1, 2, 3},
            new Point(4, 5), 'B', 1.25, 0, "tag", 0.5, 12);

    @Test
    void aValidStructHasNoViolationsInPlaceOrAsARecord() {
        assertEquals(List.of(), OrderValidator.validate(VALID));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(OrderStruct.LAYOUT);
            OrderStruct.write(s, 0, VALID);
            assertEquals(List.of(), OrderValidator.validate(s, 0));
        }
    }

    @Test
    void corruptedBytesAndBrokenConstraintsAreReportedWithPaths() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(OrderStruct.LAYOUT);
            OrderStruct.write(s, 0, VALID);
            s.set(ValueLayout.JAVA_BYTE, OrderStruct.CONFIRMED_OFFSET, (byte) 2);          // bool byte 2
            s.set(ValueLayout.JAVA_BYTE, OrderStruct.STATUS_OFFSET, (byte) 77);            // no Status has code 77
            s.set(ValueLayout.JAVA_BYTE, OrderStruct.CODE_OFFSET + 1, (byte) 0xc3);        // "A\xc3" + '1': invalid UTF-8
            s.set(ValueLayout.JAVA_BYTE, OrderStruct.QTY_OFFSET, (byte) 200);              // fits uint8, breaks @Max(100)
            s.set(ValueLayout.JAVA_INT_UNALIGNED, OrderStruct.AT_OFFSET + PointStruct.Y_OFFSET, 5000); // breaks @Max(1000)
            Set<String> found = OrderValidator.validate(s, 0).stream()
                    .map(v -> v.propertyPath() + " " + v.constraint()).collect(Collectors.toSet());
            assertEquals(Set.of("confirmed Native", "status Native", "code Native", "qty Max", "at.y Max"), found);
            Violation bool = OrderValidator.validate(s, 0).stream().filter(v -> v.propertyPath().equals("confirmed")).findFirst().orElseThrow();
            assertEquals("bool byte must be 0 or 1", bool.message());
            assertEquals("0x02", bool.invalidValue());
        }
    }

    @Test
    void aWholeArrayIsValidatedWithElementIndicesInThePaths() {
        try (Arena arena = Arena.ofConfined()) {
            OrderArray orders = OrderArray.fromList(arena, List.of(VALID, VALID, VALID));
            orders.segment().set(ValueLayout.JAVA_BYTE, 2 * OrderStruct.SIZE + OrderStruct.QTY_OFFSET, (byte) 101);
            List<Violation> v = OrderValidator.validateAll(orders);
            assertEquals(1, v.size());
            assertEquals("[2].qty", v.getFirst().propertyPath());
            assertEquals("must be less than or equal to 100", v.getFirst().message());
            assertEquals(101, v.getFirst().invalidValue());
        }
    }

    @Test
    void recordsOutsideTheNativeRangeAreNativeViolationsToo() {
        Order tooLong = new Order(7, "AB12345678901234", 3, 10.5, 1.5f, Status.NEW, true, new int[] {1, 2},
                null, 'B', 1.25, 0, "tag", 0.5, 12);
        Set<String> found = OrderValidator.validate(tooLong).stream()
                .map(v -> v.propertyPath() + " " + v.constraint()).collect(Collectors.toSet());
        // code: 16 bytes do not fit char[16] NUL-terminated, and @Size(max = 12) and @Pattern say so too;
        // dims: 2 elements instead of 3; at: null (and @NotNull).
        assertTrue(found.containsAll(Set.of("code Native", "code Size", "dims Native", "at Native", "at NotNull")), found.toString());
    }
}

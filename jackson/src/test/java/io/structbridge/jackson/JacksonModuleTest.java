package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderArray;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.Status;
import java.lang.foreign.Arena;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** The module found by findAndAddModules: arrays and views through ObjectMapper, records untouched. */
class JacksonModuleTest {
    private static final JsonMapper MAPPER = StrictJson.configure(JsonMapper.builder().findAndAddModules()).build();
    private static final List<Order> ORDERS = List.of(InPlaceValidationTest.VALID,
            new Order(9, "XY1", 1, 2.5, 3f, Status.NEW, true, new int[] {4, 5, 6}, new Point(7, 8), 'Q', 9.5, -1, "t", 1.0, 1));

    @Test
    void theModuleIsDiscoveredByServiceLoader() {
        assertTrue(MAPPER.registeredModules().stream().anyMatch(m -> m instanceof StructJsonModule),
                MAPPER.registeredModules().toString());
    }

    @Test
    void arraysAndViewsWriteWhatTheRecordsWrite() {
        try (Arena arena = Arena.ofConfined()) {
            OrderArray array = OrderArray.fromList(arena, ORDERS);
            String records = MAPPER.writeValueAsString(ORDERS);
            assertEquals(records, MAPPER.writeValueAsString(array));
            assertEquals(MAPPER.writeValueAsString(ORDERS.get(1)), MAPPER.writeValueAsString(array.view(1)));
        }
    }

    @Test
    void aJsonArrayReadsIntoANewArrayOfStructs() {
        String json = MAPPER.writeValueAsString(ORDERS);
        OrderArray array = MAPPER.readValue(json, OrderArray.class);
        assertEquals(2, array.count());
        assertEquals(json, MAPPER.writeValueAsString(array));
        assertEquals(MAPPER.writeValueAsString(ORDERS.get(0)), MAPPER.writeValueAsString(array.get(0)));
        assertThrows(JacksonException.class, () -> MAPPER.readValue(json.replace("\"qty\":3", "\"qty\":300"), OrderArray.class));
    }

    @Test
    void recordsStillUsePlainDatabind() {
        assertEquals(ORDERS.get(1).toString().replaceAll("\\[I@\\w+", ""),
                MAPPER.readValue(MAPPER.writeValueAsString(ORDERS.get(1)), Order.class).toString().replaceAll("\\[I@\\w+", ""));
    }
    @Test
    void readerForUpdatingFillsTheStructAViewShowsAndAnExistingArray() {
        try (Arena arena = Arena.ofConfined()) {
            OrderArray array = OrderArray.allocate(arena, 3);
            array.set(2, ORDERS.get(0));
            byte[] third = array.slice(2, 1).segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            // a view: the record's JSON lands in the struct it shows; databind reads the same record back
            MAPPER.readerForUpdating(array.view(1)).readValue(MAPPER.writeValueAsString(ORDERS.get(1)));
            assertEquals(MAPPER.writeValueAsString(ORDERS.get(1)), MAPPER.writeValueAsString(array.get(1)));
            // a bad value leaves that struct as it was
            byte[] before = array.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            StructJsonException e = assertThrows(StructJsonException.class, () -> MAPPER.readerForUpdating(array.view(1))
                    .readValue(MAPPER.writeValueAsString(ORDERS.get(0)).replace("\"qty\":3", "\"qty\":300")));
            assertTrue(e.getMessage().contains("$.qty"), e.getMessage());
            assertEquals(java.util.Arrays.toString(before),
                    java.util.Arrays.toString(array.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
            // an array: filled in place from element 0, later elements untouched
            MAPPER.readerForUpdating(array).readValue(MAPPER.writeValueAsString(ORDERS));
            assertEquals(MAPPER.writeValueAsString(ORDERS), MAPPER.writeValueAsString(array.slice(0, 2)));
            assertEquals(java.util.Arrays.toString(third),
                    java.util.Arrays.toString(array.slice(2, 1).segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
            // a view cannot be read on its own: it has no memory
            StructJsonException noMemory = assertThrows(StructJsonException.class,
                    () -> MAPPER.readValue(MAPPER.writeValueAsString(ORDERS.get(0)), io.structbridge.jackson.fixtures.OrderView.class));
            assertTrue(noMemory.getMessage().contains("readerForUpdating"), noMemory.getMessage());
        }
    }
    @Test
    void trailingContentNullAndReadOnlyMemoryAreRefusedBeforeAnyStructChanges() {
        try (Arena arena = Arena.ofConfined()) {
            OrderArray array = OrderArray.fromList(arena, ORDERS);
            byte[] before = array.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            String one = MAPPER.writeValueAsString(ORDERS.get(1));
            for (String trailing : List.of(" {\"a\":1}", " xx", " 5")) {
                assertThrows(JacksonException.class, () -> MAPPER.readerForUpdating(array.view(0)).readValue(one + trailing), trailing);
                assertEquals(java.util.Arrays.toString(before),
                        java.util.Arrays.toString(array.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)), trailing);
            }
            // null: native structs have none, at the root or as a property
            StructJsonException root = assertThrows(StructJsonException.class, () -> MAPPER.readValue("null", OrderArray.class));
            assertTrue(root.getMessage().contains("got null"), root.getMessage());
            assertThrows(StructJsonException.class, () -> MAPPER.readValue("{\"points\":null,\"n\":1,\"more\":[]}",
                    BatchRobustnessTest.Holder.class));
            // read-only memory: the struct's own error, nothing written
            OrderArray readOnly = OrderArray.over(array.segment().asReadOnly());
            UnsupportedOperationException ro = assertThrows(UnsupportedOperationException.class,
                    () -> MAPPER.readerForUpdating(readOnly).readValue(MAPPER.writeValueAsString(ORDERS)));
            assertTrue(ro.getMessage().contains("Order") && ro.getMessage().contains("read-only"), ro.getMessage());
            assertThrows(UnsupportedOperationException.class, () -> MAPPER.readerForUpdating(readOnly.view(1)).readValue(one));
            assertEquals(java.util.Arrays.toString(before),
                    java.util.Arrays.toString(array.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        }
    }
    @Test
    void severalValuesIntoOneViewWithReadValuesNeedTheTrailingTokenCheckOff() {
        try (Arena arena = Arena.ofConfined()) {
            OrderArray array = OrderArray.fromList(arena, ORDERS);
            String two = MAPPER.writeValueAsString(ORDERS.get(1)) + "\n" + MAPPER.writeValueAsString(ORDERS.get(0)) + "\n";
            // with FAIL_ON_TRAILING_TOKENS (StrictJson) the view's read checks the whole document before storing
            assertThrows(StructJsonException.class, () -> {
                try (var it = MAPPER.readerForUpdating(array.view(1)).readValues(two)) {
                    it.nextValue();
                }
            });
            try (var it = MAPPER.readerForUpdating(array.view(1))
                    .without(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readValues(two)) {
                it.nextValue();
                assertEquals(MAPPER.writeValueAsString(ORDERS.get(1)), MAPPER.writeValueAsString(array.get(1)));
                it.nextValue();
                assertEquals(MAPPER.writeValueAsString(ORDERS.get(0)), MAPPER.writeValueAsString(array.get(1)));
                assertTrue(!it.hasNextValue());
            }
        }
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Blob;
import io.structbridge.jackson.fixtures.BlobJson;
import io.structbridge.jackson.fixtures.BlobStruct;
import io.structbridge.jackson.fixtures.Label;
import io.structbridge.jackson.fixtures.LabelJson;
import io.structbridge.jackson.fixtures.LabelStruct;
import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderArray;
import io.structbridge.jackson.fixtures.OrderJson;
import io.structbridge.jackson.fixtures.OrderStruct;
import io.structbridge.jackson.fixtures.OrderView;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointArray;
import io.structbridge.jackson.fixtures.PointJson;
import io.structbridge.jackson.fixtures.PointStruct;
import io.structbridge.jackson.fixtures.Status;
import io.structbridge.runtime.StructValueException;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated writers check a struct's bounds and every stored value before the first token, so a refused struct
 * leaves nothing in the generator (never a dangling {@code "confirmed"} key) and the generator stays usable; every
 * generated entry point names the struct, the offset or slot and the real size of what it was given. Oracles: plain
 * Jackson databind for the bytes of the valid output, {@code RStruct.read} for which stored bytes are invalid.
 */
class WriteChecksTest {
    static final JsonMapper PLAIN = JsonMapper.builder().build();
    static final Order ORDER = new Order(1, "AB1", 1, 1.5, 1.5f, Status.NEW, true, new int[] {1, 2, 3}, new Point(1, 2), 'A',
            1.25, 0, "t", 0, 1);

    interface Write {
        void write(JsonGenerator g);
    }

    /** Runs {@code bad} (which must throw {@code expected}) then writes {@code good} to the same generator. */
    static <E extends Throwable> String afterRefusal(Class<E> expected, Write bad, Write good, String... fragments) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = StrictJson.codecMapper().createGenerator(out)) {
            E e = assertThrows(expected, () -> bad.write(g));
            for (String f : fragments) {
                assertTrue(e.getMessage().contains(f), e.getMessage() + " lacks " + f);
            }
            g.flush();
            assertEquals("", out.toString(), "nothing written before the refusal");
            good.write(g);
        }
        return out.toString();
    }

    @Test
    void aStructWithAnInvalidStoredValueWritesNothingAndTheGeneratorGoesOn() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(OrderStruct.SIZE, OrderStruct.ALIGNMENT);
            MemorySegment good = arena.allocate(OrderStruct.SIZE, OrderStruct.ALIGNMENT);
            OrderStruct.write(good, 0, ORDER);
            String expected = PLAIN.writeValueAsString(ORDER);
            // bool byte 2 in a late member, an unknown enum code, a text without NUL: each refused by OrderStruct.read too
            long[][] corruptions = {{OrderStruct.CONFIRMED_OFFSET, 2}, {OrderStruct.STATUS_OFFSET, 99}};
            for (long[] c : corruptions) {
                OrderStruct.write(s, 0, ORDER);
                s.set(ValueLayout.JAVA_BYTE, c[0], (byte) c[1]);
                StructValueException oracle = assertThrows(StructValueException.class, () -> OrderStruct.read(s, 0));
                assertEquals(expected, afterRefusal(StructValueException.class, g -> OrderJson.write(s, 0, g),
                        g -> OrderJson.write(good, 0, g), oracle.getMessage()));
                assertEquals(expected, afterRefusal(StructValueException.class, g -> OrderJson.write(s, 0, g, new byte[64]),
                        g -> OrderJson.write(good, 0, g, null), oracle.getMessage()));
                JsonMapper strict = StrictJson.mapper();
                Executable viaMapper = () -> strict.writeValueAsString(OrderView.at(s, 0));
                assertThrows(Exception.class, viaMapper);
            }
            // text: Label.utf8 holds bytes that are not UTF-8
            MemorySegment label = arena.allocate(LabelStruct.LAYOUT);
            MemorySegment goodLabel = arena.allocate(LabelStruct.LAYOUT);
            Label l = new Label("a", "b", "c", "d");
            LabelStruct.write(label, 0, l);
            LabelStruct.write(goodLabel, 0, l);
            label.set(ValueLayout.JAVA_BYTE, LabelStruct.UTF8_OFFSET, (byte) 0xC0);
            label.set(ValueLayout.JAVA_BYTE, LabelStruct.UTF8_OFFSET + 1, (byte) 0x80);
            StructValueException text = assertThrows(StructValueException.class, () -> LabelStruct.read(label, 0));
            assertEquals(PLAIN.writeValueAsString(l), afterRefusal(StructValueException.class, g -> LabelJson.write(label, 0, g),
                    g -> LabelJson.write(goodLabel, 0, g), text.getMessage()));
            // an array element: bool byte 2 in Blob.flags[1]
            Blob blob = new Blob(new byte[] {1, 2, 3, 4, 5}, new char[] {'a', 'b', 'c'}, new boolean[] {true, false},
                    new long[] {1, 2}, new Point[] {new Point(1, 2), new Point(3, 4)});
            MemorySegment b = arena.allocate(BlobStruct.SIZE, BlobStruct.ALIGNMENT);
            MemorySegment goodBlob = arena.allocate(BlobStruct.SIZE, BlobStruct.ALIGNMENT);
            BlobStruct.write(b, 0, blob);
            BlobStruct.write(goodBlob, 0, blob);
            b.set(ValueLayout.JAVA_BYTE, BlobStruct.FLAGS_OFFSET + 1, (byte) 2);
            StructValueException flag = assertThrows(StructValueException.class, () -> BlobStruct.read(b, 0));
            assertEquals(PLAIN.writeValueAsString(blob), afterRefusal(StructValueException.class, g -> BlobJson.write(b, 0, g),
                    g -> BlobJson.write(goodBlob, 0, g), flag.getMessage()));
        }
    }

    @Test
    void anArrayStopsBeforeTheFirstTokenOfTheInvalidElementAndNamesIt() {
        try (Arena arena = Arena.ofConfined()) {
            OrderArray orders = OrderArray.fromList(arena, List.of(ORDER, ORDER, ORDER));
            orders.segment().set(ValueLayout.JAVA_BYTE, OrderStruct.SIZE + OrderStruct.CONFIRMED_OFFSET, (byte) 2);
            StringWriter out = new StringWriter();
            StructValueException e;
            try (JsonGenerator g = StrictJson.codecMapper().createGenerator(out)) {
                e = assertThrows(StructValueException.class, () -> OrderJson.writeArray(orders, g));
                g.flush();
                assertEquals("[" + PLAIN.writeValueAsString(ORDER), out.toString());
            }
            assertTrue(e.getMessage().startsWith("Order[1].confirmed"), e.getMessage());
        }
    }

    @Test
    void everyEntryPointNamesTheStructTheOffsetOrSlotAndTheRealSize() {
        try (Arena arena = Arena.ofConfined()) {
            String two = "{\"x\":1,\"y\":2}\n{\"x\":3,\"y\":4}";
            for (long from : new long[] {-1, 3, Long.MAX_VALUE, Long.MIN_VALUE}) {
                PointArray a = PointArray.allocate(arena, 2);
                for (Executable read : List.<Executable>of(() -> PointJson.readInto(parser(two), a, from),
                        () -> PointJson.readInto(parser(two), a, from, true), () -> PointJson.readSkipping(parser(two), a, from),
                        () -> PointJson.readSkipping(parser(two), a, from, false, 5))) {
                    IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, read);
                    assertEquals("Point: first slot " + from + " is outside an array of 2 elements (0 to 2 allowed)", e.getMessage());
                }
            }
            // slot 2 of 2 places nothing: the records are then more than the slots
            assertThrows(StructJsonException.class, () -> PointJson.readInto(parser(two), PointArray.allocate(arena, 2), 2));
            MemorySegment eight = arena.allocate(8);
            MemorySegment four = arena.allocate(4);
            for (long offset : new long[] {4, 1, -1, -8, Long.MAX_VALUE, Long.MIN_VALUE}) {
                String expected = "Point: 8 bytes at offset " + offset + " do not fit a segment of 8 bytes";
                // RStruct.read gives the same words (its own check, Objects.checkFromIndexSize, does not name the struct)
                IndexOutOfBoundsException readError = assertThrows(IndexOutOfBoundsException.class,
                        () -> PointJson.read(parser(two), eight, offset));
                assertEquals(expected, readError.getMessage());
                for (Write w : List.<Write>of(g -> PointJson.write(eight, offset, g), g -> PointJson.write(eight, offset, g, null),
                        g -> PointJson.writeUnchecked(eight, offset, g, null), g -> PointJson.checkStored(eight, offset))) {
                    assertEquals("", afterRefusal(IndexOutOfBoundsException.class, w, g -> { }, expected));
                }
            }
            IndexOutOfBoundsException small = assertThrows(IndexOutOfBoundsException.class,
                    () -> PointJson.write(four, 0, StrictJson.codecMapper().createGenerator(new StringWriter())));
            assertEquals("Point: 8 bytes at offset 0 do not fit a segment of 4 bytes", small.getMessage());
            assertEquals(PointStruct.SIZE, 8);
        }
    }

    static JsonParser parser(String json) {
        return StrictJson.codecMapper().createParser(json);
    }
}

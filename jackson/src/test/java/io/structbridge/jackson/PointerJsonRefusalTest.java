package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.structbridge.jackson.fixtures.Pointers;
import io.structbridge.jackson.fixtures.Pointers_BufArray;
import io.structbridge.jackson.fixtures.Pointers_BufStruct;
import io.structbridge.jackson.fixtures.Pointers_BufView;
import io.structbridge.jackson.fixtures.Pointers_BufsStruct;
import io.structbridge.jackson.fixtures.Pointers_EntryArray;
import io.structbridge.jackson.fixtures.Pointers_EntryStruct;
import io.structbridge.jackson.fixtures.Pointers_SlotStruct;
import io.structbridge.jackson.fixtures.Pointers_WrappedStruct;
import io.structbridge.jackson.fixtures.Pointers_WrappedView;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Structs holding a pointer have no JSON (issue 20 item 9): an address means nothing outside the process. Through
 * {@code StrictJson.mapper()}, a mapper with {@code StructJsonModule} found by {@code findAndAddModules()}, and the
 * codec lookup ({@code StructJsonCodec.of}), every such type (the pointer alone, in a nested struct, in an array of
 * structs, in a tagged union's member, in a {@code List} or {@code Map} of a plain record) is refused with an
 * {@code InvalidDefinitionException} (databind) or {@code IllegalArgumentException} (lookup) that says the struct has
 * no JSON because of the named pointer, never databind's reflective failure on {@code MemorySegment}
 * ("access to public member failed: ...isLoaded").
 */
class PointerJsonRefusalTest {
    static final List<JsonMapper> MAPPERS = List.of(StrictJson.mapper(),
            StrictJson.configure(JsonMapper.builder().findAndAddModules()).build(),
            JsonMapper.builder().addModule(new StructJsonModule()).build());

    /** A plain (non-struct) record holding structs with pointers in collections. */
    record Batch(List<Pointers.Buf> bufs, Map<String, Pointers.Wrapped> named) {}

    static String because(String struct, String path) {
        return struct + " has no JSON: component '" + path + "' is a pointer, an address that means nothing outside this process";
    }

    static void refused(String what, Supplier<?> action, String expected, List<String> failures) {
        try {
            Object r = action.get();
            failures.add(what + ": no refusal, got " + r);
        } catch (InvalidDefinitionException | IllegalArgumentException e) {
            if (!e.getMessage().contains(expected)) {
                failures.add(what + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
            }
        } catch (RuntimeException e) {
            failures.add(what + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }

    @Test
    void everyTypeHoldingAPointerIsRefusedNamingIt() {
        List<String> failures = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment base = arena.allocate(8);
            Pointers.Buf buf = new Pointers.Buf(base, 8);
            Pointers.Wrapped wrapped = new Pointers.Wrapped(1, buf);
            Pointers.Bufs bufs = new Pointers.Bufs(new Pointers.Buf[] {buf, buf}, 2);
            Pointers.Entry entry = new Pointers.Entry(1, new Pointers.Slot(buf, 0));
            Map<String, Object> values = new LinkedHashMap<>();
            values.put(because("Buf", "base"), buf);
            values.put(because("Wrapped", "buf.base"), wrapped);
            values.put(because("Bufs", "bufs[].base"), bufs);
            values.put(because("Entry", "slot.buf.base"), entry);
            values.put(because("Slot", "buf.base"), entry.slot());
            values.put(because("Buf", "base") + " ", new Batch(List.of(buf), Map.of()));
            values.put(because("Wrapped", "buf.base") + " ", new Batch(List.of(), Map.of("w", wrapped)));
            MemorySegment s = arena.allocate(Pointers_WrappedStruct.LAYOUT);
            Pointers_WrappedStruct.write(s, 0, wrapped);
            values.put(because("Wrapped", "buf.base") + "  ", Pointers_WrappedView.at(s, 0));
            values.put(because("Buf", "base") + "  ", Pointers_BufArray.fromList(arena, List.of(buf)));
            values.put(because("Entry", "slot.buf.base") + "  ", Pointers_EntryArray.fromList(arena, List.of(entry)));
            for (JsonMapper mapper : MAPPERS) {
                for (Map.Entry<String, Object> e : values.entrySet()) {
                    refused("write " + e.getValue().getClass().getSimpleName(), () -> mapper.writeValueAsString(e.getValue()),
                            e.getKey().strip(), failures);
                }
                Map<Class<?>, String> types = new LinkedHashMap<>();
                types.put(Pointers.Buf.class, because("Buf", "base"));
                types.put(Pointers.Wrapped.class, because("Wrapped", "buf.base"));
                types.put(Pointers.Bufs.class, because("Bufs", "bufs[].base"));
                types.put(Pointers.Entry.class, because("Entry", "slot.buf.base"));
                types.put(Pointers.Slot.class, because("Slot", "buf.base"));
                types.put(Batch.class, because("Buf", "base"));
                types.put(Pointers_BufArray.class, because("Buf", "base"));
                types.put(Pointers_BufView.class, because("Buf", "base"));
                for (Map.Entry<Class<?>, String> t : types.entrySet()) {
                    String json = t.getKey() == Batch.class ? "{\"bufs\":[{\"base\":0,\"len\":1}],\"named\":{}}"
                            : t.getKey() == Pointers_BufArray.class ? "[{\"base\":0,\"len\":1}]" : "{\"base\":0,\"len\":1}";
                    refused("read " + t.getKey().getSimpleName(), () -> mapper.readValue(json, t.getKey()), t.getValue(), failures);
                }
            }
        }
        // the codec lookup
        Map<Class<?>, String> lookups = new LinkedHashMap<>();
        lookups.put(Pointers.Buf.class, because("Buf", "base"));
        lookups.put(Pointers_BufArray.class, because("Buf", "base"));
        lookups.put(Pointers_BufView.class, because("Buf", "base"));
        lookups.put(Pointers.Wrapped.class, because("Wrapped", "buf.base"));
        lookups.put(Pointers.Bufs.class, because("Bufs", "bufs[].base"));
        lookups.put(Pointers.Entry.class, because("Entry", "slot.buf.base"));
        lookups.put(Pointers_EntryArray.class, because("Entry", "slot.buf.base"));
        for (Map.Entry<Class<?>, String> e : lookups.entrySet()) {
            refused("StructJsonCodec.of(" + e.getKey().getSimpleName() + ")", () -> StructJsonCodec.of(e.getKey()), e.getValue(), failures);
        }
        assertEquals(List.of(), failures, String.join("\n", failures));
    }

    @Test
    void noCodecAndNoSchemaWereGenerated() {
        for (String name : new String[] {"Pointers_BufJson", "Pointers_WrappedJson", "Pointers_BufsJson", "Pointers_EntryJson"}) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName("io.structbridge.jackson.fixtures." + name));
        }
        assertThrows(UnsupportedOperationException.class, Pointers_BufStruct::jsonSchema);
        assertThrows(UnsupportedOperationException.class, Pointers_BufsStruct::jsonSchema);
        assertThrows(UnsupportedOperationException.class, Pointers_EntryStruct::jsonSchema);
        assertThrows(UnsupportedOperationException.class, Pointers_SlotStruct::jsonSchema);
    }
}

package io.structbridge.jackson;

import io.structbridge.runtime.Layouts;
import io.structbridge.runtime.StructType;

/**
 * Refuses JSON for structs holding a pointer ({@code @Pointer}, at any depth: in a nested struct, an array of
 * structs, a union's member). An address means nothing outside the process, so the processor generates no codec,
 * schema or Pydantic model ({@code [SB-POINTER-NO-JSON]}); with the module registered, databind's default (a bean of
 * the {@code MemorySegment}, which fails on a JDK-internal accessor) is replaced by an
 * {@code InvalidDefinitionException} naming the struct and the pointer's path, and the codec lookup says the same.
 */
final class PointerRefusal {
    private PointerRefusal() {}

    /** The refusal of a {@code @Struct} or {@code @Union} record class holding a pointer, or null for any other class. */
    static final ClassValue<String> MESSAGES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            StructType<?> t = CodecLookup.STRUCT_TYPE.get(type);
            String path = t == null ? null : Layouts.firstPointer(t.layout());
            return path == null ? null : message(type, path);
        }
    };

    /** {@return the refusal of {@code record}, whose component at {@code path} is a pointer} */
    static String message(Class<?> record, String path) {
        return record.getSimpleName() + " has no JSON: component '" + path + "' is a pointer, an address that means nothing"
                + " outside this process, so structbridge generated no codec, schema or Pydantic model for it (note"
                + " SB-POINTER-NO-JSON) and refuses it rather than write the address as a number";
    }
}

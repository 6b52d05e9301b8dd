package io.structbridge.processor.write.json;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;

/**
 * The compile-time rule for pointers outside the process: a struct holding a {@code @Pointer}
 * (directly or in a nested struct) has no JSON codec, no JSON Schema and no Pydantic model, since an
 * address has no meaning in another process and a number in JSON would silently pretend it has.
 */
public final class PointerRule {
    private PointerRule() {}

    /** {@return the path of the first pointer component ({@code a.b.p}), or null when there is none} */
    public static String pointerPath(StructModel model) {
        for (FieldModel f : model.fields()) {
            String inner = switch (f.type()) {
                case FieldType.Pointer p -> "";
                case FieldType.Nested n -> pointerPath(n.struct());
                case FieldType.NestedArray n -> pointerPath(n.struct());
                default -> null;
            };
            if (inner != null) {
                return inner.isEmpty() ? f.name() : f.name() + "." + inner;
            }
        }
        return null;
    }
}

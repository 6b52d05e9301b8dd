package io.structbridge.processor.layout;

import io.structbridge.processor.model.FieldModel;

/**
 * A laid-out member.
 *
 * @param field the component
 * @param offset the byte offset from the start of the struct
 * @param size the size in bytes
 * @param alignment the effective alignment in bytes (after {@code pack} and {@code @Align})
 * @param naturalAlignment the alignment before {@code pack} and {@code @Align}
 * @param paddingBefore the bytes of padding between the previous member (or the start) and this one
 * @param nested the nested struct's layout for nested members and arrays of them, else null
 */
public record Member(FieldModel field, long offset, long size, long alignment, long naturalAlignment,
                     long paddingBefore, StructLayoutPlan nested) {
    /** {@return the offset just past this member} */
    public long end() {
        return offset + size;
    }
}

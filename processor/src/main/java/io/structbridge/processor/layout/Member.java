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
 * @param bits for a bit-field, where its bits are (then {@code offset} and {@code size} are the bytes
 *     that hold any of them), else null
 */
public record Member(FieldModel field, long offset, long size, long alignment, long naturalAlignment,
                     long paddingBefore, StructLayoutPlan nested, BitPlacement bits) {
    /** A whole (not bit-field) member. */
    public Member(FieldModel field, long offset, long size, long alignment, long naturalAlignment,
                  long paddingBefore, StructLayoutPlan nested) {
        this(field, offset, size, alignment, naturalAlignment, paddingBefore, nested, null);
    }

    /** {@return whether this is a bit-field} */
    public boolean bitField() {
        return bits != null;
    }

    /** {@return the offset just past this member} */
    public long end() {
        return offset + size;
    }
}

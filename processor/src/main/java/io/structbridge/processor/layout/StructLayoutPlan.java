package io.structbridge.processor.layout;

import io.structbridge.processor.model.StructModel;
import java.util.List;

/**
 * A struct with every member placed: the C layout the generated code, the C header and the
 * description all print.
 *
 * @param model the parsed record
 * @param members the members in declaration order
 * @param size the size in bytes, a multiple of {@code alignment}
 * @param alignment the alignment in bytes
 * @param tailPadding the bytes after the last member
 */
public record StructLayoutPlan(StructModel model, List<Member> members, long size, long alignment, long tailPadding) {
    public StructLayoutPlan {
        members = List.copyOf(members);
    }

    /** {@return the sum of all interior padding in bytes} */
    public long holeBytes() {
        return members.stream().mapToLong(Member::paddingBefore).sum();
    }

    /** {@return the number of interior holes} */
    public long holes() {
        return members.stream().filter(m -> m.paddingBefore() > 0).count();
    }
}

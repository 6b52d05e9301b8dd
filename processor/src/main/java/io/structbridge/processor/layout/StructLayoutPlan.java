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
 * @param tailPadding the bytes after the last member (reserved members' bytes included)
 * @param reserved the {@code @Reserved} members, placed as if they were members: their bytes count as padding
 *     before the next member (or as tail padding), and only the C header and the layout lock show them
 */
public record StructLayoutPlan(StructModel model, List<Member> members, long size, long alignment, long tailPadding,
                               List<Member> reserved) {
    public StructLayoutPlan {
        members = List.copyOf(members);
        reserved = List.copyOf(reserved);
    }

    /** A struct without reserved members. */
    public StructLayoutPlan(StructModel model, List<Member> members, long size, long alignment, long tailPadding) {
        this(model, members, size, alignment, tailPadding, List.of());
    }

    /** {@return the members and the reserved members, by offset (declaration order)} */
    public List<Member> allMembers() {
        if (reserved.isEmpty()) {
            return members;
        }
        List<Member> all = new java.util.ArrayList<>(members);
        all.addAll(reserved);
        all.sort(java.util.Comparator.comparingLong(Member::offset));
        return List.copyOf(all);
    }

    /** {@return the bytes of the reserved members} */
    public long reservedBytes() {
        return reserved.stream().mapToLong(Member::size).sum();
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

package io.structbridge.processor.layout;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Places members by the C rules of the System V AMD64 ABI (3.1.2) and AAPCS64 (5.7), which agree
 * for every type here: a member starts at the next multiple of its alignment; {@code #pragma
 * pack(n)} caps every member's alignment at n (gcc "Structure-Layout Pragmas"); {@code _Alignas}
 * raises it (C11 6.7.5); the struct's alignment is the largest member alignment (raised by an
 * explicit struct alignment) and its size is rounded up to it, so arrays have no gaps. In a union
 * (C11 6.7.2.1p6, p16) every member is at offset 0 and the size is the largest member's, rounded
 * up to the same alignment.
 */
public final class LayoutEngine {
    private LayoutEngine() {}

    /**
     * {@return the layout of {@code model}; pure and deterministic}
     *
     * @throws ArithmeticException if a size or offset exceeds {@code Long.MAX_VALUE} bytes
     */
    public static StructLayoutPlan plan(StructModel model) {
        return place(model, model.fields());
    }

    /**
     * {@return the same members in the order that wastes the least padding} Sorting by alignment,
     * largest first, removes every interior hole when all sizes are multiples of alignments.
     */
    public static List<FieldModel> compactOrder(StructModel model) {
        StructLayoutPlan plan = plan(model);
        List<Member> sorted = new ArrayList<>(plan.members());
        sorted.sort(Comparator.comparingLong(Member::alignment).reversed());
        return sorted.stream().map(Member::field).toList();
    }

    /** {@return the layout of the model's members in the given order} */
    public static StructLayoutPlan place(StructModel model, List<FieldModel> fields) {
        List<Member> members = new ArrayList<>();
        long cursor = 0;
        long structAlign = 1;
        for (FieldModel f : fields) {
            StructLayoutPlan nested = nestedPlan(f.type());
            long size = size(f.type(), nested);
            long natural = naturalAlignment(f.type(), nested);
            long align = natural;
            if (f.explicitAlign() > 0) {
                align = Math.max(align, f.explicitAlign());
            }
            if (model.pack() > 0) {
                align = Math.min(align, model.pack());
            }
            if (model.union()) {
                // C11 6.7.2.1p16: every member of a union starts at offset 0; the union is as large as its largest member.
                members.add(new Member(f, 0, size, align, natural, 0, nested));
                cursor = Math.max(cursor, size);
                structAlign = Math.max(structAlign, align);
                continue;
            }
            long offset = Math.addExact(cursor, align - 1) & -align;
            members.add(new Member(f, offset, size, align, natural, offset - cursor, nested));
            cursor = Math.addExact(offset, size);
            structAlign = Math.max(structAlign, align);
        }
        if (model.align() > 0) {
            structAlign = Math.max(structAlign, model.align());
        }
        long size = Math.addExact(cursor, structAlign - 1) & -structAlign;
        return new StructLayoutPlan(model, members, size, structAlign, size - cursor);
    }

    private static StructLayoutPlan nestedPlan(FieldType t) {
        return switch (t) {
            case FieldType.Nested n -> plan(n.struct());
            case FieldType.NestedArray a -> plan(a.struct());
            default -> null;
        };
    }

    private static long size(FieldType t, StructLayoutPlan nested) {
        return switch (t) {
            case FieldType.Scalar s -> s.ctype().size();
            case FieldType.Text s -> s.capacity();
            case FieldType.PrimitiveArray a -> Math.multiplyExact((long) a.length(), a.element().ctype().size());
            case FieldType.Nested n -> nested.size();
            case FieldType.NestedArray a -> Math.multiplyExact(a.length(), nested.size());
            case FieldType.EnumCode e -> e.ctype().size();
            case FieldType.Pointer p -> POINTER_SIZE;
        };
    }

    /** Size and alignment of a C pointer on x86-64 and AArch64 Linux (LP64: System V psABI 3.1.2, AAPCS64 5.7). */
    public static final long POINTER_SIZE = 8;

    private static long naturalAlignment(FieldType t, StructLayoutPlan nested) {
        return switch (t) {
            case FieldType.Scalar s -> s.ctype().size();
            case FieldType.Text s -> 1;
            case FieldType.PrimitiveArray a -> a.element().ctype().size();
            case FieldType.Nested n -> nested.alignment();
            case FieldType.NestedArray a -> nested.alignment();
            case FieldType.EnumCode e -> e.ctype().size();
            case FieldType.Pointer p -> POINTER_SIZE;
        };
    }

    /** {@return {@code value} rounded up to a multiple of {@code alignment} (a power of two)} */
    public static long alignUp(long value, long alignment) {
        return (value + alignment - 1) & -alignment;
    }
}

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
 * up to the same alignment. Bit-fields are placed by {@link BitFieldAllocator}; a whole member
 * after them starts at its alignment after the last used bit.
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

    /** {@return the layout of the model's members in the given order (x86-64; equal on AArch64 unless {@link #abisDiffer})} */
    public static StructLayoutPlan place(StructModel model, List<FieldModel> fields) {
        return place(model, fields, Abi.SYSV_X86_64);
    }

    /** {@return the layout for one ABI (they differ only for zero-width bit-fields, see {@link BitFieldAllocator})} */
    public static StructLayoutPlan plan(StructModel model, Abi abi) {
        return place(model, model.fields(), abi);
    }

    /** {@return whether the record's size or alignment differs between x86-64 and AArch64} */
    public static boolean abisDiffer(StructModel model) {
        StructLayoutPlan x = plan(model, Abi.SYSV_X86_64);
        StructLayoutPlan a = plan(model, Abi.AAPCS64);
        return x.size() != a.size() || x.alignment() != a.alignment();
    }

    private static StructLayoutPlan place(StructModel model, List<FieldModel> fields, Abi abi) {
        List<Member> members = new ArrayList<>();
        List<Member> reservedMembers = new ArrayList<>();
        // reserved members keep their bytes in the record's own order (a reordering experiment leaves them out)
        List<StructModel.Reserved> reserved = fields.equals(model.fields()) ? model.reserved() : List.of();
        List<FieldModel> all = new ArrayList<>(fields);
        java.util.Set<FieldModel> isReserved = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (StructModel.Reserved r : reserved) {
            all.add(Math.min(r.position(), all.size()), r.field());
            isReserved.add(r.field());
        }
        long bits = 0; // the cursor in bits: bit-fields may end inside a byte
        long apiEnd = 0; // the byte past the last member that is not reserved
        long structAlign = 1;
        for (FieldModel f : all) {
            List<Member> target = isReserved.contains(f) ? reservedMembers : members;
            long next = Math.ceilDiv(bits, 8); // the first byte the member may take
            // its padding counts from the member before it that the APIs show: reserved bytes are padding to them
            long cursor = isReserved.contains(f) ? next : apiEnd;
            if (f.type() instanceof FieldType.BitField b) {
                BitFieldAllocator.Placement p = BitFieldAllocator.place(bits, b, model.pack(), abi);
                BitPlacement at = new BitPlacement(p.bitOffset(), b.width());
                long natural = b.declared().ctype().size();
                target.add(new Member(f, at.firstByte(), at.endByte() - at.firstByte(), p.alignment(), natural,
                        Math.max(0, at.firstByte() - cursor), null, at));
                bits = p.nextBit();
                apiEnd = target == members ? Math.ceilDiv(bits, 8) : apiEnd;
                structAlign = Math.max(structAlign, Math.max(p.alignment(), p.zeroWidthAlignment()));
                continue;
            }
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
                target.add(new Member(f, 0, size, align, natural, 0, nested));
                bits = Math.max(bits, Math.multiplyExact(size, 8));
                apiEnd = target == members ? Math.max(apiEnd, size) : apiEnd;
                structAlign = Math.max(structAlign, align);
                continue;
            }
            long offset = Math.addExact(next, align - 1) & -align;
            target.add(new Member(f, offset, size, align, natural, offset - cursor, nested));
            bits = Math.multiplyExact(Math.addExact(offset, size), 8);
            apiEnd = target == members ? offset + size : apiEnd;
            structAlign = Math.max(structAlign, align);
        }
        if (model.align() > 0) {
            structAlign = Math.max(structAlign, model.align());
        }
        long end = Math.ceilDiv(bits, 8);
        long size = Math.addExact(end, structAlign - 1) & -structAlign;
        return new StructLayoutPlan(model, members, size, structAlign, size - (reserved.isEmpty() ? end : apiEnd), reservedMembers);
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
            case FieldType.BitField b -> b.declared().ctype().size();
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
            case FieldType.BitField b -> b.declared().ctype().size();
            case FieldType.Pointer p -> POINTER_SIZE;
        };
    }

    /** {@return {@code value} rounded up to a multiple of {@code alignment} (a power of two)} */
    public static long alignUp(long value, long alignment) {
        return (value + alignment - 1) & -alignment;
    }
}

package io.structbridge.processor.write.java;

import com.palantir.javapoet.CodeBlock;
import io.structbridge.processor.layout.BitFieldRuns;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;

/** Builds the {@code LAYOUT} initializer: named members, explicit padding, real alignments. */
final class LayoutCode {
    private LayoutCode() {}

    static CodeBlock structLayout(StructLayoutPlan plan) {
        if (plan.model().union()) {
            return UnionCode.unionLayout(plan, LayoutCode::member);
        }
        CodeBlock.Builder b = CodeBlock.builder().add("$T.structLayout(\n$>", JavaTypeNames.MEMORY_LAYOUT);
        boolean first = true;
        long computed = 1;
        for (BitFieldRuns.Slot slot : BitFieldRuns.slots(plan)) {
            if (slot.paddingBefore() > 0) {
                b.add(first ? "" : ",\n").add("$T.paddingLayout($LL)", JavaTypeNames.MEMORY_LAYOUT, slot.paddingBefore());
                first = false;
            }
            b.add(first ? "" : ",\n");
            switch (slot) {
                case BitFieldRuns.Whole w -> {
                    b.add(member(w.member()));
                    computed = Math.max(computed, w.member().alignment());
                }
                // Bit-fields have no FFM member: their storage bytes are one named byte sequence.
                case BitFieldRuns.Run r -> b.add("$T.sequenceLayout($L, $T.JAVA_BYTE).withName($S)",
                        JavaTypeNames.MEMORY_LAYOUT, r.size(), JavaTypeNames.VALUE_LAYOUT, r.name());
            }
            first = false;
        }
        if (plan.tailPadding() > 0) {
            b.add(",\n$T.paddingLayout($LL)", JavaTypeNames.MEMORY_LAYOUT, plan.tailPadding());
        }
        b.add("$<)");
        if (plan.alignment() > computed) {
            b.add(".withByteAlignment($L)", plan.alignment());
        }
        return b.add(".withName($S)", plan.model().cName()).build();
    }

    private static CodeBlock member(Member m) {
        String name = MemberCode.name(m);
        return switch (m.field().type()) {
            case FieldType.Scalar s -> CodeBlock.of("$L.withByteAlignment($L).withName($S)",
                    MemberCode.layoutConst(m), m.alignment(), name);
            case FieldType.EnumCode e -> CodeBlock.of("$L.withByteAlignment($L).withName($S)",
                    MemberCode.layoutConst(m), m.alignment(), name);
            case FieldType.Text t -> CodeBlock.of("$T.sequenceLayout($L, $T.JAVA_BYTE).withName($S)",
                    JavaTypeNames.MEMORY_LAYOUT, t.capacity(), JavaTypeNames.VALUE_LAYOUT, name);
            case FieldType.PrimitiveArray a -> {
                long elementAlign = Math.min(a.element().ctype().size(), m.alignment());
                CodeBlock seq = CodeBlock.of("$T.sequenceLayout($L, $L.withByteAlignment($L))",
                        JavaTypeNames.MEMORY_LAYOUT, a.length(), MemberCode.layoutConst(m), elementAlign);
                yield aligned(seq, m, elementAlign, name);
            }
            case FieldType.Nested n -> nestedLayout(m, n.struct().record(), m.nested().alignment(), -1);
            case FieldType.NestedArray a -> nestedLayout(m, a.struct().record(), m.nested().alignment(), a.length());
            case FieldType.BitField f -> throw new IllegalArgumentException("bit-field " + name + " has no FFM member");
            case FieldType.Pointer p -> CodeBlock.of("$T.ADDRESS.withByteAlignment($L).withName($S)",
                    JavaTypeNames.VALUE_LAYOUT, m.alignment(), name);
        };
    }

    private static CodeBlock nestedLayout(Member m, io.structbridge.processor.model.ClassRef ref, long natural, int count) {
        CodeBlock element = CodeBlock.of("$T.LAYOUT", JavaTypeNames.structClass(ref));
        long elementAlign = natural;
        if (m.alignment() < natural) {
            // #pragma pack caps the nested struct's alignment; FFM needs the group rebuilt (case L2b).
            element = CodeBlock.of("$T.withMaxAlignment($L, $L)", JavaTypeNames.LAYOUTS, element, m.alignment());
            elementAlign = m.alignment();
        }
        CodeBlock layout = count < 0 ? element
                : CodeBlock.of("$T.sequenceLayout($L, $L)", JavaTypeNames.MEMORY_LAYOUT, count, element);
        return aligned(layout, m, elementAlign, MemberCode.name(m));
    }

    private static CodeBlock aligned(CodeBlock layout, Member m, long naturalAlign, String name) {
        if (m.alignment() > naturalAlign) {
            return CodeBlock.of("$L.withByteAlignment($L).withName($S)", layout, m.alignment(), name);
        }
        return CodeBlock.of("$L.withName($S)", layout, name);
    }
}

package io.structbridge.processor.write.cheader;

import io.structbridge.annotations.CType;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;

/**
 * The C type of {@code FLOAT16} members, {@code sb_float16}: {@code _Float16} (ISO/IEC TS 18661-3,
 * C23 Annex H) where the compiler defines {@code __FLT16_MAX__} (gcc and g++ 12 and later on x86-64
 * with SSE2 and on AArch64; clang), declared with {@code __extension__} so {@code -pedantic} builds
 * accept it; elsewhere {@code uint16_t} holding the same IEEE 754 binary16 bits (CUDA's
 * {@code __half} has this 2-byte storage: {@code __ushort_as_half}). Either way 2 bytes, alignment 2.
 */
final class HalfFloats {
    private HalfFloats() {}

    static final String DECLARATION = """
            #ifndef STRUCTBRIDGE_FLOAT16
            #define STRUCTBRIDGE_FLOAT16
            /* IEEE 754 binary16: _Float16 where the compiler has it, else its bits in a uint16_t
               (CUDA: __half has the same storage; convert with __ushort_as_half / __half_as_ushort). */
            #if defined(__FLT16_MAX__)
            __extension__ typedef _Float16 sb_float16;
            #else
            typedef uint16_t sb_float16;
            #endif
            SB_STATIC_ASSERT(sizeof(sb_float16) == 2 && SB_ALIGNOF(sb_float16) == 2, "sb_float16 is not 2 bytes");
            #endif
            """;

    static boolean used(StructLayoutPlan plan) {
        for (Member m : plan.members()) {
            boolean half = switch (m.field().type()) {
                case FieldType.Scalar s -> s.ctype() == CType.FLOAT16;
                case FieldType.PrimitiveArray a -> a.element().ctype() == CType.FLOAT16;
                default -> false;
            };
            if (half) {
                return true;
            }
        }
        return false;
    }
}

package io.structbridge.runtime;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.SequenceLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.UnionLayout;
import java.lang.foreign.ValueLayout;

/** Layout transformations that {@link MemoryLayout} itself does not offer. */
public final class Layouts {
    private Layouts() {}

    /**
     * {@return {@code layout} with every alignment, at every depth, capped at {@code max} bytes}
     * This is what {@code #pragma pack(max)} does to a struct member whose type is itself a
     * naturally aligned struct: offsets and size stay, only alignment constraints drop. JDK 22+
     * refuses {@code withByteAlignment} below a group's natural alignment, so the group is
     * rebuilt from its members.
     *
     * @param layout the layout
     * @param max the maximum alignment in bytes (a power of two)
     */
    public static MemoryLayout withMaxAlignment(MemoryLayout layout, long max) {
        MemoryLayout result = switch (layout) {
            case PaddingLayout p -> p;
            case ValueLayout v -> v.byteAlignment() > max ? v.withByteAlignment(max) : v;
            case SequenceLayout s -> MemoryLayout.sequenceLayout(s.elementCount(), withMaxAlignment(s.elementLayout(), max));
            case StructLayout s -> MemoryLayout.structLayout(capAll(s, max));
            case UnionLayout u -> MemoryLayout.unionLayout(capAll(u, max));
            default -> throw new IllegalArgumentException("unknown layout " + layout);
        };
        result = result.withByteAlignment(Math.min(layout.byteAlignment(), max));
        return layout.name().map(result::withName).orElse(result);
    }

    private static MemoryLayout[] capAll(GroupLayout g, long max) {
        return g.memberLayouts().stream().map(m -> withMaxAlignment(m, max)).toArray(MemoryLayout[]::new);
    }

    /**
     * {@return the path of the first pointer ({@link java.lang.foreign.AddressLayout}) in
     * {@code layout}, e.g. {@code data.ptr} or {@code iov[].iov_base}, or null if it holds none}
     * Nested structs, unions and arrays are searched in member order.
     *
     * @param layout the layout
     */
    public static String firstPointer(MemoryLayout layout) {
        if (layout instanceof AddressLayout) {
            return "";
        }
        if (layout instanceof SequenceLayout q) {
            String p = firstPointer(q.elementLayout());
            return p == null ? null : p.isEmpty() ? "[]" : "[]." + p;
        }
        if (layout instanceof GroupLayout g) {
            for (MemoryLayout m : g.memberLayouts()) {
                String p = firstPointer(m);
                if (p != null) {
                    String name = m.name().orElse("?");
                    return p.isEmpty() ? name : p.startsWith("[]") ? name + p : name + "." + p;
                }
            }
        }
        return null;
    }

    /**
     * {@return whether {@code layout} holds a {@link UnionLayout} at any depth (itself included)}
     *
     * @param layout the layout
     */
    public static boolean holdsUnion(MemoryLayout layout) {
        return switch (layout) {
            case UnionLayout u -> true;
            case SequenceLayout q -> holdsUnion(q.elementLayout());
            case GroupLayout g -> g.memberLayouts().stream().anyMatch(Layouts::holdsUnion);
            default -> false;
        };
    }
}

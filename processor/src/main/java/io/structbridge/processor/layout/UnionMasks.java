package io.structbridge.processor.layout;

import io.structbridge.processor.model.FieldType;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Which bits of a union each member holds: the bits of its scalars, enums, pointers, arrays and bit-fields (at
 * any depth: nested structs, arrays of structs, nested unions), and its text members, whose bytes up to and
 * including the first NUL are held (all of them when there is no NUL), the rest of the capacity not. Padding inside
 * a nested struct and the unused bits of a bit-field's storage are held by nothing. A whole union value is the
 * merge of its members' bytes over exactly these bits, so text that ends early does not erase the bytes another
 * member holds after its NUL ({@code struct ifreq}'s {@code ifr_slave} over {@code ifr_addr}).
 *
 * @param size the union's size in bytes
 * @param members per member, in component order
 */
public record UnionMasks(long size, List<MemberMask> members) {
    /**
     * One member's bits.
     *
     * @param bits per byte of the union, the bits the member's non-text leaves hold
     * @param texts the member's text leaves: pairs of (byte offset in the union, capacity in bytes)
     */
    public record MemberMask(byte[] bits, List<long[]> texts) {
        /** {@return the bits as lower-case hex, two digits per byte} */
        public String hex() {
            return HexFormat.of().formatHex(bits);
        }
    }

    /** {@return the masks of {@code union}, a union's layout} */
    public static UnionMasks of(StructLayoutPlan union) {
        List<MemberMask> out = new ArrayList<>();
        int size = Math.toIntExact(union.size());
        for (Member m : union.members()) {
            byte[] bits = new byte[size];
            List<long[]> texts = new ArrayList<>();
            member(m, 0, bits, texts);
            out.add(new MemberMask(bits, List.copyOf(texts)));
        }
        return new UnionMasks(union.size(), List.copyOf(out));
    }

    private static void struct(StructLayoutPlan plan, long base, byte[] bits, List<long[]> texts) {
        for (Member m : plan.members()) {
            member(m, base, bits, texts);
        }
    }

    private static void member(Member m, long base, byte[] bits, List<long[]> texts) {
        if (m.bitField()) {
            long first = base * 8 + m.bits().bitOffset();
            for (long b = first; b < first + m.bits().width(); b++) {
                bits[(int) (b >>> 3)] |= (byte) (1 << (b & 7));
            }
            return;
        }
        switch (m.field().type()) {
            case FieldType.Text t -> texts.add(new long[] {base + m.offset(), t.capacity()});
            case FieldType.Nested n -> struct(m.nested(), base + m.offset(), bits, texts);
            case FieldType.NestedArray a -> {
                long stride = m.size() / a.length();
                for (int i = 0; i < a.length(); i++) {
                    struct(m.nested(), base + m.offset() + i * stride, bits, texts);
                }
            }
            default -> {
                for (long i = base + m.offset(); i < base + m.offset() + m.size(); i++) {
                    bits[(int) i] = (byte) 0xff;
                }
            }
        }
    }
}

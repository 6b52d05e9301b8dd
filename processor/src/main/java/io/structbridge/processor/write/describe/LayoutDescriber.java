package io.structbridge.processor.write.describe;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.write.CDeclarations;
import java.util.List;
import java.util.Locale;

/**
 * A pahole-like text of a layout: each member with offset and size, every hole, tail padding and
 * totals, in the shape {@code pahole} (dwarves) prints for C structs.
 */
public final class LayoutDescriber {
    private LayoutDescriber() {}

    /** {@return the description} */
    public static String describe(StructLayoutPlan plan) {
        StringBuilder b = new StringBuilder();
        b.append(plan.model().cKeyword()).append(' ').append(plan.model().cName()).append(" {\n");
        long sumMembers = 0;
        long[] holes = new long[2]; // count, bytes
        for (Member m : plan.members()) {
            gap(b, m.offset() - m.paddingBefore(), m.offset(), plan.reserved(), holes, "hole, try to pack");
            String decl = CDeclarations.baseType(m) + " " + CDeclarations.declarator(m) + ";";
            for (String z : CDeclarations.zeroWidthBefore(m, "\t").split("\n")) {
                if (!z.isEmpty()) {
                    b.append(z).append('\n');
                }
            }
            if (m.bitField()) {
                // pahole's bit-field notation: byte offset, then the bit within that byte and the width in bits
                b.append(String.format(Locale.ROOT, "\t%-40s /* %5d: %d %2d bits */\n", decl, m.offset(), m.bits().shift(),
                        m.bits().width()));
            } else {
                b.append(String.format(Locale.ROOT, "\t%-40s /* %5d %5d */\n", decl, m.offset(), m.size()));
                sumMembers += m.size();
            }
        }
        for (io.structbridge.processor.layout.BitFieldRuns.Slot slot : io.structbridge.processor.layout.BitFieldRuns.slots(plan)) {
            if (slot instanceof io.structbridge.processor.layout.BitFieldRuns.Run r) {
                sumMembers += r.size(); // the storage bytes of a run of bit-fields, counted once
            }
        }
        long[] tail = new long[2];
        gap(b, plan.size() - plan.tailPadding(), plan.size(), plan.reserved(), tail, "tail padding");
        b.append(String.format(Locale.ROOT, "\n\t/* size: %d, alignment: %d, members: %d */\n",
                plan.size(), plan.alignment(), plan.members().size()));
        b.append(String.format(Locale.ROOT, "\t/* sum members: %d, holes: %d, sum holes: %d */\n",
                sumMembers, holes[0], holes[1]));
        if (tail[1] > 0) {
            b.append(String.format(Locale.ROOT, "\t/* padding: %d */\n", tail[1]));
        }
        if (!plan.reserved().isEmpty()) {
            b.append(String.format(Locale.ROOT, "\t/* reserved: %d bytes in %d removed members, kept for older data */\n",
                    plan.reservedBytes(), plan.reserved().size()));
        }
        if (plan.model().pack() > 0) {
            b.append(String.format(Locale.ROOT, "\t/* packed: #pragma pack(%d) */\n", plan.model().pack()));
        }
        return b.append("};\n").toString();
    }

    /**
     * Writes the bytes {@code [from, to)} that no live member reads: the reserved members there, each by its C
     * declaration, and the padding around them as {@code what} ("hole" or "tail padding"), counted in {@code counted}.
     */
    private static void gap(StringBuilder b, long from, long to, List<Member> reserved, long[] counted, String what) {
        long at = from;
        for (Member r : reserved) {
            if (r.offset() >= from && r.offset() < to) {
                padding(b, r.offset() - at, counted, what);
                String decl = CDeclarations.baseType(r) + " " + CDeclarations.declarator(r) + ";";
                b.append(String.format(Locale.ROOT, "\t%-40s /* %5d %5d */ /* reserved: a removed member, bytes kept */\n",
                        decl, r.offset(), r.size()));
                at = r.offset() + r.size();
            }
        }
        padding(b, to - at, counted, what);
    }

    private static void padding(StringBuilder b, long bytes, long[] counted, String what) {
        if (bytes > 0) {
            b.append(String.format(Locale.ROOT, "\t/* XXX %d byte%s %s */\n", bytes, bytes == 1 ? "" : "s", what));
            counted[0]++;
            counted[1] += bytes;
        }
    }
}

package io.structbridge.processor.write.describe;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.write.CDeclarations;
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
        for (Member m : plan.members()) {
            if (m.paddingBefore() > 0) {
                b.append(String.format(Locale.ROOT, "\t/* XXX %d byte%s hole, try to pack */\n",
                        m.paddingBefore(), m.paddingBefore() == 1 ? "" : "s"));
            }
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
        if (plan.tailPadding() > 0) {
            b.append(String.format(Locale.ROOT, "\t/* XXX %d byte%s tail padding */\n",
                    plan.tailPadding(), plan.tailPadding() == 1 ? "" : "s"));
        }
        b.append(String.format(Locale.ROOT, "\n\t/* size: %d, alignment: %d, members: %d */\n",
                plan.size(), plan.alignment(), plan.members().size()));
        b.append(String.format(Locale.ROOT, "\t/* sum members: %d, holes: %d, sum holes: %d */\n",
                sumMembers, plan.holes(), plan.holeBytes()));
        if (plan.tailPadding() > 0) {
            b.append(String.format(Locale.ROOT, "\t/* padding: %d */\n", plan.tailPadding()));
        }
        if (plan.model().pack() > 0) {
            b.append(String.format(Locale.ROOT, "\t/* packed: #pragma pack(%d) */\n", plan.model().pack()));
        }
        for (Member r : plan.reserved()) { // its bytes count as holes and padding above: no member reads them
            b.append(String.format(Locale.ROOT, "\t/* reserved: %s, offset %d, size %d (a removed member, bytes kept) */\n",
                    CDeclarations.baseType(r) + " " + CDeclarations.declarator(r), r.offset(), r.size()));
        }
        return b.append("};\n").toString();
    }
}

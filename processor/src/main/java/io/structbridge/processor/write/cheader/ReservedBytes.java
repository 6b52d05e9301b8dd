package io.structbridge.processor.write.cheader;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.write.CDeclarations;
import java.util.Locale;

/**
 * A {@code @Reserved} member in the C header: an array of unsigned integers named {@code sb_reserved_<name>} with
 * the removed member's offset, size and alignment. The element type has the member's natural alignment (up to 8
 * bytes), so {@code #pragma pack} caps it as it capped the member; a higher alignment ({@code @Align}, an
 * over-aligned nested struct) is written with {@code SB_ALIGNAS}.
 */
final class ReservedBytes {
    private ReservedBytes() {}

    /** {@return the C member name of a reserved member} */
    static String name(Member m) {
        return "sb_reserved_" + m.field().name();
    }

    /** {@return the member's declaration line, with its offset, size and what it was} */
    static String declaration(Member m, int pack) {
        long unit = 8;
        while (unit > 1 && (unit > m.naturalAlignment() || m.size() % unit != 0)) {
            unit /= 2;
        }
        long wanted = Math.max(m.naturalAlignment(), m.field().explicitAlign());
        String align = pack == 0 && wanted > unit ? "SB_ALIGNAS(" + wanted + ") " : "";
        String decl = "    " + align + "uint" + unit * 8 + "_t " + name(m) + "[" + m.size() / unit + "];";
        String was = CDeclarations.baseType(m) + " " + CDeclarations.declarator(m);
        return String.format(Locale.ROOT, "%-40s /* offset %d, size %d; reserved: the bytes of removed member %s"
                + " (zero when new code creates the struct) */\n", decl, m.offset(), m.size(), was.replace("*/", "* /"));
    }
}

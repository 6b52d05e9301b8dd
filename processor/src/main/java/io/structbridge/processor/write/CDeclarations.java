package io.structbridge.processor.write;

import io.structbridge.annotations.Endian;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;

/** C spellings of members, shared by the C header and the layout description. */
public final class CDeclarations {
    private CDeclarations() {}

    /** {@return the C type of a member without the array suffix, e.g. {@code double}} */
    public static String baseType(Member m) {
        return switch (m.field().type()) {
            case FieldType.Scalar s -> CTypes.cName(s.ctype());
            case FieldType.EnumCode e -> CTypes.cName(e.ctype());
            case FieldType.Text t -> "char";
            case FieldType.PrimitiveArray a -> CTypes.cName(a.element().ctype());
            case FieldType.Nested n -> n.struct().cName();
            case FieldType.NestedArray a -> a.struct().cName();
            case FieldType.BitField b -> CTypes.cName(b.declared().ctype());
            case FieldType.Pointer p -> p.cType().substring(0, p.cType().length() - 2);
        };
    }

    /** {@return the zero-width bit-fields before a member, e.g. {@code uint32_t : 0;}, one a line, each ending in a newline} */
    public static String zeroWidthBefore(Member m, String indent) {
        StringBuilder b = new StringBuilder();
        if (m.field().type() instanceof FieldType.BitField f) {
            for (io.structbridge.annotations.CType z : f.zeroWidthBefore()) {
                b.append(indent).append(CTypes.cName(z)).append(" : 0;\n");
            }
        }
        return b.toString();
    }

    /** {@return the declarator, e.g. {@code velocity[3]}} */
    public static String declarator(Member m) {
        String name = m.field().name();
        return switch (m.field().type()) {
            case FieldType.Text t -> name + "[" + t.capacity() + "]";
            case FieldType.PrimitiveArray a -> name + "[" + a.length() + "]";
            case FieldType.Pointer p -> "*" + name;
            case FieldType.NestedArray a -> name + "[" + a.length() + "]";
            case FieldType.BitField b -> name + " : " + b.width();
            default -> name;
        };
    }

    /** {@return what the C type alone does not say: byte order, encoding, Java type, enum} */
    public static String remark(Member m) {
        String r = rawRemark(m);
        return r.endsWith("; ") ? r.substring(0, r.length() - 2) : r;
    }

    private static String rawRemark(Member m) {
        return switch (m.field().type()) {
            case FieldType.Scalar s -> order(s.order(), s.ctype().size()) + ScalarRemarks.of(s, "");
            case FieldType.EnumCode e -> order(e.order(), e.ctype().size()) + "enum " + e.type().simpleName();
            case FieldType.Text t -> encodingName(t.encoding()) + (t.nulTerminated() ? ", NUL-terminated" : ", fixed width, NUL-padded");
            case FieldType.PrimitiveArray a -> order(a.element().order(), a.element().ctype().size())
                    + ScalarRemarks.of(a.element(), "[]");
            case FieldType.Nested n -> "";
            case FieldType.NestedArray a -> "";
            case FieldType.BitField b -> "bits " + m.bits().bitOffset() + ".." + (m.bits().bitOffset() + b.width() - 1)
                    + ", values " + b.min() + ".." + b.max() + " enforced";
            case FieldType.Pointer p -> "pointer (8 bytes; Java MemorySegment" + (p.cString() ? ", NUL-terminated text)" : ")");
        };
    }

    private static String encodingName(io.structbridge.annotations.Encoding e) {
        return switch (e) {
            case UTF_8 -> "UTF-8";
            case ASCII -> "US-ASCII";
            case LATIN_1 -> "ISO-8859-1";
        };
    }

    private static String order(Endian order, int size) {
        if (size == 1) {
            return "";
        }
        return switch (order) {
            case BIG -> "big-endian; ";
            case LITTLE -> "little-endian; ";
            case NATIVE -> "";
        };
    }
}

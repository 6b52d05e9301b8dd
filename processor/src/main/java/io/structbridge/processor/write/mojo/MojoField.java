package io.structbridge.processor.write.mojo;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Encoding;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import java.util.stream.Collectors;

/**
 * The Mojo type of one whole (not bit-field) member, chosen so that Mojo's C-like layout rules put it at the
 * member's C offset with C's size: a plain Mojo type ({@code Int32}, {@code Array[Float64, 3]}, a nested struct)
 * where it holds the C value exactly at its natural alignment, else one of the runtime's byte-holding types
 * (alignment 1: {@code _sbrt.Num}, {@code _sbrt.Flag}, {@code _sbrt.JavaLong}, {@code _sbrt.Code},
 * {@code _sbrt.Text}, {@code _sbrt.Unaligned}) whose accessors apply Java's value rules.
 *
 * @param type the Mojo type
 * @param zero the expression of its zero value
 * @param alignment the type's alignment in Mojo, in bytes
 */
record MojoField(String type, String zero, long alignment) {

    /**
     * {@return the Mojo type of member {@code m} of {@code owner}} A plain type is used only where its natural
     * alignment divides the offset and does not exceed the owner's alignment (else Mojo would move it, or give
     * the owner a larger alignment than C's).
     */
    static MojoField of(Member m, StructLayoutPlan owner) {
        String where = MojoTypes.literal(owner.model().record().simpleName() + "." + m.field().name());
        return switch (m.field().type()) {
            case FieldType.Scalar s -> scalar(s, m.offset(), owner.alignment(), where, m.offset());
            case FieldType.EnumCode e -> new MojoField("_sbrt.Code[" + MojoTypes.dtype(e.ctype()) + ", "
                    + (MojoTypes.big(e.order()) ? "True" : "False") + ", " + where + ", " + m.offset() + ", "
                    + MojoTypes.literal(e.type().simpleName()) + ", "
                    + e.constants().stream().map(c -> Long.toString(c.code())).collect(Collectors.joining(", ")) + "]", null, 1).zeroed();
            case FieldType.Text t -> new MojoField("_sbrt.Text[" + t.capacity() + ", _sbrt." + encoding(t.encoding()) + ", "
                    + py(t.nulTerminated()) + ", " + py(t.truncate()) + ", " + where + ", " + m.offset() + "]", null, 1).zeroed();
            case FieldType.PrimitiveArray a -> {
                MojoField e = scalar(a.element(), m.offset(), owner.alignment(), where, m.offset());
                yield array(e, a.length());
            }
            case FieldType.Nested n -> nested(m.nested(), m.offset(), owner.alignment());
            case FieldType.NestedArray a -> array(nested(m.nested(), m.offset(), owner.alignment()), a.length());
            case FieldType.Pointer p -> plain(CType.UINT64, m.offset(), owner.alignment())
                    ? new MojoField("UInt64", "0", 8) : new MojoField("_sbrt.Num[DType.uint64, False]", null, 1).zeroed();
            case FieldType.BitField b -> throw new IllegalArgumentException("a bit-field has no field of its own: " + m);
        };
    }

    private MojoField zeroed() {
        return new MojoField(type, type + "()", alignment);
    }

    private static MojoField array(MojoField element, int length) {
        String t = "_SB_Array[" + element.type() + ", " + length + "]";
        return new MojoField(t, t + "(fill=" + element.zero() + ")", element.alignment());
    }

    private static MojoField scalar(FieldType.Scalar s, long offset, long ownerAlignment, String where, long memberOffset) {
        CType c = s.ctype();
        boolean big = MojoTypes.big(s.order());
        if (c == CType.BOOL) {
            return new MojoField("_sbrt.Flag[" + where + ", " + memberOffset + "]", null, 1).zeroed();
        }
        if (c == CType.UINT64) { // a Java long: 0..2^63-1 both ways, as Java's accessors
            return new MojoField("_sbrt.JavaLong[" + py(big) + ", " + where + ", " + memberOffset + "]", null, 1).zeroed();
        }
        if (!big && plain(c, offset, ownerAlignment)) {
            return new MojoField(MojoTypes.scalar(c), "0", MojoTypes.size(c));
        }
        return new MojoField("_sbrt.Num[" + MojoTypes.dtype(c) + ", " + py(big) + "]", null, 1).zeroed();
    }

    private static boolean plain(CType c, long offset, long ownerAlignment) {
        long natural = MojoTypes.size(c);
        return offset % natural == 0 && natural <= ownerAlignment;
    }

    private static MojoField nested(StructLayoutPlan nested, long offset, long ownerAlignment) {
        String name = MojoTypes.identifier(nested.model().cName());
        if (offset % nested.alignment() == 0 && nested.alignment() <= ownerAlignment) {
            return new MojoField(name, name + "()", nested.alignment());
        }
        return new MojoField("_sbrt.Unaligned[" + name + ", " + nested.size() + "]", null, 1).zeroed();
    }

    private static String encoding(Encoding e) {
        return switch (e) {
            case UTF_8 -> "UTF_8";
            case ASCII -> "ASCII";
            case LATIN_1 -> "LATIN_1";
        };
    }

    private static String py(boolean b) {
        return b ? "True" : "False";
    }
}

package io.structbridge.processor.parse;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.element.Mirrors;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/** Reads {@code @Bits} on a component into a {@link FieldType.BitField}, or reports why it cannot be one. */
final class BitFieldReader {
    private final Mirrors mirrors;

    BitFieldReader(Mirrors mirrors) {
        this.mirrors = mirrors;
    }

    /** {@return the bit-field, or null after reporting an error} */
    FieldType.BitField read(RecordComponentElement c, AnnotationMirror bits, Endian structOrder, Report report) {
        String name = c.getSimpleName().toString();
        int width = mirrors.intValue(bits, "value");
        TypeKind kind = c.asType().getKind();
        if (!kind.isPrimitive() || kind == TypeKind.FLOAT || kind == TypeKind.DOUBLE) {
            report.error(c, bits, null, Message.BIT_FIELD, width, name,
                    "a bit-field holds an integer or a boolean, and " + c.asType() + " is neither (C11 6.7.2.1p5). "
                            + "Declare it int, long, short, byte, char or boolean");
            return null;
        }
        JavaPrim java = JavaPrim.valueOf(kind.name());
        Optional<AnnotationMirror> nativeType = mirrors.find(c, "NativeType");
        CType ctype = nativeType.map(a -> CType.valueOf(mirrors.enumValue(a, "value"))).orElse(java.defaultCType());
        if (java == JavaPrim.BOOLEAN ? ctype != CType.BOOL : !CTypes.integer(ctype)) {
            report.error(c, bits, null, Message.BIT_FIELD, width, name, "the declared type " + ctype
                    + " cannot hold a Java " + java.keyword() + " bit-field; use INT8..UINT64 for integers, BOOL for boolean");
            return null;
        }
        if (ctype == CType.UINT64_BITS) {
            report.error(c, bits, null, Message.BIT_FIELD, width, name, "UINT64_BITS (raw 64 bits in a long) is for whole "
                    + "uint64_t members; a bit-field is declared UINT64 (values up to Long.MAX_VALUE) or narrower");
            return null;
        }
        for (CType z : zeroWidth(bits)) {
            if (!CTypes.integer(z) && z != CType.BOOL || z == CType.UINT64_BITS) {
                report.error(c, bits, mirrors.explicitValue(bits, "zeroWidthBefore"), Message.BIT_FIELD, width, name,
                        "zeroWidthBefore lists " + z + ", but a zero-width bit-field has an integer type INT8..UINT64 or BOOL "
                                + "(C11 6.7.2.1p5; gcc: bit-field has invalid type)");
                return null;
            }
        }
        int maxWidth = ctype == CType.BOOL ? 1 : ctype.size() * 8;
        if (width < 1 || width > maxWidth) {
            report.error(c, bits, null, Message.BIT_FIELD, width, name, "the width must be 1 to " + maxWidth
                    + ", the width of " + CTypes.cName(ctype) + " (C11 6.7.2.1p4; a zero-width bit-field is "
                    + "zeroWidthBefore on the next one)");
            return null;
        }
        FieldType.BitField field = new FieldType.BitField(new FieldType.Scalar(java, ctype, Endian.LITTLE), width, zeroWidth(bits));
        if (field.min() < java.min() || field.max() > java.max()) {
            report.error(c, bits, null, Message.BIT_FIELD, width, name, "a Java " + java.keyword() + " cannot hold every value of "
                    + width + " bits of " + CTypes.cName(ctype) + " (" + field.min() + ".." + field.max() + "); use long or a smaller width");
            return null;
        }
        Optional<AnnotationMirror> order = mirrors.find(c, "Order");
        Endian effective = order.map(a -> Endian.valueOf(mirrors.enumValue(a, "value"))).orElse(structOrder);
        if (effective == Endian.BIG) {
            report.error(c, bits, null, Message.BIT_FIELD, width, name, "bit-fields are allocated from the least "
                    + "significant bit of little-endian storage (x86-64, AArch64); a big-endian bit-field has another "
                    + "allocation. Declare the bits in a whole big-endian integer and mask it, or drop @Order(BIG)");
            return null;
        }
        for (String misplaced : List.of("Offset", "Align", "Capacity", "Length")) {
            if (mirrors.find(c, misplaced).isPresent()) {
                report.error(c, bits, null, Message.BIT_FIELD, width, name, "@" + misplaced + " does not apply to a bit-field"
                        + (misplaced.equals("Offset") ? " (C has no offsetof for bit-fields, C11 7.19p3)" : "") + "; remove it");
                return null;
            }
        }
        return field;
    }

    private List<CType> zeroWidth(AnnotationMirror bits) {
        AnnotationValue v = mirrors.explicitValue(bits, "zeroWidthBefore");
        List<CType> out = new ArrayList<>();
        if (v != null && v.getValue() instanceof List<?> list) {
            for (Object o : list) {
                out.add(CType.valueOf(((VariableElement) ((AnnotationValue) o).getValue()).getSimpleName().toString()));
            }
        }
        return out;
    }
}

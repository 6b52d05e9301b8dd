package io.structbridge.processor.write.python;

import io.structbridge.annotations.CType;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;

/**
 * {@code FLOAT16} members in the Python module. ctypes has no half type: the {@code Structure}
 * stores the binary16 bits as {@code c_uint16} under {@code _SB_f16_<name>} and exposes {@code <name>}
 * as a property converting with {@code struct}'s {@code 'e'} format (IEEE 754 binary16, round to
 * nearest even on pack), whose setter refuses a value that a half does not hold exactly (as the
 * Java write does). NumPy reads them as {@code 'f2'}; cffi (no half type either) sees {@code uint16_t} bits.
 */
final class HalfProperties {
    private HalfProperties() {}

    static boolean half(Member m) {
        return switch (m.field().type()) {
            case FieldType.Scalar s -> s.ctype() == CType.FLOAT16;
            case FieldType.PrimitiveArray a -> a.element().ctype() == CType.FLOAT16;
            default -> false;
        };
    }

    /** {@return the ctypes field name: the member's, or {@code _SB_f16_<name>} for the bits of a half (no component can take it)} */
    static String fieldName(Member m) {
        return half(m) ? "_SB_f16_" + m.field().name() : m.field().name();
    }

    /** {@return the C type cffi is given: a half's bits as {@code uint16_t}} */
    static String cffiType(String cType) {
        return cType.equals("sb_float16") ? "uint16_t" : cType;
    }

    static void properties(StructLayoutPlan p, StringBuilder b) {
        for (Member m : p.members()) {
            if (!half(m)) {
                continue;
            }
            String name = m.field().name();
            String bits = fieldName(m);
            String qualified = p.model().cName() + "." + name;
            if (m.field().type() instanceof FieldType.PrimitiveArray a) {
                // a tuple: an element assignment (x.h[0] = 0.5) fails loudly instead of changing a copy; assign the whole array
                b.append("\n    @property\n    def ").append(name).append("(self) -> tuple[float, ...]:\n")
                        .append("        \"\"\"_Float16 ").append(name).append('[').append(a.length()).append("] as a tuple of floats (bits in ")
                        .append(bits).append("; assign the whole array, checked, to change it)\"\"\"\n")
                        .append("        return tuple(_SB_f16_value(x) for x in self.").append(bits).append(")\n")
                        .append("\n    @").append(name).append(".setter\n    def ").append(name)
                        .append("(self, values: _SB_typing.Iterable[float]) -> None:\n")
                        .append("        self.").append(bits).append(" = (_SB_ctypes.c_uint16 * ").append(a.length())
                        .append(")(*_SB_f16_list(values, ").append(a.length()).append(", \"").append(qualified).append("\"))\n");
            } else {
                b.append("\n    @property\n    def ").append(name).append("(self) -> float:\n")
                        .append("        \"\"\"_Float16 ").append(name).append(" as a float (bits in ").append(bits).append(")\"\"\"\n")
                        .append("        return _SB_f16_value(self.").append(bits).append(")\n")
                        .append("\n    @").append(name).append(".setter\n    def ").append(name).append("(self, value: float) -> None:\n")
                        .append("        self.").append(bits).append(" = _SB_f16_bits(value, \"").append(qualified).append("\")\n");
            }
        }
    }
}

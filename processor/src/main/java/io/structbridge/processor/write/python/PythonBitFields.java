package io.structbridge.processor.write.python;

import io.structbridge.processor.layout.BitFieldRuns;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;

/**
 * Python for bit-fields: the ctypes class, the cffi declaration and the NumPy dtype hold each run of
 * bit-fields as its storage bytes ({@code _SB_bits0}: {@code c_uint8 * n}, {@code uint8_t _SB_bits0[n]},
 * {@code ("u1", (n,))}); the ctypes class gets one property per bit-field that reads and writes the
 * bits (little-endian, bit 0 the least significant bit of the run's first byte) and refuses a value
 * outside the width with {@code ValueError}, never masking it. ctypes' own bit-fields are not used:
 * CPython computed gcc's layout wrongly for mixed types and packed structs for years (cpython
 * #97588), and the properties give the measured layout on every version.
 */
final class PythonBitFields {
    private PythonBitFields() {}

    /**
     * One typed property per bit-field of {@code p}, in the ctypes class's body (getter and setter annotated
     * with the Python type of the declared component: {@code bool} or {@code int}).
     */
    static void properties(StructLayoutPlan p, StringBuilder b) {
        for (BitFieldRuns.Slot s : BitFieldRuns.slots(p)) {
            if (!(s instanceof BitFieldRuns.Run r)) {
                continue;
            }
            for (Member m : r.fields()) {
                FieldType.BitField f = (FieldType.BitField) m.field().type();
                long bit = m.bits().bitOffset() - 8 * r.offset();
                String signed = f.signed() ? "True" : "False";
                String get = "_sb_bits_get(self." + r.name() + ", " + bit + ", " + f.width() + ", " + signed + ")";
                boolean bool = f.declared().java() == io.structbridge.processor.model.JavaPrim.BOOLEAN;
                if (bool) {
                    get = "bool(" + get + ")";
                }
                String name = m.field().name();
                b.append("\n    @property\n    def ").append(name).append("(self) -> ").append(bool ? "bool" : "int").append(":\n")
                        .append("        \"\"\"C ").append(io.structbridge.processor.write.CDeclarations.baseType(m)).append(' ')
                        .append(io.structbridge.processor.write.CDeclarations.declarator(m)).append(": bits ")
                        .append(m.bits().bitOffset()).append("..").append(m.bits().bitOffset() + f.width() - 1)
                        .append(" of the struct, in ").append(r.name()).append(" (").append(r.size()).append(" bytes at offset ")
                        .append(r.offset()).append(")\"\"\"\n")
                        .append("        return ").append(get).append("\n")
                        .append("\n    @").append(name).append(".setter\n    def ").append(name).append("(self, v: ")
                        .append(bool ? "bool" : "int").append(") -> None:\n")
                        .append("        _sb_bits_set(self.").append(r.name()).append(", ").append(bit).append(", ")
                        .append(f.width()).append(", ").append(signed).append(", v, \"").append(p.model().record().simpleName())
                        .append('.').append(name).append("\")\n");
            }
        }
    }
}

package io.structbridge.processor.write.mojo;

import io.structbridge.annotations.CType;
import io.structbridge.processor.layout.BitFieldRuns;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;

/**
 * The accessors of a run of bit-fields, which Mojo cannot declare: {@code name(self)} reads the bits of the run's
 * storage bytes (gcc's allocation: bit 0 is the least significant bit of the struct's byte 0), sign-extended for a
 * signed type; {@code set_name(mut self, value)} refuses a value outside the width with Java's message and keeps the
 * other bits.
 */
final class MojoBitFields {
    private MojoBitFields() {}

    static void write(StructLayoutPlan p, BitFieldRuns.Run run, StringBuilder b) {
        for (Member m : run.fields()) {
            FieldType.BitField f = (FieldType.BitField) m.field().type();
            CType c = f.declared().ctype();
            String type = MojoTypes.scalar(c);
            String name = m.field().name();
            long bit = m.bits().bitOffset() - run.offset() * 8;
            String where = MojoTypes.literal(p.model().record().simpleName() + "." + name);
            String signed = f.signed() ? "True" : "False";
            b.append("\n    def ").append(MojoTypes.member(name)).append("(self) raises -> ").append(type).append(":\n")
                    .append("        \"\"\"Bit-field ").append(name).append(": ").append(CTypes.cName(c)).append(" : ").append(f.width())
                    .append(", bits ").append(bit).append("..").append(bit + f.width() - 1).append(" of ").append(run.name())
                    .append(f.width() == 64 && !f.signed() ? "; a value above 2^63-1 raises, as Java's reader" : "")
                    .append(".\"\"\"\n")
                    .append("        var v = _sbrt.bits_get(self.").append(run.name()).append(", ").append(bit).append(", ")
                    .append(f.width()).append(", ").append(signed).append(")\n");
            if (f.width() == 64 && !f.signed()) {
                b.append("        _sbrt.bits_read_check(").append(where).append(", v, ").append(m.offset()).append(")\n");
            }
            b.append("        return ").append(c == CType.BOOL ? "v != 0" : type + "(v)").append('\n');
            b.append("\n    def ").append(MojoTypes.identifier("set_" + name)).append("(mut self, value: ").append(type)
                    .append(") raises:\n")
                    .append("        \"\"\"Stores bit-field ").append(name).append(" (").append(f.min()).append("..").append(f.max())
                    .append(", else Java's refusal; no bit changes); the other bits keep their values.\"\"\"\n");
            String v = c == CType.BOOL ? "Int128(1 if value else 0)" : "Int128(value)";
            if (c != CType.BOOL) {
                b.append("        _sbrt.bits_check(").append(where).append(", ").append(MojoTypes.literal(CTypes.cName(c))).append(", ")
                        .append(f.width()).append(", ").append(f.min()).append(", ").append(f.max()).append(", ").append(v).append(")\n");
            }
            b.append("        _sbrt.bits_set(self.").append(run.name()).append(", ").append(bit).append(", ").append(f.width())
                    .append(", ").append(v).append(")\n");
        }
    }
}

package io.structbridge.processor.write.mojo;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;

/**
 * A C union in Mojo, which has no unions: the bytes as {@code _SB_bytes: Array[UInt8, size]} (with C's alignment
 * through {@code @align}), and per member {@code m(ref self) -> ref[self] T}: a reference to the union's bytes seen
 * as the member's type (what a C member access does), so {@code u.i() = 5} writes the member and {@code u.v().x}
 * reads through it. T is the type the member would have as a field at offset 0 of a struct of the union's
 * alignment, so a member that Mojo cannot hold plainly gets the runtime's accessors ({@code u.l().get()}).
 */
final class MojoUnion {
    private MojoUnion() {}

    static void write(StructLayoutPlan p, StringBuilder b) {
        String name = MojoTypes.identifier(p.model().cName());
        if (p.alignment() > 1) {
            b.append("@align(").append(p.alignment()).append(")\n");
        }
        b.append("struct ").append(name).append("(Copyable, _sbrt.LaidOut):\n");
        b.append("    \"\"\"C union ").append(p.model().cName()).append(" (").append(p.model().record().canonicalName())
                .append("): size ").append(p.size()).append(" bytes, alignment ").append(p.alignment())
                .append(" bytes. Mojo has no unions: the bytes, and per member a reference to them seen as its type (every"
                        + " member starts at offset 0).\"\"\"\n\n");
        b.append("    var _SB_bytes: _SB_Array[UInt8, ").append(p.size()).append("]\n");
        MojoStruct.constants(p, name, b);
        b.append("\n    def __init__(out self):\n        \"\"\"All bytes zero.\"\"\"\n")
                .append("        self._SB_bytes = _SB_Array[UInt8, ").append(p.size()).append("](fill=0)\n");
        for (Member m : p.members()) {
            MojoField f = MojoField.of(m, p);
            b.append("\n    def ").append(MojoTypes.member(m.field().name())).append("(ref self) -> ref[self] ").append(f.type())
                    .append(":\n        \"\"\"Member ").append(m.field().name()).append(" (offset 0, size ").append(m.size())
                    .append(MojoNotes.note(m)).append("): the union's bytes seen as ").append(f.type().replace("\"", "'"))
                    .append(".\"\"\"\n        return _SB_Pointer(to=self).unsafe_bitcast[").append(f.type()).append("]()[]\n");
        }
        b.append("\n    @staticmethod\n    def _SB_checked(value: Int) -> Int:\n")
                .append("        \"\"\"Returns value once the compiler has checked Mojo's layout of ").append(name)
                .append(" against C's (the twin of the C header's static assertions).\"\"\"\n");
        MojoStruct.assertion(b, "_SB_size_of[" + name + "]() == " + p.size(), "size_of[" + p.model().cName() + "] is not the C size ("
                + p.size() + " bytes)");
        MojoStruct.assertion(b, "_SB_align_of[" + name + "]() == " + p.alignment(), "align_of[" + p.model().cName()
                + "] is not the C alignment (" + p.alignment() + " bytes)");
        for (Member m : p.members()) {
            MojoField f = MojoField.of(m, p);
            MojoStruct.assertion(b, "_SB_size_of[" + f.type() + "]() == " + m.size(), "member " + m.field().name() + " of "
                    + p.model().cName() + " is not " + m.size() + " bytes");
            MojoStruct.assertion(b, "_SB_align_of[" + f.type() + "]() <= " + p.alignment(), "member " + m.field().name() + " of "
                    + p.model().cName() + " needs more alignment than the union's " + p.alignment());
            if (m.nested() != null) {
                String n = MojoTypes.identifier(m.nested().model().cName());
                MojoStruct.assertion(b, n + ".SIZE == " + m.nested().size(), "the size of " + m.nested().model().cName() + " is not "
                        + m.nested().size() + " bytes");
            }
        }
        b.append("        return value\n\n\n");
    }
}

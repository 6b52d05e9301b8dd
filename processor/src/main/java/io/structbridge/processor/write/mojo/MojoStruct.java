package io.structbridge.processor.write.mojo;

import io.structbridge.processor.layout.BitFieldRuns;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.TaggedUnion;
import io.structbridge.processor.write.Fingerprint;
import java.util.ArrayList;
import java.util.List;

/**
 * One C struct as a Mojo struct: a field per member at its C offset (explicit padding {@code _SB_pad<i>}, bit-field
 * storage {@code _SB_bits<i>}), accessors for bit-fields and for the live member of tagged unions, a zeroing
 * constructor, and {@code SIZE}/{@code ALIGNMENT}, whose use asserts the whole layout at compile time.
 */
final class MojoStruct {
    private MojoStruct() {}

    /** A declared field: its name, type, zero value and C offset. */
    record Field(String name, String type, String zero, long offset) {}

    static void write(StructLayoutPlan p, StringBuilder b) {
        String name = MojoTypes.identifier(p.model().cName());
        List<Field> fields = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        long natural = 1;
        int pad = 0;
        for (BitFieldRuns.Slot slot : BitFieldRuns.slots(p)) {
            if (slot.paddingBefore() > 0) {
                String t = "_SB_Array[UInt8, " + slot.paddingBefore() + "]";
                fields.add(new Field("_SB_pad" + pad++, t, t + "(fill=0)", slot.offset() - slot.paddingBefore()));
                comments.add("");
            }
            switch (slot) {
                case BitFieldRuns.Whole w -> {
                    Member m = w.member();
                    MojoField f = MojoField.of(m, p);
                    natural = Math.max(natural, f.alignment());
                    fields.add(new Field(MojoTypes.member(m.field().name()), f.type(), f.zero(), m.offset()));
                    comments.add("  # offset " + m.offset() + ", size " + m.size() + MojoNotes.note(m));
                }
                case BitFieldRuns.Run r -> {
                    String t = "_SB_Array[UInt8, " + r.size() + "]";
                    fields.add(new Field(r.name(), t, t + "(fill=0)", r.offset()));
                    comments.add("  # offset " + r.offset() + ", size " + r.size() + "; bit-fields "
                            + String.join(", ", r.fields().stream().map(m -> m.field().name()).toList()));
                }
            }
        }
        if (p.tailPadding() > 0) {
            String t = "_SB_Array[UInt8, " + p.tailPadding() + "]";
            fields.add(new Field("_SB_pad" + pad, t, t + "(fill=0)", p.size() - p.tailPadding()));
            comments.add("");
        }
        if (p.alignment() > natural) {
            b.append("@align(").append(p.alignment()).append(")\n");
        }
        b.append("struct ").append(name).append("(Copyable, _sbrt.LaidOut):\n");
        b.append("    \"\"\"C struct ").append(p.model().cName()).append(" (").append(p.model().record().canonicalName())
                .append("): size ").append(p.size()).append(" bytes, alignment ").append(p.alignment())
                .append(" bytes; every member at its C offset, padding explicit.\"\"\"\n\n");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            b.append("    var ").append(f.name()).append(": ").append(f.type()).append(comments.get(i)).append('\n');
        }
        constants(p, name, b);
        b.append("\n    def __init__(out self):\n        \"\"\"All bytes zero (text empty, bool false).\"\"\"\n");
        for (Field f : fields) {
            b.append("        self.").append(f.name()).append(" = ").append(f.zero()).append('\n');
        }
        for (BitFieldRuns.Slot slot : BitFieldRuns.slots(p)) {
            if (slot instanceof BitFieldRuns.Run r) {
                MojoBitFields.write(p, r, b);
            }
        }
        for (TaggedUnion t : p.model().tagged()) {
            MojoTagged.write(p, t, b);
        }
        b.append("\n    @staticmethod\n    def _SB_checked(value: Int) -> Int:\n")
                .append("        \"\"\"Returns value once the compiler has checked Mojo's layout of ").append(name)
                .append(" against C's (the twin of the C header's static assertions).\"\"\"\n");
        for (Field f : fields) { // offsets first: the first wrong one is the most telling message
            String bare = f.name().replace("`", "");
            assertion(b, "_SB_reflect[" + name + "].field_offset[name=" + MojoTypes.literal(bare) + "]() == " + f.offset(),
                    "the offset of " + p.model().cName() + "." + bare + " is not the C offset (" + f.offset() + ")");
        }
        assertion(b, "_SB_size_of[" + name + "]() == " + p.size(), "size_of[" + p.model().cName() + "] is not the C size (" + p.size() + " bytes)");
        assertion(b, "_SB_align_of[" + name + "]() == " + p.alignment(), "align_of[" + p.model().cName() + "] is not the C alignment ("
                + p.alignment() + " bytes)");
        for (Member m : p.members()) {
            if (m.nested() != null) { // the nested struct's own assertions
                String n = MojoTypes.identifier(m.nested().model().cName());
                assertion(b, n + ".SIZE == " + m.nested().size(), "the size of " + m.nested().model().cName() + " is not "
                        + m.nested().size() + " bytes");
            }
        }
        b.append("        return value\n\n\n");
    }

    static void assertion(StringBuilder b, String condition, String message) {
        b.append("        comptime assert ").append(condition).append(", ").append(MojoTypes.literal(message)).append('\n');
    }

    /** {@code SIZE}, {@code ALIGNMENT} (both through {@code _SB_checked}), {@code FINGERPRINT} and {@code NAME} (trait {@code _sbrt.LaidOut}). */
    static void constants(StructLayoutPlan p, String name, StringBuilder b) {
        b.append("\n    comptime SIZE: Int = ").append(name).append("._SB_checked(").append(p.size()).append(")\n")
                .append("    \"\"\"The size in bytes (C's sizeof); its use asserts the layout at compile time.\"\"\"\n")
                .append("    comptime ALIGNMENT: Int = ").append(name).append("._SB_checked(").append(p.alignment()).append(")\n")
                .append("    \"\"\"The alignment in bytes (C's _Alignof).\"\"\"\n")
                .append("    comptime FINGERPRINT: StaticString = ").append(MojoTypes.literal(Fingerprint.of(p))).append('\n')
                .append("    \"\"\"The layout fingerprint, as in the C header, the Python module and struct files.\"\"\"\n")
                .append("    comptime NAME: StaticString = ").append(MojoTypes.literal(p.model().cName())).append('\n')
                .append("    \"\"\"The name struct files record for these structs (StructType.name()).\"\"\"\n");
        java.util.List<io.structbridge.processor.write.Lineage.Entry> lineage = io.structbridge.processor.write.Lineage.of(p);
        if (lineage.size() > 1) { // a record of layout version 1 keeps the trait's default (and its bytes of before)
            StringBuilder text = new StringBuilder();
            for (io.structbridge.processor.write.Lineage.Entry e : lineage) {
                text.append(text.isEmpty() ? "" : ";").append(e.version()).append(' ').append(e.size()).append(' ')
                        .append(e.alignment()).append(' ').append(e.fingerprint());
            }
            b.append("    comptime LINEAGE: StaticString = ").append(MojoTypes.literal(text.toString())).append('\n')
                    .append("    \"\"\"Layout versions 1 to ").append(lineage.size()).append(", \"version size alignment "
                            + "fingerprint\" each, separated by semicolons: StructFile reads a struct file of any of them.\"\"\"\n");
        }
    }
}

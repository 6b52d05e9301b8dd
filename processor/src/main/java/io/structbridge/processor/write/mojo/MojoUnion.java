package io.structbridge.processor.write.mojo;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;

/**
 * A C union in Mojo, which has no unions: the bytes as {@code InlineArray[UInt8, size]}, and for
 * each scalar member a getter and a setter that reinterpret the bytes at offset 0 (what a C union
 * member access does). Other members (arrays, text, nested structs) are named in the docstring.
 */
final class MojoUnion {
    private MojoUnion() {}

    static void write(StructLayoutPlan p, StringBuilder b) {
        b.append("    \"\"\"C union: size ").append(p.size()).append(" bytes, alignment ").append(p.alignment())
                .append(" bytes. Mojo has no unions, so the union is raw bytes; every member starts at offset 0: ");
        b.append(String.join(", ", p.members().stream().map(m -> m.field().name() + " " + MojoWriter.type(m)).toList()));
        b.append(".\"\"\"\n    var bytes: InlineArray[UInt8, ").append(p.size()).append("]\n");
        for (Member m : p.members()) {
            if (!(m.field().type() instanceof FieldType.Scalar || m.field().type() instanceof FieldType.EnumCode)) {
                continue;
            }
            String type = MojoWriter.type(m);
            String name = MojoWriter.identifier(m.field().name());
            String setter = MojoWriter.identifier("set_" + m.field().name());
            b.append("\n    fn ").append(name).append("(self) -> ").append(type).append(":\n")
                    .append("        \"\"\"Member ").append(m.field().name()).append(": the first ").append(m.size())
                    .append(" bytes read as ").append(type).append(".\"\"\"\n")
                    .append("        return UnsafePointer(to=self.bytes).bitcast[").append(type).append("]()[]\n");
            b.append("\n    fn ").append(setter).append("(mut self, value: ").append(type).append("):\n")
                    .append("        \"\"\"Stores member ").append(m.field().name()).append(" in the first ").append(m.size())
                    .append(" bytes; the other bytes keep their values.\"\"\"\n")
                    .append("        UnsafePointer(to=self.bytes).bitcast[").append(type).append("]()[] = value\n");
        }
        b.append("\n    alias SIZE = ").append(p.size()).append("\n    alias ALIGNMENT = ").append(p.alignment()).append("\n\n\n");
    }
}

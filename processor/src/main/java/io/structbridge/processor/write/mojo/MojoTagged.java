package io.structbridge.processor.write.mojo;

import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.TaggedUnion;
import java.util.stream.Collectors;

/**
 * {@code u_live(self)} of a tagged union component {@code u}: the index of the member its discriminator selects
 * (the order of the union's members), or Java's refusal where it selects none. Read or write the live member
 * through the union's accessor of that index ({@code s.u.circle()}).
 */
final class MojoTagged {
    private MojoTagged() {}

    static void write(StructLayoutPlan p, TaggedUnion t, StringBuilder b) {
        FieldModel tag = p.model().fields().stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow();
        Member union = p.members().stream().filter(m -> m.field().name().equals(t.union())).findFirst().orElseThrow();
        String unionName = union.nested().model().record().simpleName();
        String where = MojoTypes.literal(p.model().record().simpleName() + "." + t.union());
        b.append("\n    def ").append(MojoTypes.identifier(t.union() + "_live")).append("(self) raises -> Int:\n")
                .append("        \"\"\"The index of the member of ").append(t.union()).append(" that ").append(t.tag())
                .append(" selects (");
        for (int i = 0; i < t.alternatives().size(); i++) {
            b.append(i == 0 ? "" : ", ").append(i).append(' ').append(t.alternatives().get(i).member());
        }
        b.append("); raises Java's refusal where it selects none.\"\"\"\n");
        Member tagMember = member(p, t.tag());
        String read = "self." + MojoTypes.member(t.tag()) + (tagMember.bitField() ? "()"
                : MojoField.of(tagMember, p).type().startsWith("_sbrt.") ? ".get()" : "");
        b.append("        var tag = Int(").append(read).append(")\n");
        for (int i = 0; i < t.alternatives().size(); i++) {
            TaggedUnion.Alternative a = t.alternatives().get(i);
            b.append("        if ").append(a.codes().stream().map(c -> "tag == " + c).collect(Collectors.joining(" or ")))
                    .append(":\n            return ").append(i).append('\n');
        }
        if (tag.type() instanceof FieldType.EnumCode e) { // Java names the constant
            for (FieldType.EnumConstant c : e.constants()) {
                if (t.alternatives().stream().noneMatch(a -> a.codes().contains(c.code()))) {
                    b.append("        if tag == ").append(c.code()).append(":\n            raise _sbrt.no_member(").append(where)
                            .append(", ").append(MojoTypes.literal(t.tag())).append(", ").append(MojoTypes.literal(c.name()))
                            .append(", ").append(MojoTypes.literal(unionName)).append(")\n");
                }
            }
        }
        b.append("        raise _sbrt.no_member(").append(where).append(", ").append(MojoTypes.literal(t.tag()))
                .append(", tag, ").append(MojoTypes.literal(unionName)).append(")\n");
    }

    private static Member member(StructLayoutPlan p, String name) {
        return p.members().stream().filter(m -> m.field().name().equals(name)).findFirst().orElseThrow();
    }
}

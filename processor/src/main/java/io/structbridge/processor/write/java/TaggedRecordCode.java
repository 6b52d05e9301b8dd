package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.TaggedUnion;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * How a struct's {@code read}, {@code check} and {@code writeUnchecked} treat a tagged union component
 * ({@code @Tag}): only the member the discriminator selects is decoded, checked and stored (the union's
 * other bytes are zeroed); the other members of the record read are absent (null, or zero / false). A
 * discriminator that selects no member is a {@code StructValueException}. So a record never depends on
 * what the dead members' bytes would mean, and {@code new Figure(CIRCLE, new Shape(circle, null), 7)}
 * is a valid value.
 */
final class TaggedRecordCode {
    private final StructLayoutPlan plan;
    private final Member m;
    private final TaggedUnion t;
    private final ClassName unionStruct;
    private final String name;

    private TaggedRecordCode(StructLayoutPlan plan, Member m, TaggedUnion t) {
        this.plan = plan;
        this.m = m;
        this.t = t;
        this.unionStruct = Runtime.structClass(((FieldType.Nested) m.field().type()).struct().record());
        this.name = MemberCode.name(m);
    }

    /** {@return the code of a tagged union component, or null for any other member} */
    static TaggedRecordCode of(StructLayoutPlan plan, Member m) {
        TaggedUnion t = TaggedUnion.of(plan.model(), m.field().name());
        return t == null || !(m.field().type() instanceof FieldType.Nested) ? null : new TaggedRecordCode(plan, m, t);
    }

    /** {@return the name of the discriminator's accessors} */
    private String tagMember() {
        return MemberCode.name(plan.members().stream().filter(x -> x.field().name().equals(t.tag())).findFirst().orElseThrow());
    }

    /** {@return the argument of the record constructor in {@code read}} */
    CodeBlock readArgument() {
        return CodeBlock.of("$T.readLive$$(segment, offset + $L, liveStored$$$L(segment, offset))", unionStruct, MemberCode.offsetConst(m), name);
    }

    /** {@return the statement of {@code check}} */
    CodeBlock check() {
        return CodeBlock.of("$T.checkLive$$($T.nonNull(value.$L(), STRUCT, $S), liveGiven$$$L(value))", unionStruct, Runtime.VALUES,
                name, name, name);
    }

    /** {@return the statement of {@code writeUnchecked}} */
    CodeBlock store() {
        return CodeBlock.of("$T.writeLive$$(segment, offset + $L, value.$L(), liveGiven$$$L(value))", unionStruct,
                MemberCode.offsetConst(m), name, name);
    }

    /** {@return {@code live$u}, {@code liveStored$u} and {@code liveGiven$u}} */
    List<MethodSpec> helpers(TypeName record) {
        TypeName tagType = TaggedUnionCode.tagType(plan.model(), t);
        String union = ((FieldType.Nested) m.field().type()).struct().record().simpleName();
        MethodSpec stored = MethodSpec.methodBuilder("liveStored$" + name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT).addParameter(Runtime.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addJavadoc("{@return the index of the member of {@code $L} that the stored {@code $L} selects}\n", name, t.tag())
                .addStatement("$T tag = $L(segment, offset)", tagType, tagMember())
                .addStatement("return liveOrFail$$$L(tag)", name).build();
        MethodSpec given = MethodSpec.methodBuilder("liveGiven$" + name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT).addParameter(record, "value")
                .addJavadoc("{@return the index of the member of {@code $L} that {@code value.$L()} selects}\n", name, t.tag())
                .addStatement("$T tag = value.$L()", tagType, tagMember())
                .addStatement("return liveOrFail$$$L(tag)", name).build();
        MethodSpec orFail = MethodSpec.methodBuilder("liveOrFail$" + name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT).addParameter(tagType, "tag")
                .addStatement(tagType.isPrimitive() ? "int member = live$$$L(tag)" : "int member = tag == null ? -1 : live$$$L(tag)", name)
                .beginControlFlow("if (member < 0)")
                .addStatement("throw new $T(STRUCT, $S, $S + tag + $S, null, -1)", Runtime.VALUE_EXCEPTION, name,
                        "discriminator " + t.tag() + " = ", " selects no member of union " + union)
                .endControlFlow()
                .addStatement("return member").build();
        return List.of(TaggedUnionCode.live(plan.model(), t, tagType), stored, given, orFail);
    }
}

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
        this.unionStruct = JavaTypeNames.structClass(((FieldType.Nested) m.field().type()).struct().record());
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
        return CodeBlock.of("$T.checkLive$$($T.nonNull(value.$L(), STRUCT, $S), liveGiven$$$L(value))", unionStruct, JavaTypeNames.VALUES,
                name, name, name);
    }

    /** {@return the statement of {@code writeUnchecked}} */
    CodeBlock store() {
        return CodeBlock.of("$T.writeLive$$(segment, offset + $L, value.$L(), liveGiven$$$L(value))", unionStruct,
                MemberCode.offsetConst(m), name, name);
    }

    /**
     * {@return the component's static getter and setter} Both follow the stored discriminator, as {@code read} and
     * {@code write} do: the getter decodes only the member it selects (the others absent), the setter checks and
     * stores only that member of the value over zeroed union bytes, so the union a reader returns is written back
     * as it was read. A discriminator that selects no member is a {@code StructValueException}, memory unchanged.
     *
     * @param record the union's record type
     */
    List<MethodSpec> accessors(TypeName record) {
        String tag = t.tag();
        MethodSpec get = MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(record)
                .addJavadoc("{@return component {@code $L} of the struct at {@code offset}}\n\n", name)
                .addJavadoc("<p>The union is tagged by {@code $L}: only the member the stored {@code $L} selects is decoded; the\n", tag, tag)
                .addJavadoc("others are absent (null, or zero / {@code false}), as in {@link #read}.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                .addJavadoc("@throws $T if the stored {@code $L} selects no member or the live member's bytes are invalid\n",
                        JavaTypeNames.VALUE_EXCEPTION, tag)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addStatement("return $L", readArgument()).build();
        MethodSpec set = MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Sets component {@code $L} of the struct at {@code offset}.\n\n", name)
                .addJavadoc("<p>The union is tagged by {@code $L}: only the member the stored {@code $L} selects is checked and\n", tag, tag)
                .addJavadoc("stored, over zeroed union bytes, as {@link #write} does; the other members of {@code value} are ignored.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param value the value\n")
                .addJavadoc("@throws $T if {@code value} is null, the stored {@code $L} selects no member, or the live member\n",
                        JavaTypeNames.VALUE_EXCEPTION, tag)
                .addJavadoc("    is null or does not fit; memory is then unchanged\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(record, "value")
                .addStatement("$T.check(segment, offset, SIZE, 1, STRUCT)", JavaTypeNames.BOUNDS)
                .addStatement("$T.nonNull(value, STRUCT, $S)", JavaTypeNames.VALUES, name)
                .addStatement("int live = liveStored$$$L(segment, offset)", name)
                .addStatement("$T.checkLive$$(value, live)", unionStruct)
                .addStatement("$T.writeLive$$(segment, offset + $L, value, live)", unionStruct, MemberCode.offsetConst(m)).build();
        return List.of(get, set);
    }

    /** {@return {@code live$u}, {@code liveStored$u} and {@code liveGiven$u}} */
    List<MethodSpec> helpers(TypeName record) {
        TypeName tagType = TaggedUnionCode.tagType(plan.model(), t);
        String union = ((FieldType.Nested) m.field().type()).struct().record().simpleName();
        MethodSpec stored = MethodSpec.methodBuilder("liveStored$" + name).addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT).addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
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
                .addStatement("throw new $T(STRUCT, $S, $S + tag + $S, null, -1)", JavaTypeNames.VALUE_EXCEPTION, name,
                        "discriminator " + t.tag() + " = ", " selects no member of union " + union)
                .endControlFlow()
                .addStatement("return member").build();
        return List.of(TaggedUnionCode.live(plan.model(), t, tagType), stored, given, orFail);
    }
}

package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import javax.lang.model.element.Modifier;

/** Writes {@code RView}: a re-pointable flyweight over one struct in a segment. */
public final class ViewClassWriter {
    private final StructLayoutPlan plan;
    private final ClassName record;
    private final ClassName self;
    private final ClassName struct;

    public ViewClassWriter(StructLayoutPlan plan) {
        this.plan = plan;
        this.record = JavaTypeNames.className(plan.model().record());
        this.self = JavaTypeNames.viewClass(plan.model().record());
        this.struct = JavaTypeNames.structClass(plan.model().record());
    }

    public JavaFile write() {
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(StructClassWriter.generated(plan.model().record()))
                .addJavadoc("A zero-copy view of one {@link $T} struct ($L bytes) at an offset in a segment.\n\n", record, plan.size())
                .addJavadoc("<p>Getters read memory on every call and setters write it at once; nothing is cached.\n"
                        + "The bounds check of {@link #at}/{@link #wrap} is {@code Objects.checkIndex}, a JIT intrinsic.\n"
                        + "{@link #wrap} re-points the view without allocating. Not thread-safe.\n")
                .addJavadoc(plan.model().union() ? UnionCode.semantics() : "")
                .addField(JavaTypeNames.MEMORY_SEGMENT, "segment", Modifier.PRIVATE)
                .addField(TypeName.LONG, "offset", Modifier.PRIVATE)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                        .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                        .addStatement("this.segment = segment").addStatement("this.offset = offset").build())
                .addMethod(MethodSpec.methodBuilder("at").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                        .addJavadoc("{@return a view of the struct at {@code offset} in {@code segment}}\n\n")
                        .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                        .addJavadoc("@throws IndexOutOfBoundsException if the struct does not fit the segment\n")
                        .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                        .addStatement("$T.checkIndex(offset, segment.byteSize() - $T.SIZE + 1)", JavaTypeNames.OBJECTS, struct)
                        .addStatement("return new $T(segment, offset)", self).build())
                .addMethod(MethodSpec.methodBuilder("wrap").addModifiers(Modifier.PUBLIC).returns(self)
                        .addJavadoc("Re-points this view.\n\n@param segment the segment\n@param offset the byte offset of the struct\n")
                        .addJavadoc("@return this view\n@throws IndexOutOfBoundsException if the struct does not fit the segment\n")
                        .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                        .addStatement("$T.checkIndex(offset, segment.byteSize() - $T.SIZE + 1)", JavaTypeNames.OBJECTS, struct)
                        .addStatement("this.segment = segment").addStatement("this.offset = offset")
                        .addStatement("return this").build())
                .addMethod(MethodSpec.methodBuilder("segment").addModifiers(Modifier.PUBLIC).returns(JavaTypeNames.MEMORY_SEGMENT)
                        .addJavadoc("{@return the viewed segment}\n").addStatement("return segment").build())
                .addMethod(MethodSpec.methodBuilder("offset").addModifiers(Modifier.PUBLIC).returns(TypeName.LONG)
                        .addJavadoc("{@return the byte offset of the struct in the segment}\n").addStatement("return offset").build())
                .addMethod(MethodSpec.methodBuilder("toRecord").addModifiers(Modifier.PUBLIC).returns(record)
                        .addJavadoc("{@return the struct decoded as a record}\n")
                        .addStatement("return $T.read(segment, offset)", struct).build())
                .addMethod(MethodSpec.methodBuilder("set").addModifiers(Modifier.PUBLIC)
                        .addJavadoc("Stores {@code value}; on error memory is unchanged. Unlike {@code $T.write} this does\n"
                                + "not require the struct's alignment: a view may sit on a packed member.\n\n@param value the record\n", struct)
                        .addParameter(record, "value")
                        .addStatement("$T.check(value)", struct)
                        .addStatement("$T.check(segment, offset, $T.SIZE, 1, $S)", JavaTypeNames.BOUNDS, struct, plan.model().record().simpleName())
                        .addStatement("$T.writeUnchecked(segment, offset, value)", struct).build())
                .addMethod(MethodSpec.methodBuilder("toString").addAnnotation(Override.class)
                        .addModifiers(Modifier.PUBLIC).returns(String.class)
                        .addStatement("return $S + offset + $S + segment + $S", self.simpleName() + "[offset ", " in ", "]").build());
        for (Member m : plan.members()) {
            accessors(m, t);
        }
        return JavaFile.builder(self.packageName(), t.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private void accessors(Member m, TypeSpec.Builder t) {
        String name = MemberCode.name(m);
        TypeName type = MemberCode.javaType(m.field().type());
        switch (m.field().type()) {
            case FieldType.Nested n -> {
                ClassName nestedView = JavaTypeNames.viewClass(n.struct().record());
                t.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(nestedView)
                        .addJavadoc("{@return a view of the nested struct {@code $L}}\n", name)
                        .addStatement("return $T.at(segment, offset + $T.$L)", nestedView, struct, MemberCode.offsetConst(m))
                        .build());
            }
            case FieldType.NestedArray a -> {
                ClassName nestedView = JavaTypeNames.viewClass(a.struct().record());
                t.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(nestedView)
                        .addJavadoc("{@return a view of element {@code index} of {@code $L}}\n\n@param index the element index\n", name)
                        .addParameter(TypeName.INT, "index")
                        .addStatement("$T.checkElement(index, $L, $S, $S)", JavaTypeNames.BOUNDS, a.length(),
                                plan.model().record().simpleName(), name)
                        .addStatement("return $T.at(segment, offset + $T.$L + (long) index * $LL)", nestedView, struct,
                                MemberCode.offsetConst(m), m.nested().size()).build());
                t.addMethod(MethodSpec.methodBuilder(name + "Array").addModifiers(Modifier.PUBLIC).returns(type)
                        .addJavadoc("{@return a copy of {@code $L} as records}\n", name)
                        .addStatement("return $T.$L(segment, offset)", struct, name).build());
            }
            default -> {
                t.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(type)
                        .addJavadoc("{@return component {@code $L}}\n", name)
                        .addStatement("return $T.$L(segment, offset)", struct, name).build());
                if (m.field().type() instanceof FieldType.Pointer p && p.cString()) {
                    t.addMethod(PointerCode.viewStringGetter(name, struct));
                }
                if (m.field().type() instanceof FieldType.PrimitiveArray a) {
                    TypeName e = MemberCode.elementType(a);
                    t.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(e)
                            .addJavadoc("{@return element {@code index} of {@code $L}}\n\n@param index the element index\n", name)
                            .addParameter(TypeName.INT, "index")
                            .addStatement("return $T.$L(segment, offset, index)", struct, name).build());
                    t.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC)
                            .addJavadoc("Sets element {@code index} of {@code $L}.\n\n@param index the element index\n@param value the value\n", name)
                            .addParameter(TypeName.INT, "index").addParameter(e, "value")
                            .addStatement("$T.$L(segment, offset, index, value)", struct, name).build());
                }
            }
        }
        t.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC)
                .addJavadoc("Sets {@code $L}; on error memory is unchanged.\n\n@param value the value\n", name)
                .addParameter(type, "value")
                .addStatement("$T.$L(segment, offset, value)", struct, name).build());
    }

}

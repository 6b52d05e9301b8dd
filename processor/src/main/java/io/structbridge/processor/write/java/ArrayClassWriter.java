package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.StructLayoutPlan;
import javax.lang.model.element.Modifier;

/** Writes {@code RArray}: an array of structs over one segment, stride = size. */
public final class ArrayClassWriter {
    private final StructLayoutPlan plan;
    private final ClassName record;
    private final ClassName self;
    private final ClassName struct;
    private final ClassName view;

    public ArrayClassWriter(StructLayoutPlan plan) {
        this.plan = plan;
        this.record = JavaTypeNames.className(plan.model().record());
        this.self = JavaTypeNames.arrayClass(plan.model().record());
        this.struct = JavaTypeNames.structClass(plan.model().record());
        this.view = JavaTypeNames.viewClass(plan.model().record());
    }

    public JavaFile write() {
        TypeName listOfRecord = ParameterizedTypeName.get(JavaTypeNames.LIST, record);
        String name = plan.model().record().simpleName();
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(StructClassWriter.generated(plan.model().record()))
                .addSuperinterface(ParameterizedTypeName.get(JavaTypeNames.STRUCT_ARRAY, record))
                .addJavadoc("An array of {@link $T} structs in one segment: element {@code i} {@code i * $L} bytes after\n"
                        + "element 0 (C {@code $L[n]}; stride = size = $L bytes, alignment $L).\n",
                        record, plan.size(), plan.model().cName(), plan.size(), plan.alignment())
                .addJavadoc("\n<p>Element offsets, and the offsets in error messages, count from the start of the\n"
                        + "segment the array was created over (not from element 0).\n")
                .addField(JavaTypeNames.MEMORY_SEGMENT, "whole", Modifier.PRIVATE, Modifier.FINAL)
                .addField(TypeName.LONG, "base", Modifier.PRIVATE, Modifier.FINAL)
                .addField(TypeName.LONG, "count", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                        .addParameter(JavaTypeNames.MEMORY_SEGMENT, "whole").addParameter(TypeName.LONG, "base")
                        .addParameter(TypeName.LONG, "count")
                        .addStatement("this.whole = whole").addStatement("this.base = base")
                        .addStatement("this.count = count").build());
        t.addMethod(MethodSpec.methodBuilder("allocate").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return a zero-filled array of {@code count} structs allocated in {@code arena}, aligned to $L bytes}\n\n", plan.alignment())
                .addJavadoc("@param arena the arena that owns the memory\n@param count the number of elements\n")
                .addJavadoc("@throws IllegalArgumentException if {@code count} is negative\n")
                .addParameter(JavaTypeNames.ARENA, "arena").addParameter(TypeName.LONG, "count")
                .beginControlFlow("if (count < 0)")
                .addStatement("throw new $T($S + count)", IllegalArgumentException.class, name + ": negative element count ")
                .endControlFlow()
                .addStatement("return new $T(arena.allocate($T.LAYOUT, count), 0, count)", self, struct).build());
        t.addMethod(MethodSpec.methodBuilder("over").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return a view of all of {@code segment} as structs, without copying}\n\n")
                .addJavadoc("@param segment memory whose size is a multiple of $L bytes\n", plan.size())
                .addJavadoc("@throws IllegalArgumentException if the size is not a multiple of the stride or the address is misaligned\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment")
                .beginControlFlow("if (segment.byteSize() % $T.SIZE != 0)", struct)
                .addStatement("throw new $T($S + segment.byteSize() + $S)", IllegalArgumentException.class,
                        name + ": segment of ", " bytes is not a whole number of " + plan.size() + "-byte structs")
                .endControlFlow()
                .addStatement("return over(segment, 0, segment.byteSize() / $T.SIZE)", struct).build());
        t.addMethod(MethodSpec.methodBuilder("over").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return a view of {@code count} structs starting at {@code offset}, without copying}\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of element 0\n@param count the number of elements\n")
                .addJavadoc("@throws IndexOutOfBoundsException if the elements do not fit the segment (checked before any access)\n")
                .addJavadoc("@throws IllegalArgumentException if element 0 is not aligned to $L bytes (the C alignment of the\n"
                        + "struct; a {@link $T} is never thrown here)\n", plan.alignment(), JavaTypeNames.VALUE_EXCEPTION)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.LONG, "count")
                .addStatement("$T.checkArray(segment, offset, count, $T.SIZE, $T.ALIGNMENT, $S)", JavaTypeNames.BOUNDS, struct, struct, name)
                .addStatement("return new $T(segment, offset, count)", self).build());
        t.addMethod(MethodSpec.methodBuilder("fromList").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return a new array in {@code arena} holding {@code values}}\n\n")
                .addJavadoc("@param arena the arena\n@param values the records\n")
                .addJavadoc("@throws $T if a value does not fit (the message names its index)\n", JavaTypeNames.VALUE_EXCEPTION)
                .addParameter(JavaTypeNames.ARENA, "arena").addParameter(listOfRecord, "values")
                .addStatement("$T array = allocate(arena, values.size())", self)
                .addStatement("array.setAll(0, values)")
                .addStatement("return array").build());
        t.addMethod(override("type", JavaTypeNames.structType(plan.model().record())).addStatement("return $T.TYPE", struct).build());
        t.addMethod(override("segment", JavaTypeNames.MEMORY_SEGMENT).addStatement("return whole.asSlice(base, count * $T.SIZE)", struct).build());
        t.addMethod(override("count", TypeName.LONG).addStatement("return count").build());
        t.addMethod(override("stride", TypeName.LONG).addStatement("return $T.SIZE", struct).build());
        t.addMethod(override("get", record).addParameter(TypeName.LONG, "index")
                .addStatement("$T.checkIndex(index, count)", JavaTypeNames.OBJECTS)
                .beginControlFlow("try")
                .addStatement("return $T.read(whole, base + index * $T.SIZE)", struct, struct)
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.inElement(index)")
                .endControlFlow().build());
        t.addMethod(override("set", TypeName.VOID).addParameter(TypeName.LONG, "index").addParameter(record, "value")
                .addStatement("$T.checkIndex(index, count)", JavaTypeNames.OBJECTS)
                .beginControlFlow("try")
                .addStatement("$T.write(whole, base + index * $T.SIZE, value)", struct, struct)
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.inElement(index)")
                .endControlFlow().build());
        t.addMethod(override("setAll", TypeName.VOID).addParameter(TypeName.LONG, "first").addParameter(listOfRecord, "values")
                .addStatement("int n = values.size()")
                .addStatement("$T.checkFromIndexSize(first, n, count)", JavaTypeNames.OBJECTS)
                .beginControlFlow("if (whole.isReadOnly())")
                .addStatement("throw new $T($S)", UnsupportedOperationException.class, name + ": the segment is read-only")
                .endControlFlow()
                .addStatement("$T<$T> list = values instanceof $T ? values : new $T<>(values)", JavaTypeNames.LIST, record,
                        java.util.RandomAccess.class, java.util.ArrayList.class)
                .addCode(checkPass(record, struct, name))
                .addStatement("long offset = base + first * $T.SIZE", struct)
                .beginControlFlow("for (int i = 0; i < n; i++)")
                .addStatement("$T.writeUnchecked(whole, offset, list.get(i))", struct)
                .addStatement("offset += $T.SIZE", struct)
                .endControlFlow().build());
        t.addMethod(MethodSpec.methodBuilder("view").addModifiers(Modifier.PUBLIC).returns(view)
                .addJavadoc("{@return a zero-copy view of element {@code index}}\n\n@param index the element index\n")
                .addParameter(TypeName.LONG, "index")
                .addStatement("$T.checkIndex(index, count)", JavaTypeNames.OBJECTS)
                .addStatement("return $T.at(whole, base + index * $T.SIZE)", view, struct).build());
        t.addMethod(MethodSpec.methodBuilder("toColumns").addModifiers(Modifier.PUBLIC)
                .returns(ClassName.get(self.packageName(), plan.model().record().flatName() + "Columns"))
                .addJavadoc("{@return the columnar twin of these structs in {@code arena} (see {@code $LColumns.from})}\n\n@param arena the arena\n",
                        plan.model().record().flatName())
                .addParameter(JavaTypeNames.ARENA, "arena")
                .addStatement("return $LColumns.from(arena, this)", plan.model().record().flatName()).build());
        t.addMethod(MethodSpec.methodBuilder("slice").addModifiers(Modifier.PUBLIC).returns(self)
                .addJavadoc("{@return elements {@code from .. from + count - 1} as an array sharing this memory}\n\n")
                .addJavadoc("@param from the first element\n@param count the number of elements\n")
                .addParameter(TypeName.LONG, "from").addParameter(TypeName.LONG, "count")
                .addStatement("$T.checkFromIndexSize(from, count, this.count)", JavaTypeNames.OBJECTS)
                .addStatement("return new $T(whole, base + from * $T.SIZE, count)", self, struct)
                .build());
        t.addMethod(override("stream", ParameterizedTypeName.get(JavaTypeNames.STREAM, record))
                .addStatement("return $T.range(0, count).mapToObj(this::get)", JavaTypeNames.LONG_STREAM).build());
        t.addMethod(override("toList", listOfRecord)
                .addStatement("return stream().toList()").build());
        t.addMethod(override("toString", ClassName.get(String.class))
                .addStatement("return $S + count + $S", self.simpleName() + "[count ", ", stride " + plan.size() + "]").build());
        return JavaFile.builder(self.packageName(), t.build()).skipJavaLangImports(true).indent("    ").build();
    }

    /**
     * The all-or-nothing pass before any store. When no member has a value check (every member a
     * plain scalar), only nulls can fail, and a scan of the references finds them without touching
     * the records.
     */
    private com.palantir.javapoet.CodeBlock checkPass(ClassName record, ClassName struct, String name) {
        if (plan.members().stream().noneMatch(AccessorWriter::hasCheck)) {
            // (Not List.indexOf(null): immutable lists throw NullPointerException for it.)
            return com.palantir.javapoet.CodeBlock.builder()
                    .beginControlFlow("for (int i = 0; i < n; i++)")
                    .beginControlFlow("if (list.get(i) == null)")
                    .addStatement("throw new $T($S + (first + i) + $S, $S, $S, null, -1)", JavaTypeNames.VALUE_EXCEPTION,
                            name + "[", "]", "(element)", "must not be null")
                    .endControlFlow()
                    .endControlFlow().build();
        }
        return com.palantir.javapoet.CodeBlock.builder()
                .beginControlFlow("for (int i = 0; i < n; i++)")
                .addStatement("$T value = list.get(i)", record)
                .beginControlFlow("if (value == null)")
                .addStatement("throw new $T($S + (first + i) + $S, $S, $S, null, -1)", JavaTypeNames.VALUE_EXCEPTION,
                        name + "[", "]", "(element)", "must not be null")
                .endControlFlow()
                .beginControlFlow("try")
                .addStatement("$T.check(value)", struct)
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.inElement(first + i)")
                .endControlFlow()
                .endControlFlow().build();
    }

    private static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
    }
}

package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code RColumns}, the columnar twin (struct-of-arrays) of {@code RArray}: a subclass of the
 * runtime's {@code StructColumns<R>} with typed conversions from/to {@code RArray}, the generated
 * validator over the columns, and {@code RColumns.Row}, an element view whose getters and setters call
 * the same {@code RStruct} accessors as {@code RView} (so the value rules cannot differ).
 */
public final class ColumnsClassWriter {
    private static final ClassName STRUCT_COLUMNS = ClassName.get("io.structbridge.runtime", "StructColumns");
    private static final ClassName VIOLATION = ClassName.get("io.structbridge.runtime", "Violation");
    private static final String INDEX_THROWS = "@throws IndexOutOfBoundsException if {@code index} is not an element index "
            + "(the message names the row, the member, the index and the length)\n";

    private final StructLayoutPlan plan;
    private final ClassName record;
    private final ClassName self;
    private final ClassName struct;
    private final ClassName array;
    private final ClassName validator;
    private final ClassName row;

    /**
     * @param plan the struct's layout
     */
    public ColumnsClassWriter(StructLayoutPlan plan) {
        this.plan = plan;
        this.record = JavaTypeNames.className(plan.model().record());
        this.self = columnsClass(plan);
        this.struct = JavaTypeNames.structClass(plan.model().record());
        this.array = JavaTypeNames.arrayClass(plan.model().record());
        this.validator = ClassName.get(self.packageName(), plan.model().record().flatName() + "Validator");
        this.row = self.nestedClass(io.structbridge.processor.write.GeneratedJavaNames.COLUMNS_ROW_CLASS);
    }

    private static ClassName columnsClass(StructLayoutPlan plan) {
        return ClassName.get(plan.model().record().packageName(), plan.model().record().flatName() + "Columns");
    }

    /** {@return the generated {@code RColumns} source} */
    public JavaFile write() {
        String name = plan.model().record().simpleName();
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(StructClassWriter.generated(plan.model().record()))
                .superclass(ParameterizedTypeName.get(STRUCT_COLUMNS, record))
                .addJavadoc("The columnar twin (struct-of-arrays) of {@link $T}: one contiguous column per leaf of\n"
                        + "{@link $T#COLUMNS}, aligned to {@value StructColumns#COLUMN_ALIGNMENT} bytes, each element holding the\n"
                        + "member's bytes in the member's byte order (see {@link StructColumns} for the layout and rules).\n\n"
                        + "<p>{@link #at} gives an element view with the getters and setters of {@link $T} (nested structs\n"
                        + "and nested struct arrays as records) and the same value rules: a value the view refuses, the\n"
                        + "columns refuse with the same error, the row named as {@link $T} names its element\n"
                        + "({@code $L[3].member}), memory unchanged.\n", array, struct, JavaTypeNames.viewClass(plan.model().record()), array,
                        plan.model().record().simpleName())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                        .addParameter(JavaTypeNames.MEMORY_SEGMENT, "whole").addParameter(TypeName.LONG, "count")
                        .addStatement("super($T.TYPE, whole, count)", struct).build());
        t.addMethod(MethodSpec.methodBuilder("byteSize").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(TypeName.LONG)
                .addJavadoc("{@return the bytes the columns of {@code count} structs take}\n\n@param count the number of rows\n")
                .addJavadoc("@throws UnsupportedOperationException if the struct holds a union or bit-field member\n")
                .addParameter(TypeName.LONG, "count")
                .addStatement("return byteSize($T.TYPE, count)", struct).build());
        t.addMethod(MethodSpec.methodBuilder("allocate").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return zero-filled columns for {@code count} structs, allocated in {@code arena}}\n\n")
                .addJavadoc("@param arena the arena that owns the memory\n@param count the number of rows\n")
                .addJavadoc("@throws IllegalArgumentException if {@code count} is negative\n")
                .addJavadoc("@throws UnsupportedOperationException if the struct holds a union or bit-field member\n")
                .addParameter(JavaTypeNames.ARENA, "arena").addParameter(TypeName.LONG, "count")
                .beginControlFlow("if (count < 0)")
                .addStatement("throw new $T($S + count)", IllegalArgumentException.class, name + ": negative row count ")
                .endControlFlow()
                .addStatement("return new $T(arena.allocate($T.max(1, byteSize(count)), COLUMN_ALIGNMENT), count)", self, Math.class).build());
        t.addMethod(MethodSpec.methodBuilder("over").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return the columns of {@code count} structs in {@code segment} (e.g. a mapped file of\n"
                        + "{@link #byteSize} bytes), without copying}\n\n")
                .addJavadoc("@param segment the segment, aligned to {@value StructColumns#COLUMN_ALIGNMENT} bytes if native\n@param count the number of rows\n")
                .addJavadoc("@throws IllegalArgumentException if the segment is too small or misaligned\n")
                .addJavadoc("@throws UnsupportedOperationException if the struct holds a union or bit-field member\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "count")
                .addStatement("return new $T(segment, count)", self).build());
        t.addMethod(MethodSpec.methodBuilder("from").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(self)
                .addJavadoc("{@return new columns in {@code arena} holding the structs of {@code array}: one row-major pass,\n"
                        + "bytes unchanged (no value is checked; {@link #validateAll} checks them in place)}\n\n")
                .addJavadoc("@param arena the arena\n@param array the structs\n")
                .addJavadoc("@throws UnsupportedOperationException if the struct holds a union or bit-field member\n")
                .addParameter(JavaTypeNames.ARENA, "arena").addParameter(array, "array")
                .addStatement("$T columns = allocate(arena, array.count())", self)
                .addStatement("columns.copyFrom(array)")
                .addStatement("return columns").build());
        t.addMethod(MethodSpec.methodBuilder("readFrom").addModifiers(Modifier.PUBLIC)
                .addJavadoc("Overwrites every row with the struct of the same index in {@code array}: one row-major pass\n(constant offsets, {@code RStruct.TYPE.copyToColumns}).\n\n")
                .addJavadoc("@param array the structs, exactly {@link #count()} of them\n")
                .addJavadoc("@throws IllegalArgumentException if the counts differ\n")
                .addParameter(array, "array")
                .addStatement("copyFrom(array)").build());
        t.addMethod(MethodSpec.methodBuilder("toArray").addModifiers(Modifier.PUBLIC).returns(array)
                .addJavadoc("{@return a new struct array in {@code arena} with the rows of these columns: one row-major\n"
                        + "pass, bytes unchanged, padding zero}\n\n@param arena the arena\n")
                .addParameter(JavaTypeNames.ARENA, "arena")
                .addStatement("$T out = $T.allocate(arena, count())", array, array)
                .addStatement("copyTo(out.segment(), 0)")
                .addStatement("return out").build());
        t.addMethod(MethodSpec.methodBuilder("writeTo").addModifiers(Modifier.PUBLIC)
                .addJavadoc("Overwrites the members of every struct of {@code array} with the row of the same index\n"
                        + "(padding untouched): one row-major pass.\n\n")
                .addJavadoc("@param array the structs, exactly {@link #count()} of them\n")
                .addJavadoc("@throws IllegalArgumentException if the counts differ\n")
                .addParameter(array, "array")
                .beginControlFlow("if (array.count() != count())")
                .addStatement("throw new $T($S + count() + $S + array.count())", IllegalArgumentException.class,
                        name + ": ", " rows for ")
                .endControlFlow()
                .addStatement("copyTo(array.segment(), 0)").build());
        t.addMethod(MethodSpec.methodBuilder("validateAll").addModifiers(Modifier.PUBLIC)
                .returns(ParameterizedTypeName.get(JavaTypeNames.LIST, VIOLATION))
                .addJavadoc("{@return every violation in every row, as {@link $T#validateAll} reports them for the\n"
                        + "equivalent struct array (same paths {@code [17].label}, order and values)}\n", validator)
                .addStatement("return validateAll($T::validate)", validator).build());
        t.addMethod(MethodSpec.methodBuilder("at").addModifiers(Modifier.PUBLIC).returns(row)
                .addJavadoc("{@return an element view of row {@code index}}\n\n@param index the row\n")
                .addJavadoc("@throws IndexOutOfBoundsException if there is no such row\n")
                .addParameter(TypeName.LONG, "index")
                .addStatement("$T.checkIndex(index, count())", JavaTypeNames.OBJECTS)
                .addStatement("return new $T(index)", row).build());
        t.addType(rowClass());
        return JavaFile.builder(self.packageName(), t.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private TypeSpec rowClass() {
        TypeSpec.Builder r = TypeSpec.classBuilder(row).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Row {@code i} of the columns, with the accessors of {@link $T}. Every call gathers the row\n"
                        + "into a scratch struct and applies the {@link $T} accessor to it; a setter writes the row\n"
                        + "back only after the accessor succeeded. The byte offset of a {@link $T} counts from the\n"
                        + "start of the columns' segment. Not thread-safe.\n", JavaTypeNames.viewClass(plan.model().record()), struct, JavaTypeNames.VALUE_EXCEPTION)
                .addField(TypeName.LONG, "row$", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                        .addParameter(TypeName.LONG, "row").addStatement("this.row$$ = row").build())
                .addMethod(MethodSpec.methodBuilder("toRecord").addModifiers(Modifier.PUBLIC).returns(record)
                        .addJavadoc("{@return the row decoded as a record}\n")
                        .addStatement("return $T.this.get(row$$)", self).build())
                .addMethod(MethodSpec.methodBuilder("set").addModifiers(Modifier.PUBLIC)
                        .addJavadoc("Stores {@code value}; on error the columns are unchanged.\n\n@param value the record\n")
                        .addParameter(record, "value")
                        .addStatement("$T.this.set(row$$, value)", self).build());
        for (Member m : plan.members()) {
            accessors(m, r);
        }
        return r.build();
    }

    /**
     * {@return {@code body} with a struct value error's byte offset moved from the scratch struct to the columns
     * and its row named, as {@code RArray} names the element: {@code Sensor[3].label: ...}}
     */
    private CodeBlock relocating(CodeBlock body) {
        return CodeBlock.builder().beginControlFlow("try").add(body)
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw $T.this.relocate(e, row$$).inElement(row$$)", self)
                .endControlFlow().build();
    }

    /** {@return the element index check of a Row accessor: the row named only when the index is bad (no string built otherwise)} */
    private CodeBlock indexCheck(int length, String member) {
        return CodeBlock.builder().beginControlFlow("if (index < 0 || index >= $L)", length)
                .addStatement("$T.checkElement(index, $L, $S + row$$ + $S, $S)", JavaTypeNames.BOUNDS, length,
                        plan.model().record().simpleName() + "[", "]", member)
                .endControlFlow().build();
    }

    private void accessors(Member m, TypeSpec.Builder r) {
        String name = MemberCode.name(m);
        TypeName type = MemberCode.javaType(m.field().type());
        r.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(type)
                .addJavadoc("{@return component {@code $L} of this row}\n", name)
                .addCode(relocating(CodeBlock.of("return $T.$L($T.this.gather(row$$), 0);\n", struct, name, self))).build());
        r.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC)
                .addJavadoc("Sets {@code $L}; on error the columns are unchanged.\n\n@param value the value\n", name)
                .addParameter(type, "value")
                .addCode(relocating(CodeBlock.of("$T.$L($T.this.gather(row$$), 0, value);\n", struct, name, self)))
                .addStatement("$T.this.scatter(row$$)", self).build());
        if (m.field().type() instanceof FieldType.PrimitiveArray a) {
            TypeName e = MemberCode.elementType(a);
            r.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC).returns(e)
                    .addJavadoc("{@return element {@code index} of {@code $L}}\n\n@param index the element index\n", name)
                    .addJavadoc(INDEX_THROWS)
                    .addParameter(TypeName.INT, "index")
                    .addCode(indexCheck(a.length(), name))
                    .addCode(relocating(CodeBlock.of("return $T.$L($T.this.gather(row$$), 0, index);\n", struct, name, self))).build());
            r.addMethod(MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Sets element {@code index} of {@code $L}; on error the columns are unchanged.\n\n"
                            + "@param index the element index\n@param value the value\n", name)
                    .addJavadoc(INDEX_THROWS)
                    .addParameter(TypeName.INT, "index").addParameter(e, "value")
                    .addCode(indexCheck(a.length(), name))
                    .addCode(relocating(CodeBlock.of("$T.$L($T.this.gather(row$$), 0, index, value);\n", struct, name, self)))
                    .addStatement("$T.this.scatter(row$$)", self).build());
        }
    }
}

package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.write.ColumnKinds;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code RStruct.COLUMNS}: the struct's leaf columns ({@code io.structbridge.runtime.Column}) in
 * member order, built once by a private {@code columns$()} method. Nested structs contribute their own
 * {@code COLUMNS} moved to the member's offset (so the code stays small however deep the nesting);
 * a {@code @Union} record marks all its columns as lying in the union {@code ""}.
 */
final class ColumnsCode {
    static final ClassName COLUMN = ClassName.get(JavaTypeNames.PKG, "Column");
    private static final TypeName LIST_OF_COLUMNS = ParameterizedTypeName.get(JavaTypeNames.LIST, COLUMN);
    static final ClassName TAGGED_UNION = ClassName.get(JavaTypeNames.PKG, "TaggedUnion");
    static final TypeName LIST_OF_TAGGED = ParameterizedTypeName.get(JavaTypeNames.LIST, TAGGED_UNION);

    private final StructLayoutPlan plan;

    ColumnsCode(StructLayoutPlan plan) {
        this.plan = plan;
    }

    /** Adds the {@code COLUMNS} field and its builder method; call after the enum code tables are added. */
    void addTo(TypeSpec.Builder t) {
        t.addField(FieldSpec.builder(LIST_OF_COLUMNS, "COLUMNS", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The leaf columns of this $L in member order (immutable): nested structs flattened to their\n"
                        + "leaves ({@code a.b}, {@code arr[i].b}), a fixed scalar array one column of its length\n"
                        + "(marked {@code array}, also for length 1), text one "
                        + "column of its capacity in bytes. See {@link $T}.\n", plan.model().cKeyword(), COLUMN)
                .initializer("columns$$()").build());
        MethodSpec.Builder b = MethodSpec.methodBuilder("columns$").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(LIST_OF_COLUMNS)
                .addStatement("$T<$T> c = new $T<>()", java.util.ArrayList.class, COLUMN, java.util.ArrayList.class);
        for (Member m : plan.members()) {
            b.addStatement(add(m));
        }
        if (plan.model().union()) {
            b.addStatement("c.replaceAll(x -> x.inUnion($S))", "");
        }
        t.addMethod(b.addStatement("return $T.copyOf(c)", JavaTypeNames.LIST).build());
        addTagged(t);
    }

    /**
     * Adds {@code TAGGED} ({@code io.structbridge.runtime.TaggedUnion}s: this struct's tagged unions, then, in member
     * order, those of nested structs and struct array elements moved under the member's path) and its builder.
     */
    private void addTagged(TypeSpec.Builder t) {
        t.addField(FieldSpec.builder(LIST_OF_TAGGED, "TAGGED", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The tagged unions of this $L (immutable): which member of each union its discriminator column\n"
                        + "selects, in the paths of {@link #COLUMNS}, nested structs' and struct arrays' included. See {@link $T}.\n",
                        plan.model().cKeyword(), TAGGED_UNION)
                .initializer("tagged$$()").build());
        // no local variable: a package may be named like one (the nested types are written qualified)
        java.util.List<CodeBlock> parts = new java.util.ArrayList<>();
        for (Member m : plan.members()) {
            String name = MemberCode.name(m);
            io.structbridge.processor.model.TaggedUnion own = io.structbridge.processor.model.TaggedUnion.of(plan.model(), m.field().name());
            if (own != null) {
                CodeBlock cases = own.alternatives().stream()
                        .map(a -> CodeBlock.of("new $T.Case($S, $T.of($L))", TAGGED_UNION, a.member(), JavaTypeNames.LIST,
                                a.codes().stream().map(c -> CodeBlock.of("$LL", c)).collect(CodeBlock.joining(", "))))
                        .collect(CodeBlock.joining(",\n"));
                parts.add(CodeBlock.of("$T.of(new $T($S, $S, $T.of(\n$>$L$<)))", JavaTypeNames.LIST, TAGGED_UNION, name, own.tag(),
                        JavaTypeNames.LIST, cases));
            }
            switch (m.field().type()) {
                case FieldType.Nested n -> parts.add(CodeBlock.of("$T.nest($S, $T.TAGGED)", TAGGED_UNION, name,
                        JavaTypeNames.structClass(n.struct().record())));
                case FieldType.NestedArray a -> parts.add(CodeBlock.of("$T.nestArray($S, $L, $T.TAGGED)", TAGGED_UNION, name,
                        a.length(), JavaTypeNames.structClass(a.struct().record())));
                default -> { }
            }
        }
        MethodSpec.Builder b = MethodSpec.methodBuilder("tagged$").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(LIST_OF_TAGGED);
        if (parts.isEmpty()) {
            b.addStatement("return $T.of()", JavaTypeNames.LIST);
        } else {
            b.addStatement("return $T.<$T>of(\n$>$L$<).flatMap($T::stream).toList()", java.util.stream.Stream.class, LIST_OF_TAGGED,
                    CodeBlock.join(parts, ",\n"), JavaTypeNames.LIST);
        }
        t.addMethod(b.build());
    }

    private CodeBlock add(Member m) {
        String name = MemberCode.name(m);
        String off = MemberCode.offsetConst(m);
        return switch (m.field().type()) {
            case FieldType.Scalar s -> CodeBlock.of("c.add($T.scalar($S, $L, $T.Kind.$L, $L, $L, $L))", COLUMN, name, off, COLUMN,
                    ColumnKinds.of(s.ctype()), s.ctype().size(), CTypes.min(s.ctype()) < 0, order(s.order()));
            // an array even of length 1: T a[1] is no scalar (Arrow +w:1, Spark ArrayType, NumPy shape (1,))
            case FieldType.PrimitiveArray a -> CodeBlock.of("c.add($T.array($S, $L, $T.Kind.$L, $L, $L, $L, $L))", COLUMN, name,
                    off, COLUMN, ColumnKinds.of(a.element().ctype()), a.element().ctype().size(), a.length(),
                    CTypes.min(a.element().ctype()) < 0, order(a.element().order()));
            case FieldType.Text x -> CodeBlock.of("c.add($T.text($S, $L, $L, $T.$L, $L, $L))", COLUMN, name, off,
                    x.capacity(), JavaTypeNames.TEXT_ENCODING, x.encoding().name(), x.nulTerminated(), x.truncate());
            case FieldType.EnumCode e -> {
                String prefix = JavaTypeNames.upperSnake(name);
                yield CodeBlock.of("c.add($T.enumCode($S, $L, $L, $L, $L, $T.EnumConstant.of($L$$CONSTANTS, $L$$CODES)))",
                        COLUMN, name, off, e.ctype().size(), CTypes.min(e.ctype()) < 0, order(e.order()), COLUMN, prefix, prefix);
            }
            case FieldType.BitField f -> CodeBlock.of("c.add($T.bitField($S, $L, $T.Kind.$L, $L, $L, $L, $L))", COLUMN, name,
                    m.bits().firstByte(), COLUMN, ColumnKinds.of(f.declared().ctype()), m.bits().endByte() - m.bits().firstByte(),
                    f.signed(), m.bits().shift(), f.width());
            case FieldType.Nested n -> CodeBlock.of("c.addAll($T.nest($S, $L, $T.COLUMNS))", COLUMN, name, off,
                    JavaTypeNames.structClass(n.struct().record()));
            case FieldType.NestedArray a -> CodeBlock.of("c.addAll($T.nestArray($S, $L, $LL, $L, $T.COLUMNS))", COLUMN, name,
                    off, m.nested().size(), a.length(), JavaTypeNames.structClass(a.struct().record()));
            case FieldType.Pointer p -> CodeBlock.of("c.add($T.pointer($S, $L))", COLUMN, name, off);
        };
    }

    private static CodeBlock order(Endian e) {
        return switch (e) {
            case NATIVE -> CodeBlock.of("$T.nativeOrder()", JavaTypeNames.BYTE_ORDER);
            case LITTLE -> CodeBlock.of("$T.LITTLE_ENDIAN", JavaTypeNames.BYTE_ORDER);
            case BIG -> CodeBlock.of("$T.BIG_ENDIAN", JavaTypeNames.BYTE_ORDER);
        };
    }
}

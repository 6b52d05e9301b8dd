package io.structbridge.processor.write.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.model.FieldType;

/** Names and types shared by the writers for one member. */
final class MemberCode {
    private MemberCode() {}

    static String name(Member m) {
        return m.field().name();
    }

    static String offsetConst(Member m) {
        return JavaTypeNames.offsetConstant(name(m));
    }

    static String layoutConst(Member m) {
        return JavaTypeNames.layoutConstant(name(m));
    }

    /** {@return the Java type of the record component} */
    /** {@return the Java default of a {@code @Reserved} component, the argument the record constructor gets for it} */
    static CodeBlock javaDefault(io.structbridge.processor.model.FieldModel f) {
        TypeName t = javaType(f.type());
        if (t.equals(TypeName.BOOLEAN)) {
            return CodeBlock.of("false /* reserved $L */", f.name().replace("*/", "* /"));
        }
        if (t.equals(TypeName.INT)) {
            return CodeBlock.of("0 /* reserved $L */", f.name()); // (int) 0 is a redundant cast (-Xlint:cast)
        }
        return t.isPrimitive() ? CodeBlock.of("($T) 0 /* reserved $L */", t, f.name()) : CodeBlock.of("null /* reserved $L */", f.name());
    }

    static TypeName javaType(FieldType t) {
        return switch (t) {
            case FieldType.Scalar s -> ScalarCode.javaType(s.java());
            case FieldType.Text s -> ClassName.get(String.class);
            case FieldType.PrimitiveArray a -> ArrayTypeName.of(ScalarCode.javaType(a.element().java()));
            case FieldType.Nested n -> JavaTypeNames.className(n.struct().record());
            case FieldType.NestedArray a -> ArrayTypeName.of(JavaTypeNames.className(a.struct().record()));
            case FieldType.EnumCode e -> JavaTypeNames.className(e.type());
            case FieldType.BitField b -> ScalarCode.javaType(b.declared().java());
            case FieldType.Pointer p -> JavaTypeNames.MEMORY_SEGMENT;
        };
    }

    /** {@return the element type for arrays} */
    static TypeName elementType(FieldType t) {
        return switch (t) {
            case FieldType.PrimitiveArray a -> ScalarCode.javaType(a.element().java());
            case FieldType.NestedArray a -> JavaTypeNames.className(a.struct().record());
            default -> throw new IllegalArgumentException(t.toString());
        };
    }

    /** {@return a string literal path, e.g. {@code "label"}} */
    static CodeBlock path(Member m) {
        return CodeBlock.of("$S", name(m));
    }

    /** {@return a path with an element index variable, e.g. {@code "velocity[" + i + "]"}} */
    static CodeBlock indexedPath(Member m, String index) {
        return CodeBlock.of("$S + $L + $S", name(m) + "[", index, "]");
    }

    /** {@return {@code offset + X_OFFSET}} */
    static CodeBlock at(Member m) {
        return CodeBlock.of("offset + $L", offsetConst(m));
    }

    /** {@return {@code offset + X_OFFSET + (long) index * stride}} */
    static CodeBlock at(Member m, String index, long stride) {
        return CodeBlock.of("offset + $L + (long) $L * $LL", offsetConst(m), index, stride);
    }
}

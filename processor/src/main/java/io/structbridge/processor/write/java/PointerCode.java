package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.model.FieldType;
import javax.lang.model.element.Modifier;

/**
 * Code for {@code @Pointer MemorySegment} members: FFM {@code ADDRESS} (8 bytes on LP64), read as a
 * segment sized to the target struct or zero-length, written as {@code value.address()}.
 */
final class PointerCode {
    private PointerCode() {}

    private static final ClassName ADDRESS_LAYOUT = ClassName.get("java.lang.foreign", "AddressLayout");
    private static final ClassName C_STRINGS = ClassName.get("io.structbridge.runtime", "CStrings");

    /** The accessor layout: {@code ADDRESS}, alignment 1 (a pointer in a packed struct). */
    static FieldSpec accessLayout(String name) {
        return FieldSpec.builder(ADDRESS_LAYOUT, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.ADDRESS.withByteAlignment(1)", JavaTypeNames.VALUE_LAYOUT).build();
    }

    static CodeBlock sized(FieldType.Pointer p, String raw) {
        if (p.target() == null) {
            return CodeBlock.of("$L", raw);
        }
        // reinterpret is restricted FFM, done in the runtime so generated code compiles without -Xlint:restricted warnings
        return CodeBlock.of("$T.sized($L, $T.SIZE)", C_STRINGS, raw, JavaTypeNames.structClass(p.target()));
    }

    static String getterDoc(FieldType.Pointer p) {
        String what = p.target() != null
                ? "a segment of {@code " + p.target().flatName() + "Struct.SIZE} bytes at the stored address ({@code MemorySegment.NULL} for a null pointer;\n"
                        + "sizing is a restricted FFM operation: run with {@code --enable-native-access})"
                : "a zero-length segment at the stored address ({@code MemorySegment.NULL} for a null pointer)";
        return "\n<p>C {@code " + p.cType() + "}: " + what + ".\n";
    }

    /** {@code static String xString(MemorySegment segment, long offset, long maxBytes)} on {@code RStruct}. */
    static MethodSpec stringGetter(String name, Member m) {
        return MethodSpec.methodBuilder(name + "String").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(String.class)
                .addJavadoc("{@return the NUL-terminated UTF-8 text {@code $L} points to}\n\n", name)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                .addJavadoc("@param maxBytes the most bytes read before the NUL (the scan stops at the NUL)\n")
                .addJavadoc("@throws $T if the pointer is NULL, no NUL comes within {@code maxBytes} bytes, or the bytes are not UTF-8\n",
                        JavaTypeNames.VALUE_EXCEPTION)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.LONG, "maxBytes")
                .addStatement("return $T.read(segment.get($L, $L), maxBytes, STRUCT, $L)", C_STRINGS, MemberCode.layoutConst(m),
                        MemberCode.at(m), MemberCode.path(m)).build();
    }

    static MethodSpec viewStringGetter(String name, ClassName struct) {
        return MethodSpec.methodBuilder(name + "String").addModifiers(Modifier.PUBLIC).returns(String.class)
                .addJavadoc("{@return the NUL-terminated UTF-8 text {@code $L} points to, at most {@code maxBytes} bytes before the NUL}\n\n", name)
                .addJavadoc("@param maxBytes the most bytes read before the NUL\n")
                .addJavadoc("@throws $T if the pointer is NULL, no NUL comes within {@code maxBytes} bytes, or the bytes are not UTF-8\n",
                        JavaTypeNames.VALUE_EXCEPTION)
                .addParameter(TypeName.LONG, "maxBytes")
                .addStatement("return $T.$LString(segment, offset, maxBytes)", struct, name).build();
    }
}

package io.structbridge.processor.write.json;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.write.java.JavaTypeNames;
import javax.lang.model.element.Modifier;

/**
 * The direct byte path of a generated {@code writeArray}: for a flat struct of numbers, booleans and text,
 * {@code writeDirect} writes one element's JSON bytes through {@code io.structbridge.jackson.DirectJsonWriter}
 * (names precomputed as the generator's bytes), and {@code writeArray} uses it when the generator qualifies.
 */
final class DirectJsonMethods {
    static final ClassName WRITER = ClassName.get(JsonCodecWriter.PKG, "DirectJsonWriter");
    private static final ClassName TEXT_ENCODING = ClassName.get("io.structbridge.runtime", "TextEncoding");
    /** Structs whose JSON can take more bytes than this are written through the generator only. */
    private static final long MAX_BYTES = 1 << 20;
    /** Bytes a number takes at most: {@code Long.MIN_VALUE} is 20, the longest double 24. */
    private static final int NUMBER_BYTES = 32;

    private DirectJsonMethods() {}

    /** {@return whether {@code model} gets the direct path: not a union, every member a number, boolean or text} */
    static boolean eligible(StructModel model) {
        if (model.union() || model.fields().isEmpty() || maxBytes(model) > MAX_BYTES) {
            return false;
        }
        for (FieldModel f : model.fields()) {
            if (TaggedUnionJson.of(model, f) != null) {
                return false;
            }
            boolean ok = switch (f.type()) {
                case FieldType.Scalar s -> !CTypes.rawBits(s.ctype()) && switch (s.java()) {
                    case BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE -> true;
                    default -> false;
                };
                case FieldType.Text x -> true;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The most bytes one element takes: separator, braces, names (6 bytes per escaped UTF-16 unit at most), values. */
    static long maxBytes(StructModel model) {
        long n = 3;
        for (FieldModel f : model.fields()) {
            n += 4 + 6L * f.jsonName().length();
            n += f.type() instanceof FieldType.Text x ? 2 + 6L * x.capacity() : NUMBER_BYTES;
        }
        return n;
    }

    static void addTo(TypeSpec.Builder t, StructModel model, ClassName struct) {
        CodeBlock.Builder names = CodeBlock.builder();
        for (int i = 0; i < model.fields().size(); i++) {
            names.add(i == 0 ? "" : ", ").add("$T.name($L, $L)", WRITER,
                    io.structbridge.processor.write.JavaStrings.literal(model.fields().get(i).jsonName()), i == 0);
        }
        t.addField(FieldSpec.builder(ArrayTypeName.of(ArrayTypeName.of(TypeName.BYTE)), "DIRECT_NAMES",
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("{$L}", names.build()).build());
        t.addField(FieldSpec.builder(TypeName.INT, "DIRECT_BYTES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The most bytes {@code writeDirect} writes for one element.\n")
                .initializer("$L", maxBytes(model)).build());
        MethodSpec.Builder m = MethodSpec.methodBuilder("writeDirect").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addJavadoc("Writes the checked struct at {@code offset} as one array element through {@code writer}.\n\n")
                .addJavadoc("@return false if a value must go through the generator: the element's bytes are then dropped\n")
                .addParameter(JsonCodecWriter.SEGMENT, "segment").addParameter(TypeName.LONG, "offset").addParameter(WRITER, "writer")
                .addStatement("int mark = writer.beginObject()");
        for (int i = 0; i < model.fields().size(); i++) {
            FieldModel f = model.fields().get(i);
            String n = f.name();
            m.addStatement("writer.raw(DIRECT_NAMES[$L])", i);
            switch (f.type()) {
                case FieldType.Text x -> m.beginControlFlow("if (!writer.text(segment, offset + $T.$L, $L, $L, $T.$L, STRUCT, $S))",
                                struct, JavaTypeNames.offsetConstant(n), x.capacity(), x.nulTerminated(), TEXT_ENCODING,
                                x.encoding().name(), n)
                        .addStatement("return writer.abandon(mark)").endControlFlow();
                case FieldType.Scalar s -> {
                    switch (s.java()) {
                        case BOOLEAN -> m.addStatement("writer.bool($T.$L(segment, offset))", struct, n);
                        case BYTE, SHORT, INT -> m.addStatement("writer.number((int) $T.$L(segment, offset))", struct, n);
                        case LONG -> m.addStatement("writer.number($T.$L(segment, offset))", struct, n);
                        case FLOAT, DOUBLE -> m.beginControlFlow("if (!writer.number($T.$L(segment, offset)))", struct, n)
                                .addStatement("return writer.abandon(mark)").endControlFlow();
                        default -> throw new IllegalStateException("not eligible: " + n);
                    }
                }
                default -> throw new IllegalStateException("not eligible: " + n);
            }
        }
        t.addMethod(m.addStatement("writer.endObject()").addStatement("return true").build());
    }
}

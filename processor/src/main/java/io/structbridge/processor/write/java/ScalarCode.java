package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;

/**
 * Code fragments for one scalar mapping: the FFM carrier layout, the conversions between the
 * Java type and the carrier, and the checks on each side. Accessor layouts have byte alignment 1
 * (x86-64 and AArch64 load unaligned values at full speed), so a naturally aligned struct nested
 * at an odd offset inside a packed one reads and writes without FFM alignment errors; the
 * {@code LAYOUT} constant carries the real alignment.
 */
final class ScalarCode {
    private ScalarCode() {}

    static TypeName javaType(JavaPrim p) {
        return switch (p) {
            case BOOLEAN -> TypeName.BOOLEAN;
            case BYTE -> TypeName.BYTE;
            case SHORT -> TypeName.SHORT;
            case CHAR -> TypeName.CHAR;
            case INT -> TypeName.INT;
            case LONG -> TypeName.LONG;
            case FLOAT -> TypeName.FLOAT;
            case DOUBLE -> TypeName.DOUBLE;
        };
    }

    /** The Java primitive FFM moves for this C type. */
    static JavaPrim carrier(CType c) {
        return switch (c) {
            case BOOL, INT8, UINT8 -> JavaPrim.BYTE;
            case INT16, FLOAT16 -> JavaPrim.SHORT;
            case UINT16 -> JavaPrim.CHAR;
            case INT32, UINT32 -> JavaPrim.INT;
            case INT64, UINT64, UINT64_BITS -> JavaPrim.LONG;
            case FLOAT -> JavaPrim.FLOAT;
            case DOUBLE -> JavaPrim.DOUBLE;
        };
    }

    static String carrierConstant(CType c) {
        return "JAVA_" + carrier(c).name();
    }

    static ClassName layoutClass(CType c) {
        String of = switch (carrier(c)) {
            case BYTE -> "OfByte";
            case SHORT -> "OfShort";
            case CHAR -> "OfChar";
            case INT -> "OfInt";
            case LONG -> "OfLong";
            case FLOAT -> "OfFloat";
            case DOUBLE -> "OfDouble";
            case BOOLEAN -> throw new AssertionError();
        };
        return JavaTypeNames.VALUE_LAYOUT.nestedClass(of);
    }

    /** {@return the accessor layout: carrier, byte order, alignment 1} */
    static CodeBlock accessLayout(CType c, Endian order) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.$L", JavaTypeNames.VALUE_LAYOUT, carrierConstant(c));
        if (order == Endian.BIG) {
            b.add(".withOrder($T.BIG_ENDIAN)", JavaTypeNames.BYTE_ORDER);
        } else if (order == Endian.LITTLE) {
            b.add(".withOrder($T.LITTLE_ENDIAN)", JavaTypeNames.BYTE_ORDER);
        }
        if (c.size() > 1) {
            b.add(".withByteAlignment(1)");
        }
        return b.build();
    }

    /** Statements that throw if {@code value} does not fit the C type; empty when all values fit. */
    static CodeBlock writeCheck(FieldType.Scalar s, String value, CodeBlock path) {
        if (!s.narrowed()) {
            return CodeBlock.of("");
        }
        if (s.ctype() == CType.FLOAT16) {
            return CodeBlock.builder()
                    .beginControlFlow("if ($T.float16ToFloat($T.floatToFloat16($L)) != $L && !$T.isNaN($L))", Float.class, Float.class, value, value,
                            Float.class, value)
                    .addStatement("throw $T.inexactHalf($L, STRUCT, $L)", JavaTypeNames.VALUES, value, path)
                    .endControlFlow().build();
        }
        if (s.java() == JavaPrim.DOUBLE) {
            return CodeBlock.builder()
                    .beginControlFlow("if ((double) (float) $L != $L && !$T.isNaN($L))", value, value, Double.class, value)
                    .addStatement("throw $T.inexactFloat($L, STRUCT, $L)", JavaTypeNames.VALUES, value, path)
                    .endControlFlow().build();
        }
        long min = CTypes.min(s.ctype());
        long max = CTypes.max(s.ctype());
        String test;
        if (min > s.java().min() && max < s.java().max()) {
            test = value + " < " + literal(min) + " || " + value + " > " + literal(max);
        } else if (min > s.java().min()) {
            test = value + " < " + literal(min);
        } else {
            test = value + " > " + literal(max);
        }
        return CodeBlock.builder()
                .beginControlFlow("if ($L)", test)
                .addStatement("throw $T.outOfRange($L, $L, $L, $S, STRUCT, $L)", JavaTypeNames.VALUES, value,
                        literal(min), literal(max), CTypes.cName(s.ctype()), path)
                .endControlFlow().build();
    }

    /** Statements that throw if the raw carrier value is not a valid stored value. */
    static CodeBlock readCheck(FieldType.Scalar s, String raw, CodeBlock path, CodeBlock offset) {
        if (s.ctype() == CType.BOOL) {
            return CodeBlock.builder()
                    .beginControlFlow("if (($L & ~1) != 0)", raw)
                    .addStatement("throw $T.badBool($L, STRUCT, $L, $L)", JavaTypeNames.VALUES, raw, path, offset)
                    .endControlFlow().build();
        }
        if (s.ctype() == CType.UINT64) {
            return CodeBlock.builder()
                    .beginControlFlow("if ($L < 0)", raw)
                    .addStatement("throw $T.uint64TooLarge($L, STRUCT, $L, $L)", JavaTypeNames.VALUES, raw, path, offset)
                    .endControlFlow().build();
        }
        return CodeBlock.of("");
    }

    /** {@return the expression converting a checked raw carrier value to the Java type} */
    static CodeBlock fromCarrier(FieldType.Scalar s, String raw) {
        JavaPrim j = s.java();
        return switch (s.ctype()) {
            case BOOL -> CodeBlock.of("$L != 0", raw);
            case UINT8 -> switch (j) {
                case SHORT -> CodeBlock.of("(short) $T.toUnsignedInt($L)", Byte.class, raw);
                case CHAR -> CodeBlock.of("(char) $T.toUnsignedInt($L)", Byte.class, raw);
                case LONG -> CodeBlock.of("$T.toUnsignedLong($L)", Byte.class, raw);
                default -> CodeBlock.of("$T.toUnsignedInt($L)", Byte.class, raw);
            };
            case UINT16 -> CodeBlock.of("$L", raw);
            case UINT32 -> CodeBlock.of("$T.toUnsignedLong($L)", Integer.class, raw);
            case FLOAT16 -> CodeBlock.of("$T.float16ToFloat($L)", Float.class, raw);
            default -> CodeBlock.of("$L", raw);
        };
    }

    /** {@return the expression converting a checked Java value to the carrier} */
    static CodeBlock toCarrier(FieldType.Scalar s, String value) {
        if (s.ctype() == CType.BOOL) {
            return CodeBlock.of("(byte) ($L ? 1 : 0)", value);
        }
        if (s.ctype() == CType.FLOAT16) {
            return CodeBlock.of("$T.floatToFloat16($L)", Float.class, value);
        }
        JavaPrim c = carrier(s.ctype());
        if (c == s.java()) {
            return CodeBlock.of("$L", value);
        }
        return CodeBlock.of("($L) $L", c.keyword(), value);
    }

    /** {@return whether MemorySegment.copy can move a whole array without per-element conversion} */
    static boolean bulkCopy(FieldType.Scalar s) {
        return s.ctype() != CType.BOOL && carrier(s.ctype()) == s.java();
    }

    /** {@return {@code v} as a Java literal, with no type name (a user's type may hide {@code Long})} */
    static String literal(long v) {
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? Long.toString(v) : v + "L";
    }
}

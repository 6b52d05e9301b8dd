package io.structbridge.processor.model;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Encoding;
import io.structbridge.annotations.Endian;
import java.util.List;

/** What a record component is in native memory. */
public sealed interface FieldType {

    /**
     * A Java primitive stored as a C scalar.
     *
     * @param java the Java type
     * @param ctype the C type
     * @param order the byte order
     */
    record Scalar(JavaPrim java, CType ctype, Endian order) implements FieldType {
        /** {@return whether a write must check the value's range (or float exactness)} */
        public boolean narrowed() {
            if (CTypes.rawBits(ctype)) {
                return false;
            }
            if (java == JavaPrim.FLOAT) {
                return ctype == CType.FLOAT16;
            }
            if (java == JavaPrim.DOUBLE) {
                return ctype == CType.FLOAT;
            }
            if (!java.integral()) {
                return false;
            }
            return CTypes.min(ctype) > java.min() || CTypes.max(ctype) < java.max();
        }
    }

    /**
     * A {@code String} stored as {@code char[capacity]}.
     *
     * @param capacity the size in bytes
     * @param encoding the encoding
     * @param nulTerminated whether a NUL must follow the text
     * @param truncate whether overlong text is cut at a character boundary
     */
    record Text(int capacity, Encoding encoding, boolean nulTerminated, boolean truncate) implements FieldType {}

    /**
     * A primitive array stored as {@code T[length]}.
     *
     * @param element the element's scalar mapping
     * @param length the element count
     */
    record PrimitiveArray(Scalar element, int length) implements FieldType {}

    /**
     * A nested {@code @Struct} record.
     *
     * @param struct the nested struct's model
     */
    record Nested(StructModel struct) implements FieldType {}

    /**
     * An array of nested {@code @Struct} records, {@code S[length]}.
     *
     * @param struct the element struct's model
     * @param length the element count
     */
    record NestedArray(StructModel struct, int length) implements FieldType {}

    /**
     * An enum stored as an integer code.
     *
     * @param type the enum class
     * @param ctype the integer C type of the code
     * @param order the byte order
     * @param constants the constants with their codes, in declaration order
     * @param jsonKnown whether the JSON values are known at compile time (no {@code @JsonValue} method)
     */
    record EnumCode(ClassRef type, CType ctype, Endian order, List<EnumConstant> constants, boolean jsonKnown) implements FieldType {
        public EnumCode {
            constants = List.copyOf(constants);
        }
    }

    /**
     * One enum constant and its stable code.
     *
     * @param name the constant's name
     * @param code the native code
     * @param json the JSON string Jackson writes for it (the name, or its {@code @JsonProperty})
     */
    record EnumConstant(String name, long code, String json) {}

    /**
     * A C bit-field {@code T name : width;} ({@code @Bits}).
     *
     * @param declared the declared type's scalar mapping (Java type, C type, byte order)
     * @param width the width in bits, 1 to the declared type's size in bits
     * @param zeroWidthBefore the declared types of zero-width bit-fields placed before this one
     */
    record BitField(Scalar declared, int width, List<CType> zeroWidthBefore) implements FieldType {
        public BitField {
            zeroWidthBefore = List.copyOf(zeroWidthBefore);
        }

        /** {@return whether the declared type is signed (two's complement; bool is unsigned)} */
        public boolean signed() {
            return CTypes.min(declared.ctype()) < 0;
        }

        /** {@return the smallest value the width holds} */
        public long min() {
            return signed() ? -(1L << (width - 1)) : 0;
        }

        /** {@return the largest value the width holds (for an unsigned width of 64, Long.MAX_VALUE: reads above it are refused like uint64_t)} */
        public long max() {
            if (width == 64) {
                return Long.MAX_VALUE;
            }
            return signed() ? (1L << (width - 1)) - 1 : (1L << width) - 1;
        }

        /** {@return whether a value of the Java type can fall outside the width's range} */
        public boolean narrowed() {
            return min() > declared.java().min() || max() < declared.java().max();
        }
    }

    /**
     * A C pointer held as a {@code MemorySegment} ({@code @Pointer}): 8 bytes, alignment 8 (LP64).
     *
     * @param target the {@code @Struct} record pointed to, or null for {@code void *} / {@code char *}
     * @param targetCName the target's C name ({@code struct targetCName *}), or null
     * @param cString whether it points to NUL-terminated text ({@code char *})
     * @param targetUnion whether the target is a {@code @Union} record ({@code union targetCName *})
     */
    record Pointer(ClassRef target, String targetCName, boolean cString, boolean targetUnion) implements FieldType {
        /** A pointer to a struct, to text or to nothing in particular. */
        public Pointer(ClassRef target, String targetCName, boolean cString) {
            this(target, targetCName, cString, false);
        }

        /** {@return the C type, e.g. {@code void *}, {@code struct Node *}, {@code union Value *}} */
        public String cType() {
            return target != null ? (targetUnion ? "union " : "struct ") + targetCName + " *" : cString ? "char *" : "void *";
        }
    }
}

package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import io.structbridge.processor.model.ClassRef;

/** Names of the runtime and JDK types that generated code uses, and of generated classes. */
public final class JavaTypeNames {
    private JavaTypeNames() {}

    static final String PKG = "io.structbridge.runtime";
    static final ClassName VALUES = ClassName.get(PKG, "Values");
    static final ClassName BOUNDS = ClassName.get(PKG, "Bounds");
    static final ClassName FIXED_STRINGS = ClassName.get(PKG, "FixedStrings");
    static final ClassName TEXT_ENCODING = ClassName.get(PKG, "TextEncoding");
    static final ClassName LAYOUTS = ClassName.get(PKG, "Layouts");
    static final ClassName STRUCT_TYPE = ClassName.get(PKG, "StructType");
    static final ClassName STRUCT_ARRAY = ClassName.get(PKG, "StructArray");
    static final ClassName VALUE_EXCEPTION = ClassName.get(PKG, "StructValueException");
    static final ClassName GENERATED = ClassName.get(PKG, "Generated");
    static final ClassName LAYOUT_VERSION = ClassName.get(PKG, "LayoutVersion");

    static final ClassName MEMORY_SEGMENT = ClassName.get("java.lang.foreign", "MemorySegment");
    static final ClassName MEMORY_LAYOUT = ClassName.get("java.lang.foreign", "MemoryLayout");
    static final ClassName STRUCT_LAYOUT = ClassName.get("java.lang.foreign", "StructLayout");
    static final ClassName VALUE_LAYOUT = ClassName.get("java.lang.foreign", "ValueLayout");
    static final ClassName ARENA = ClassName.get("java.lang.foreign", "Arena");
    static final ClassName BYTE_ORDER = ClassName.get("java.nio", "ByteOrder");
    static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    static final ClassName ARRAYS = ClassName.get("java.util", "Arrays");
    static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName STREAM = ClassName.get("java.util.stream", "Stream");
    static final ClassName LONG_STREAM = ClassName.get("java.util.stream", "LongStream");

    static final String PROCESSOR = "io.structbridge.processor.StructProcessor";

    static ClassName className(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.simpleNames().getFirst(),
                ref.simpleNames().subList(1, ref.simpleNames().size()).toArray(String[]::new));
    }

    /** {@return the record's class name} */
    public static ClassName classNameOf(ClassRef ref) {
        return className(ref);
    }

    /** {@return the Java type of a record component} */
    public static com.palantir.javapoet.TypeName componentType(io.structbridge.processor.model.FieldType t) {
        return MemberCode.javaType(t);
    }

    /** {@return the generated {@code RStruct} class of a record} */
    public static ClassName structClassOf(ClassRef ref) {
        return structClass(ref);
    }

    static ClassName structClass(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.flatName() + "Struct");
    }

    static ClassName viewClass(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.flatName() + "View");
    }

    static ClassName arrayClass(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.flatName() + "Array");
    }

    static TypeName structType(ClassRef ref) {
        return ParameterizedTypeName.get(STRUCT_TYPE, className(ref));
    }

    /** {@return {@code eType} as {@code E_TYPE}} */
    static String upperSnake(String name) {
        return io.structbridge.processor.model.Identifiers.upperSnake(name);
    }

    /** {@return the name of the offset constant of a component, e.g. {@code E_TYPE_OFFSET}} */
    public static String offsetConstant(String component) {
        return upperSnake(component) + "_OFFSET";
    }

    static String layoutConstant(String component) {
        return upperSnake(component) + "$LAYOUT";
    }
}

package io.structbridge.processor.write.validator;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.model.ClassRef;
import io.structbridge.processor.model.Constraint;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code RValidator}: the record's Bean Validation constraints and the native layout's
 * rules compiled to plain Java, for a record and for a struct in native memory (in place). Every
 * violation is reported, not only the first. Nested structs are always validated (as if each
 * nested component carried {@code @Valid}).
 */
public final class ValidatorClassWriter {
    static final ClassName CHECKS = ClassName.get("io.structbridge.runtime", "ConstraintChecks");
    static final ClassName VIOLATION = ClassName.get("io.structbridge.runtime", "Violation");
    static final ClassName VALUE_EXCEPTION = ClassName.get("io.structbridge.runtime", "StructValueException");
    private static final ClassName FALLBACK = ClassName.get("io.structbridge.runtime", "ValidationFallback");
    private static final ClassName GENERATED = ClassName.get("io.structbridge.runtime", "Generated");
    static final ClassName SEGMENT = ClassName.get("java.lang.foreign", "MemorySegment");
    private static final ClassName LIST = ClassName.get("java.util", "List");
    static final ClassName ARRAY_LIST = ClassName.get("java.util", "ArrayList");
    private static final ClassName OBJECTS = ClassName.get("java.util", "Objects");
    private static final ClassName PATTERN = ClassName.get("java.util.regex", "Pattern");
    static final TypeName VIOLATIONS = ParameterizedTypeName.get(LIST, VIOLATION);

    private final StructModel model;
    private final ClassName record;
    private final ClassName struct;
    private final ClassName self;

    public ValidatorClassWriter(StructModel model) {
        this.model = model;
        this.record = className(model.record());
        this.struct = ClassName.get(model.record().packageName(), model.record().flatName() + "Struct");
        this.self = validatorClass(model.record());
    }

    static ClassName validatorClass(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.flatName() + "Validator");
    }

    private static ClassName className(ClassRef ref) {
        return ClassName.get(ref.packageName(), ref.simpleNames().getFirst(),
                ref.simpleNames().subList(1, ref.simpleNames().size()).toArray(String[]::new));
    }

    public JavaFile write() {
        boolean fallback = !model.fallback().isEmpty();
        TypeSpec.Builder t = TypeSpec.classBuilder(self).addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addAnnotation(com.palantir.javapoet.AnnotationSpec.builder(GENERATED)
                        .addMember("value", "$S", "io.structbridge.processor.StructProcessor")
                        .addMember("from", "$S", model.record().canonicalName()).build())
                .addJavadoc("Validates {@link $T} records, and structs in native memory, against the record's\n", record)
                .addJavadoc("Bean Validation constraints and the rules of its native layout (constraint {@code Native}).\n")
                .addJavadoc("Messages are Hibernate Validator's default English messages.\n");
        if (fallback) {
            t.addJavadoc("\n<p>Records are validated by Hibernate Validator (through {@link $T}), because:\n<ul>\n", FALLBACK);
            for (String reason : model.fallback()) {
                t.addJavadoc("<li>$L</li>\n", reason.replace("@", "{@literal @}"));
            }
            t.addJavadoc("</ul>\nThe native-layout rules and in-place validation are still generated.\n");
        } else {
            t.addJavadoc("\n<p>Generated code only: Hibernate Validator is not needed at run time.\n");
        }
        t.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        patternFields(t);
        t.addMethod(MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(VIOLATIONS)
                .addJavadoc("{@return every violation in {@code value}; empty if valid}\n\n@param value the record\n")
                .addParameter(record, "value")
                .addStatement("$T out = new $T<>()", VIOLATIONS, ARRAY_LIST)
                .addStatement("validate(value, $S, out)", "")
                .addStatement("return out").build());
        MethodSpec.Builder v = MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Adds every violation in {@code value} to {@code out}, with paths prefixed by {@code prefix}.\n\n")
                .addJavadoc("@param value the record\n@param prefix the path of this struct ({@code \"\"} at the root)\n@param out the violations\n")
                .addParameter(record, "value").addParameter(String.class, "prefix").addParameter(VIOLATIONS, "out")
                .addStatement("$T.requireNonNull(value, $S)", OBJECTS, "value");
        if (fallback) {
            v.addStatement("out.addAll($T.validate(value, prefix))", FALLBACK);
        }
        if (model.union()) {
            v.addStatement("int before = out.size()");
        }
        for (FieldModel f : model.fields()) {
            if (io.structbridge.processor.model.TaggedUnion.of(model, f.name()) != null) {
                TaggedUnionValidation.recordField(v, model, f);
            } else if (model.union() && !javaType(f.type()).isPrimitive()) {
                // a null member of a union does not read in the bytes; check$union judges whether that holds
                v.beginControlFlow("if (value.$L() != null)", f.name());
                recordField(v, f, fallback);
                v.endControlFlow();
            } else {
                recordField(v, f, fallback);
            }
        }
        if (model.union()) {
            UnionValidation.consistency(v, struct);
        }
        t.addMethod(v.build());
        t.addMethod(MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(VIOLATIONS)
                .addJavadoc("{@return every violation in the struct at {@code offset}, read in place without building a record}\n\n")
                .addJavadoc("<p>Besides the constraints this checks what only memory can get wrong: bool bytes, UTF-8,\n"
                        + "NUL terminators, enum codes and {@code uint64_t} range.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                .addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addStatement("$T.checkFromIndexSize(offset, $T.SIZE, segment.byteSize())", OBJECTS, struct)
                .addStatement("$T out = new $T<>()", VIOLATIONS, ARRAY_LIST)
                .addStatement("validate(segment, offset, $S, out)", "")
                .addStatement("return out").build());
        MethodSpec.Builder n = MethodSpec.methodBuilder("validate").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Adds every violation in the struct at {@code offset} to {@code out}.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                .addJavadoc("@param prefix the path of this struct\n@param out the violations\n")
                .addParameter(SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(String.class, "prefix").addParameter(VIOLATIONS, "out");
        if (model.union()) {
            UnionValidation.anyMemberValid(t, n, model, this::nativeField);
            TaggedUnionValidation.validateMember(t, model, record, (b, f) -> recordField(b, f, fallback));
        } else {
            for (FieldModel f : model.fields()) {
                if (io.structbridge.processor.model.TaggedUnion.of(model, f.name()) != null) {
                    TaggedUnionValidation.nativeField(n, model, f, struct);
                } else {
                    nativeField(n, f);
                }
            }
            TaggedUnionValidation.addMethods(t, model);
        }
        t.addMethod(n.build());
        ClassName array = ClassName.get(model.record().packageName(), model.record().flatName() + "Array");
        t.addMethod(MethodSpec.methodBuilder("validateAll").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(VIOLATIONS)
                .addJavadoc("{@return every violation in every element, in place; paths start with the index, {@code [17].label}}\n\n")
                .addJavadoc("@param array the array of structs\n")
                .addParameter(array, "array")
                .addStatement("$T out = new $T<>()", VIOLATIONS, ARRAY_LIST)
                .addStatement("$T segment = array.segment()", SEGMENT)
                .beginControlFlow("for (long i = 0; i < array.count(); i++)")
                .addStatement("validate(segment, i * $T.SIZE, $S + i + $S, out)", struct, "[", "].")
                .endControlFlow()
                .addStatement("return out").build());
        return JavaFile.builder(self.packageName(), t.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private void patternFields(TypeSpec.Builder t) {
        for (FieldModel f : model.fields()) {
            int i = 0;
            for (Constraint c : f.constraints()) {
                if (c instanceof Constraint.Pattern p && PatternCode.parse(p.regexp(), p.flags()) != null) {
                    t.addMethod(PatternCode.method(patternMethod(f.name(), i), PatternCode.parse(p.regexp(), p.flags())));
                } else if (c instanceof Constraint.Pattern p) {
                    CodeBlock flags = p.flags().isEmpty() ? CodeBlock.of("0")
                            : p.flags().stream().map(x -> CodeBlock.of("$T.$L", PATTERN, x)).collect(CodeBlock.joining(" | "));
                    t.addField(FieldSpec.builder(PATTERN, patternField(f, i), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                            .initializer("$T.compile($L, $L)", PATTERN, io.structbridge.processor.write.JavaStrings.literal(p.regexp()), flags).build());
                }
                i++;
            }
        }
    }

    private static String patternField(FieldModel f, int index) {
        return f.name().toUpperCase(java.util.Locale.ROOT) + "$PATTERN" + index;
    }

    /** The generated matcher of a {@code @Pattern} that {@link PatternCode} accepts (component names are distinct). */
    static String patternMethod(String component, int index) {
        return component + "$pattern" + index;
    }

    private void recordField(MethodSpec.Builder m, FieldModel f, boolean fallback) {
        String name = f.name();
        TypeName type = javaType(f.type());
        m.addCode("// $L\n{\n$>", name).addStatement("$T v = value.$L()", type, name);
        if (!fallback) {
            constraints(m, f, "v");
        }
        if (fallback && (f.type() instanceof FieldType.Nested || f.type() instanceof FieldType.NestedArray)) {
            // Hibernate Validator cascades where the component carries @Valid; here only the native rules.
            nativeCheck(m, name);
            m.addCode("$<}\n");
            return;
        }
        switch (f.type()) {
            case FieldType.Nested nested -> m.beginControlFlow("if (v == null)")
                    .addStatement("out.add(new $T(prefix + $S, $T.NATIVE, $S, null))", VIOLATION, name, VIOLATION,
                            "must not be null (native structs have no null)")
                    .nextControlFlow("else")
                    .addStatement("$T.validate(v, prefix.isEmpty() ? $S : prefix + $S, out)", validatorClass(nested.struct().record()),
                            name + ".", name + ".")
                    .endControlFlow();
            case FieldType.NestedArray a -> m.beginControlFlow("if (v == null || v.length != $L)", a.length())
                    .addStatement("out.add(new $T(prefix + $S, $T.NATIVE, v == null ? $S : $S + v.length, v))", VIOLATION, name,
                            VIOLATION, "must not be null (native structs have no null)", "array length must be exactly " + a.length() + "; length ")
                    .nextControlFlow("else")
                    .beginControlFlow("for (int i = 0; i < v.length; i++)")
                    .beginControlFlow("if (v[i] == null)")
                    .addStatement("out.add(new $T(prefix + $S + i + $S, $T.NATIVE, $S, null))", VIOLATION, name + "[", "]",
                            VIOLATION, "must not be null (native structs have no null)")
                    .nextControlFlow("else")
                    .addStatement("$T.validate(v[i], prefix + $S + i + $S, out)", validatorClass(a.struct().record()), name + "[", "].")
                    .endControlFlow()
                    .endControlFlow()
                    .endControlFlow();
            case FieldType.Scalar s -> {
                if (s.narrowed()) {
                    nativeCheck(m, name);
                }
            }
            case FieldType.BitField b -> {
                if (b.narrowed()) {
                    nativeCheck(m, name);
                }
            }
            default -> nativeCheck(m, name);
        }
        m.addCode("$<}\n");
    }

    private void nativeCheck(MethodSpec.Builder m, String name) {
        m.beginControlFlow("try")
                .addStatement("$T.check$$$L(v)", struct, name)
                .nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                .addStatement("out.add($T.ofNative(prefix, e))", VIOLATION)
                .endControlFlow();
    }

    private void constraints(MethodSpec.Builder m, FieldModel f, String var) {
        int i = 0;
        for (Constraint c : f.constraints()) {
            CodeBlock cond = ConstraintCode.violated(c, f.type(), var, patternField(f, i), patternMethod(f.name(), i));
            i++;
            if (cond == null) {
                continue;
            }
            m.beginControlFlow("if ($L)", cond)
                    .addStatement("out.add(new $T(prefix + $S, $S, $L, $L))", VIOLATION, f.name(), c.annotation(),
                            io.structbridge.processor.write.JavaStrings.literal(c.message()), var)
                    .endControlFlow();
        }
    }

    private void nativeField(MethodSpec.Builder m, FieldModel f) {
        String name = f.name();
        String offset = io.structbridge.processor.write.java.JavaTypeNames.offsetConstant(name);
        switch (f.type()) {
            case FieldType.Nested n -> m.addStatement("$T.validate(segment, offset + $T.$L, prefix + $S, out)",
                    validatorClass(n.struct().record()), struct, offset, name + ".");
            case FieldType.NestedArray a -> m.beginControlFlow("for (int i = 0; i < $L; i++)", a.length())
                    .addStatement("$T.validate(segment, offset + $T.$L + (long) i * $L, prefix + $S + i + $S, out)",
                            validatorClass(a.struct().record()), struct, offset,
                            ClassName.get(a.struct().record().packageName(), a.struct().record().flatName() + "Struct").canonicalName() + ".SIZE",
                            name + "[", "].")
                    .endControlFlow();
            default -> {
                boolean needsRead = !f.constraints().isEmpty() || canBeInvalidInMemory(f.type());
                if (!needsRead) {
                    return;
                }
                m.addCode("// $L\n", name).beginControlFlow("try")
                        .addStatement("$T v = $T.$L(segment, offset)", javaType(f.type()), struct, name);
                constraints(m, f, "v");
                m.nextControlFlow("catch ($T e)", VALUE_EXCEPTION)
                        .addStatement("out.add($T.ofNative(prefix, e))", VIOLATION)
                        .endControlFlow();
            }
        }
    }

    private static boolean canBeInvalidInMemory(FieldType t) {
        return switch (t) {
            case FieldType.Scalar s -> s.java() == JavaPrim.BOOLEAN || s.ctype() == io.structbridge.annotations.CType.UINT64;
            case FieldType.PrimitiveArray a -> a.element().java() == JavaPrim.BOOLEAN
                    || a.element().ctype() == io.structbridge.annotations.CType.UINT64;
            case FieldType.Text x -> true;
            case FieldType.EnumCode e -> true;
            case FieldType.BitField b -> !b.signed() && b.width() == 64;
            default -> false;
        };
    }

    private static TypeName javaType(FieldType t) {
        return io.structbridge.processor.write.java.JavaTypeNames.componentType(t);
    }

}

package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import javax.lang.model.element.Modifier;

/**
 * Writes the static accessors of one member into {@code RStruct}: a getter and a setter at
 * (segment, offset), element accessors for arrays, and the private {@code check$x} and
 * {@code store$x} that {@code check} and {@code writeUnchecked} call.
 */
final class AccessorWriter {
    private static final Modifier[] PUBLIC_STATIC = {Modifier.PUBLIC, Modifier.STATIC};
    private static final Modifier[] PRIVATE_STATIC = {Modifier.PRIVATE, Modifier.STATIC};

    private final Member m;
    private final String name;
    private final TypeName type;
    private final StructLayoutPlan plan;
    /** The generated struct class: calls of the accessors name it, because {@code yield(...)} unqualified is not Java. */
    private final ClassName self;

    AccessorWriter(Member m, StructLayoutPlan plan) {
        this.m = m;
        this.plan = plan;
        this.self = JavaTypeNames.structClass(plan.model().record());
        this.name = m.field().name();
        this.type = MemberCode.javaType(m.field().type());
    }

    /** {@return whether the member has a {@code check$x} method (some value would not fit)} */
    static boolean hasCheck(Member m) {
        return switch (m.field().type()) {
            case FieldType.Scalar s -> s.narrowed();
            case FieldType.BitField b -> b.narrowed();
            default -> true;
        };
    }

    void addTo(TypeSpec.Builder t) {
        switch (m.field().type()) {
            case FieldType.Scalar s -> scalar(t, s);
            case FieldType.EnumCode e -> enumCode(t, e);
            case FieldType.Text s -> text(t, s);
            case FieldType.PrimitiveArray a -> primitiveArray(t, a);
            case FieldType.Nested n -> nested(t, n);
            case FieldType.NestedArray a -> nestedArray(t, a);
            case FieldType.BitField b -> new BitFieldCode(m, plan).addTo(t, getter(), setter(""), check(), store(), MemberCode.path(m));
            case FieldType.Pointer p -> pointer(t, p);
        }
    }

    private void pointer(TypeSpec.Builder t, FieldType.Pointer p) {
        t.addMethod(getter().addJavadoc(PointerCode.getterDoc(p))
                .addStatement("$T raw = segment.get($L, $L)", JavaTypeNames.MEMORY_SEGMENT, MemberCode.layoutConst(m), MemberCode.at(m))
                .addStatement("return $L", PointerCode.sized(p, "raw")).build());
        t.addMethod(composedSetter(" (the address of {@code value}, a native segment)", false));
        t.addMethod(check().addStatement("$T.nativeAddress(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m)).build());
        t.addMethod(store().addStatement("segment.set($L, $L, value)", MemberCode.layoutConst(m), MemberCode.at(m)).build());
        if (p.cString()) {
            t.addMethod(PointerCode.stringGetter(name, m));
        }
    }

    private MethodSpec.Builder getter() {
        return MethodSpec.methodBuilder(name).addModifiers(PUBLIC_STATIC).returns(type)
                .addJavadoc("{@return component {@code $L} of the struct at {@code offset}}\n\n", name)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset");
    }

    private MethodSpec.Builder setter(String doc) {
        return MethodSpec.methodBuilder(name).addModifiers(PUBLIC_STATIC)
                .addJavadoc("Sets component {@code $L} of the struct at {@code offset}$L.\n\n", name, doc)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param value the value\n")
                .addJavadoc("@throws $T if the value does not fit; memory is then unchanged\n", JavaTypeNames.VALUE_EXCEPTION)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(type, "value");
    }

    /**
     * Adds the checks of one nested-struct element {@code element} (an expression read once) at index
     * {@code index}: not null, and valid, with the element's path in the error.
     */
    private MethodSpec.Builder checkElement(MethodSpec.Builder b, String element, String index, ClassName nestedStruct) {
        return b.beginControlFlow("if ($L == null)", element)
                .addStatement("throw $T.nullElement(STRUCT, $S, $L)", JavaTypeNames.VALUES, name, index)
                .endControlFlow()
                .beginControlFlow("try")
                .addStatement("$T.check($L)", nestedStruct, element)
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.nestedIn(STRUCT, $L)", MemberCode.indexedPath(m, index))
                .endControlFlow();
    }

    private MethodSpec.Builder check() {
        // Package-private: the generated validator reports these native checks as violations.
        return MethodSpec.methodBuilder("check$" + name).addModifiers(Modifier.STATIC).addParameter(type, "value");
    }

    private MethodSpec.Builder store() {
        return MethodSpec.methodBuilder("store$" + name).addModifiers(PRIVATE_STATIC)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(type, "value");
    }

    /** setter = check (if any) + whole-struct bounds check (for multi-access stores) + store. */
    private MethodSpec composedSetter(String doc, boolean bounds) {
        MethodSpec.Builder b = setter(doc);
        if (hasCheck(m)) {
            b.addStatement("check$$$L(value)", name);
        }
        if (m.field().type() instanceof FieldType.Scalar) { // a discriminator: only values that select a member, as write
            for (io.structbridge.processor.model.TaggedUnion tagged : plan.model().tagged()) {
                if (tagged.tag().equals(m.field().name())) {
                    b.addStatement("liveOrFail$$$L(value)", tagged.union());
                }
            }
        }
        if (bounds) {
            b.addStatement("$T.check(segment, offset, SIZE, 1, STRUCT)", JavaTypeNames.BOUNDS);
        }
        return b.addStatement("store$$$L(segment, offset, value)", name).build();
    }

    private void scalar(TypeSpec.Builder t, FieldType.Scalar s) {
        String carrier = ScalarCode.carrier(s.ctype()).keyword();
        t.addMethod(getter()
                .addStatement("$L raw = segment.get($L, $L)", carrier, MemberCode.layoutConst(m), MemberCode.at(m))
                .addCode(ScalarCode.readCheck(s, "raw", MemberCode.path(m), MemberCode.at(m)))
                .addStatement("return $L", ScalarCode.fromCarrier(s, "raw")).build());
        t.addMethod(composedSetter("", false));
        if (s.narrowed()) {
            t.addMethod(check().addCode(ScalarCode.writeCheck(s, "value", MemberCode.path(m))).build());
        }
        t.addMethod(store().addStatement("segment.set($L, $L, $L)", MemberCode.layoutConst(m), MemberCode.at(m),
                ScalarCode.toCarrier(s, "value")).build());
    }

    private void enumCode(TypeSpec.Builder t, FieldType.EnumCode e) {
        FieldType.Scalar raw = new FieldType.Scalar(JavaPrim.LONG, e.ctype(), e.order());
        String carrier = ScalarCode.carrier(e.ctype()).keyword();
        String prefix = JavaTypeNames.upperSnake(name);
        ClassName enumClass = JavaTypeNames.className(e.type());
        t.addMethod(getter()
                .addJavadoc("@throws $T if the stored code belongs to no constant of {@link $T}\n",
                        JavaTypeNames.VALUE_EXCEPTION, enumClass)
                .addStatement("$L raw = segment.get($L, $L)", carrier, MemberCode.layoutConst(m), MemberCode.at(m))
                .addCode(ScalarCode.readCheck(raw, "raw", MemberCode.path(m), MemberCode.at(m)))
                .addStatement("long code = $L", ScalarCode.fromCarrier(raw, "raw"))
                .addStatement("int i = $T.binarySearch($L$$CODES, code)", JavaTypeNames.ARRAYS, prefix)
                .beginControlFlow("if (i < 0)")
                .addStatement("throw $T.unknownCode(code, $S, STRUCT, $L, $L)", JavaTypeNames.VALUES,
                        e.type().simpleName(), MemberCode.path(m), MemberCode.at(m))
                .endControlFlow()
                .addStatement("return $L$$CONSTANTS[i]", prefix).build());
        t.addMethod(composedSetter("", false));
        t.addMethod(check().addStatement("$T.nonNull(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m)).build());
        CodeBlock.Builder cases = CodeBlock.builder().add("long code = switch (value) {\n$>");
        for (FieldType.EnumConstant c : e.constants()) {
            cases.add("case $L -> $LL;\n", c.name(), c.code());
        }
        cases.add("$<};\n");
        t.addMethod(store().addCode(cases.build())
                .addStatement("segment.set($L, $L, $L)", MemberCode.layoutConst(m), MemberCode.at(m),
                        ScalarCode.toCarrier(raw, "code")).build());
    }

    private void text(TypeSpec.Builder t, FieldType.Text s) {
        CodeBlock encoding = CodeBlock.of("$T.$L", JavaTypeNames.TEXT_ENCODING, s.encoding().name());
        t.addMethod(getter()
                .addJavadoc("@throws $T if the bytes are not valid $L$L\n", JavaTypeNames.VALUE_EXCEPTION, s.encoding(),
                        s.nulTerminated() ? " or hold no NUL" : "")
                .addStatement("return $T.load(segment, $L, $L, $L, $L, STRUCT, $L)", JavaTypeNames.FIXED_STRINGS,
                        MemberCode.at(m), encoding, s.capacity(), s.nulTerminated(), MemberCode.path(m)).build());
        // The setter checks and measures the text once, then stores that many bytes.
        t.addMethod(setter(" (" + s.capacity() + " bytes " + s.encoding()
                        + (s.nulTerminated() ? ", NUL-terminated" : ", fixed width") + ")")
                .addStatement("$T.nonNull(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m))
                .addStatement("int n = $T.storedLength(value, $L, $L, $L, $L, STRUCT, $L)", JavaTypeNames.FIXED_STRINGS,
                        encoding, s.capacity(), s.nulTerminated(), s.truncate(), MemberCode.path(m))
                .addStatement("$T.check(segment, offset, SIZE, 1, STRUCT)", JavaTypeNames.BOUNDS)
                .addStatement("$T.store(segment, $L, value, n, $L, $L)", JavaTypeNames.FIXED_STRINGS, MemberCode.at(m),
                        encoding, s.capacity()).build());
        t.addMethod(check()
                .addStatement("$T.nonNull(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m))
                .addStatement("$T.storedLength(value, $L, $L, $L, $L, STRUCT, $L)", JavaTypeNames.FIXED_STRINGS,
                        encoding, s.capacity(), s.nulTerminated(), s.truncate(), MemberCode.path(m)).build());
        t.addMethod(store()
                .addStatement("int n = $T.storedLength(value, $L, $L, $L, $L, STRUCT, $L)", JavaTypeNames.FIXED_STRINGS,
                        encoding, s.capacity(), s.nulTerminated(), s.truncate(), MemberCode.path(m))
                .addStatement("$T.store(segment, $L, value, n, $L, $L)", JavaTypeNames.FIXED_STRINGS, MemberCode.at(m),
                        encoding, s.capacity()).build());
    }

    private void primitiveArray(TypeSpec.Builder t, FieldType.PrimitiveArray a) {
        FieldType.Scalar e = a.element();
        TypeName elementType = ScalarCode.javaType(e.java());
        String carrier = ScalarCode.carrier(e.ctype()).keyword();
        long stride = e.ctype().size();
        int n = a.length();
        String layout = MemberCode.layoutConst(m);
        // Whole array: copy out.
        MethodSpec.Builder get = getter().addStatement("$T value = new $T[$L]", type, elementType, n);
        // A checked uint64_t element is read through the element getter, which refuses one above Long.MAX_VALUE.
        if (ScalarCode.bulkCopy(e) && e.ctype() != io.structbridge.annotations.CType.UINT64) {
            get.addStatement("$T.copy(segment, $L, $L, value, 0, $L)", JavaTypeNames.MEMORY_SEGMENT, layout, MemberCode.at(m), n);
        } else {
            get.beginControlFlow("for (int i = 0; i < $L; i++)", n)
                    .addStatement("value[i] = $T.$L(segment, offset, i)", self, name).endControlFlow();
        }
        t.addMethod(get.addStatement("return value").build());
        // One element.
        t.addMethod(MethodSpec.methodBuilder(name).addModifiers(PUBLIC_STATIC).returns(elementType)
                .addJavadoc("{@return element {@code index} of component {@code $L} ($L elements)}\n\n", name, n)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param index the element index\n")
                .addJavadoc(INDEX_THROWS)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.INT, "index")
                .addStatement("$T.checkElement(index, $L, STRUCT, $S)", JavaTypeNames.BOUNDS, n, name)
                .addStatement("$L raw = segment.get($L, $L)", carrier, layout, MemberCode.at(m, "index", stride))
                .addCode(ScalarCode.readCheck(e, "raw", MemberCode.indexedPath(m, "index"), MemberCode.at(m, "index", stride)))
                .addStatement("return $L", ScalarCode.fromCarrier(e, "raw")).build());
        t.addMethod(elementSetter(name, elementType, n)
                .addCode(ScalarCode.writeCheck(e, "value", MemberCode.indexedPath(m, "index")))
                .addStatement("segment.set($L, $L, $L)", layout, MemberCode.at(m, "index", stride),
                        ScalarCode.toCarrier(e, "value")).build());
        t.addMethod(composedSetter(" (exactly " + n + " elements)", true));
        MethodSpec.Builder check = check()
                .addStatement("$T.nonNull(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m))
                .addStatement("$T.length(value.length, $L, STRUCT, $L)", JavaTypeNames.VALUES, n, MemberCode.path(m));
        if (e.narrowed()) {
            check.beginControlFlow("for (int i = 0; i < $L; i++)", n)
                    .addCode(ScalarCode.writeCheck(e, "value[i]", MemberCode.indexedPath(m, "i")))
                    .endControlFlow();
        }
        t.addMethod(check.build());
        // The store converts exactly the values it checks: each element is read once, checked and stored, so an
        // array changed by another thread after check$ can be refused but is never stored wrapped (no allocation).
        MethodSpec.Builder store = store();
        if (e.narrowed()) {
            store.beginControlFlow("for (int i = 0; i < $L; i++)", n)
                    .addStatement("$T v = value[i]", elementType)
                    .addCode(ScalarCode.writeCheck(e, "v", MemberCode.indexedPath(m, "i")))
                    .addStatement("segment.set($L, $L, $L)", layout, MemberCode.at(m, "i", stride), ScalarCode.toCarrier(e, "v"))
                    .endControlFlow();
        } else if (ScalarCode.bulkCopy(e)) {
            store.addStatement("$T.copy(value, 0, segment, $L, $L, $L)", JavaTypeNames.MEMORY_SEGMENT, layout, MemberCode.at(m), n);
        } else {
            store.beginControlFlow("for (int i = 0; i < $L; i++)", n)
                    .addStatement("segment.set($L, $L, $L)", layout, MemberCode.at(m, "i", stride),
                            ScalarCode.toCarrier(e, "value[i]"))
                    .endControlFlow();
        }
        t.addMethod(store.build());
    }

    private void nested(TypeSpec.Builder t, FieldType.Nested n) {
        ClassName nestedStruct = JavaTypeNames.structClass(n.struct().record());
        TaggedRecordCode tagged = TaggedRecordCode.of(plan, m);
        if (tagged != null) {
            // read, check and write the component through the stored discriminator (no check$/store$: check and
            // writeUnchecked call the tagged code directly)
            t.addMethods(tagged.accessors(type));
            return;
        }
        t.addMethod(getter()
                .beginControlFlow("try")
                .addStatement("return $T.read(segment, $L)", nestedStruct, MemberCode.at(m))
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.nestedIn(STRUCT, $L)", MemberCode.path(m))
                .endControlFlow().build());
        t.addMethod(composedSetter("", true));
        t.addMethod(check()
                .addStatement("$T.nonNull(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m))
                .beginControlFlow("try")
                .addStatement("$T.check(value)", nestedStruct)
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.nestedIn(STRUCT, $L)", MemberCode.path(m))
                .endControlFlow().build());
        t.addMethod(store().addStatement("$T.writeUnchecked(segment, $L, value)", nestedStruct, MemberCode.at(m)).build());
    }

    private void nestedArray(TypeSpec.Builder t, FieldType.NestedArray a) {
        ClassName nestedStruct = JavaTypeNames.structClass(a.struct().record());
        TypeName elementType = MemberCode.elementType(a);
        int n = a.length();
        long stride = m.nested().size();
        t.addMethod(getter().addStatement("$T value = new $T[$L]", type, elementType, n)
                .beginControlFlow("for (int i = 0; i < $L; i++)", n)
                .addStatement("value[i] = $T.$L(segment, offset, i)", self, name).endControlFlow()
                .addStatement("return value").build());
        t.addMethod(MethodSpec.methodBuilder(name).addModifiers(PUBLIC_STATIC).returns(elementType)
                .addJavadoc("{@return element {@code index} of component {@code $L} ($L elements)}\n\n", name, n)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n@param index the element index\n")
                .addJavadoc(INDEX_THROWS)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.INT, "index")
                .addStatement("$T.checkElement(index, $L, STRUCT, $S)", JavaTypeNames.BOUNDS, n, name)
                .beginControlFlow("try")
                .addStatement("return $T.read(segment, $L)", nestedStruct, MemberCode.at(m, "index", stride))
                .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                .addStatement("throw e.nestedIn(STRUCT, $L)", MemberCode.indexedPath(m, "index"))
                .endControlFlow().build());
        t.addMethod(checkElement(elementSetter(name, elementType, n), "value", "index", nestedStruct)
                .addStatement("$T.check(segment, offset, SIZE, 1, STRUCT)", JavaTypeNames.BOUNDS)
                .addStatement("$T.writeUnchecked(segment, $L, value)", nestedStruct, MemberCode.at(m, "index", stride))
                .build());
        t.addMethod(composedSetter(" (exactly " + n + " elements)", true));
        MethodSpec.Builder check = check()
                .addStatement("$T.nonNull(value, STRUCT, $L)", JavaTypeNames.VALUES, MemberCode.path(m))
                .addStatement("$T.length(value.length, $L, STRUCT, $L)", JavaTypeNames.VALUES, n, MemberCode.path(m))
                .beginControlFlow("for (int i = 0; i < $L; i++)", n);
        t.addMethod(checkElement(check, "value[i]", "i", nestedStruct).endControlFlow().build());
        // Each element reference is read once and checked again before it is stored: another thread may have
        // replaced it after check$ (the nested store re-checks its own arrays the same way).
        MethodSpec.Builder store = store().beginControlFlow("for (int i = 0; i < $L; i++)", n)
                .addStatement("$T v = value[i]", elementType);
        t.addMethod(checkElement(store, "v", "i", nestedStruct)
                .addStatement("$T.writeUnchecked(segment, $L, v)", nestedStruct, MemberCode.at(m, "i", stride))
                .endControlFlow().build());
    }


    /** The Javadoc of an element index check ({@code Bounds.checkElement}). */
    private static final String INDEX_THROWS = "@throws IndexOutOfBoundsException if {@code index} is not an element index "
            + "(the message names the member, the index and the length)\n";

    /** The start of an element setter {@code name(segment, offset, index, value)}: its Javadoc, parameters and index check. */
    private static MethodSpec.Builder elementSetter(String name, TypeName elementType, int n) {
        return MethodSpec.methodBuilder(name).addModifiers(PUBLIC_STATIC)
                .addJavadoc("Sets element {@code index} of component {@code $L}.\n\n", name)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the struct\n")
                .addJavadoc("@param index the element index\n@param value the value\n")
                .addJavadoc("@throws $T if the value does not fit; memory is then unchanged\n", JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc(INDEX_THROWS)
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(TypeName.INT, "index").addParameter(elementType, "value")
                .addStatement("$T.checkElement(index, $L, STRUCT, $S)", JavaTypeNames.BOUNDS, n, name);
    }
}

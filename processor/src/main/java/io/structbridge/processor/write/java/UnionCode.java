package io.structbridge.processor.write.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import javax.lang.model.element.Modifier;

/**
 * The parts of {@code RStruct} that differ for a {@code @Union}: the FFM {@code unionLayout} and the
 * check that a whole record value is one consistent set of bytes.
 */
final class UnionCode {
    static final ClassName UNION_LAYOUT = ClassName.get("java.lang.foreign", "UnionLayout");
    static final ClassName GROUP_LAYOUT = ClassName.get("java.lang.foreign", "GroupLayout");

    private UnionCode() {}

    /** {@return the type of the {@code LAYOUT} constant} */
    static TypeName layoutType(StructLayoutPlan plan) {
        return plan.model().union() ? UNION_LAYOUT : JavaTypeNames.STRUCT_LAYOUT;
    }

    /**
     * {@return the {@code LAYOUT} initializer of a union} Every member at offset 0; a padding member
     * as large as the union when the largest member is smaller than the size (the size rounded up to
     * the alignment, C11 6.7.2.1p17), since FFM sizes a union layout by its largest member.
     */
    static CodeBlock unionLayout(StructLayoutPlan plan, java.util.function.Function<Member, CodeBlock> member) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.unionLayout(\n$>", JavaTypeNames.MEMORY_LAYOUT);
        boolean first = true;
        long largest = 0;
        for (Member m : plan.members()) {
            b.add(first ? "" : ",\n").add(member.apply(m));
            first = false;
            largest = Math.max(largest, m.size());
        }
        if (plan.size() > largest) {
            b.add(",\n$T.paddingLayout($LL)", JavaTypeNames.MEMORY_LAYOUT, plan.size());
        }
        b.add("$<)");
        long computed = plan.members().stream().mapToLong(Member::alignment).max().orElse(1);
        if (plan.alignment() > computed) {
            b.add(".withByteAlignment($L)", plan.alignment());
        }
        return b.add(".withName($S)", plan.model().cName()).build();
    }

    /**
     * {@return {@code check$union}} A record value of a union gives a value for every member, but the
     * members share their bytes: the value is stored only when every member reads back exactly as
     * given after all are written (compared as the bytes each member's value encodes to, so padding
     * inside a nested struct does not count), else {@code StructValueException} names the first
     * member that disagrees and memory is untouched (the work happens in heap scratch segments).
     * Package-private: the generated validator reports it as a violation.
     */
    static MethodSpec consistencyCheck(StructLayoutPlan plan, TypeName record) {
        String struct = plan.model().record().simpleName();
        MethodSpec.Builder b = MethodSpec.methodBuilder("check$union").addModifiers(Modifier.STATIC)
                .addParameter(record, "value")
                .addStatement("int size = $T.toIntExact(SIZE)", Math.class)
                .addStatement("$T all = merge$$(value).bytes()", JavaTypeNames.MEMORY_SEGMENT)
                .addStatement("$T given = $T.ofArray(new byte[size])", JavaTypeNames.MEMORY_SEGMENT, JavaTypeNames.MEMORY_SEGMENT)
                .addStatement("$T stored = $T.ofArray(new byte[size])", JavaTypeNames.MEMORY_SEGMENT, JavaTypeNames.MEMORY_SEGMENT)
                .addStatement("$T[] failed = new $T[$L]", JavaTypeNames.VALUE_EXCEPTION, JavaTypeNames.VALUE_EXCEPTION, plan.members().size());
        for (int i = 0; i < plan.members().size(); i++) {
            Member m = plan.members().get(i);
            String name = MemberCode.name(m);
            TypeName type = MemberCode.javaType(m.field().type());
            b.addCode("{\n$>").addStatement("$T back", type)
                    .beginControlFlow("try")
                    .addStatement("back = $L(all, 0)", name)
                    .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION)
                    .beginControlFlow("if (!($L))", isAbsent(type, "value." + name + "()"))
                    .addStatement("throw disagree$$($S, e.getMessage())", name)
                    .endControlFlow()
                    .addStatement("failed[$L] = e", i)
                    .addStatement("back = $L", absent(type))
                    .endControlFlow();
            if (!type.isPrimitive()) {
                b.beginControlFlow("if (failed[$L] == null && value.$L() == null)", i, name)
                        .addStatement("throw disagree$$($S, null)", name).endControlFlow();
            }
            b.beginControlFlow("if (failed[$L] == null)", i)
                    .addStatement("given.fill((byte) 0)").addStatement("stored.fill((byte) 0)")
                    .addStatement("store$$$L(given, 0, value.$L())", name, name)
                    .addStatement("store$$$L(stored, 0, back)", name)
                    .beginControlFlow("if (given.mismatch(stored) != -1)")
                    .addStatement("throw disagree$$($S, null)", name)
                    .endControlFlow()
                    .endControlFlow()
                    .addCode("$<}\n");
        }
        // the members that do not read must lose nothing: as read refuses such bytes, the record is refused
        b.addStatement("int refusing = UNION$$.refusing(all, 0, failed)")
                .beginControlFlow("if (refusing >= 0)").addStatement("throw failed[refusing]").endControlFlow();
        return b.build();
    }

    /** {@code io.structbridge.runtime.UnionBytes}: which bits of the union each member holds. */
    static final ClassName UNION_BYTES = ClassName.get("io.structbridge.runtime", "UnionBytes");

    /** {@return {@code UNION$}, the bits each member holds ({@link io.structbridge.processor.layout.UnionMasks})} */
    static com.palantir.javapoet.FieldSpec masks(StructLayoutPlan plan) {
        io.structbridge.processor.layout.UnionMasks masks = io.structbridge.processor.layout.UnionMasks.of(plan);
        CodeBlock bits = masks.members().stream().map(m -> CodeBlock.of("$S", m.hex())).collect(CodeBlock.joining(", "));
        CodeBlock texts = masks.members().stream().map(m -> CodeBlock.of("{$L}", m.texts().stream()
                .map(t -> t[0] + ", " + t[1]).collect(java.util.stream.Collectors.joining(", ")))).collect(CodeBlock.joining(", "));
        return com.palantir.javapoet.FieldSpec.builder(UNION_BYTES, "UNION$", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Per member, the bits of the union it holds (text: up to its NUL): see {@link $T}.\n", UNION_BYTES)
                .initializer("new $T(SIZE, new $T[] {$L}, new int[][] {$L})", UNION_BYTES, String.class, bits, texts).build();
    }

    /**
     * {@return {@code merge$(value)}} Every member of {@code value} stored alone over zeros, merged over the bits it
     * holds; {@code write} stores that, {@code check$union} checks every member reads it back as given.
     */
    static MethodSpec merge(StructLayoutPlan plan, TypeName record) {
        MethodSpec.Builder b = MethodSpec.methodBuilder("merge$").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(UNION_BYTES.nestedClass("Merge")).addParameter(record, "value")
                .addStatement("$T.Merge m = UNION$$.merge()", UNION_BYTES);
        // absent members (null: they do not read in the bytes) are not stored; a primitive at its zero (which a member
        // that does not read also gives) is stored first, under the others, so the members that read decide its bits
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < plan.members().size(); i++) {
                Member mm = plan.members().get(i);
                String name = MemberCode.name(mm);
                TypeName type = MemberCode.javaType(mm.field().type());
                if (type.isPrimitive()) {
                    b.beginControlFlow("if ($L)", (pass == 0 ? "" : "!") + "(" + isAbsent(type, "value." + name + "()") + ")");
                } else if (pass == 0) {
                    continue;
                } else {
                    b.beginControlFlow("if (value.$L() != null)", name);
                }
                b.addStatement("store$$$L(m.scratch(), 0, value.$L())", name, name).addStatement("m.add($L)", i).endControlFlow();
            }
        }
        return b.addStatement("return m").build();
    }

    /**
     * {@return one {@code ofM(value)} factory per member} The record a C program has after
     * {@code memset(&u, 0, sizeof u); u.m = value;}: {@code value} is stored (with the setter's
     * checks) over zeros in a heap scratch segment and the record is read back, so every other member
     * holds its reading of those bytes. This is how a record for a tagged union is built from its
     * live member (a record needs a value for every member, and they must agree).
     */
    static java.util.List<MethodSpec> factories(StructLayoutPlan plan, TypeName record) {
        java.util.List<MethodSpec> out = new java.util.ArrayList<>();
        for (Member m : plan.members()) {
            String name = MemberCode.name(m);
            String factory = "of" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
            out.add(MethodSpec.methodBuilder(factory).addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(record)
                    .addParameter(MemberCode.javaType(m.field().type()), "value")
                    .addJavadoc("{@return the union value whose bytes are {@code value} stored in member {@code $L} over zeros}\n", name)
                    .addJavadoc("As C after {@code memset(&u, 0, sizeof u); u.$L = value;}: the other members hold their\n", name)
                    .addJavadoc("reading of those bytes. Use it to build the record of a tagged union from its live member.\n\n")
                    .addJavadoc("@param value the value of {@code $L}\n", name)
                    .addJavadoc("@throws $T if {@code value} does not fit {@code $L}, or another member that cannot read\n", JavaTypeNames.VALUE_EXCEPTION, name)
                    .addJavadoc("    the bytes (an invalid {@code bool} byte, UTF-8 or enum code) holds bits {@code $L} does not; the message names it\n", name)
                    .addStatement("$T bytes = $T.ofArray(new byte[$T.toIntExact(SIZE)])", JavaTypeNames.MEMORY_SEGMENT, JavaTypeNames.MEMORY_SEGMENT, Math.class)
                    .addStatement("$L(bytes, 0L, value)", name)
                    .addStatement("return read(bytes, 0L)")
                    .build());
        }
        return out;
    }

    /**
     * {@return {@code readLive$}, {@code checkLive$} and {@code writeLive$}} (a {@code $} in the name: for
     * generated code, and no component can be named so): the union as a
     * struct holding it tagged (@Tag/@Case) sees it, one member live and the others absent (null, or
     * zero / {@code false} for a primitive member), so neither reading nor writing depends on what the
     * dead members' bytes would mean.
     */
    static java.util.List<MethodSpec> liveMethods(StructLayoutPlan plan, TypeName record) {
        MethodSpec.Builder read = MethodSpec.methodBuilder("readLive$").addModifiers(Modifier.PUBLIC, Modifier.STATIC).returns(record)
                .addJavadoc("Decodes only member {@code member} (its index in component order) of the union at {@code offset}:\n")
                .addJavadoc("the other members are null, or zero / {@code false} when primitive. For a struct that tags this union.\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the union\n@param member the index of the live member\n")
                .addJavadoc("@return a new record\n@throws $T if the live member's bytes are invalid\n", JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc("@throws IndexOutOfBoundsException if {@code member} is not a member index or the union does not fit the segment\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset").addParameter(TypeName.INT, "member")
                .addStatement("$T.checkFromIndexSize(offset, SIZE, segment.byteSize())", JavaTypeNames.OBJECTS)
                .addCode("return switch (member) {\n$>");
        MethodSpec.Builder check = MethodSpec.methodBuilder("checkLive$").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Performs the checks of storing only member {@code member} of {@code value}; the other members are ignored.\n\n")
                .addJavadoc("@param value the union value\n@param member the index of the live member\n")
                .addJavadoc("@throws $T if the live member is null or does not fit\n", JavaTypeNames.VALUE_EXCEPTION)
                .addJavadoc("@throws IndexOutOfBoundsException if {@code member} is not a member index\n")
                .addParameter(record, "value").addParameter(TypeName.INT, "member")
                .addStatement("$T.requireNonNull(value, STRUCT)", JavaTypeNames.OBJECTS)
                .beginControlFlow("switch (member)");
        MethodSpec.Builder write = MethodSpec.methodBuilder("writeLive$").addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("Zeroes the union's bytes at {@code offset}, then stores member {@code member} of {@code value}, without\n")
                .addJavadoc("the checks of {@code checkLive$$} (call it first).\n\n")
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the union\n@param value a checked union value\n")
                .addJavadoc("@param member the index of the live member\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                .addParameter(record, "value").addParameter(TypeName.INT, "member")
                .addStatement("segment.asSlice(offset, SIZE).fill((byte) 0)")
                .beginControlFlow("switch (member)");
        java.util.List<Member> members = plan.members();
        for (int i = 0; i < members.size(); i++) {
            CodeBlock.Builder args = CodeBlock.builder();
            for (int j = 0; j < members.size(); j++) {
                Member mj = members.get(j);
                args.add(j == 0 ? "" : ", ");
                args.add(j == i ? CodeBlock.of("$L(segment, offset)", MemberCode.name(mj)) : CodeBlock.of("$L", absent(MemberCode.javaType(mj.field().type()))));
            }
            read.addCode("case $L -> new $T($L);\n", i, record, args.build());
            String name = MemberCode.name(members.get(i));
            if (AccessorWriter.hasCheck(members.get(i))) {
                check.addStatement("case $L -> check$$$L(value.$L())", i, name, name);
            } else {
                check.addCode("case $L -> { }\n", i);
            }
            write.addStatement("case $L -> store$$$L(segment, offset, value.$L())", i, name, name);
        }
        read.addCode("default -> throw new $T($S + member);\n$<};\n", IndexOutOfBoundsException.class, "no member of index ");
        check.addStatement("default -> throw new $T($S + member)", IndexOutOfBoundsException.class, "no member of index ").endControlFlow();
        write.addStatement("default -> throw new $T($S + member)", IndexOutOfBoundsException.class, "no member of index ").endControlFlow();
        return java.util.List.of(read.build(), check.build(), write.build());
    }

    /**
     * {@return the body of a union's {@code read} after the bounds check} Every member read; a member that does not
     * read validly is absent (null, or zero / {@code false} when primitive) when the members that read hold every
     * bit it holds ({@link io.structbridge.runtime.UnionBytes#refusing}); else its exception is thrown (when no member
     * reads, the first member's). The validator judges bytes in place by the same rule.
     */
    static CodeBlock readMembers(StructLayoutPlan plan, TypeName record) {
        CodeBlock.Builder b = CodeBlock.builder()
                .addStatement("$T[] failed = new $T[$L]", JavaTypeNames.VALUE_EXCEPTION, JavaTypeNames.VALUE_EXCEPTION, plan.members().size());
        CodeBlock.Builder args = CodeBlock.builder();
        for (int i = 0; i < plan.members().size(); i++) {
            Member m = plan.members().get(i);
            String name = MemberCode.name(m);
            TypeName type = MemberCode.javaType(m.field().type());
            b.addStatement("$T m$L = $L", type, i, absent(type))
                    .beginControlFlow("try").addStatement("m$L = $L(segment, offset)", i, name)
                    .nextControlFlow("catch ($T e)", JavaTypeNames.VALUE_EXCEPTION).addStatement("failed[$L] = e", i).endControlFlow();
            args.add(i == 0 ? "m$L" : ", m$L", i);
        }
        return b.addStatement("int refusing = UNION$$.refusing(segment, offset, failed)")
                .beginControlFlow("if (refusing >= 0)").addStatement("throw failed[refusing]").endControlFlow()
                .addStatement("return new $T($L)", record, args.build()).build();
    }

    /** {@return a Java condition: {@code expr} of type {@code t} is what an absent member holds (null, or the primitive's zero)} */
    static String isAbsent(TypeName t, String expr) {
        if (!t.isPrimitive()) {
            return expr + " == null";
        }
        if (t.equals(TypeName.BOOLEAN)) {
            return "!" + expr;
        }
        if (t.equals(TypeName.FLOAT)) {
            return "java.lang.Float.floatToRawIntBits(" + expr + ") == 0";
        }
        if (t.equals(TypeName.DOUBLE)) {
            return "java.lang.Double.doubleToRawLongBits(" + expr + ") == 0L";
        }
        return expr + " == 0";
    }

    /** {@return the value of an absent (dead) member: null, or the primitive's zero} */
    static String absent(TypeName t) {
        if (!t.isPrimitive()) {
            return "null";
        }
        if (t.equals(TypeName.BOOLEAN)) {
            return "false";
        }
        if (t.equals(TypeName.LONG)) {
            return "0L";
        }
        if (t.equals(TypeName.FLOAT)) {
            return "0f";
        }
        if (t.equals(TypeName.DOUBLE)) {
            return "0d";
        }
        return t.equals(TypeName.INT) ? "0" : "(" + t + ") 0";
    }

    /** {@return {@code refusing$}, {@link io.structbridge.runtime.UnionBytes#refusing} for the validator (same package)} */
    static MethodSpec refusing() {
        return MethodSpec.methodBuilder("refusing$").addModifiers(Modifier.STATIC).returns(TypeName.INT)
                .addJavadoc("{@return the member that refuses the union's bytes at {@code offset}, -1 if none: see {@link $T#refusing}}\n\n", UNION_BYTES)
                .addJavadoc("@param segment the segment\n@param offset the byte offset of the union\n")
                .addJavadoc("@param failed per member, non-null when it does not read\n")
                .addParameter(JavaTypeNames.MEMORY_SEGMENT, "segment").addParameter(TypeName.LONG, "offset").addParameter(Object[].class, "failed")
                .addStatement("return UNION$$.refusing(segment, offset, failed)").build();
    }

    /** {@return {@code disagree$}, the exception of {@link #consistencyCheck}} */
    static MethodSpec disagree(StructLayoutPlan plan) {
        return MethodSpec.methodBuilder("disagree$").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(JavaTypeNames.VALUE_EXCEPTION)
                .addParameter(String.class, "member").addParameter(String.class, "cause")
                .addStatement("return new $T(STRUCT, member, $S + member + $S + (cause == null ? $S : $S + cause), null, -1)",
                        JavaTypeNames.VALUE_EXCEPTION,
                        "the members of a union share their bytes, and '",
                        "' does not read back as given once every member is written",
                        "", ": ")
                .build();
    }

    /** Javadoc of a union's {@code RStruct} and {@code RView}: the C semantics of members. */
    static String semantics() {
        return "<p>This is a C {@code union} (C11 6.7.2.1p16): every member starts at offset 0 and all share\n"
                + "the same bytes. Setting one member and then getting another reinterprets the bytes, as in C\n"
                + "(C11 6.5.2.3 footnote 95); bytes beyond the member set keep their previous values. A whole\n"
                + "record value is every member's bytes merged over the bits the member holds (text: up to and including\n"
                + "its NUL; padding: none), stored only if every member reads back as given; bits no member holds keep their\n"
                + "previous values. A member that does not read the bytes validly (a {@code bool} byte of 2, text without NUL or\n"
                + "not UTF-8, an unknown enum code) reads as absent (null, or zero / {@code false} when primitive) where the\n"
                + "members that read hold every bit it holds, and is then not stored; otherwise the bytes are refused with its\n"
                + "error. So the record read from any byte image is written back as the same image.\n";
    }
}

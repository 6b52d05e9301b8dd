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
        return plan.model().union() ? UNION_LAYOUT : Runtime.STRUCT_LAYOUT;
    }

    /**
     * {@return the {@code LAYOUT} initializer of a union} Every member at offset 0; a padding member
     * as large as the union when the largest member is smaller than the size (the size rounded up to
     * the alignment, C11 6.7.2.1p17), since FFM sizes a union layout by its largest member.
     */
    static CodeBlock unionLayout(StructLayoutPlan plan, java.util.function.Function<Member, CodeBlock> member) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.unionLayout(\n$>", Runtime.MEMORY_LAYOUT);
        boolean first = true;
        long largest = 0;
        for (Member m : plan.members()) {
            b.add(first ? "" : ",\n").add(member.apply(m));
            first = false;
            largest = Math.max(largest, m.size());
        }
        if (plan.size() > largest) {
            b.add(",\n$T.paddingLayout($LL)", Runtime.MEMORY_LAYOUT, plan.size());
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
                .addStatement("$T all = $T.ofArray(new byte[size])", Runtime.MEMORY_SEGMENT, Runtime.MEMORY_SEGMENT)
                .addStatement("$T given = $T.ofArray(new byte[size])", Runtime.MEMORY_SEGMENT, Runtime.MEMORY_SEGMENT)
                .addStatement("$T stored = $T.ofArray(new byte[size])", Runtime.MEMORY_SEGMENT, Runtime.MEMORY_SEGMENT)
                .addStatement("writeUnchecked(all, 0, value)");
        for (Member m : plan.members()) {
            String name = MemberCode.name(m);
            b.addStatement("given.fill((byte) 0)").addStatement("stored.fill((byte) 0)")
                    .addStatement("store$$$L(given, 0, value.$L())", name, name)
                    .beginControlFlow("try")
                    .addStatement("store$$$L(stored, 0, $L(all, 0))", name, name)
                    .nextControlFlow("catch ($T e)", Runtime.VALUE_EXCEPTION)
                    .addStatement("throw disagree$$($S, e.getMessage())", name)
                    .endControlFlow()
                    .beginControlFlow("if (given.mismatch(stored) != -1)")
                    .addStatement("throw disagree$$($S, null)", name)
                    .endControlFlow();
        }
        return b.build();
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
                    .addJavadoc("@throws $T if {@code value} does not fit {@code $L}, or another member\n", Runtime.VALUE_EXCEPTION, name)
                    .addJavadoc("    cannot read the bytes (an invalid {@code bool} byte, UTF-8 or enum code); the message names it\n")
                    .addStatement("$T bytes = $T.ofArray(new byte[$T.toIntExact(SIZE)])", Runtime.MEMORY_SEGMENT, Runtime.MEMORY_SEGMENT, Math.class)
                    .addStatement("$L(bytes, 0L, value)", name)
                    .addStatement("return read(bytes, 0L)")
                    .build());
        }
        return out;
    }

    /** {@return {@code disagree$}, the exception of {@link #consistencyCheck}} */
    static MethodSpec disagree(StructLayoutPlan plan) {
        return MethodSpec.methodBuilder("disagree$").addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(Runtime.VALUE_EXCEPTION)
                .addParameter(String.class, "member").addParameter(String.class, "cause")
                .addStatement("return new $T(STRUCT, member, $S + member + $S + (cause == null ? $S : $S + cause), null, -1)",
                        Runtime.VALUE_EXCEPTION,
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
                + "record value is stored only if every member reads back as given.\n";
    }
}

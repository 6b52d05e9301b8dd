package io.structbridge.processor.write.validator;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.StructModel;
import java.util.function.BiConsumer;
import javax.lang.model.element.Modifier;

/**
 * Validation of a {@code @Union}. Its members carry no constraints (the processor refuses them:
 * nothing says which member is live), so only the native rules remain. A record value must be
 * consistent (every member reads back as given from the shared bytes). Bytes in memory are valid
 * when at least one member reads validly: the live member is unknown, so a member that would be
 * invalid (a bool byte of 2, an unknown enum code, bad UTF-8) may simply not be the live one.
 */
final class UnionValidation {
    private UnionValidation() {}

    /** Adds the record consistency check, run only when every member passed its own checks. */
    static void consistency(MethodSpec.Builder v, ClassName struct) {
        v.beginControlFlow("if (out.size() == before)")
                .beginControlFlow("try")
                .addStatement("$T.check$$union(value)", struct)
                .nextControlFlow("catch ($T e)", ValidatorClassWriter.VALUE_EXCEPTION)
                .addStatement("out.add($T.ofNative(prefix, e))", ValidatorClassWriter.VIOLATION)
                .endControlFlow()
                .endControlFlow();
    }

    /**
     * Writes one {@code validate$member} method per member and, into {@code n}, code that returns as
     * soon as one member has no violation, else reports the first member's.
     */
    static void anyMemberValid(TypeSpec.Builder t, MethodSpec.Builder n, StructModel model,
                               BiConsumer<MethodSpec.Builder, FieldModel> nativeField) {
        n.addCode("// A member that does not read validly is absent where the members that read hold all its bits (the\n")
                .addCode("// record read from the bytes is written back as them); else the first such member's violations.\n")
                .addStatement("$T<$T> failed = new $T<>($T.nCopies($L, null))", java.util.List.class, ValidatorClassWriter.VIOLATIONS, ValidatorClassWriter.ARRAY_LIST, java.util.Collections.class, model.fields().size());
        int i = 0;
        for (FieldModel f : model.fields()) {
            MethodSpec.Builder m = MethodSpec.methodBuilder("validate$" + f.name())
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .addJavadoc("Adds the violations of member {@code $L} read in place (the live one of a tagged union).\n\n", f.name())
                    .addJavadoc("@param segment the segment\n@param offset the byte offset of the union\n")
                    .addJavadoc("@param prefix the path of the union\n@param out the violations\n")
                    .addParameter(ValidatorClassWriter.SEGMENT, "segment").addParameter(TypeName.LONG, "offset")
                    .addParameter(String.class, "prefix").addParameter(ValidatorClassWriter.VIOLATIONS, "out");
            nativeField.accept(m, f);
            t.addMethod(m.build());
            n.addCode("{\n$>")
                    .addStatement("$T member = new $T<>()", ValidatorClassWriter.VIOLATIONS, ValidatorClassWriter.ARRAY_LIST)
                    .addStatement("validate$$$L(segment, offset, prefix, member)", f.name())
                    .beginControlFlow("if (!member.isEmpty())").addStatement("failed.set($L, member)", i).endControlFlow()
                    .addCode("$<}\n");
            i++;
        }
        n.addStatement("int refusing = $T.refusing$$(segment, offset, failed.toArray())", ClassName.get(model.record().packageName(),
                        model.record().flatName() + "Struct"))
                .beginControlFlow("if (refusing >= 0)").addStatement("out.addAll(failed.get(refusing))").endControlFlow();
    }
}

package io.structbridge.processor.write.json;

import com.palantir.javapoet.CodeBlock;
import io.structbridge.processor.model.StructModel;
import java.util.List;

/**
 * The JSON names of reserved components ({@code @Reserved}) in the generated JSON reader. JSON written before the
 * member was removed holds its name, so the reader accepts the name with any value and skips it (writing never emits
 * it); a second occurrence in one object is a duplicate property, as for any other name. The name matcher knows them
 * after the current and former names ({@link FormerJsonNames#matcher}). See docs/layout-lock.md, "Declared changes".
 */
final class ReservedJsonNames {
    private ReservedJsonNames() {}

    /** {@return the JSON names of the reserved components (each with its former ones), in component order} */
    static List<String> names(StructModel model) {
        return model.reserved().stream().flatMap(r -> r.jsonNames().stream()).toList();
    }

    /** {@return the switch cases of the reserved names: refuse a second occurrence of a name, else skip the value} */
    static CodeBlock cases(StructModel model) {
        CodeBlock.Builder b = CodeBlock.builder();
        int first = model.fields().size() + FormerJsonNames.of(model).size();
        int k = 0;
        for (StructModel.Reserved r : model.reserved()) {
            String field = model.record().simpleName() + "." + r.field().name();
            for (String name : r.jsonNames()) {
                b.add("case $L -> { // $L, reserved: accepted with any value, ignored\n$>", first + k,
                                JsonCodecWriter.commentText(name))
                        .beginControlFlow("if ((seenReserved & $LL) != 0)", 1L << k)
                        .addStatement("throw $T.duplicate(parser, $S)", JsonCodecWriter.READING, field)
                        .endControlFlow()
                        .addStatement("seenReserved |= $LL", 1L << k)
                        .addStatement("parser.skipChildren()")
                        .add("$<}\n");
                k++;
            }
        }
        return b.build();
    }
}

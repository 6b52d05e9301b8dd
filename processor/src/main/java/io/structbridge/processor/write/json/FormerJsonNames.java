package io.structbridge.processor.write.json;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.write.JavaStrings;
import java.util.ArrayList;
import java.util.List;

/**
 * The former JSON names of renamed components ({@code @FormerName}) in the generated JSON reader: the name matcher
 * knows them after the current names, each matching its component's case; writing uses the current names only.
 */
final class FormerJsonNames {
    private FormerJsonNames() {}

    /** One former JSON name and the index of its component in {@code NAMES}. */
    record Alias(String json, int component) {}

    /** {@return every former JSON name of the record's components, in component order} */
    static List<Alias> of(StructModel model) {
        List<Alias> out = new ArrayList<>();
        for (int i = 0; i < model.fields().size(); i++) {
            for (String j : model.fields().get(i).jsonAliases()) {
                out.add(new Alias(j, i));
            }
        }
        return out;
    }

    /**
     * {@return the matcher over the current names, then the former ones (their indexes follow {@code NAMES}), then the
     * JSON names of the reserved components ({@link ReservedJsonNames})}
     */
    static CodeBlock matcher(StructModel model, ClassName matcher) {
        CodeBlock former = java.util.stream.Stream.concat(of(model).stream().map(Alias::json), ReservedJsonNames.names(model).stream())
                .map(j -> CodeBlock.of("$L", JavaStrings.literal(j))).collect(CodeBlock.joining(", "));
        return CodeBlock.of("$T.construct($T.concat($T.stream(NAMES), $T.of($L)).toList())", matcher, java.util.stream.Stream.class,
                java.util.Arrays.class, java.util.stream.Stream.class, former);
    }

    /** {@return the case labels of component {@code i}: its index, and the matcher indexes of its former names} */
    static String labels(StructModel model, int i) {
        StringBuilder b = new StringBuilder().append(i);
        List<Alias> all = of(model);
        for (int k = 0; k < all.size(); k++) {
            if (all.get(k).component() == i) {
                b.append(", ").append(model.fields().size() + k);
            }
        }
        return b.toString();
    }

    /** {@return a Java expression of the component's JSON names, current first, as the duplicate error lists them} */
    static CodeBlock names(FieldModel f) {
        List<String> all = new ArrayList<>();
        all.add(f.jsonName());
        all.addAll(f.jsonAliases());
        return CodeBlock.of("$T.of($L)", List.class, all.stream().map(n -> CodeBlock.of("$L", JavaStrings.literal(n))).collect(CodeBlock.joining(", ")));
    }
}

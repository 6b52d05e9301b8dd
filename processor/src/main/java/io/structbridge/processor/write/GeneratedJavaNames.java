package io.structbridge.processor.write;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The simple names the generated Java declares itself, which can hide a package from a qualified name written in
 * it ({@code value.q.Color.RED} does not compile where a variable {@code value} is in scope, JLS 6.4.2): the member
 * types of the generated classes and the variables (fields, parameters, locals, lambda parameters) of their code.
 * Generated code names every type of another package in full ({@link QualifiedJava}); a package whose first part is
 * one of these names, or a type the generated class sees, is refused with {@code SB-HIDDEN-PACKAGE}.
 * {@code GeneratedNamesTest} (structbridge-jackson) compiles records in packages named after every variable it finds
 * in generated code, so a name added to the writers and missing here fails there.
 */
public final class GeneratedJavaNames {
    private GeneratedJavaNames() {}

    /** The nested type of {@code RStruct} that implements {@code StructType}. */
    public static final String STRUCT_TYPE_CLASS = "Type";
    /** The element view of a row of {@code RColumns}. */
    public static final String COLUMNS_ROW_CLASS = "Row";
    /** The nested type of {@code RJson} that implements {@code StructJsonCodec}. */
    public static final String JSON_CODEC_CLASS = "Codec";

    /** The member types of the generated classes (none is inherited: the runtime types they extend declare none). */
    public static final Set<String> MEMBER_TYPES = Set.of(STRUCT_TYPE_CLASS, COLUMNS_ROW_CLASS, JSON_CODEC_CLASS);

    /** The first parts of the packages of the JDK, runtime and Jackson types that generated code names. */
    public static final Set<String> LIBRARY_ROOTS = Set.of("java", "io", "tools");

    /** The variables of generated code, besides the numbered ones of {@link #NUMBERED_VARIABLE}. */
    public static final Set<String> VARIABLES = Set.of("all", "arena", "array", "b", "base", "before", "bits", "buffer", "bytes",
            "c", "cause", "chars", "code", "columns", "count", "done", "e", "first", "from", "generator", "given", "i", "index",
            "list", "live", "maxBytes", "maxDetails", "member", "n", "name", "offset", "old", "out", "parent", "parser", "prefix",
            "property", "r", "raw", "records", "rejected", "rejectedCount", "result", "row", "row$", "rows", "s", "scratch", "seen",
            "segment", "size", "slots", "stored", "stream", "structs", "tag", "target", "token", "v", "validate", "value", "values",
            "view", "violations", "whole", "wholeDocument", "x", "zeroed");

    /** The numbered variables of the generated column copies ({@code c0}, {@code o12}, ...). */
    public static final Pattern NUMBERED_VARIABLE = Pattern.compile("[co][0-9]+");

    /** {@return whether generated code may declare a variable named {@code name}} */
    public static boolean variable(String name) {
        return VARIABLES.contains(name) || NUMBERED_VARIABLE.matcher(name).matches();
    }
}

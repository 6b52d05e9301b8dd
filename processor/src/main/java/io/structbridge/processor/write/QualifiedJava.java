package io.structbridge.processor.write;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes generated Java so that no name a user's type can take changes its meaning: every type outside the
 * generated class's own package ({@code java.lang.String}, {@code java.lang.Math},
 * {@code java.lang.foreign.MemorySegment}, {@code io.structbridge.runtime.Values}, a record of another
 * package) is written fully qualified, with no import. An import or the implicit {@code java.lang.*} would be
 * hidden by a type of the same simple name in the record's package ({@code p.Long}, {@code p.Math}); a
 * qualified name is not (its first part can still be hidden: {@code HiddenPackages} refuses those records). Types
 * of the package itself keep their simple name, which only a member type of the generated class could hide: the
 * runtime types that generated classes extend declare none ({@code GeneratedSupertypesTest} in the layout runtime;
 * {@code StructJsonCodec}, which {@code RJson.Codec} implements, declares none either), and JavaPoet qualifies a
 * name that one of the generated class's own nested types ({@code Type}, {@code Row}, {@code Codec}) would hide.
 *
 * <p>How: JavaPoet qualifies a type from another package whose simple name is in the type's
 * {@code alwaysQualify} set. A first rendering lists every identifier the file uses, and the second renders the
 * file with all of them in that set, so no type is imported. The output is deterministic.
 */
public final class QualifiedJava {
    private QualifiedJava() {}

    private static final Pattern IDENTIFIER = Pattern.compile("\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import ");

    /**
     * {@return {@code file} rebuilt so that every type from another package is written fully qualified}
     *
     * @throws IllegalStateException if JavaPoet still wrote an import (a defect of this class)
     */
    public static JavaFile of(JavaFile file) {
        String first = build(file.packageName(), file.typeSpec()).toString();
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(first);
        while (m.find()) {
            names.add(m.group());
        }
        TypeSpec qualified = file.typeSpec().toBuilder().alwaysQualify(names.toArray(String[]::new)).build();
        JavaFile result = build(file.packageName(), qualified);
        if (IMPORT.matcher(result.toString()).find()) {
            throw new IllegalStateException("generated " + file.packageName() + "." + file.typeSpec().name()
                    + " still imports a type");
        }
        return result;
    }

    private static JavaFile build(String packageName, TypeSpec type) {
        return JavaFile.builder(packageName, type).skipJavaLangImports(false).indent("    ").build();
    }
}

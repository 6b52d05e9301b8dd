package io.structbridge.processor.write;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.io.Writer;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.JavaFileObject;

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
 * {@code alwaysQualify} set. A first rendering of the type alone, every name in it qualified, lists every identifier the
 * file uses, and the second renders the
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
        JavaFile result = qualified(file);
        checkNoImport(file, result.toString());
        return result;
    }

    /**
     * Writes {@code file}, every type from another package fully qualified ({@link #of}), as a source file of
     * {@code filer} with the originating elements of its type: what {@code of(file).writeTo(filer)} writes, rendered
     * once for the import check and the file both (a JavaPoet rendering is the costly part of a generated class).
     *
     * @throws IllegalStateException if JavaPoet still wrote an import (a defect of this class)
     */
    public static void write(JavaFile file, Filer filer) throws IOException {
        JavaFile result = qualified(file);
        String text = result.toString();
        checkNoImport(file, text);
        TypeSpec type = result.typeSpec();
        String name = result.packageName().isEmpty() ? type.name() : result.packageName() + "." + type.name();
        JavaFileObject source = filer.createSourceFile(name, type.originatingElements().toArray(Element[]::new));
        try (Writer w = source.openWriter()) {
            w.write(text);
        } catch (IOException | RuntimeException e) {
            try {
                source.delete();
            } catch (RuntimeException ignored) {
                // as JavaFile.writeTo(Filer): the write's failure is the one reported
            }
            throw e;
        }
    }

    private static JavaFile qualified(JavaFile file) {
        // the identifiers of the type as TypeSpec.toString writes it: one JavaPoet pass (a JavaFile rendering takes two,
        // the first to collect imports) with every type of another package already qualified, so every simple name a
        // reference can use is there; only the package and import lines' keywords are missing, which name no type
        String first = file.typeSpec().toString();
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(first);
        while (m.find()) {
            names.add(m.group());
        }
        // one name per call: JavaPoet formats the whole argument array (Arrays.toString) for every name it checks, so
        // a single call with the file's thousands of identifiers costs quadratic time
        TypeSpec.Builder builder = file.typeSpec().toBuilder();
        for (String name : names) {
            builder.alwaysQualify(name);
        }
        return build(file.packageName(), builder.build());
    }

    private static void checkNoImport(JavaFile file, String text) {
        if (IMPORT.matcher(text).find()) {
            throw new IllegalStateException("generated " + file.packageName() + "." + file.typeSpec().name()
                    + " still imports a type");
        }
    }

    private static JavaFile build(String packageName, TypeSpec type) {
        return JavaFile.builder(packageName, type).skipJavaLangImports(false).indent("    ").build();
    }
}

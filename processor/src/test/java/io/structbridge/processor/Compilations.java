package io.structbridge.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Runs javac with the structbridge processor on in-memory sources, as a build would.
 *
 * <p>The processor module is modular, so surefire puts the annotations module on the module path
 * ({@code jdk.module.path}) and the test dependencies (layout-runtime among them) on the class
 * path. compile-testing's default class path is {@code java.class.path} alone, which lacks the
 * annotations; the compilations here get both lists as their class path.
 */
final class Compilations {
    private Compilations() {}

    /** The class path of the compiled sources: the annotations and the runtime of generated code. */
    static final List<File> CLASSPATH = classpath();

    /** Options of every compilation: the project's release and lint settings. */
    static final List<String> OPTIONS = List.of("--release", "22", "-Xlint:all,-processing,-options");

    private static final Pattern ID = Pattern.compile("\\[(SB-[A-Z0-9-]+)]");

    private static List<File> classpath() {
        Set<File> files = new LinkedHashSet<>();
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property);
            if (value == null) {
                continue;
            }
            for (String entry : value.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    files.add(new File(entry));
                }
            }
        }
        return List.copyOf(files);
    }

    /** {@return javac with the processor, the class path and the options} */
    static Compiler compiler(Processor... more) {
        List<Processor> processors = new ArrayList<>();
        processors.add(new StructProcessor());
        processors.addAll(List.of(more));
        return javac().withProcessors(processors).withClasspath(CLASSPATH).withOptions(OPTIONS);
    }

    /** {@return the compilation of {@code sources} with a fresh processor} */
    static Compilation compile(JavaFileObject... sources) {
        Compilation c = compiler().compile(sources);
        assertNoCrash(c);
        return c;
    }

    /** {@return a source file from lines} */
    static JavaFileObject source(String qualifiedName, String... lines) {
        return JavaFileObjects.forSourceLines(qualifiedName, lines);
    }

    /** Fails if the processor threw out of {@code process}. */
    static void assertNoCrash(Compilation c) {
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            String text = d.getMessage(Locale.ROOT);
            assertFalse(text.contains("threw an uncaught exception") || text.contains("SB-INTERNAL-ERROR"),
                    () -> "processor crashed: " + text);
        }
    }

    /** {@return the structbridge ids of the diagnostics of {@code kind}, in the order reported} */
    static List<String> ids(Compilation c, Diagnostic.Kind kind) {
        List<String> ids = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : c.diagnostics()) {
            if (d.getKind() == kind) {
                Matcher m = ID.matcher(d.getMessage(Locale.ROOT));
                if (m.find()) {
                    ids.add(m.group(1));
                }
            }
        }
        return ids;
    }

    /** {@return the ids of every structbridge error} */
    static List<String> errorIds(Compilation c) {
        return ids(c, Diagnostic.Kind.ERROR);
    }

    /** {@return the full text of every diagnostic of {@code kind}} */
    static List<String> messages(Compilation c, Diagnostic.Kind kind) {
        return c.diagnostics().stream().filter(d -> d.getKind() == kind)
                .map(d -> d.getMessage(Locale.ROOT)).toList();
    }
}

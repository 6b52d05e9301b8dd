package io.structbridge.processor;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A compilation written to disk, as Maven runs it. compile-testing hides the generated files of a
 * failed compilation ({@code Compilation.generatedFiles()} throws unless it succeeded), but a
 * build with one bad record still writes the good records' files: this is how to see them.
 *
 * @param success whether javac succeeded
 * @param diagnostics every diagnostic
 * @param sources the folder of generated sources ({@code -s})
 * @param classes the class output ({@code -d}), where C headers go
 */
record DiskCompilation(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path sources, Path classes) {

    /** Compiles {@code files} (qualified name to source text) in {@code dir} with the processor. */
    static DiskCompilation compile(Path dir, Map<String, String> files) {
        return compile(dir, files, new String[0]);
    }

    /** {@link #compile(Path, Map)} with more javac options (e.g. {@code -Astructbridge.pythonPackage=geo}). */
    static DiskCompilation compile(Path dir, Map<String, String> files, String... moreOptions) {
        try {
            Path src = Files.createDirectories(dir.resolve("src"));
            Path gen = Files.createDirectories(dir.resolve("generated"));
            Path out = Files.createDirectories(dir.resolve("classes"));
            List<File> inputs = new ArrayList<>();
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = src.resolve(f.getKey().replace('.', '/') + ".java");
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                inputs.add(p.toFile());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
                List<String> options = new ArrayList<>(Compilations.OPTIONS);
                options.addAll(List.of(moreOptions));
                options.addAll(List.of("-classpath", Compilations.CLASSPATH.stream().map(File::getPath)
                        .collect(Collectors.joining(File.pathSeparator)), "-d", out.toString(), "-s", gen.toString()));
                JavaCompiler.CompilationTask task = javac.getTask(null, fm, diagnostics, options, null,
                        fm.getJavaFileObjectsFromFiles(inputs));
                task.setProcessors(List.of(new StructProcessor()));
                boolean ok = task.call();
                return new DiskCompilation(ok, diagnostics.getDiagnostics(), gen, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the paths of every file under {@code root}, relative and with '/'} */
    static List<String> files(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace(File.separatorChar, '/'))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the text of every error} */
    List<String> errors() {
        return diagnostics.stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(Locale.ROOT)).toList();
    }
}

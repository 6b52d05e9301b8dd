package io.structbridge.processor.write;

import com.palantir.javapoet.JavaFile;
import io.structbridge.processor.write.cheader.CArrowRuntime;
import io.structbridge.processor.write.mojo.MojoWriter;
import io.structbridge.processor.write.python.PythonRuntime;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The one place every generated file goes through: it records the originating element (for
 * incremental builds), fixes formatting, and copies C headers and JSON Schemas to the optional folders.
 * Output carries no date, so builds are byte-identical.
 */
public final class GeneratedFiles {
    private final Filer filer;
    private final Path headerDir;
    private final Path schemaDir;
    private final Path pythonDir;
    private final Map<Path, String> copied;

    /**
     * @param filer the processing environment's filer
     * @param headerDir a folder that also receives every C header, or null
     * @param schemaDir a folder that also receives every JSON Schema, or null
     * @param pythonDir a folder that also receives every Python module and Mojo file, or null
     * @param copied the files copied so far in this compilation and the record each came from (shared
     *     across records, so two records that would write the same file in a flat folder are an error)
     */
    public GeneratedFiles(Filer filer, Path headerDir, Path schemaDir, Path pythonDir, Map<Path, String> copied) {
        this.copied = copied;
        this.pythonDir = pythonDir;
        this.filer = filer;
        this.headerDir = headerDir;
        this.schemaDir = schemaDir;
    }

    /** A copy into one of the optional output folders failed (reported as a diagnostic, not a crash). */
    public static final class CopyFailed extends IOException {
        private static final long serialVersionUID = 1L;
        private final String target;

        CopyFailed(String target, IOException cause) {
            super(cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
            this.target = target;
        }

        /** {@return the file that could not be written} */
        public String target() {
            return target;
        }
    }

    /**
     * Writes a Java source file generated from {@code origin}, every type of another package fully qualified
     * ({@link QualifiedJava}).
     */
    public void java(JavaFile file, Element origin) throws IOException {
        QualifiedJava.write(JavaFile.builder(file.packageName(), file.typeSpec().toBuilder().addOriginatingElement(origin).build())
                .build(), filer);
    }

    /**
     * Writes a runtime that the generated files of {@code folder} include or import, once per folder and compilation:
     * the C Arrow runtime beside the headers, the Python and Mojo runtimes beside the modules and Mojo files.
     */
    private void runtime(Path folder, String file, String what, java.util.function.Supplier<String> text) throws CopyFailed {
        Path target = folder.resolve(file).toAbsolutePath().normalize();
        if (copied.putIfAbsent(target, what) == null) {
            try {
                Files.writeString(target, text.get(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CopyFailed(target.toString(), e);
            }
        }
    }

    /**
     * Writes a class-output resource (e.g. a C header) in {@code packageName}, and its copy into the matching
     * -Astructbridge.*Dir folder, if set. The shared runtimes that headers include and Python modules and Mojo files
     * import ({@code structbridge_arrow.h}; {@code structbridge_rt.py}, {@code structbridge_rt.mojo}) go into the header
     * and Python folders only, once: in the class output each generated file has exactly one originating record, as
     * an isolating processor promises Gradle, and a file that every record of a package shares has none. Headers of
     * the class output find the C runtime in the runtime jar (docs/c-and-cuda.md), modules the Python and Mojo
     * runtimes in the processor jar (docs/python.md, docs/mojo.md).
     */
    public void resource(String packageName, String name, String content, Element origin) throws IOException {
        FileObject f = filer.createResource(StandardLocation.CLASS_OUTPUT, packageName, name, origin);
        try (Writer w = f.openWriter()) {
            w.write(content);
        }
        Path copy = name.endsWith(".h") ? headerDir : name.endsWith(".schema.json") ? schemaDir
                : name.endsWith(".py") || name.endsWith(".mojo") ? pythonDir : null;
        if (copy != null) {
            Path target = copy.resolve(name).toAbsolutePath().normalize();
            String record = origin instanceof TypeElement t ? t.getQualifiedName().toString() : String.valueOf(origin);
            String earlier = copied.putIfAbsent(target, record);
            if (earlier != null && !earlier.equals(record)) {
                throw new CopyFailed(target.toString(), new IOException("it was already written for " + earlier
                        + " (the folder is flat: records of the same name in different packages write the same file)."
                        + " Rename one record, or take the files from the class output, which keeps package folders"));
            }
            try {
                Files.createDirectories(copy);
                Files.writeString(copy.resolve(name), content, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CopyFailed(copy.resolve(name).toString(), e);
            }
            if (name.endsWith(".h")) {
                runtime(copy, CArrowRuntime.FILE, "the structbridge C Arrow runtime", CArrowRuntime::text);
            }
            if (name.endsWith(".mojo")) {
                runtime(copy, MojoWriter.RUNTIME, "the structbridge Mojo runtime", MojoWriter::runtime);
            }
            if (name.endsWith(".py")) {
                runtime(copy, PythonRuntime.FILE, "the structbridge Python runtime", PythonRuntime::text);
            }
        }
    }
}

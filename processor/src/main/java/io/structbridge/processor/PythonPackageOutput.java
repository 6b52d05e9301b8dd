package io.structbridge.processor;

import io.structbridge.processor.check.Message;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.write.python.PythonPackageName;
import io.structbridge.processor.write.python.PythonPackageWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * {@code -Astructbridge.pythonPackage=<name>}: collects the records of the compilation (every round) and,
 * in the last round, writes the package {@code <name>/} ({@link PythonPackageWriter}) as class-output
 * resources ({@code target/classes/geo/cities/...}, so also into the jar), and, with
 * {@code -Astructbridge.pythonDir=<folder>}, a copy under {@code <folder>/geo/cities/} beside a minimal
 * {@code <folder>/pyproject.toml} that makes the folder pip-installable. All records go into the one package,
 * whatever their Java package; records whose module or exported names meet are refused with
 * {@code SB-PYTHON-PACKAGE-CLASH} (on the later record), an invalid name with {@code SB-PYTHON-PACKAGE-NAME}.
 */
final class PythonPackageOutput {
    private final String name;
    private final Map<String, Entry> records = new LinkedHashMap<>();
    private boolean checked;
    private boolean valid;

    private record Entry(TypeElement element, StructLayoutPlan plan) {}

    /** @param name the option's value, or null when the option is not set */
    public PythonPackageOutput(String name) {
        this.name = name;
    }

    /** {@return whether the option is set and valid}; reports an invalid name once */
    public boolean enabled(Messager messager) {
        if (name == null) {
            return false;
        }
        if (!checked) {
            checked = true;
            String problem = PythonPackageName.problem(name);
            valid = problem == null;
            if (!valid) {
                messager.printMessage(Diagnostic.Kind.ERROR, Message.PYTHON_PACKAGE_NAME.format(PythonPackageName.quoted(name), problem));
            }
        }
        return valid;
    }

    /** Adds a record whose loose Python module was written. */
    public void add(TypeElement element, StructLayoutPlan plan) {
        records.put(element.getQualifiedName().toString(), new Entry(element, plan));
    }

    /**
     * Writes the package (call once, in the last round): first refusing clashing records, whose elements get
     * the error, then the files of the others.
     */
    public void write(Filer filer, Messager messager, Path pythonDir) {
        List<Entry> entries = new ArrayList<>(records.values());
        while (true) {
            PythonPackageWriter.Clash clash = new PythonPackageWriter(entries.stream().map(Entry::plan).toList()).clash();
            if (clash == null) {
                break;
            }
            Entry bad = entries.stream().filter(e -> e.plan().model().record().canonicalName().equals(clash.record())).findFirst().orElseThrow();
            messager.printMessage(Diagnostic.Kind.ERROR, Message.PYTHON_PACKAGE_CLASH.format(clash.record(), name, clash.problem()), bad.element());
            entries.remove(bad);
        }
        if (entries.isEmpty()) {
            return;
        }
        Map<String, String> files = new PythonPackageWriter(entries.stream().map(Entry::plan).toList()).files();
        Element[] origins = entries.stream().map(Entry::element).toArray(Element[]::new);
        String file = "";
        try {
            for (Map.Entry<String, String> f : files.entrySet()) {
                file = name.replace('.', '/') + "/" + f.getKey();
                FileObject o = filer.createResource(StandardLocation.CLASS_OUTPUT, name, f.getKey(), origins);
                try (Writer w = o.openWriter()) {
                    w.write(f.getValue());
                }
            }
            if (pythonDir != null) {
                Path dir = pythonDir.resolve(name.replace('.', '/'));
                Files.createDirectories(dir);
                for (Map.Entry<String, String> f : files.entrySet()) {
                    file = dir.resolve(f.getKey()).toString();
                    Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
                }
                file = pythonDir.resolve("pyproject.toml").toString();
                Files.writeString(pythonDir.resolve("pyproject.toml"), pyproject(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            messager.printMessage(Diagnostic.Kind.ERROR, Message.OUTPUT_FAILED.format(file, "Python package " + name,
                    IoProblems.describe(e)), origins[0]);
        }
    }

    /** A minimal pyproject.toml (setuptools) installing only the package, with NumPy and Pydantic as extras. */
    private String pyproject() {
        return "# Generated by structbridge (-Astructbridge.pythonPackage=" + name + "). Do not edit.\n"
                + "[build-system]\nrequires = [\"setuptools>=61\"]\nbuild-backend = \"setuptools.build_meta\"\n\n"
                + "[project]\nname = \"" + name.replace('.', '-').replace('_', '-') + "\"\nversion = \"0\"\n"
                + "description = \"structbridge structs: ctypes, NumPy and Pydantic declarations\"\n"
                + "requires-python = \">=3.11\"\n\n"
                + "[project.optional-dependencies]\nnumpy = [\"numpy\"]\npydantic = [\"pydantic>=2.11\"]\n\n"
                + "[tool.setuptools]\npackages = [\"" + name + "\"]\n\n"
                + "[tool.setuptools.package-data]\n\"" + name + "\" = [\"py.typed\"]\n";
    }
}

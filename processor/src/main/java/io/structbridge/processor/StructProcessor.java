package io.structbridge.processor;

import com.palantir.javapoet.JavaFile;
import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.layout.LayoutEngine;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.parse.RecordParser;
import io.structbridge.processor.write.GeneratedFiles;
import io.structbridge.processor.write.cheader.CHeaderWriter;
import io.structbridge.processor.write.describe.LayoutDescriber;
import io.structbridge.processor.write.java.ArrayClassWriter;
import io.structbridge.processor.write.java.StructClassWriter;
import io.structbridge.processor.write.java.ViewClassWriter;
import io.structbridge.processor.write.json.JsonCodecWriter;
import io.structbridge.processor.write.json.SerializedByCodec;
import io.structbridge.processor.write.jsonschema.JsonSchemaWriter;
import io.structbridge.processor.write.mojo.MojoWriter;
import io.structbridge.processor.write.python.PythonWriter;
import io.structbridge.processor.write.validator.ValidatorClassWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Turns every {@code @Struct} record into {@code RStruct}, {@code RView}, {@code RArray} and
 * {@code R.h}: parse (elements to an immutable model), lay out, check, then one writer per
 * output. Records are handled in name order; one record's errors never stop another; a record
 * whose component types are not generated yet is retried in the next round. The processor never
 * claims {@code @Struct}, never throws, and loads no user class.
 *
 * <p>Options: {@code -Astructbridge.headerDir=<folder>} also writes every C header there;
 * {@code -Astructbridge.schemaDir=<folder>} every JSON Schema; {@code -Astructbridge.pythonDir=<folder>}
 * every Python module and Mojo file; {@code -Astructbridge.pythonPackage=<name>} also one typed Python package of
 * all the records ({@link PythonPackageOutput}); {@code -Astructbridge.layoutLock=<folder>} compares each record
 * with its committed layout locks and writes the lock of a new layout version ({@link LayoutLockOutput});
 * {@code -Astructbridge.outputs=java,c,python,mojo,schema} chooses the kinds of files written ({@link Outputs});
 * {@code -Astructbridge.paddingNotes=false} silences the notes on wasted padding.
 */
public final class StructProcessor extends AbstractProcessor {
    static final String STRUCT = "io.structbridge.annotations.Struct";
    static final String UNION = "io.structbridge.annotations.Union";
    static final String OPTION_HEADER_DIR = "structbridge.headerDir";
    static final String OPTION_PADDING_NOTES = "structbridge.paddingNotes";
    static final String OPTION_SCHEMA_DIR = "structbridge.schemaDir";
    static final String OPTION_PYTHON_DIR = "structbridge.pythonDir";
    static final String OPTION_PYTHON_PACKAGE = "structbridge.pythonPackage";
    static final String OPTION_LAYOUT_LOCK = "structbridge.layoutLock";
    static final String OPTION_OUTPUTS = "structbridge.outputs";
    /** Present when structbridge-jackson is on the class path: then each record also gets {@code RJson}. */
    static final String JSON_READING = "io.structbridge.jackson.JsonReading";

    private final Set<String> deferred = new TreeSet<>();
    /** Files copied to the -Astructbridge.*Dir folders, and the record each came from. */
    private final java.util.Map<java.nio.file.Path, String> copied = new java.util.HashMap<>();
    /** Generated class names (package + flat name) and the record that claimed them. */
    private final java.util.Map<String, String> generatedNames = new java.util.HashMap<>();
    /** The C names the records of each package reach: C has no packages. */
    private final io.structbridge.processor.check.PackageCNames cNames = new io.structbridge.processor.check.PackageCNames();
    /** -Astructbridge.pythonPackage: the records of the compilation, written as one package in the last round. */
    private PythonPackageOutput pythonPackage;
    /** -Astructbridge.outputs: what is written for each record (none when the option is refused). */
    private Set<Outputs> outputs;
    /** The Messager every diagnostic goes through: it tells whether the compilation had an error. */
    private TrackingMessager messager;
    /** The checks that need a record's layout, with the verdicts on nested records. */
    private RecordChecks checks;
    /** The layout locks to write at the end of a compilation without error. */
    private final java.util.List<LayoutLockOutput.Pending> locks = new java.util.ArrayList<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(STRUCT, UNION);
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(OPTION_HEADER_DIR, OPTION_PADDING_NOTES, OPTION_SCHEMA_DIR, OPTION_PYTHON_DIR, OPTION_PYTHON_PACKAGE,
                OPTION_LAYOUT_LOCK, OPTION_OUTPUTS);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        TypeElement struct = processingEnv.getElementUtils().getTypeElement(STRUCT);
        if (struct == null) {
            return false;
        }
        Map<String, TypeElement> todo = new TreeMap<>();
        for (String name : deferred) {
            TypeElement t = processingEnv.getElementUtils().getTypeElement(name);
            if (t != null) {
                todo.put(name, t);
            }
        }
        deferred.clear();
        for (Element e : round.getElementsAnnotatedWith(struct)) {
            if (e instanceof TypeElement t) {
                todo.put(t.getQualifiedName().toString(), t);
            }
        }
        TypeElement union = processingEnv.getElementUtils().getTypeElement(UNION);
        for (Element e : union == null ? Set.<Element>of() : round.getElementsAnnotatedWith(union)) {
            if (e instanceof TypeElement t) {
                todo.put(t.getQualifiedName().toString(), t);
            }
        }
        if (messager == null) {
            messager = new TrackingMessager(processingEnv.getMessager());
            checks = new RecordChecks(processingEnv.getElementUtils(), paddingNotes(), dir(OPTION_LAYOUT_LOCK));
        }
        if (outputs == null) {
            outputs = outputs();
        }
        if (pythonPackage == null) {
            // -Astructbridge.pythonPackage= (empty) is set, and refused, not taken for unset
            boolean set = processingEnv.getOptions().containsKey(OPTION_PYTHON_PACKAGE);
            String name = java.util.Objects.requireNonNullElse(processingEnv.getOptions().get(OPTION_PYTHON_PACKAGE), "");
            if (set && !outputs.isEmpty() && !outputs.contains(Outputs.PYTHON)) {
                messager.printMessage(Diagnostic.Kind.ERROR, Message.PYTHON_PACKAGE_WITHOUT_PYTHON.format(
                        name, processingEnv.getOptions().get(OPTION_OUTPUTS)));
                set = false;
            }
            pythonPackage = new PythonPackageOutput(set ? name : null);
        }
        RecordParser parser = new RecordParser(processingEnv.getElementUtils(), processingEnv.getTypeUtils(), dir(OPTION_LAYOUT_LOCK));
        for (TypeElement type : todo.values()) {
            if (!round.processingOver() && parser.hasUnresolvedTypes(type)) {
                deferred.add(type.getQualifiedName().toString());
                continue;
            }
            try {
                handle(type, parser);
            } catch (GeneratedFiles.CopyFailed e) {
                messager.printMessage(Diagnostic.Kind.ERROR,
                        Message.OUTPUT_FAILED.format(e.target(), type.getQualifiedName(), e.getMessage()), type);
            } catch (Exception | LinkageError | AssertionError e) {
                String missing = MissingClass.of(e);
                messager.printMessage(Diagnostic.Kind.ERROR, missing != null
                        ? Message.PROCESSOR_PATH_INCOMPLETE.format(type.getQualifiedName(), missing)
                        : Message.INTERNAL_ERROR.format(type.getQualifiedName(), e), type);
            }
        }
        if (round.processingOver() && pythonPackage.enabled(messager)) {
            try {
                pythonPackage.write(processingEnv.getFiler(), messager, dir(OPTION_PYTHON_DIR));
            } catch (Exception | LinkageError | AssertionError e) {
                messager.printMessage(Diagnostic.Kind.ERROR,
                        Message.INTERNAL_ERROR.format("Python package " + processingEnv.getOptions().get(OPTION_PYTHON_PACKAGE), e));
            }
        }
        if (round.processingOver()) {
            writeLocks();
        }
        return false;
    }

    /** Writes the pending layout locks, unless the compilation had an error: a lock records a layout that compiled. */
    private void writeLocks() {
        java.util.List<LayoutLockOutput.Pending> pending = java.util.List.copyOf(locks);
        locks.clear();
        if (messager.errors()) {
            return;
        }
        for (LayoutLockOutput.Pending p : pending) {
            try {
                p.write(messager);
            } catch (java.io.IOException | RuntimeException e) {
                messager.printMessage(Diagnostic.Kind.ERROR, Message.OUTPUT_FAILED.format(p.file(),
                        p.type().getQualifiedName(), IoProblems.describe(e)), p.type());
            }
        }
    }

    private void handle(TypeElement type, RecordParser parser) throws java.io.IOException {
        Report report = new Report();
        Optional<StructModel> model = parser.parse(type, report);
        StructLayoutPlan plan = null;
        LayoutLockOutput.Pending lock = null;
        if (model.isPresent()) {
            try {
                plan = LayoutEngine.plan(model.get());
                lock = checks.check(plan, type, report);
            } catch (ArithmeticException e) {
                report.error(type, Message.STRUCT_TOO_LARGE, type.getSimpleName(), "more than " + Long.MAX_VALUE + " bytes");
            }
            declaredChangesNeedTheCodec(type, model.get(), report);
        }
        report.printTo(messager);
        if (report.hasErrors() || plan == null) {
            return;
        }
        generate(type, model.get(), plan);
        if (lock != null) {
            locks.add(lock); // only once every file of the record was generated
        }
    }

    /**
     * A declared change ({@code @Reserved}, {@code @FormerName}) is honoured in JSON by the generated codec; a record
     * without one is read and written by Jackson databind, which would write a reserved member, require it in a
     * strict mapper, and know only a renamed member's name of now: an error at the component.
     */
    private void declaredChangesNeedTheCodec(TypeElement type, StructModel model, Report report) {
        boolean json = outputs.contains(Outputs.JAVA) && processingEnv.getElementUtils().getTypeElement(JSON_READING) != null;
        if (!json || io.structbridge.processor.model.Unions.firstUnion(model) != null
                || io.structbridge.processor.write.json.PointerRule.pointerPath(model) != null) {
            return; // no JSON at all: the Jackson module refuses the record
        }
        String why = JsonCodecWriter.unsupportedReason(model);
        if (why == null) {
            return;
        }
        String noCodec = type.getSimpleName() + " has no generated JSON codec (" + why + "), and Jackson databind, which "
                + "reads and writes it instead, ";
        for (StructModel.Reserved r : model.reserved()) {
            report.error(component(type, r.field().name()), Message.RESERVED_MISUSE, r.field().name(), noCodec
                    + "would write the removed member and read it as a live property. Keep the component until the record "
                    + "has a codec");
        }
        for (io.structbridge.processor.model.FieldModel f : model.fields()) {
            if (!f.formerNames().isEmpty()) {
                report.error(component(type, f.name()), Message.FORMER_NAME, f.formerNames().get(0), f.name(), noCodec
                        + "knows only the name of now: JSON documents of earlier versions would lose the member's value. "
                        + "Keep the old name until the record has a codec");
            }
        }
    }

    private static Element component(TypeElement type, String name) {
        return type.getRecordComponents().stream().filter(x -> x.getSimpleName().contentEquals(name))
                .map(Element.class::cast).findFirst().orElse(type);
    }

    /** Writes the generated files of a record that passed every check. */
    private void generate(TypeElement type, StructModel checked, StructLayoutPlan plan) throws java.io.IOException {
        Optional<StructModel> model = Optional.of(checked);
        String flat = model.get().record().packageName() + "." + model.get().record().flatName();
        String earlier = generatedNames.putIfAbsent(flat, model.get().record().canonicalName());
        if (earlier != null && !earlier.equals(model.get().record().canonicalName())) {
            messager.printMessage(Diagnostic.Kind.ERROR, Message.GENERATED_NAME_CLASH.format(
                    earlier, model.get().record().canonicalName(), flat), type);
            return;
        }
        String cClash = cNames.claim(model.get());
        if (cClash != null) {
            messager.printMessage(Diagnostic.Kind.ERROR, cClash, type);
            return;
        }
        boolean java = outputs.contains(Outputs.JAVA);
        boolean json = java && processingEnv.getElementUtils().getTypeElement(JSON_READING) != null;
        if (java && existingClassClash(type, model.get(), json)) {
            return;
        }
        GeneratedFiles files = new GeneratedFiles(processingEnv.getFiler(), dir(OPTION_HEADER_DIR), dir(OPTION_SCHEMA_DIR),
                dir(OPTION_PYTHON_DIR), copied);
        CHeaderWriter header = new CHeaderWriter(plan);
        boolean serializer = processingEnv.getElementUtils().getTypeElement(SerializedByCodec.SERIALIZER) != null
                && processingEnv.getElementUtils().getTypeElement(SerializedByCodec.ANNOTATION) != null
                && processingEnv.getElementUtils().getTypeElement(SerializedByCodec.DESERIALIZE) != null;
        if (java) {
            files.java(new StructClassWriter(plan).write(header.declaration(), LayoutDescriber.describe(plan)), type);
            JavaFile view = new ViewClassWriter(plan).write();
            JavaFile array = new ArrayClassWriter(plan).write();
            files.java(serializer ? SerializedByCodec.annotate(view) : view, type);
            files.java(serializer ? SerializedByCodec.annotate(array) : array, type);
            files.java(new io.structbridge.processor.write.java.ColumnsClassWriter(plan).write(), type);
        }
        if (outputs.contains(Outputs.C)) {
            files.resource(model.get().record().packageName(), header.fileName(), header.write(), type);
        }
        if (outputs.contains(Outputs.PYTHON)) {
            PythonWriter python = new PythonWriter(plan);
            files.resource(model.get().record().packageName(), python.fileName(), python.write(), type);
            pythonPackage.add(type, plan);
        }
        if (outputs.contains(Outputs.MOJO)) {
            MojoWriter mojo = new MojoWriter(plan);
            files.resource(model.get().record().packageName(), mojo.fileName(), mojo.write(), type);
        }
        String union = io.structbridge.processor.model.Unions.firstUnion(model.get());
        String pointer = io.structbridge.processor.write.json.PointerRule.pointerPath(model.get());
        if (union == null && pointer == null) {
            if (outputs.contains(Outputs.SCHEMA)) {
                JsonSchemaWriter schema = new JsonSchemaWriter(model.get());
                files.resource(model.get().record().packageName(), schema.fileName(), schema.write(), type);
            }
        } else if (java || outputs.contains(Outputs.SCHEMA)) {
            messager.printMessage(Diagnostic.Kind.NOTE,
                    model.get().union() ? Message.UNION_RECORD_NO_JSON.format(type.getSimpleName())
                            : union != null ? Message.UNION_NO_JSON.format(type.getSimpleName(), union)
                            : Message.POINTER_NO_JSON.format(type.getSimpleName(), pointer), type);
        }
        if (!java) {
            return;
        }
        files.java(new ValidatorClassWriter(model.get()).write(), type);
        if (!model.get().fallback().isEmpty() && processingEnv.getElementUtils().getTypeElement(HV_FALLBACK) == null) {
            String simple = type.getSimpleName().toString();
            messager.printMessage(Diagnostic.Kind.WARNING, Message.VALIDATION_FALLBACK.format(
                    simple, String.join("; ", model.get().fallback()), model.get().record().flatName(), simple), type);
        }
        if (json && union == null && pointer == null) {
            String why = JsonCodecWriter.unsupportedReason(model.get());
            if (why == null) {
                files.java(new JsonCodecWriter(plan).write(), type);
            } else {
                messager.printMessage(Diagnostic.Kind.NOTE,
                        Message.JSON_CODEC_SKIPPED.format(model.get().record().flatName(), type.getSimpleName(), why), type);
            }
        }
    }

    /**
     * Reports every class the record would generate that exists already and was not generated by
     * structbridge (a user's {@code FooView} beside {@code @Struct Foo}): the Filer would refuse to write it
     * with a FilerException, or the generated class would silently replace the user's one.
     */
    /** The Hibernate Validator fallback (module structbridge-hibernate-validator). */
    private static final String HV_FALLBACK = "io.structbridge.hv.HibernateValidatorFallback";

    private boolean existingClassClash(TypeElement type, StructModel model, boolean json) {
        boolean clash = false;
        java.util.List<String> suffixes = new java.util.ArrayList<>(java.util.List.of("Struct", "View", "Array", "Columns", "Validator"));
        if (json) {
            suffixes.add("Json");
        }
        String prefix = model.record().packageName().isEmpty() ? "" : model.record().packageName() + ".";
        for (String suffix : suffixes) {
            String name = prefix + model.record().flatName() + suffix;
            TypeElement existing = processingEnv.getElementUtils().getTypeElement(name);
            if (existing != null && existing.getAnnotationMirrors().stream().noneMatch(a -> ((TypeElement) a.getAnnotationType()
                    .asElement()).getQualifiedName().contentEquals(GENERATED))) {
                messager.printMessage(Diagnostic.Kind.ERROR,
                        Message.GENERATED_CLASS_EXISTS.format(model.record().canonicalName(), name), type);
                clash = true;
            }
        }
        return clash;
    }

    /** The annotation on every class structbridge generates. */
    private static final String GENERATED = "io.structbridge.runtime.Generated";

    /** {@return the kinds of output -Astructbridge.outputs names (all when unset), or none after reporting a bad value} */
    private Set<Outputs> outputs() {
        String option = processingEnv.getOptions().get(OPTION_OUTPUTS);
        try {
            return Outputs.parse(processingEnv.getOptions().containsKey(OPTION_OUTPUTS) && option == null ? "" : option);
        } catch (IllegalArgumentException e) {
            messager.printMessage(Diagnostic.Kind.ERROR, Message.OUTPUTS_OPTION.format(
                    option == null ? "" : option, e.getMessage(), Outputs.all()));
            return java.util.EnumSet.noneOf(Outputs.class);
        }
    }

    private Path dir(String option) {
        String dir = processingEnv.getOptions().get(option);
        return dir == null || dir.isBlank() ? null : Path.of(dir);
    }

    private boolean paddingNotes() {
        return !"false".equalsIgnoreCase(processingEnv.getOptions().get(OPTION_PADDING_NOTES));
    }
}

package io.structbridge.processor;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import io.structbridge.annotations.Struct;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.Set;
import javax.lang.model.AnnotatedConstruct;
import org.junit.jupiter.api.Test;

/**
 * The processor never loads user classes, the annotations depend on nothing, and the processor's
 * phases only look backwards: model <- layout <- writers, parse -> model, writers never see parse, and no two
 * of the processor's packages depend on each other.
 *
 * <p>Classes are imported from where the JVM loaded them (target/classes of this module, the
 * annotations jar), so the rules see exactly the code under test and no test class.
 */
class ArchitectureTest {
    static final String PROCESSOR = "io.structbridge.processor";

    static final JavaClasses PROCESSOR_CLASSES = importFrom(StructProcessor.class);
    static final JavaClasses ANNOTATION_CLASSES = importFrom(Struct.class);

    private static JavaClasses importFrom(Class<?> anchor) {
        URL location = anchor.getProtectionDomain().getCodeSource().getLocation();
        try {
            return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importLocations(Set.of(Location.of(location.toURI())));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theProcessorNeverLoadsClassesByName() {
        noClasses().that().resideInAPackage(PROCESSOR + "..")
                .should().callMethod(Class.class, "forName", String.class)
                .orShould().callMethod(Class.class, "forName", String.class, boolean.class, ClassLoader.class)
                .orShould().callMethod(Class.class, "forName", Module.class, String.class)
                .because("the processor sees user code only through javax.lang.model, never by loading it")
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void theProcessorUsesNoReflection() {
        noClasses().that().resideInAPackage(PROCESSOR + "..")
                .should().dependOnClassesThat().resideInAPackage("java.lang.reflect..")
                .because("the processor reads elements and mirrors, not loaded classes")
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void theProcessorUsesNoClassLoader() {
        noClasses().that().resideInAPackage(PROCESSOR + "..")
                .should().dependOnClassesThat().areAssignableTo(ClassLoader.class)
                .because("a class loader would load user classes, which may not even compile yet")
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void annotationsAreReadFromMirrorsNeverAsInstances() {
        noClasses().that().resideInAPackage(PROCESSOR + "..")
                .should().callMethod(AnnotatedConstruct.class, "getAnnotation", Class.class)
                .orShould().callMethod(AnnotatedConstruct.class, "getAnnotationsByType", Class.class)
                .because("getAnnotation() builds a proxy of the annotation class and throws for Class-valued members"
                        + " (see Mirrors)")
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void theAnnotationsDependOnNothingButJavaLang() {
        classes().that().resideInAPackage("io.structbridge.annotations")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.structbridge.annotations", "java.lang",
                        "java.lang.annotation")
                .check(ANNOTATION_CLASSES);
    }

    @Test
    void theModelDependsOnNothingElseInTheProcessor() {
        classes().that().resideInAPackage(PROCESSOR + ".model..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage(PROCESSOR + "..")
                        .or(resideInAPackage(PROCESSOR + ".model..")))
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void theLayoutDependsOnlyOnTheModel() {
        classes().that().resideInAPackage(PROCESSOR + ".layout..")
                .should().onlyDependOnClassesThat(resideOutsideOfPackage(PROCESSOR + "..")
                        .or(resideInAnyPackage(PROCESSOR + ".layout..", PROCESSOR + ".model..")))
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void theProcessorsPackagesAreFreeOfCycles() {
        // parse and check share the annotation-mirror helpers of element; check reads no parser class
        slices().matching(PROCESSOR + ".(*)..")
                .should().beFreeOfCycles()
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void parsingNeverUsesTheWriters() {
        noClasses().that().resideInAPackage(PROCESSOR + ".parse..")
                .should().dependOnClassesThat().resideInAPackage(PROCESSOR + ".write..")
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void writersSeeOnlyTheModelNeverTheParser() {
        noClasses().that().resideInAPackage(PROCESSOR + ".write..")
                .should().dependOnClassesThat().resideInAPackage(PROCESSOR + ".parse..")
                .check(PROCESSOR_CLASSES);
    }

    @Test
    void writersDoNotDependOnJavacElements() {
        // Writers work from the model; only GeneratedFiles touches the originating element. (JavaPoet's
        // Modifier enum is javax.lang.model's, and allowed.)
        noClasses().that().resideInAPackage(PROCESSOR + ".write..")
                .and(not(com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo(
                        io.structbridge.processor.write.GeneratedFiles.class)))
                .should().dependOnClassesThat(resideInAnyPackage("javax.lang.model.element..", "javax.lang.model.type..",
                        "javax.lang.model.util..").and(not(com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo(
                        javax.lang.model.element.Modifier.class)))
                        .and(not(com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo(
                        javax.lang.model.element.Modifier[].class))))
                .check(PROCESSOR_CLASSES);
    }
}

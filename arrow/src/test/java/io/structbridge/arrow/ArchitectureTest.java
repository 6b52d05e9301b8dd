package io.structbridge.arrow;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The module's border: its main classes depend only on {@code java.*} and the layout runtime (no
 * Arrow Java, no DuckDB, no processor or annotation types, no reflection beyond the method handles of
 * the upcall stubs).
 */
class ArchitectureTest {
    @Test
    void mainClassesDependOnlyOnJavaAndTheRuntime() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("io.structbridge.arrow");
        assertTrue(main.size() >= 8, "the rule sees the main classes: " + main.size());
        classes().that().resideInAPackage("io.structbridge.arrow").and().haveSimpleNameNotEndingWith("Test")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java.lang", "java.lang.foreign", "java.lang.invoke",
                        "java.nio", "java.nio.charset", "java.util", "java.util.concurrent", "java.util.concurrent.atomic",
                        "java.util.function", "java.util.stream", "java.io", "io.structbridge.runtime", "io.structbridge.arrow")
                .check(main);
    }

    @Test
    void onlyTheFilesPackageUsesArrowJavaAndDuckDb() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("io.structbridge.arrow.files");
        assertTrue(main.size() >= 2, "the rule sees the files classes: " + main.size());
        classes().that().resideInAPackage("io.structbridge.arrow.files")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.structbridge.runtime", "io.structbridge.arrow",
                        "io.structbridge.arrow.files", "org.apache.arrow..", "org.duckdb..")
                .check(main);
    }
}

package io.structbridge.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The module's border: main classes depend on {@code java.*}, the layout runtime and Spark's
 * connector API only; never on the processor, the annotations, Arrow or DuckDB.
 */
class ArchitectureTest {
    static JavaClasses main() {
        JavaClasses main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("io.structbridge.spark");
        assertTrue(main.size() >= 15, "the rule sees the main classes: " + main.size());
        return main;
    }

    @Test
    void mainClassesDependOnJavaTheRuntimeAndSparkOnly() {
        classes().that().resideInAPackage("io.structbridge.spark")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "io.structbridge.runtime",
                        "io.structbridge.spark", "org.apache.spark.sql.connector..", "org.apache.spark.sql.sources",
                        "org.apache.spark.sql.types", "org.apache.spark.sql.util", "org.apache.spark.sql.vectorized",
                        "org.apache.spark.sql.catalyst", "org.apache.spark.unsafe.types", "scala..",
                        // pushed aggregates: their rows, Spark's own overflow check, the ANSI setting; the cores a
                        // scan splits for (SparkSession.active().sparkContext().defaultParallelism())
                        "org.apache.spark.sql.catalyst.expressions", "org.apache.spark.sql.catalyst.util",
                        "org.apache.spark.sql.internal", "org.apache.spark.sql", "org.apache.spark")
                .check(main());
    }

    @Test
    void neverTheProcessor() {
        noClasses().that().resideInAPackage("io.structbridge.spark")
                .should().dependOnClassesThat().resideInAnyPackage("io.structbridge.processor..", "io.structbridge.annotations..",
                        "io.structbridge.arrow..", "org.duckdb..", "org.apache.arrow..")
                .check(main());
    }
}

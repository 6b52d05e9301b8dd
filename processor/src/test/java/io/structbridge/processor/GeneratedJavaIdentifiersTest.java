package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Components and records named like Java's restricted identifiers, contextual keywords and {@code java.lang} types
 * compile into generated Java that javac accepts. Each test says what used to happen.
 */
class GeneratedJavaIdentifiersTest {
    /**
     * Was: a component named {@code yield} made {@code RStruct.read} call {@code yield(segment, offset)}, which
     * javac refuses ("invalid use of a restricted identifier"). Every restricted identifier and contextual
     * keyword Java allows as a component name is tried, in each kind of component with generated accessors,
     * validator and JSON codec.
     */
    @Test
    void componentsNamedLikeRestrictedIdentifiers() {
        String a = "io.structbridge.annotations.";
        List<String> names = List.of("yield", "var", "record", "sealed", "permits", "when", "module", "open",
                "exports", "transitive", "to", "with", "uses", "provides", "opens");
        StringBuilder scalars = new StringBuilder();
        for (String n : names) {
            scalars.append(scalars.isEmpty() ? "" : ", ").append("@jakarta.validation.constraints.Min(1) int ").append(n);
        }
        Compilation c = Compilations.compile(
                source("p.E", "package p;", "public enum E { @" + a + "Code(1) A }"),
                source("p.Y1", "package p;", "@" + a + "Struct public record Y1(" + scalars + ") {}"),
                source("p.Y2", "package p;", "@" + a + "Struct public record Y2(@" + a + "Length(2) int[] yield, int var) {}"),
                source("p.Y3", "package p;", "@" + a + "Struct public record Y3(Y1 yield, Y1 record) {}"),
                source("p.Y4", "package p;", "@" + a + "Struct public record Y4(@" + a + "Length(2) Y1[] yield) {}"),
                source("p.Y5", "package p;", "@" + a + "Struct public record Y5(@" + a + "Capacity(4) String yield, E sealed, "
                        + "@" + a + "Length(2) char[] permits, boolean when, double var) {}"));
        assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void recordNamedString() {
        Compilation c = Compilations.compile(source("p.String", "package p;",
                "@io.structbridge.annotations.Struct public record String(int a) {}"));
        assertThat(c).succeeded();
    }
}

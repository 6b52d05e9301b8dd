package io.structbridge.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.structbridge.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * Structs near the size limit: a nested struct over 2 GiB lays out, a size beyond the limit is an SB- error on the
 * record, never an overflow.
 */
class StructSizeLimitsTest {
    @Test
    void nestedStructLargerThanTwoGigabytes() {
        Compilation c = Compilations.compile(
                source("p.Big", "package p;", "@io.structbridge.annotations.Struct",
                        "public record Big(@io.structbridge.annotations.Length(300000000) long[] a) {}"),
                source("p.Bigs", "package p;", "@io.structbridge.annotations.Struct",
                        "public record Bigs(int n, @io.structbridge.annotations.Length(2) Big[] b) {}"));
        assertThat(c).succeeded();
    }

    @Test
    void sizeOverflowIsAnError() {
        Compilation c = Compilations.compiler().compile(
                source("p.Big", "package p;", "@io.structbridge.annotations.Struct",
                        "public record Big(@io.structbridge.annotations.Length(2147483647) long[] a) {}"),
                source("p.Huge", "package p;", "@io.structbridge.annotations.Struct",
                        "public record Huge(@io.structbridge.annotations.Length(2147483647) Big[] b) {}"));
        assertThat(c).hadErrorContaining("[SB-").inFile(c.sourceFiles().get(1)).onLineContaining("record Huge");
    }
}

package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java block of docs/spark.md (the one marked {@code compiled by SparkDocBlockTest}) compiles against the Spark this
 * module builds with, wrapped in a method with the imports a user writes.
 */
class SparkDocBlockTest {
    static final String GUIDE = "docs/spark.md";

    @Test
    void theGuidesJavaBlockCompilesAgainstSpark(@TempDir Path dir) throws Exception {
        String doc = Files.readString(Path.of("").toAbsolutePath().getParent().resolve(GUIDE));
        String marker = "compiled by SparkDocBlockTest -->\n```java\n";
        int at = doc.indexOf(marker);
        assertTrue(at >= 0, GUIDE + " has the marked Java block");
        int from = at + marker.length();
        String block = doc.substring(from, doc.indexOf("\n```", from) + 1);
        Path src = Files.writeString(dir.resolve("SparkBlock.java"), """
                import org.apache.spark.sql.*;

                class SparkBlock {
                    static void run() {
                %s    }
                }
                """.formatted(block));
        StringWriter out = new StringWriter();
        int exit;
        try (PrintWriter w = new PrintWriter(out)) {
            exit = java.util.spi.ToolProvider.findFirst("javac").orElseThrow().run(w, w, List.of("--release", "22", "-proc:none",
                    "-classpath", System.getProperty("java.class.path"), "-d", dir.resolve("classes").toString(), src.toString())
                    .toArray(String[]::new));
        }
        assertEquals(0, exit, GUIDE + "'s Java block compiles:\n" + out + "\n" + Files.readString(src));
    }
}

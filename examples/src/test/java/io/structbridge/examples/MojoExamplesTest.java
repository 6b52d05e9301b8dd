package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Mojo file the examples' records generate ({@code -Astructbridge.pythonDir=target/python}, beside the runtime
 * {@code structbridge_rt.mojo}) is compiled by the real Mojo compiler in one program that prints each struct's
 * {@code SIZE} and {@code ALIGNMENT}; using them makes the compiler check the file's layout assertions, and the numbers
 * must be those of the generated Java ({@code RStruct.SIZE}, {@code ALIGNMENT}), which gcc checks against
 * {@code <elf.h>} and the C headers in the other tests.
 */
class MojoExamplesTest {
    static final Path GENERATED = Path.of("target/python").toAbsolutePath();
    static final List<String> PACKAGES = List.of("io.structbridge.examples.cities", "io.structbridge.examples.elf",
            "io.structbridge.examples.tzif");

    @Test
    void everyExampleMojoFileCompilesWithTheJavaLayout(@TempDir Path dir) throws IOException {
        Path mojo = Oracles.require("mojo");
        assertTrue(Files.isRegularFile(GENERATED.resolve("structbridge_rt.mojo")), "the runtime beside the generated files");
        List<String> modules;
        try (Stream<Path> files = Files.list(GENERATED)) {
            modules = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".mojo") && !n.equals("structbridge_rt.mojo"))
                    .map(n -> n.substring(0, n.length() - ".mojo".length())).sorted().toList();
        }
        assertTrue(modules.containsAll(List.of("Place", "Hit", "City", "Elf64Ehdr", "TzifHeader", "TtInfo")), modules.toString());
        StringBuilder src = new StringBuilder();
        StringBuilder main = new StringBuilder("\ndef main():\n");
        Map<String, String> expected = new LinkedHashMap<>();
        for (String m : modules) {
            src.append("import ").append(m).append('\n');
            main.append("    print(\"").append(m).append("\", ").append(m).append('.').append(m).append(".SIZE, ").append(m).append('.')
                    .append(m).append(".ALIGNMENT)\n");
            Class<?> struct = struct(m);
            expected.put(m, constant(struct, "SIZE") + " " + constant(struct, "ALIGNMENT"));
        }
        Path file = dir.resolve("examples_layouts.mojo");
        Files.writeString(file, src.append(main).toString());
        Path exe = dir.resolve("examples_layouts");
        long start = System.nanoTime();
        Oracles.run(List.of(mojo.toString(), "build", "-I", GENERATED.toString(), "-o", exe.toString(), file.toString()), 900);
        System.out.println("MojoExamplesTest: " + modules.size() + " Mojo files compiled in one mojo build in "
                + (System.nanoTime() - start) / 1_000_000 + " ms");
        Map<String, String> actual = new LinkedHashMap<>();
        for (String line : Oracles.run(List.of(exe.toString())).strip().split("\n")) {
            actual.put(line.substring(0, line.indexOf(' ')), line.substring(line.indexOf(' ') + 1));
        }
        assertEquals(expected, actual);
    }

    private static long constant(Class<?> struct, String name) {
        try {
            return struct.getField(name).getLong(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Class<?> struct(String module) {
        for (String p : PACKAGES) {
            try {
                return Class.forName(p + "." + module + "Struct");
            } catch (ClassNotFoundException e) {
                // next package
            }
        }
        return fail(module + ".mojo belongs to no example record");
    }
}

package io.structbridge.examples.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.examples.Oracles;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles {@code src/test/c/elf_offsets.c} against the system's {@code <elf.h>} and compares
 * its {@code sizeof}, {@code _Alignof} and {@code offsetof} values with the generated
 * {@code SIZE}, {@code ALIGNMENT} and {@code *_OFFSET} constants of the Elf64 records.
 */
class ElfLayoutOracleTest {
    /** Generated class per C struct. */
    private static final Map<String, Class<?>> STRUCTS = Map.of(
            "Elf64_Ehdr", Elf64EhdrStruct.class,
            "Elf64_Shdr", Elf64ShdrStruct.class,
            "Elf64_Phdr", Elf64PhdrStruct.class,
            "Elf64_Dyn", Elf64DynStruct.class);
    /** C member names whose Java component has another name. */
    private static final Map<String, String> RENAMED = Map.of("d_un", "D_VAL");

    @Test
    void generatedConstantsMatchGccOffsetof(@TempDir Path dir) throws Exception {
        Path gcc = Oracles.require("gcc");
        Path source = Path.of("src/test/c/elf_offsets.c").toAbsolutePath();
        Path exe = dir.resolve("elf_offsets");
        Oracles.run(List.of(gcc.toString(), "-std=c11", "-Wall", "-Werror", "-o", exe.toString(), source.toString()));
        String output = Oracles.run(List.of(exe.toString()));

        Map<String, Integer> fieldsPerStruct = new HashMap<>();
        int checked = 0;
        for (String line : output.split("\n")) {
            String[] w = line.split(" ");
            Class<?> generated = STRUCTS.get(w[1]);
            if (w[0].equals("struct")) {
                assertEquals(Long.parseLong(w[2]), constant(generated, "SIZE"), "sizeof(" + w[1] + ")");
                assertEquals(Long.parseLong(w[3]), constant(generated, "ALIGNMENT"), "_Alignof(" + w[1] + ")");
            } else {
                String name = RENAMED.getOrDefault(w[2], w[2].toUpperCase());
                assertEquals(Long.parseLong(w[3]), constant(generated, name + "_OFFSET"),
                        "offsetof(" + w[1] + ", " + w[2] + ")");
                fieldsPerStruct.merge(w[1], 1, Integer::sum);
            }
            checked++;
        }
        assertEquals(Map.of("Elf64_Ehdr", 14, "Elf64_Shdr", 10, "Elf64_Phdr", 8, "Elf64_Dyn", 2), fieldsPerStruct);
        assertTrue(checked > 30);
    }

    private static long constant(Class<?> c, String name) throws ReflectiveOperationException {
        return ((Number) c.getField(name).get(null)).longValue();
    }
}

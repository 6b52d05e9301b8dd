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

    /**
     * Compiles the generated C headers (Elf64Ehdr.h, ...) together with {@code <elf.h>} and static
     * assertions that every struct has the size, alignment and member offsets of its elf.h twin;
     * the generated headers' own {@code _Static_assert}s are checked by the same compilation.
     */
    @Test
    void generatedHeadersAgreeWithElfH(@TempDir Path dir) throws Exception {
        Path gcc = Oracles.require("gcc");
        Path headers = Path.of(Elf64EhdrStruct.class.getResource("Elf64Ehdr.h").toURI()).getParent();
        Path exe = dir.resolve("elf_offsets");
        Oracles.run(List.of(gcc.toString(), "-std=c11", "-o", exe.toString(),
                Path.of("src/test/c/elf_offsets.c").toAbsolutePath().toString()));
        StringBuilder c = new StringBuilder("#include <elf.h>\n#include <stddef.h>\n");
        for (String h : List.of("Elf64Ehdr", "Elf64Shdr", "Elf64Phdr", "Elf64Dyn")) {
            c.append("#include \"").append(h).append(".h\"\n");
        }
        int asserts = 0;
        for (String line : Oracles.run(List.of(exe.toString())).split("\n")) {
            String[] w = line.split(" ");
            String ours = w[1].replace("_", ""); // Elf64_Ehdr -> Elf64Ehdr
            if (w[0].equals("struct")) {
                c.append(String.format("_Static_assert(sizeof(%s) == sizeof(%s), \"sizeof %s\");%n", ours, w[1], ours));
                c.append(String.format("_Static_assert(_Alignof(%s) == _Alignof(%s), \"_Alignof %s\");%n",
                        ours, w[1], ours));
            } else {
                String member = w[2].equals("d_un") ? "dVal" : camel(w[2]);
                c.append(String.format("_Static_assert(offsetof(%s, %s) == offsetof(%s, %s), \"%s.%s\");%n",
                        ours, member, w[1], w[2], ours, member));
                c.append(String.format("_Static_assert(sizeof(((%s *)0)->%s) == sizeof(((%s *)0)->%s), \"%s.%s size\");%n",
                        ours, member, w[1], w[2], ours, member));
            }
            asserts++;
        }
        c.append("int main(void) { return 0; }\n");
        Path source = java.nio.file.Files.writeString(dir.resolve("check.c"), c);
        Oracles.run(List.of(gcc.toString(), "-std=c11", "-Wall", "-Werror", "-I", headers.toString(), "-o",
                dir.resolve("check").toString(), source.toString()));
        assertEquals(38, asserts);
    }

    @Test
    void generatedTzifHeadersCompile(@TempDir Path dir) throws Exception {
        Path gcc = Oracles.require("gcc");
        Path headers = Path.of(io.structbridge.examples.tzif.TzifHeaderStruct.class.getResource("TzifHeader.h").toURI())
                .getParent();
        StringBuilder c = new StringBuilder();
        for (String h : List.of("TzifHeader", "TtInfo", "TransitionTime32", "TransitionTime64", "TransitionType",
                "LeapSecond32", "LeapSecond64", "Indicator")) {
            c.append("#include \"").append(h).append(".h\"\n");
        }
        c.append("_Static_assert(sizeof(TzifHeader) == 44, \"RFC 8536 header\");\n");
        c.append("_Static_assert(sizeof(TtInfo) == 6, \"RFC 8536 ttinfo\");\n");
        c.append("_Static_assert(sizeof(LeapSecond64) == 12, \"RFC 8536 v2 leap-second record\");\n");
        c.append("int main(void) { return 0; }\n");
        Path source = java.nio.file.Files.writeString(dir.resolve("tzif.c"), c);
        Oracles.run(List.of(gcc.toString(), "-std=c11", "-Wall", "-Werror", "-I", headers.toString(), "-o",
                dir.resolve("tzif").toString(), source.toString()));
    }

    /** e_phentsize -> ePhentsize. */
    private static String camel(String snake) {
        String[] parts = snake.split("_");
        StringBuilder b = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return b.toString();
    }

    private static long constant(Class<?> c, String name) throws ReflectiveOperationException {
        return ((Number) c.getField(name).get(null)).longValue();
    }
}

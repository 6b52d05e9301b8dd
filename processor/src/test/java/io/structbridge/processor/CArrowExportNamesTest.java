package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.oracles.OracleProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C Arrow export of the header ({@code STRUCTBRIDGE_ARROW}) for declarations chosen to break it:
 * records and members named like the locals and parameters of the generated code ({@code x}, {@code n},
 * {@code s}, {@code r}, {@code k}, {@code sb_p}...), struct arrays inside struct arrays, a bool and text inside
 * them, a {@code uint64_t} enum with the largest code the processor accepts, a little-endian member. gcc and g++ compile it in strict
 * and GNU modes with {@code -Wall -Wextra -Wpedantic -Werror}; a C program then checks the format strings,
 * values and the error path that names the row and the element indexes.
 */
class CArrowExportNamesTest {
    private static final String HEAD = "package t;\nimport io.structbridge.annotations.*;\n";

    private static String run(Path dir, String... cmd) {
        return OracleProcess.of(cmd).in(dir).mergeErrors().timeout(120).check().stdout();
    }

    private static final String PROGRAM = """
            #define STRUCTBRIDGE_ARROW
            #include "n.h"
            #include <stdio.h>
            #include <string.h>

            int main(void) {
                n v[2];
                struct ArrowSchema s;
                struct ArrowArray a;
                char m[200];
                int rc;
                memset(v, 0, sizeof v);
                v[1].r[1].k[2].sb_p = 1;
                v[1].r[1].k[2].r = 7;
                v[1].k = UINT64_C(9223372036854775807);
                v[0].k = 5;
                v[1].le = 0x0102; /* stored little-endian: on a little-endian host the same bits */
                memcpy(v[1].r[0].k[1].t, "ok", 2);
                rc = n_export_arrow_message(v, 2, &s, &a, m, sizeof m);
                if (rc != 0) {
                    printf("rc %d %s\\n", rc, m);
                    return 1;
                }
                printf("%s %s %s|", s.format, s.name, s.children[0]->format);
                printf("%s %s %s|", s.children[0]->children[0]->format, s.children[0]->children[0]->children[0]->format,
                       s.children[0]->children[0]->children[0]->children[0]->format);
                printf("%s %s|", s.children[1]->format, s.children[2]->format);
                {
                    const struct ArrowArray *item = a.children[0]->children[0];    /* x[]: 2 rows x 2 */
                    const struct ArrowArray *inner = item->children[0]->children[0]; /* x[].s[]: 2 x 2 x 3 */
                    const unsigned char *flags = (const unsigned char *) inner->children[0]->buffers[1];
                    const int8_t *r = (const int8_t *) inner->children[1]->buffers[1];
                    const int32_t *offsets = (const int32_t *) inner->children[2]->buffers[1];
                    const char *text = (const char *) inner->children[2]->buffers[2];
                    const uint64_t *k = (const uint64_t *) a.children[1]->buffers[1];
                    printf("%lld %lld %d %d %d %.*s %llu %llu %d|", (long long) item->length, (long long) inner->length,
                           (flags[11 / 8] >> (11 % 8)) & 1, r[11], r[10], (int) (offsets[8] - offsets[7]), text + offsets[7],
                           (unsigned long long) k[0], (unsigned long long) k[1], ((const int16_t *) a.children[2]->buffers[1])[1]);
                }
                s.release(&s);
                a.release(&a);
                v[1].r[1].k[2].sb_p = 0;
                memset(&v[1].r[1].k[1].sb_p, 3, 1);
                rc = n_export_arrow_message(v, 2, &s, &a, m, sizeof m);
                printf("%d %s|", rc == EINVAL, m);
                v[1].r[1].k[1].sb_p = 0;
                v[0].k = 6;
                rc = n_export_arrow_message(v, 2, &s, &a, m, sizeof m);
                printf("%d %s\\n", rc == EINVAL, m);
                return 0;
            }
            """;

    @Test
    void namesLikeTheGeneratedLocalsNestedStructArraysAndUnsigned64BitEnumCodes(@TempDir Path dir) throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("t.K", "package t;\nimport io.structbridge.annotations.Code;\n"
                + "public enum K { @Code(5) A, @Code(9223372036854775807L) MAX }\n");
        files.put("t.s", HEAD + "@Struct public record s(boolean sb_p, byte r, @Capacity(4) String t) {}\n");
        files.put("t.x", HEAD + "@Struct public record x(@Length(3) s[] k, short n) {}\n");
        files.put("t.n", HEAD + "@Struct public record n(@Length(2) x[] r, @NativeType(CType.UINT64) K k, @Order(Endian.LITTLE) short le) {}\n");
        DiskCompilation c = DiskCompilation.compile(dir, files);
        assertTrue(c.success(), String.join("\n", c.errors()));
        Path t = c.classes().resolve("t");
        Files.writeString(dir.resolve("unit.c"), "#define STRUCTBRIDGE_ARROW\n#include \"n.h\"\n#include \"x.h\"\n#include \"s.h\"\n"
                + "int sb_unused;\n");
        for (List<String> mode : List.of(List.of("gcc", "c", "-std=c11"), List.of("gcc", "c", "-std=gnu17"),
                List.of("g++", "c++", "-std=c++17"), List.of("g++", "c++", "-std=gnu++17"))) {
            List<String> cmd = new ArrayList<>(List.of(Gcc.tool(mode.get(0)), "-x", mode.get(1), mode.get(2), "-Wall", "-Wextra",
                    "-Wpedantic", "-Werror", "-O2", "-I", t.toString(), "-I", Gcc.arrowRuntimeDir().toString(), "-c", "-o", dir.resolve("unit.o").toString(),
                    dir.resolve("unit.c").toString()));
            run(dir, cmd.toArray(String[]::new));
        }
        Files.writeString(dir.resolve("program.c"), PROGRAM);
        run(dir, Gcc.tool("gcc"), "-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I", t.toString(), "-I", Gcc.arrowRuntimeDir().toString(), "-o",
                dir.resolve("program").toString(), dir.resolve("program.c").toString());
        String out = run(dir, dir.resolve("program").toString()).trim();
        assertEquals("+s n +w:2|+s +w:3 +s|L s|"
                + "4 12 1 7 0 ok 5 9223372036854775807 258|"
                + "1 row 1, field 'r[1].k[1].sb_p': bool byte 3 is neither 0 nor 1|"
                + "1 row 0, field 'k': enum code 6 is not one of A=5,MAX=9223372036854775807", out);
    }
}

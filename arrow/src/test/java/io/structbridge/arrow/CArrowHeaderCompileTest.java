package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C export of the headers ({@code STRUCTBRIDGE_ARROW}) compiles with gcc and g++ in strict and GNU
 * modes with all warnings as errors ({@code -Wall -Wextra -Wpedantic -Werror}): every header alone (each
 * includes what it uses; {@code -fsyntax-only}), and all together in one translation unit that calls every
 * export, compiled at {@code -O2} so the optimiser's warnings count too; structs
 * with a union or a pointer get no export function (calling one is a compile error); and a C program
 * that exports, moves a child out, releases and hits an error runs clean under valgrind (no leak, no
 * double free, no read of freed memory), also when each allocation in turn fails (ENOMEM, outputs untouched),
 * and runs on AArch64 too (cross gcc, qemu-aarch64).
 */
class CArrowHeaderCompileTest {
    @TempDir
    Path dir;

    static final List<String> ACCEPTED;

    static {
        List<String> all = new ArrayList<>(ArrowJavaOracleTest.FIXTURES);
        all.add("io.structbridge.arrow.GeoPlace");
        ACCEPTED = List.copyOf(all);
    }

    /** A unit that includes the header(s) and calls each export (outputs released), so nothing is dead code. */
    private static String unit(List<String> accepted, List<String> refused) {
        StringBuilder b = new StringBuilder("#define STRUCTBRIDGE_ARROW\n");
        for (String n : accepted) {
            b.append("#include \"").append(CHeaders.cName(n)).append(".h\"\n");
        }
        for (String n : refused) {
            b.append("#include \"").append(CHeaders.cName(n)).append(".h\"\n");
        }
        b.append("int sb_use(void);\nint sb_use(void) {\n    int rc = 0;\n");
        for (String n : accepted) {
            String c = CHeaders.cName(n);
            b.append("    {\n        ").append(c).append(" v[2];\n        struct ArrowSchema s;\n        struct ArrowArray a;\n")
                    .append("        char m[64];\n        memset(v, 0, sizeof v);\n")
                    .append("        rc |= ").append(c).append("_export_arrow_message(v, 2, &s, &a, m, sizeof m);\n")
                    .append("        if (rc == 0) {\n            s.release(&s);\n            a.release(&a);\n        }\n")
                    .append("        rc |= ").append(c).append("_export_arrow(v, 0, &s, &a);\n")
                    .append("        if (rc == 0) {\n            s.release(&s);\n            a.release(&a);\n        }\n    }\n");
        }
        return b.append("    return rc;\n}\n").toString();
    }

    /**
     * Compiles a unit of {@code accepted} and {@code refused} headers in {@code mode}: {@code optimised} compiles it
     * at {@code -O2} into an object file (the optimiser's warnings count); otherwise gcc only checks its syntax and
     * semantics ({@code -fsyntax-only}: every diagnostic of the front end, no code generated).
     */
    private void compile(List<String> mode, List<String> accepted, List<String> refused, String tag, boolean optimised)
            throws IOException {
        CHeaders.require(mode.getFirst());
        Path d = Files.createDirectories(dir.resolve(tag));
        for (String n : accepted) {
            CHeaders.copy(n, d);
        }
        for (String n : refused) {
            CHeaders.copy(n, d);
        }
        Path src = d.resolve("unit.c");
        Files.writeString(src, unit(accepted, refused));
        List<String> how = optimised ? List.of("-O2", "-c", "-o", d.resolve("unit.o").toString()) : List.of("-fsyntax-only");
        List<String> cmd = new ArrayList<>(CHeaders.compile(mode, how.toArray(String[]::new)));
        cmd.add(src.toString());
        CHeaders.check(d, cmd.toArray(String[]::new));
    }

    @TestFactory
    Stream<DynamicTest> everyHeaderCompilesStrictAndGnu() {
        return CHeaders.MODES.stream().flatMap(mode -> ACCEPTED.stream().map(n -> DynamicTest.dynamicTest(
                CHeaders.cName(n) + " " + mode.get(3), () -> compile(mode, List.of(n), List.of(), CHeaders.cName(n) + mode.get(3), false))));
    }

    @TestFactory
    Stream<DynamicTest> allHeadersTogetherInOneUnit() {
        return CHeaders.MODES.stream().map(mode -> DynamicTest.dynamicTest(mode.get(3),
                () -> compile(mode, ACCEPTED, ArrowJavaOracleTest.REFUSED, "all" + mode.get(3), true)));
    }

    @Test
    void structsWithAUnionOrAPointerHaveNoExport() throws IOException {
        CHeaders.require("gcc");
        for (String n : ArrowJavaOracleTest.REFUSED) {
            Path d = Files.createDirectories(dir.resolve("refused-" + n));
            Path h = CHeaders.copy(n, d);
            String text = Files.readString(h);
            assertTrue(text.contains("/* " + n + "_export_arrow is not generated: "), n + ": the header says why");
            Path src = d.resolve("call.c");
            Files.writeString(src, "#define STRUCTBRIDGE_ARROW\n#include \"" + n + ".h\"\nint sb_call(void);\n"
                    + "int sb_call(void) { return " + n + "_export_arrow(0, 0, 0, 0); }\n");
            CHeaders.Result r = CHeaders.run(CHeaders.compile(List.of("gcc", "-x", "c", "-std=c11"), "-c", "-o",
                    d.resolve("call.o").toString(), src.toString()), d);
            assertTrue(r.exit() != 0 && r.out().contains(n + "_export_arrow"), n + ": " + r.out());
        }
    }

    private static final String PROGRAM = """
            #include <stdlib.h>
            /* an allocator that fails at the n-th call (0: never), to walk every out-of-memory path */
            static long fail_at, calls;
            static void *test_malloc(size_t size) {
                if (fail_at != 0 && ++calls == fail_at) {
                    return NULL;
                }
                return malloc(size);
            }
            #define STRUCTBRIDGE_ARROW_MALLOC(size) test_malloc(size)
            #define STRUCTBRIDGE_ARROW_FREE(block) free(block)
            #define STRUCTBRIDGE_ARROW
            #include "Body.h"
            #include "Texts.h"
            #include <stdio.h>
            #include <string.h>

            static int untouched(const void *p, size_t n) {
                const unsigned char *b = (const unsigned char *) p;
                size_t i;
                for (i = 0; i < n; i++) {
                    if (b[i] != 0x33) {
                        return 0;
                    }
                }
                return 1;
            }

            int main(void) {
                Body bodies[3];
                Texts texts[2];
                struct ArrowSchema s, s2;
                struct ArrowArray a, moved, a2;
                char message[128];
                int rc, i;
                memset(bodies, 0, sizeof bodies);
                for (i = 0; i < 3; i++) {
                    bodies[i].id = i;
                    bodies[i].corners[1].x = (float) i;
                }
                rc = Body_export_arrow(bodies, 3, &s, &a);
                if (rc != 0 || a.length != 3 || a.n_children != 5 || s.n_children != 5) {
                    printf("export failed %d\\n", rc);
                    return 1;
                }
                /* move the child 'corners' out (the spec's "Moving child arrays"), release the parent, then the child */
                moved = *a.children[2];
                a.children[2]->release = NULL;
                a.release(&a);
                if (a.release != NULL || moved.length != 3 || moved.children[0]->length != 6) {
                    printf("release or move failed\\n");
                    return 2;
                }
                if (((const float *) moved.children[0]->children[0]->buffers[1])[5] != 2.0f) {
                    printf("moved child's values\\n");
                    return 3;
                }
                moved.release(&moved);
                if (moved.release != NULL) {
                    return 4;
                }
                s.release(&s);
                /* an error: the outputs are untouched and nothing stays allocated */
                memset(texts, 0, sizeof texts);
                memcpy(texts[1].utf8, "ab\\303(", 4);
                memset(&s2, 0x33, sizeof s2);
                memset(&a2, 0x33, sizeof a2);
                rc = Texts_export_arrow_message(texts, 2, &s2, &a2, message, sizeof message);
                if (rc != EINVAL || strcmp(message, "row 1, field 'utf8': invalid UTF-8 in 6162c328") != 0
                        || !untouched(&s2, sizeof s2) || !untouched(&a2, sizeof a2)) {
                    printf("error path: %d %s\\n", rc, message);
                    return 5;
                }
                if (Texts_export_arrow(texts, -1, &s2, &a2) != EINVAL || Texts_export_arrow(texts, 1, NULL, &a2) != EINVAL) {
                    return 6;
                }
                /* a count whose buffers cannot be sized: refused before any struct is read */
                if (Texts_export_arrow_message(texts, INT64_MAX, &s2, &a2, message, sizeof message) != EOVERFLOW
                        || strcmp(message, "n is too large: the buffers would exceed 2^63 bytes") != 0) {
                    return 8;
                }
                /* a short message buffer: cut, NUL-terminated, nothing written past it */
                memset(message, 'z', sizeof message);
                if (Texts_export_arrow_message(texts, 2, &s2, &a2, message, 8) != EINVAL || strcmp(message, "row 1, ") != 0
                        || message[8] != 'z') {
                    return 9;
                }
                if (!untouched(&s2, sizeof s2) || !untouched(&a2, sizeof a2)) {
                    return 10;
                }
                /* out of memory at each allocation in turn: ENOMEM, outputs untouched, nothing leaked (valgrind) */
                for (fail_at = 1;; fail_at++) {
                    calls = 0;
                    memset(&s2, 0x33, sizeof s2);
                    memset(&a2, 0x33, sizeof a2);
                    rc = Body_export_arrow_message(bodies, 3, &s2, &a2, message, sizeof message);
                    if (rc == 0) {
                        break;
                    }
                    if (rc != ENOMEM || strncmp(message, "out of memory", 13) != 0 || !untouched(&s2, sizeof s2)
                            || !untouched(&a2, sizeof a2)) {
                        printf("out of memory at allocation %ld: %d %s\\n", fail_at, rc, message);
                        return 7;
                    }
                }
                s2.release(&s2);
                a2.release(&a2);
                printf("%ld allocations failed in turn\\n", fail_at - 1);
                printf("ok\\n");
                return 0;
            }
            """;

    @Test
    void exportMoveReleaseAndErrorRunCleanUnderValgrind() throws IOException {
        CHeaders.require("gcc");
        CHeaders.require("valgrind");
        Path d = Files.createDirectories(dir.resolve("valgrind"));
        CHeaders.copy("Body", d);
        CHeaders.copy("Texts", d);
        Path src = d.resolve("program.c");
        Files.writeString(src, PROGRAM);
        Path exe = d.resolve("program");
        CHeaders.check(d, CHeaders.compile(List.of("gcc", "-x", "c", "-std=c11"), "-g", "-O1", "-o", exe.toString(), src.toString())
                .toArray(String[]::new));
        CHeaders.Result r = CHeaders.run(List.of("valgrind", "--error-exitcode=99", "--leak-check=full",
                "--errors-for-leak-kinds=all", exe.toString()), d);
        assertEquals(0, r.exit(), r.out());
        assertTrue(r.out().contains("ok") && r.out().contains("ERROR SUMMARY: 0 errors"), r.out());
        assertTrue(r.out().matches("(?s).*\\n[1-9][0-9]+ allocations failed in turn\\n.*"), r.out());
        assertTrue(r.out().contains("All heap blocks were freed"), r.out());
    }

    /** The same program built for the second ABI (AArch64, AAPCS64) with the cross gcc and run under qemu-aarch64. */
    @Test
    void theSameProgramRunsOnAarch64() throws IOException {
        CHeaders.require("aarch64-linux-gnu-gcc");
        CHeaders.require("qemu-aarch64");
        Path d = Files.createDirectories(dir.resolve("aarch64"));
        CHeaders.copy("Body", d);
        CHeaders.copy("Texts", d);
        Path src = d.resolve("program.c");
        Files.writeString(src, PROGRAM);
        Path exe = d.resolve("program.aarch64");
        CHeaders.check(d, CHeaders.compile(List.of("aarch64-linux-gnu-gcc", "-x", "c", "-std=c11"), "-static", "-O2", "-o",
                exe.toString(), src.toString()).toArray(String[]::new));
        String out = CHeaders.check(d, "qemu-aarch64", exe.toString());
        assertTrue(out.matches("(?s)[1-9][0-9]+ allocations failed in turn\\nok\\n"), out);
    }
}

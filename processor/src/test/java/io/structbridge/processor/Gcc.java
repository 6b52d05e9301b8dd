package io.structbridge.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.oracles.OracleTool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * gcc and g++ as the oracle for sizes, offsets and header validity: expected numbers in these tests
 * come from the C compiler, never from the processor's own output. Without gcc on PATH a test is
 * skipped, except with {@code CI=true}, where it fails (CI must not pass by skipping): {@link OracleTool}.
 */
final class Gcc {
    private Gcc() {}

    /** A struct as gcc lays it out. */
    record Layout(long size, long alignment, Map<String, Long> offsets) {
        long offset(String member) {
            Long o = offsets.get(member);
            if (o == null) {
                throw new IllegalArgumentException(member);
            }
            return o;
        }
    }

    /** The outcome of one compiler run. */
    record Result(int exit, String output) {
        boolean ok() {
            return exit == 0;
        }
    }

    static final String PRELUDE = "#include <stddef.h>\n#include <stdint.h>\n#include <stdbool.h>\n#include <stdio.h>\n";

    /**
     * {@return the layout of {@code type}} as gcc computes it for x86-64/AArch64 (System V / AAPCS64).
     *
     * @param declarations C declarations, e.g. {@code typedef struct { int8_t a; int64_t b; } T;}
     * @param type the type name
     * @param members the members whose {@code offsetof} to report
     */
    static Layout layout(String declarations, String type, String... members) {
        StringBuilder c = new StringBuilder(PRELUDE).append(declarations).append("\nint main(void) {\n");
        c.append("    printf(\"size %zu\\n\", sizeof(").append(type).append("));\n");
        c.append("    printf(\"align %zu\\n\", _Alignof(").append(type).append("));\n");
        for (String m : members) {
            c.append("    printf(\"offset ").append(m).append(" %zu\\n\", offsetof(").append(type).append(", ")
                    .append(m).append("));\n");
        }
        c.append("    return 0;\n}\n");
        Path dir = tempDir();
        try {
            Path src = dir.resolve("layout.c");
            Files.writeString(src, c);
            Path exe = dir.resolve("layout");
            Result compiled = run(dir, List.of(gcc(), "-std=c11", "-Wall", "-Werror", "-o", exe.toString(), src.toString()));
            assertEquals(0, compiled.exit(), () -> "gcc failed:\n" + compiled.output() + "\n" + c);
            Result ran = run(dir, List.of(exe.toString()));
            assertEquals(0, ran.exit(), ran.output());
            long size = -1;
            long align = -1;
            Map<String, Long> offsets = new LinkedHashMap<>();
            for (String line : ran.output().split("\n")) {
                String[] parts = line.trim().split(" ");
                switch (parts[0]) {
                    case "size" -> size = Long.parseLong(parts[1]);
                    case "align" -> align = Long.parseLong(parts[1]);
                    case "offset" -> offsets.put(parts[1], Long.parseLong(parts[2]));
                    default -> fail("unexpected output: " + line);
                }
            }
            return new Layout(size, align, offsets);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    /**
     * {@return the result of compiling a translation unit (syntax and static assertions only)}
     *
     * @param cxx g++ with {@code -std=c++17} instead of gcc with {@code -std=c11}
     * @param files file name to content; the first is the translation unit, the others its includes
     *     (names may contain folders; the folder of the translation unit is on the include path)
     */
    static Result check(boolean cxx, Map<String, String> files) {
        return check(cxx, files, List.of());
    }

    /** {@link #check} with {@code -pedantic} too: ISO C11 / C++17, no extensions. */
    static Result checkPedantic(boolean cxx, Map<String, String> files) {
        return check(cxx, files, List.of("-pedantic"));
    }

    private static Result check(boolean cxx, Map<String, String> files, List<String> more) {
        Path dir = tempDir();
        try {
            Path first = null;
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = dir.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                if (first == null) {
                    first = p;
                }
            }
            List<String> cmd = new ArrayList<>();
            if (cxx) {
                cmd.addAll(List.of(tool("g++"), "-x", "c++", "-std=c++17"));
            } else {
                cmd.addAll(List.of(gcc(), "-x", "c", "-std=c11"));
            }
            cmd.addAll(List.of("-I", dir.toString(), "-Wall", "-Wextra", "-Werror"));
            cmd.addAll(more);
            cmd.addAll(List.of("-fsyntax-only", first.toString()));
            return run(dir, cmd);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    /**
     * {@return the folder of {@code structbridge_arrow.h}, the C Arrow runtime that a header with an export includes}
     * The processor's own resource (the file it writes into {@code -Astructbridge.headerDir}), for tests that compile
     * headers of the class output, which holds no runtime.
     */
    static Path arrowRuntimeDir() {
        try {
            Path dir = RegistrationTest.classesDir().resolve("io/structbridge/processor/write/cheader");
            if (!Files.isRegularFile(dir.resolve("structbridge_arrow.h"))) {
                fail("the processor's classes lack structbridge_arrow.h: " + dir);
            }
            return dir;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String gcc() {
        return tool("gcc");
    }

    /**
     * {@return the result of compiling a translation unit with the AArch64 cross compiler}
     * (aarch64-linux-gnu-gcc, {@code -std=c11} or {@code -std=gnu17}, -Wall -Wextra -Werror, syntax and
     * static assertions only); {@code files} as for {@link #check}.
     */
    static Result checkAarch64(String std, Map<String, String> files) {
        String cc = tool("aarch64-linux-gnu-gcc");
        Path dir = tempDir();
        try {
            Path first = null;
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = dir.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
                if (first == null) {
                    first = p;
                }
            }
            return run(dir, List.of(cc, "-x", "c", "-std=" + std, "-I", dir.toString(), "-Wall", "-Wextra", "-Werror",
                    "-fsyntax-only", first.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(dir);
        }
    }

    /** {@return the tool found on PATH}; otherwise skips the test, or fails it under CI=true. */
    static String tool(String name) {
        return OracleTool.require(name, switch (name) {
            case "nvcc" -> "the nvidia-cuda-nvcc wheel, which .ci/run puts on PATH";
            case "aarch64-linux-gnu-gcc" -> "Debian package gcc-aarch64-linux-gnu";
            default -> "Debian packages gcc, g++";
        }).toString();
    }

    private static Result run(Path dir, List<String> cmd) {
        OracleProcess.Result r = OracleProcess.of(cmd).in(dir).mergeErrors().run();
        return new Result(r.exitCode(), r.stdout());
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("sb-gcc");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }
}

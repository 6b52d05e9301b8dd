package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.oracles.OracleTool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The generated C headers (class output resources next to the generated classes) copied into a folder
 * with the headers they include (the Arrow runtime {@code structbridge_arrow.h} from the runtime jar, as a user takes
 * it), and gcc/g++/valgrind run on them: a missing tool skips the test off CI
 * and fails it under {@code CI=true} (as {@link Python} does).
 */
final class CHeaders {
    private CHeaders() {}

    /** The C runtime of the Arrow export, which each header with an export includes. */
    static final String ARROW_RUNTIME = "structbridge_arrow.h";

    private static final Pattern INCLUDE = Pattern.compile("^#include \"([^\"/]+\\.h)\"$", Pattern.MULTILINE);

    /** {@return the header of struct {@code name} ({@code "Body"} in the fixtures package, or a qualified name), copied into {@code dir} with its includes} */
    static Path copy(String name, Path dir) throws IOException {
        String pkg = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : "io.structbridge.fixtures";
        String simple = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
        copyOne(pkg, simple + ".h", dir);
        return dir.resolve(simple + ".h");
    }

    /** {@return the C name of a fixture (the header's file name without {@code .h})} */
    static String cName(String name) {
        return name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
    }

    private static void copyOne(String pkg, String file, Path dir) throws IOException {
        Path target = dir.resolve(file);
        if (Files.exists(target)) {
            return;
        }
        // the Arrow export's runtime is no class output resource: a user takes it from the runtime jar, and so does this
        String resource = file.equals(ARROW_RUNTIME) ? "/META-INF/structbridge/" + ARROW_RUNTIME
                : "/" + pkg.replace('.', '/') + "/" + file;
        String text;
        try (InputStream in = CHeaders.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource + " is not on the class path");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Files.writeString(target, text);
        Matcher m = INCLUDE.matcher(text);
        while (m.find()) {
            copyOne(pkg, m.group(1), dir);
        }
    }

    static boolean ci() {
        return OracleTool.ci();
    }

    /** Skips the test (off CI) or fails it (CI=true) when {@code tool} is not on PATH. */
    static void require(String tool) {
        OracleTool.require(tool, "Debian packages gcc, g++, valgrind");
    }

    record Result(int exit, String out) {}

    static Result run(List<String> cmd, Path dir) {
        OracleProcess.Result r = OracleProcess.of(cmd).in(dir).mergeErrors().timeout(300).run();
        return new Result(r.exitCode(), r.stdout());
    }

    /** Runs {@code cmd} in {@code dir}; fails with its output on a non-zero exit. */
    static String check(Path dir, String... cmd) {
        Result r = run(List.of(cmd), dir);
        assertEquals(0, r.exit(), () -> String.join(" ", cmd) + " failed:\n" + r.out());
        return r.out();
    }

    /** The strict and GNU compiler lines (all warnings errors) the export must compile with. */
    static final List<List<String>> MODES = List.of(
            List.of("gcc", "-x", "c", "-std=c11"), List.of("gcc", "-x", "c", "-std=gnu17"),
            List.of("g++", "-x", "c++", "-std=c++17"), List.of("g++", "-x", "c++", "-std=gnu++17"));

    static List<String> compile(List<String> mode, String... rest) {
        List<String> cmd = new ArrayList<>(mode);
        cmd.addAll(List.of("-Wall", "-Wextra", "-Wpedantic", "-Werror"));
        cmd.addAll(List.of(rest));
        return cmd;
    }
}

package io.structbridge.oracles;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds the external programs whose output is a test's expected value (gcc, g++, python3, readelf, ...). A missing
 * one skips the calling test with the reason, except with {@code CI=true} in the environment, where it fails the
 * test: CI must not pass by skipping.
 */
public final class OracleTool {
    private OracleTool() {}

    /** Python module lists ("numpy, cffi") to whether python3 imports them: one python3 per list, not one per test. */
    private static final Map<String, Boolean> IMPORTS = new ConcurrentHashMap<>();

    /** {@return whether this run is CI's (environment variable CI=true)} */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** {@return the executable {@code name} found on PATH, if any} */
    public static Optional<Path> find(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * {@return the executable {@code name} found on PATH}; otherwise skips the test, or fails it under CI=true.
     *
     * @param name e.g. "gcc"
     * @param hint where it comes from, e.g. "Debian package gcc"
     */
    public static Path require(String name, String hint) {
        Optional<Path> found = find(name);
        if (found.isEmpty()) {
            missing(name + " is not on PATH (" + hint + ")");
        }
        return found.orElseThrow();
    }

    /** Requires python3 and that it imports every one of {@code modules}: skipped without, failed under CI=true. */
    public static void requirePythonModules(String... modules) {
        require("python3", "Debian package python3");
        String list = String.join(", ", modules);
        boolean imports = IMPORTS.computeIfAbsent(list,
                k -> OracleProcess.of(List.of("python3", "-c", "import " + k)).run().exitCode() == 0);
        if (!imports) {
            missing("python3 cannot import " + list + " (pip install " + String.join(" ", modules) + ")");
        }
    }

    /** Skips the test with {@code reason}, or fails it under CI=true. */
    public static void missing(String reason) {
        missing(reason, ci());
    }

    /** {@link #missing(String)} with the CI flag given (for the tests of the callers' own messages). */
    public static void missing(String reason, boolean ci) {
        if (ci) {
            fail("oracle missing under CI=true: " + reason);
        }
        Assumptions.abort("oracle missing, test skipped (CI=true makes this a failure): " + reason);
    }
}

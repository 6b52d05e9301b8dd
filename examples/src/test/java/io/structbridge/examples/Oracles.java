package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Access to the outside programs and files whose output is the expected value of a test
 * (readelf, zdump, gcc, the zoneinfo files). When one is missing the test is skipped with the
 * reason, except with {@code CI=true} in the environment, where a missing oracle fails the test:
 * CI must not pass by skipping.
 */
public final class Oracles {
    private Oracles() {
    }

    /** {@return whether this run is CI's (environment variable CI=true)} */
    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /**
     * {@return the executable {@code tool} found on PATH}; otherwise skips the test, or fails it under CI.
     *
     * @param tool e.g. "readelf"
     */
    public static Path require(String tool) {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(dir, tool);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        missing(tool + " is not on PATH (" + packageHint(tool) + ")");
        throw new AssertionError("unreachable");
    }

    /**
     * {@return {@code file}} if it exists; otherwise skips the test, or fails it under CI.
     *
     * @param file the file an oracle comparison needs
     * @param hint where it comes from, e.g. "Debian package tzdata"
     */
    public static Path requireFile(Path file, String hint) {
        if (!Files.isRegularFile(file)) {
            missing(file + " does not exist (" + hint + ")");
        }
        return file;
    }

    private static void missing(String reason) {
        if (ci()) {
            fail("oracle missing under CI=true: " + reason);
        }
        Assumptions.abort("oracle missing, test skipped: " + reason);
    }

    private static String packageHint(String tool) {
        return switch (tool) {
            case "readelf" -> "Debian package binutils";
            case "zdump" -> "Debian package libc-bin";
            case "gcc" -> "Debian package gcc";
            case "aarch64-linux-gnu-gcc" -> "Debian packages gcc-aarch64-linux-gnu and libc6-dev-arm64-cross";
            case "qemu-aarch64" -> "Debian package qemu-user";
            case "mojo" -> "python3 -m pip install mojo==1.2.0";
            default -> "install it";
        };
    }

    /**
     * Runs a command with LC_ALL=C and returns its standard output; fails the test if it does not
     * exit with 0 within a minute.
     *
     * @param command the program and its arguments
     * @return standard output, decoded byte for byte (ISO-8859-1), as section names are decoded
     */
    public static String run(List<String> command) {
        return run(command, 60);
    }

    /** {@link #run(List)} with a time limit in seconds (a mojo build takes tens of seconds). */
    public static String run(List<String> command, long timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("LC_ALL", "C");
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        try {
            // Both streams go to files, so that a stuck program cannot block us on a full pipe and
            // the timeout always applies.
            Path outFile = Files.createTempFile("oracle", ".out");
            Path errFile = Files.createTempFile("oracle", ".err");
            try {
                pb.redirectOutput(outFile.toFile());
                pb.redirectError(errFile.toFile());
                Process p = pb.start();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    fail(command + " did not finish within " + timeoutSeconds + " s");
                }
                if (p.exitValue() != 0) {
                    fail(command + " exited with " + p.exitValue() + ": " + Files.readString(errFile));
                }
                return new String(Files.readAllBytes(outFile), StandardCharsets.ISO_8859_1);
            } finally {
                Files.deleteIfExists(outFile);
                Files.deleteIfExists(errFile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

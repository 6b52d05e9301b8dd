package io.structbridge.examples;

import io.structbridge.oracles.OracleProcess;
import io.structbridge.oracles.OracleTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
        return OracleTool.ci();
    }

    /**
     * {@return the executable {@code tool} found on PATH}; otherwise skips the test, or fails it under CI.
     *
     * @param tool e.g. "readelf"
     */
    public static Path require(String tool) {
        return OracleTool.require(tool, packageHint(tool));
    }

    /**
     * {@return {@code file}} if it exists; otherwise skips the test, or fails it under CI.
     *
     * @param file the file an oracle comparison needs
     * @param hint where it comes from, e.g. "Debian package tzdata"
     */
    public static Path requireFile(Path file, String hint) {
        if (!Files.isRegularFile(file)) {
            OracleTool.missing(file + " does not exist (" + hint + ")");
        }
        return file;
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
        return OracleProcess.of(command).env("LC_ALL", "C").charset(StandardCharsets.ISO_8859_1).timeout(timeoutSeconds)
                .check().stdout();
    }
}

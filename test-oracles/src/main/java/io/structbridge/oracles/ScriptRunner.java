package io.structbridge.oracles;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The command that starts {@code script_runner.py}, the one Python program that runs many test scripts in one
 * interpreter (its two protocols are described in the file). The file is a resource of this jar, copied once per JVM
 * to a temporary file, so every module finds it the same way at test time.
 */
public final class ScriptRunner {
    private ScriptRunner() {}

    /** Scripts as source text over JSON, their imports kept for the next script. */
    public static final String SOURCE = "source";
    /** Script files over base64, the interpreter's state put back after each. */
    public static final String FILES = "files";

    private static Path file;

    /** {@return {@code python3 [options] script_runner.py protocol}} */
    public static synchronized List<String> command(String protocol, String... pythonOptions) {
        if (file == null) {
            file = extract();
        }
        List<String> cmd = new java.util.ArrayList<>(List.of("python3"));
        cmd.addAll(List.of(pythonOptions));
        cmd.addAll(List.of(file.toString(), protocol));
        return cmd;
    }

    private static Path extract() {
        try (InputStream in = ScriptRunner.class.getResourceAsStream("script_runner.py")) {
            if (in == null) {
                throw new IllegalStateException("missing resource script_runner.py");
            }
            Path p = Files.createTempFile("sb-script-runner", ".py");
            Files.write(p, in.readAllBytes());
            p.toFile().deleteOnExit();
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package io.structbridge.oracles;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One run of an external oracle: the command, its working directory, standard input and environment, a time limit,
 * and both output streams captured (read while the process runs, so a full pipe never blocks it). {@link #check()}
 * fails the test with the command and its output on a non-zero exit. Output is decoded as strict UTF-8 unless
 * another charset is given: an oracle printing invalid UTF-8 is a test failure, not a silent U+FFFD.
 */
public final class OracleProcess {
    /** The outcome of a run. */
    public record Result(int exitCode, String stdout, String stderr) {
        /** {@return whether the process exited with 0} */
        public boolean ok() {
            return exitCode == 0;
        }

        /** {@return standard output then standard error, as one text for messages} */
        public String output() {
            return stderr.isEmpty() ? stdout : stdout + stderr;
        }
    }

    private final List<String> command;
    private Path directory;
    private byte[] stdin;
    private long timeoutSeconds = 60;
    private boolean mergeErrors;
    private Charset charset = StandardCharsets.UTF_8;
    private final Map<String, String> environment = new LinkedHashMap<>();

    private OracleProcess(List<String> command) {
        this.command = List.copyOf(command);
    }

    /** {@return a run of {@code command}: no input, the current directory, a 60 s limit} */
    public static OracleProcess of(List<String> command) {
        return new OracleProcess(command);
    }

    /** {@return a run of {@code command}} */
    public static OracleProcess of(String... command) {
        return new OracleProcess(List.of(command));
    }

    /** {@return this run, in {@code dir} (null: the current directory)} */
    public OracleProcess in(Path dir) {
        this.directory = dir;
        return this;
    }

    /** {@return this run, with {@code bytes} on standard input (null: none)} */
    public OracleProcess input(byte[] bytes) {
        this.stdin = bytes;
        return this;
    }

    /** {@return this run, failing the test after {@code seconds}} */
    public OracleProcess timeout(long seconds) {
        this.timeoutSeconds = seconds;
        return this;
    }

    /** {@return this run, with standard error interleaved into standard output (stderr then is empty)} */
    public OracleProcess mergeErrors() {
        this.mergeErrors = true;
        return this;
    }

    /** {@return this run, decoding its output with {@code cs} (decoding every byte, never failing)} */
    public OracleProcess charset(Charset cs) {
        this.charset = cs;
        return this;
    }

    /** {@return this run, with the environment variable set} */
    public OracleProcess env(String name, String value) {
        environment.put(name, value);
        return this;
    }

    /** {@return the outcome}, whatever the exit code; fails the test if the time limit passes. */
    public Result run() {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(mergeErrors);
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        pb.environment().putAll(environment);
        try {
            Process p = pb.start();
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
            try (var in = p.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin);
                }
            }
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out after " + timeoutSeconds + " s: " + String.join(" ", command));
            }
            return new Result(p.exitValue(), decode(out.join()), decode(err.join()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@return the outcome of a run that must exit with 0}; otherwise fails the test with the command and its output. */
    public Result check() {
        Result r = run();
        if (!r.ok()) {
            fail("command failed with exit code " + r.exitCode() + ": " + String.join(" ", command)
                    + "\n--- stderr ---\n" + r.stderr() + "\n--- stdout ---\n" + r.stdout());
        }
        return r;
    }

    private static byte[] readAll(InputStream in) {
        try (in) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            in.transferTo(b);
            return b.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String decode(byte[] bytes) {
        if (!charset.equals(StandardCharsets.UTF_8)) {
            return new String(bytes, charset);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError("process output is not valid UTF-8: " + e, e);
        }
    }
}

package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** python3 with a module as the oracle: skipped with the reason off CI, a failure under CI=true (as src-test-fixtures' Oracles). */
final class Python {
    private Python() {}

    /** Module to the reason it cannot be imported ("" when it can): one python3 per module, not one per test. */
    private static final java.util.Map<String, String> MISSING = new java.util.concurrent.ConcurrentHashMap<>();

    static void requireModule(String module) {
        String reason = MISSING.computeIfAbsent(module, m -> {
            try {
                return run(List.of("python3", "-c", "import " + m), null).exit == 0 ? ""
                        : "Python module '" + m + "' is not installed (pip install " + m + ")";
            } catch (IOException e) {
                return "python3 is not on PATH";
            }
        });
        if (!reason.isEmpty()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("oracle missing under CI=true: " + reason);
            }
            Assumptions.abort("oracle missing, test skipped: " + reason);
        }
    }

    record Result(int exit, String out) {}

    static Result run(List<String> cmd, String stdin) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out: " + cmd);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return new Result(p.exitValue(), out);
    }

    /** {@return the standard output of {@code script} run by python3 with UTF-8 I/O; fails on a non-zero exit} */
    static String script(String script, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of("python3", "-X", "utf8", "-", "--"));
        cmd.addAll(List.of(args));
        Result r = run(cmd, script);
        assertEquals(0, r.exit, () -> "python3 failed:\n" + r.out);
        return r.out;
    }
}

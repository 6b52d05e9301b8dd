package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** External tools used as oracles: skipped with a reason on a laptop without them, required when CI=true. */
final class Oracles {
    private Oracles() {}

    /** What was checked ("python3 -c import a, b", "gcc --version") to whether it worked: one process per check, not per test. */
    private static final java.util.Map<String, Boolean> WORKS = new java.util.concurrent.ConcurrentHashMap<>();

    /** {@return whether {@code cmd} exits with 0 within 60 s; run once per command line in this JVM} */
    private static boolean works(String... cmd) {
        return WORKS.computeIfAbsent(String.join(" ", cmd), k -> {
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    static void requirePython(String... modules) {
        String check = "import " + String.join(", ", modules);
        boolean ok = works("python3", "-c", check);
        if (!ok) {
            String reason = "python3 with " + String.join(", ", modules) + " is not available";
            if ("true".equals(System.getenv("CI"))) {
                fail(reason + ", and CI=true makes this oracle mandatory");
            }
            Assumptions.abort(reason);
        }
    }

    /** Requires {@code tool} on PATH (gcc, g++): skipped with the reason without it, failed under CI=true. */
    static void requireTool(String tool) {
        boolean ok = works(tool, "--version");
        if (!ok) {
            String reason = tool + " is not on PATH (Debian packages gcc, g++)";
            if ("true".equals(System.getenv("CI"))) {
                fail(reason + ", and CI=true makes this oracle mandatory");
            }
            Assumptions.abort(reason);
        }
    }
}

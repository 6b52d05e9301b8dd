package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** External tools used as oracles: skipped with a reason on a laptop without them, required when CI=true. */
final class Oracles {
    private Oracles() {}

    static void requirePython(String... modules) {
        String check = "import " + String.join(", ", modules);
        boolean ok;
        try {
            Process p = new ProcessBuilder("python3", "-c", check).redirectErrorStream(true).start();
            ok = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            ok = false;
        }
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
        boolean ok;
        try {
            Process p = new ProcessBuilder(tool, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            ok = p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            ok = false;
        }
        if (!ok) {
            String reason = tool + " is not on PATH (Debian packages gcc, g++)";
            if ("true".equals(System.getenv("CI"))) {
                fail(reason + ", and CI=true makes this oracle mandatory");
            }
            Assumptions.abort(reason);
        }
    }
}

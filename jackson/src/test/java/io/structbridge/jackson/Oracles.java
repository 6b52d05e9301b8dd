package io.structbridge.jackson;

import io.structbridge.oracles.OracleTool;

/** External tools used as oracles: skipped with a reason on a laptop without them, required when CI=true ({@link OracleTool}). */
final class Oracles {
    private Oracles() {}

    static void requirePython(String... modules) {
        OracleTool.requirePythonModules(modules);
    }

    /** Requires {@code tool} on PATH (gcc, g++): skipped with the reason without it, failed under CI=true. */
    static void requireTool(String tool) {
        OracleTool.require(tool, "Debian packages gcc, g++");
    }
}

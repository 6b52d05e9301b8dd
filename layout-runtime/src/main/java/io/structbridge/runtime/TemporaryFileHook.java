package io.structbridge.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Deletes a temporary file ({@code .NAME.<16 hex digits>.sbtmp}) should the JVM shut down while an operation writes
 * it (SIGTERM, SIGINT, {@code System.exit}): a JVM shutdown hook registered for the time the operation runs and
 * removed when it ends. SIGKILL, a crash or a power loss run no hook and can still leave the file; every reader
 * refuses it (header flag 0x2), and it is safe to delete.
 */
final class TemporaryFileHook implements AutoCloseable {
    private final Thread hook;
    private final boolean registered;

    /** Registers the deletion of {@code temp} at shutdown (nothing if the JVM is already shutting down). */
    TemporaryFileHook(Path temp) {
        hook = new Thread(() -> {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException | RuntimeException e) {
                // the JVM is going down: nobody to tell
            }
        }, "structbridge delete " + temp.getFileName());
        boolean ok;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            ok = true;
        } catch (IllegalStateException e) {
            ok = false; // shutdown in progress
        }
        registered = ok;
    }

    /** Removes the hook (the operation ended: the file is placed or deleted). */
    @Override
    public void close() {
        if (registered) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutdown in progress: the hook runs, and deletes a file that no longer exists
            }
        }
    }
}

package io.structbridge.examples.tzif;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Finds the TZif file of a zone name ("Europe/Berlin") or takes a path as it is. */
public final class Zoneinfo {
    /** Where zone files live when the environment variable TZDIR does not say otherwise. */
    public static final String DEFAULT_DIR = "/usr/share/zoneinfo";

    private Zoneinfo() {
    }

    /** {@return the zoneinfo directory: $TZDIR, or /usr/share/zoneinfo} */
    public static Path directory() {
        String dir = System.getenv("TZDIR");
        return Path.of(dir != null && !dir.isEmpty() ? dir : DEFAULT_DIR);
    }

    /**
     * Resolves a zone name under {@link #directory()}, or a path: an absolute path, or one starting
     * with "./" or "../", is used as it is; a name is looked up in the zoneinfo directory, and must
     * stay inside it.
     *
     * @param zoneOrPath e.g. "Europe/Berlin", "UTC", "/usr/share/zoneinfo/Asia/Kolkata"
     * @return the file
     * @throws NoSuchFileException if there is no such zone or file
     */
    public static Path resolve(String zoneOrPath) throws NoSuchFileException {
        if (zoneOrPath.isEmpty()) {
            throw new NoSuchFileException("", null, "empty time zone name");
        }
        Path given = Path.of(zoneOrPath);
        if (given.isAbsolute() || zoneOrPath.startsWith("./") || zoneOrPath.startsWith("../")) {
            if (!Files.exists(given)) {
                throw new NoSuchFileException(zoneOrPath);
            }
            return given;
        }
        Path dir = directory().toAbsolutePath().normalize();
        Path file = dir.resolve(given).normalize();
        if (!file.startsWith(dir) || file.equals(dir)) {
            throw new NoSuchFileException(zoneOrPath, null, "not a time zone name inside " + dir);
        }
        if (!Files.exists(file)) {
            throw new NoSuchFileException(zoneOrPath, null, "unknown time zone: no file " + file
                    + " (set TZDIR, or give a path)");
        }
        return file;
    }
}

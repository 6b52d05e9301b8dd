package io.structbridge.examples;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file that is not what its format says it is: wrong magic, a count or offset that points past
 * the end, a misaligned table, a value the format forbids. The message names the file, the field
 * and the values, in one line.
 */
public final class MalformedFileException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;

    /**
     * @param file   the file that was read
     * @param detail what is wrong, naming the field and its value
     */
    public MalformedFileException(Path file, String detail) {
        super(file + ": " + detail);
        this.file = file;
    }

    /**
     * @param file   the file that was read
     * @param detail what is wrong, naming the field and its value
     * @param cause  the lower-level error
     */
    public MalformedFileException(Path file, String detail, Throwable cause) {
        super(file + ": " + detail, cause);
        this.file = file;
    }

    /** {@return the file that was read} */
    public Path file() {
        return file;
    }
}

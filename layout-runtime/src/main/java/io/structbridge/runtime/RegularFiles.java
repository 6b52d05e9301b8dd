package io.structbridge.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Refuses paths that are not regular files before anything opens them: {@code open(2)} on a FIFO
 * waits for a writer forever, a device has no size, a socket or directory cannot be mapped.
 */
final class RegularFiles {
    private static final int S_IFMT = 0170000;

    private RegularFiles() {}

    /**
     * Checks that {@code path} is a regular file, or a symbolic link to one.
     *
     * @param path the path
     * @param mayBeAbsent whether a missing file (or a link to a missing file) is fine: {@code create} makes it
     * @throws StructFile.StructFileException naming the path and its kind if it is something else
     * @throws NoSuchFileException if it is missing and that is not fine
     * @throws IOException if its attributes cannot be read
     */
    static void require(Path path, boolean mayBeAbsent) throws IOException {
        BasicFileAttributes own;
        try {
            own = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            if (mayBeAbsent) {
                return;
            }
            throw e;
        }
        if (own.isRegularFile()) {
            return;
        }
        if (!own.isSymbolicLink()) {
            throw new StructFile.StructFileException(path + ": " + kind(path, own, LinkOption.NOFOLLOW_LINKS)
                    + ", not a regular file");
        }
        BasicFileAttributes target;
        try {
            target = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            if (mayBeAbsent) {
                return; // a dangling link: create makes its target
            }
            throw e;
        }
        if (!target.isRegularFile()) {
            throw new StructFile.StructFileException(path + ": a symbolic link to " + kind(path, target) + " ("
                    + path.toRealPath() + "), not a regular file");
        }
    }

    /** The kind of a file that is not regular, from {@code st_mode} where the file system gives it. */
    private static String kind(Path path, BasicFileAttributes attributes, LinkOption... options) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        if (path.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            try {
                int mode = (Integer) Files.getAttribute(path, "unix:mode", options);
                switch (mode & S_IFMT) {
                    case 0010000: return "a FIFO";
                    case 0020000: return "a character device";
                    case 0060000: return "a block device";
                    case 0140000: return "a socket";
                    default: break;
                }
            } catch (IOException | RuntimeException e) {
                // fall through to the portable answer
            }
        }
        return "a special file (FIFO, socket or device)";
    }
}

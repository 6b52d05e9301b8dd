package io.structbridge.processor;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Says why writing an output failed, in words a user can act on: the JDK's file-system exceptions carry only a path
 * as their message ({@code FileAlreadyExistsException: lockfile}), or the operating system's reason without saying
 * which part of the path it concerns.
 */
final class IoProblems {
    private IoProblems() {}

    /** {@return the reason and the file it concerns} */
    static String describe(Exception e) {
        if (e instanceof FileSystemException f) {
            String file = f.getFile() == null ? "" : f.getFile();
            String reason = switch (f) {
                case FileAlreadyExistsException x -> "a file is in the way where a folder or a new file belongs";
                case NoSuchFileException x -> "no such file or folder";
                case NotDirectoryException x -> "not a folder";
                case AccessDeniedException x -> "permission denied";
                default -> f.getReason() == null ? f.getClass().getSimpleName() : f.getReason();
            };
            // a move names its source first: the target is what the user asked for, the source a temporary file
            return f.getOtherFile() == null ? reason + ": " + file : reason + ": " + f.getOtherFile() + " (written through " + file + ")";
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}

package io.structbridge.runtime;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How {@link StructFile#create} puts a new file in place without any reader ever seeing it
 * half-written: the file is made under a temporary name in the target's directory, written and
 * locked there, then linked to the target path ({@code link(2)}, which refuses an existing path)
 * or, when the target exists, renamed over it ({@code rename(2)}) once this JVM holds the
 * existing file's exclusive lock (so no structbridge reader or writer has it open). Where the file
 * system has no hard links the new file is renamed into place after checking that the target is
 * missing, and two creates of one new path at once may then both succeed, the later one replacing
 * the earlier one's file.
 */
final class NewFiles {
    /** The temporary names end with this: {@code .NAME.0123456789abcdef.sbtmp} (never a struct file's own name). */
    static final String TEMP_SUFFIX = ".sbtmp";
    private static final int MAX_LINKS = 40;
    /** Attempts when the target keeps appearing and vanishing between the link and the rename. */
    private static final int MAX_ATTEMPTS = 8;

    private NewFiles() {}

    /**
     * {@return the file {@code path} names: the path itself, or where its chain of symbolic links
     * ends (that file may be missing: create makes it)}
     *
     * @throws FileSystemException if the chain is longer than 40 links
     */
    static Path target(Path path) throws IOException {
        Path p = path;
        for (int i = 0; i < MAX_LINKS; i++) {
            if (!Files.isSymbolicLink(p)) {
                return p;
            }
            p = p.resolveSibling(Files.readSymbolicLink(p));
        }
        throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
    }

    /** {@return a fresh temporary name beside {@code target}: {@code .NAME.<16 hex digits>.sbtmp}, NAME cut to 32 code points} */
    static Path temporary(Path target) {
        String name = target.getFileName().toString();
        if (name.codePointCount(0, name.length()) > 32) {
            name = name.substring(0, name.offsetByCodePoints(0, 32));
        }
        String random = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong());
        return target.resolveSibling("." + name + "." + random + TEMP_SUFFIX);
    }

    /**
     * Links the written {@code temp} to {@code target}, which must not exist: a hard link ({@code link(2)}, which
     * never replaces a file), or, where the file system has no hard links, a rename after checking that the target
     * is missing (two writers of one new path at once may then both succeed). {@code temp} stays (a second name of
     * the same file) after a link: the caller deletes it.
     *
     * @param shown the path the caller gave (for messages)
     * @return whether {@code temp} is still there (linked, not renamed)
     * @throws FileAlreadyExistsException if the target exists (nothing is changed)
     * @throws IOException if linking or renaming fails ({@code temp} is left for the caller to delete)
     */
    static boolean placeNew(Path temp, Path target, Path shown) throws IOException {
        try {
            Files.createLink(target, temp);
            return true;
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(shown.toString(), null, "the target exists");
        } catch (NoSuchFileException e) {
            throw e;
        } catch (UnsupportedOperationException | FileSystemException e) {
            // No hard links on this file system: rename, unless the target exists.
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new FileAlreadyExistsException(shown.toString(), null, "the target exists");
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            return false;
        }
    }

    /**
     * Moves the written and locked {@code temp} to {@code target}: a hard link if the target is
     * missing, else a rename over it while this JVM holds its exclusive lock; the rename keeps the
     * existing file's permission bits.
     *
     * @param shown the path the caller gave (for messages)
     * @throws StructFile.LockedException if another process or struct file has the existing file open
     * @throws StructFile.StructFileException if the target is not a regular file
     * @throws IOException if linking or renaming fails ({@code temp} is left for the caller to delete)
     */
    static void place(Path temp, Path target, Path shown) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                Files.createLink(target, temp);
                Files.delete(temp);
                return;
            } catch (FileAlreadyExistsException e) {
                // an existing file: replace it below, once no one has it open
            } catch (NoSuchFileException e) {
                throw e;
            } catch (UnsupportedOperationException | FileSystemException e) {
                // No hard links on this file system (FAT, some network file systems): rename, unless the target exists.
                if (Files.notExists(target, LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                    return;
                }
            }
            FileLocks.Held old;
            try {
                RegularFiles.require(target, false);
                old = FileLocks.acquire(target, true, false);
            } catch (NoSuchFileException e) {
                if (attempt < MAX_ATTEMPTS) {
                    continue; // deleted since the link failed: link again
                }
                throw new FileSystemException(shown.toString(), null, "the path kept appearing and vanishing during create");
            }
            try {
                PosixFileAttributeView from = Files.getFileAttributeView(target, PosixFileAttributeView.class);
                if (from != null) {
                    Files.getFileAttributeView(temp, PosixFileAttributeView.class).setPermissions(from.readAttributes().permissions());
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException | RuntimeException | Error e) {
                try {
                    old.release();
                } catch (IOException | RuntimeException r) {
                    e.addSuppressed(r);
                }
                throw e;
            }
            try {
                old.release(); // the replaced inode's lock and descriptor: the new file's lock is another inode's
            } catch (IOException e) {
                // the replaced file is unlinked and no longer locked either way: the create succeeded
            }
            return;
        }
    }
}

package io.structbridge.runtime;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;

/**
 * The advisory locks of struct files: one channel and one {@link FileLock} (a POSIX {@code fcntl}
 * record lock over the whole file on Linux and macOS) per file and JVM.
 *
 * <p>POSIX record locks belong to the process, and closing any descriptor of a file drops all of
 * the process's locks on it; {@link FileChannel} also refuses a second lock on the same file in one
 * JVM ({@link OverlappingFileLockException}). So the readers of one file in this JVM share one
 * channel and its shared lock, counted, and the channel closes with the last of them; a writer
 * holds its own channel and an exclusive lock. Locks are taken with {@code tryLock}: a conflict
 * fails at once, it never waits.
 */
final class FileLocks {
    /** Open channels and their locks, by file key (device and inode); guarded by itself. */
    private static final Map<Object, Held> HELD = new HashMap<>();

    private FileLocks() {}

    /** One file's channel and lock, shared by {@code users} struct files of this JVM. */
    static final class Held {
        private final Object key;
        private final FileChannel channel;
        private final FileLock lock;
        private int users = 1;

        private Held(Object key, FileChannel channel, FileLock lock) {
            this.key = key;
            this.channel = channel;
            this.lock = lock;
        }

        /** {@return the channel: read-only for shared holders, read-write for an exclusive one} */
        FileChannel channel() {
            return channel;
        }

        /** Gives up one use; the last one releases the lock and closes the channel. */
        void release() throws IOException {
            synchronized (HELD) {
                if (--users > 0) {
                    return;
                }
                HELD.remove(key);
            }
            try {
                lock.release();
            } finally {
                channel.close();
            }
        }
    }

    /**
     * Opens {@code path} and locks it, shared (readers) or exclusive (anything that may change the size).
     *
     * @param path a regular file (checked by the caller)
     * @param exclusive whether to take the exclusive lock (and open for writing)
     * @param create whether to create the file when missing (never truncates: the caller does so once it holds the lock)
     * @return the held channel and lock
     * @throws StructFile.LockedException if another process, another struct file or another channel of
     *     this JVM holds a conflicting lock
     * @throws IOException if the file cannot be opened
     */
    static Held acquire(Path path, boolean exclusive, boolean create) throws IOException {
        synchronized (HELD) {
            Object key = keyOrNull(path);
            if (key != null) {
                Held held = HELD.get(key);
                if (held != null) {
                    if (!exclusive && held.lock.isShared()) {
                        held.users++;
                        return held;
                    }
                    throw new StructFile.LockedException(path + ": locked by another StructFile in this JVM ("
                            + (held.lock.isShared() ? "a reader holds a shared lock" : "a writer holds an exclusive lock")
                            + "); close it first");
                }
            }
            OpenOption[] options = exclusive
                    ? (create ? new OpenOption[] {StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE}
                            : new OpenOption[] {StandardOpenOption.READ, StandardOpenOption.WRITE})
                    : new OpenOption[] {StandardOpenOption.READ};
            FileChannel channel = FileChannel.open(path, options);
            FileLock lock;
            try {
                if (key == null) {
                    key = keyOrNull(path);
                    if (key == null) {
                        throw new NoSuchFileException(path.toString());
                    }
                }
                lock = channel.tryLock(0, Long.MAX_VALUE, !exclusive);
            } catch (OverlappingFileLockException e) {
                channel.close();
                throw new StructFile.LockedException(path + ": locked by another channel in this JVM (FileChannel.lock "
                        + "outside StructFile: " + e + "); close it first");
            } catch (IOException | RuntimeException | Error e) {
                channel.close();
                throw e;
            }
            if (lock == null) {
                channel.close();
                throw new StructFile.LockedException(path + ": locked by another process (an fcntl record lock: "
                        + (exclusive ? "a reader or a writer" : "a writer") + " has it open); StructFile does not wait: "
                        + "retry once the other process has closed it");
            }
            Held held = new Held(key, channel, lock);
            HELD.put(key, held);
            return held;
        }
    }

    /** {@return the file's key (device and inode), its real path where the system has no key, or null if it is missing} */
    private static Object keyOrNull(Path path) throws IOException {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            return key != null ? key : path.toRealPath();
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}

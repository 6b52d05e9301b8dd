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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
 * fails at once, it never waits. (Python and C take open file description locks, which conflict
 * with these both ways.)
 *
 * <p>A shared channel must never be closed by an interrupt ({@link FileChannel} is interruptible: an interrupted
 * thread's I/O call closes it for all users, and with it drops the lock): {@code tryLock}, {@link FileLock#release}
 * and {@code close} are not interruptible, and every other call on a held channel goes through
 * {@link Held#io}, which runs it where no interrupt reaches ({@link ChannelIo}).
 *
 * <p>Acquiring and releasing run entirely under one monitor, the table's: from the lookup to the
 * lock taken, and from the last user's release to its channel closed and its entry removed. So no
 * thread sees the table half-updated: an open never meets the JVM's own lock of a closing struct
 * file, and no channel is closed after another thread has taken the file's new lock.
 *
 * <p>On Linux a file is opened through {@link NonBlockingOpen} ({@code O_NONBLOCK}: a path swapped
 * for a FIFO does not block) and reopened as {@code /proc/self/fd/N}; N is closed before any lock
 * is taken on the file, and, should the path meanwhile name a file this JVM holds, only after
 * that file's lock is released (closing it earlier would drop the lock).
 */
final class FileLocks {
    /** Open channels and their locks, by file key (device and inode); guarded by itself. */
    private static final Map<Object, Held> HELD = new HashMap<>();

    /**
     * Channels that may be of a file this JVM holds, closed only once no struct file of this JVM is
     * open (closing them earlier could drop a held lock); guarded by {@link #HELD}.
     */
    private static final List<FileChannel> ORPHANS = new ArrayList<>();

    private FileLocks() {}

    /** Closes the channels parked in {@link #ORPHANS}; called with {@link #HELD} locked and empty. */
    private static void closeOrphans() {
        for (FileChannel c : ORPHANS) {
            try {
                c.close();
            } catch (IOException e) {
                // nothing is locked through it; the descriptor is gone either way
            }
        }
        ORPHANS.clear();
    }

    /** One file's channel and lock, shared by {@code users} struct files of this JVM. */
    static final class Held {
        private final Object key;
        private final long device;
        private final long inode;
        private final FileChannel channel;
        private final FileLock lock;
        private int users = 1;
        /** Descriptors of the same file opened while it was held (a path swapped under an open), closed after the lock. */
        private final List<Integer> spareFds = new ArrayList<>();

        private Held(Object key, long[] deviceAndInode, FileChannel channel, FileLock lock) {
            this.key = key;
            this.device = deviceAndInode[0];
            this.inode = deviceAndInode[1];
            this.channel = channel;
            this.lock = lock;
        }

        /** {@return the file's device ({@code st_dev}), or -1 where the file system does not say} */
        long device() {
            return device;
        }

        /** {@return the file's inode number ({@code st_ino}), or -1 where the file system does not say} */
        long inode() {
            return inode;
        }

        /**
         * {@return what {@code call} returns} run on the channel (read-only for shared holders, read-write for an
         * exclusive one) through {@link ChannelIo}, so that no interrupt of the calling thread, before or during the
         * call, closes the channel that other struct files share and drops the JVM's lock; the caller's interrupt
         * status is kept. Every {@code size}, {@code map}, {@code write}, {@code truncate} and {@code force} of a
         * struct file goes through here; the channel is not handed out otherwise.
         */
        <T> T io(ChannelIo.Call<T> call) throws IOException {
            return ChannelIo.run(channel, call);
        }

        /**
         * Gives up one use; the last one releases the lock, closes the channel and removes the entry,
         * all under the table's monitor: an {@link #acquire} of the same file waits for it, so it
         * never meets the JVM's lock still held (FileChannel's {@link OverlappingFileLockException})
         * nor takes a lock that this channel's close then drops (closing a descriptor drops the
         * process's POSIX locks on the file).
         */
        void release() throws IOException {
            synchronized (HELD) {
                if (--users > 0) {
                    return;
                }
                try {
                    lock.release();
                } finally {
                    try {
                        channel.close();
                    } finally {
                        try {
                            for (int fd : spareFds) {
                                NonBlockingOpen.close(fd);
                            }
                        } finally {
                            HELD.remove(key);
                            if (HELD.isEmpty()) {
                                closeOrphans();
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Opens {@code path} and locks it, shared (readers) or exclusive (anything that may change the size).
     *
     * @param path a regular file (checked by the caller)
     * @param exclusive whether to take the exclusive lock (and open for writing)
     * @param createNew whether to create the file, which must not exist ({@code O_CREAT | O_EXCL}: a new temporary file)
     * @return the held channel and lock
     * @throws StructFile.LockedException if another process, another struct file or another channel of
     *     this JVM holds a conflicting lock
     * @throws IOException if the file cannot be opened
     */
    static Held acquire(Path path, boolean exclusive, boolean createNew) throws IOException {
        synchronized (HELD) {
            Object key = keyOrNull(path);
            if (key != null) {
                Held held = HELD.get(key);
                if (held != null) {
                    return share(held, path, exclusive);
                }
            }
            FileChannel channel;
            long[] id;
            if (NonBlockingOpen.AVAILABLE) {
                // open(2) with O_NONBLOCK (a path swapped for a FIFO since the caller's check does not wait), check
                // the descriptor's own file, then reopen that very inode through /proc/self/fd/N. N is closed before
                // any lock is taken on the file, and never while a struct file of this JVM holds one: closing a
                // descriptor drops the process's POSIX locks on the file.
                int fd = NonBlockingOpen.open(path, exclusive, createNew);
                boolean closeFd = true;
                try {
                    Path proc = Path.of("/proc/self/fd/" + fd);
                    BasicFileAttributes attributes = Files.readAttributes(proc, BasicFileAttributes.class);
                    if (!attributes.isRegularFile()) {
                        throw new StructFile.StructFileException(path + ": " + RegularFiles.kind(proc, attributes)
                                + ", not a regular file (the path changed while it was being opened)");
                    }
                    key = attributes.fileKey() != null ? attributes.fileKey() : path.toRealPath();
                    id = deviceAndInode(proc);
                    Held held = HELD.get(key);
                    if (held != null) {
                        // The path now names a file this JVM holds: closing fd would drop that lock; it closes with it.
                        held.spareFds.add(fd);
                        closeFd = false;
                        return share(held, path, exclusive);
                    }
                    channel = FileChannel.open(proc, exclusive
                            ? new OpenOption[] {StandardOpenOption.READ, StandardOpenOption.WRITE}
                            : new OpenOption[] {StandardOpenOption.READ});
                } finally {
                    if (closeFd) {
                        NonBlockingOpen.close(fd);
                    }
                }
            } else {
                OpenOption[] options = exclusive
                        ? (createNew ? new OpenOption[] {StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE}
                                : new OpenOption[] {StandardOpenOption.READ, StandardOpenOption.WRITE})
                        : new OpenOption[] {StandardOpenOption.READ};
                channel = FileChannel.open(path, options);
                id = deviceAndInode(path); // the path's file now, which may not be the channel's should it have changed
            }
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
                if (NonBlockingOpen.AVAILABLE) {
                    // The descriptor's file is not one a struct file of this JVM holds (checked above): some other
                    // channel of this JVM locked it, and closing this one drops that channel's POSIX lock.
                    channel.close();
                    throw new StructFile.LockedException(path + ": locked by another channel in this JVM (FileChannel.lock "
                            + "outside StructFile: " + e + "); close it first (this open closed its own descriptor of the "
                            + "file, which drops that channel's lock: see StructFile, advisory locks)");
                }
                // Without the descriptor's own key the channel's file may be one a struct file of this JVM holds (the
                // path changed since keyOrNull): closing it would drop that lock. It closes once none is held.
                ORPHANS.add(channel);
                throw new StructFile.LockedException(path + ": locked by another channel in this JVM (" + e
                        + "); close it first");
            } catch (IOException | RuntimeException | Error e) {
                channel.close();
                throw e;
            }
            if (lock == null) {
                channel.close();
                // The shared case in the words of Python's open_array and C's sb_map.
                throw new StructFile.LockedException(path + ": locked by another process ("
                        + (exclusive ? "a reader or a writer holds an fcntl lock" : "a writer holds an exclusive fcntl lock")
                        + "); nothing waits: retry once it has closed the file");
            }
            Held held = new Held(key, id, channel, lock);
            HELD.put(key, held);
            return held;
        }
    }

    /** Another struct file of this JVM holds the file: readers share its lock, anything else is refused. */
    private static Held share(Held held, Path path, boolean exclusive) throws StructFile.LockedException {
        if (!exclusive && held.lock.isShared()) {
            held.users++;
            return held;
        }
        throw new StructFile.LockedException(path + ": locked by another StructFile in this JVM ("
                + (held.lock.isShared() ? "a reader holds a shared lock" : "a writer holds an exclusive lock")
                + "); close it first");
    }

    /** {@return the device and inode of the file at {@code path} (links followed), or -1 and -1 where the system has no "unix" view} */
    private static long[] deviceAndInode(Path path) throws IOException {
        try {
            Map<String, Object> a = Files.readAttributes(path, "unix:dev,ino");
            if (a.get("dev") instanceof Long device && a.get("ino") instanceof Long inode) {
                return new long[] {device, inode};
            }
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            // no "unix" attribute view here
        }
        return new long[] {-1, -1};
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

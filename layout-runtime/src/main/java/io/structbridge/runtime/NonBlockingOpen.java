package io.structbridge.runtime;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.Charset;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * {@code open(2)} with {@code O_NONBLOCK | O_CLOEXEC} through the FFM API, on Linux: a path that
 * became a FIFO after {@link RegularFiles#require} is opened without waiting for a writer, and
 * the descriptor's own file is checked before anything reopens it as {@code /proc/self/fd/N}
 * ({@link java.nio.channels.FileChannel#open} cannot pass {@code O_NONBLOCK}). Elsewhere (or if
 * native access is denied) {@link #AVAILABLE} is false and callers open the path directly,
 * keeping the check-then-open race.
 */
final class NonBlockingOpen {
    /** Linux's flag values on the architectures below (the generic ones; alpha, sparc, mips and parisc differ). */
    private static final int O_RDONLY = 0;
    private static final int O_RDWR = 2;
    private static final int O_CREAT = 0100;
    private static final int O_EXCL = 0200;
    private static final int O_NONBLOCK = 04000;
    private static final int O_CLOEXEC = 02000000;
    private static final Set<String> ARCHES = Set.of("amd64", "x86_64", "aarch64", "riscv64", "s390x", "ppc64le");
    private static final MethodHandle OPEN;
    private static final MethodHandle CLOSE;
    private static final MethodHandle STRERROR;
    private static final MemoryLayout CAPTURE;
    private static final VarHandle ERRNO;
    /** Whether {@link #open} can be used. */
    static final boolean AVAILABLE;

    static {
        MethodHandle open = null;
        MethodHandle close = null;
        MethodHandle strerror = null;
        MemoryLayout capture = null;
        VarHandle errno = null;
        boolean available = false;
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).equals("linux")
                && ARCHES.contains(System.getProperty("os.arch", "")) && Files.isDirectory(Path.of("/proc/self/fd"))) {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                capture = Linker.Option.captureStateLayout();
                errno = capture.varHandle(MemoryLayout.PathElement.groupElement("errno"));
                open = linker.downcallHandle(libc.find("open").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                        Linker.Option.firstVariadicArg(2), Linker.Option.captureCallState("errno"));
                close = linker.downcallHandle(libc.find("close").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                strerror = linker.downcallHandle(libc.find("strerror").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
                available = true;
            } catch (RuntimeException | Error e) {
                available = false; // no native access (IllegalCallerException), no libc symbol: open the path directly
            }
        }
        OPEN = open;
        CLOSE = close;
        STRERROR = strerror;
        CAPTURE = capture;
        ERRNO = errno;
        AVAILABLE = available;
    }

    private NonBlockingOpen() {}

    /**
     * Opens {@code path} without waiting (read-only, or read-write and maybe creating it, new, with mode 0666 less the umask).
     *
     * @param createNew whether to create the file, which must not exist yet ({@code O_CREAT | O_EXCL})
     * @return the descriptor, to be closed with {@link #close}
     * @throws FileAlreadyExistsException if {@code createNew} and the path exists
     * @throws IOException naming the path if {@code open(2)} fails
     */
    static int open(Path path, boolean write, boolean createNew) throws IOException {
        int flags = (write ? O_RDWR : O_RDONLY) | (createNew ? O_CREAT | O_EXCL : 0) | O_NONBLOCK | O_CLOEXEC;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            MemorySegment name = arena.allocateFrom(path.toString(), jnuCharset());
            int fd = (int) OPEN.invokeExact(state, name, flags, 0666);
            if (fd >= 0) {
                return fd;
            }
            int errno = (int) ERRNO.get(state, 0L);
            String reason = strerror(errno);
            throw switch (errno) {
                case 2 -> new NoSuchFileException(path.toString(), null, reason); // ENOENT
                case 1, 13 -> new AccessDeniedException(path.toString(), null, reason); // EPERM, EACCES
                case 17 -> new FileAlreadyExistsException(path.toString(), null, reason); // EEXIST
                default -> new FileSystemException(path.toString(), null, reason);
            };
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Closes {@code fd} (errors are ignored: the descriptor is gone either way on Linux). */
    static void close(int fd) {
        try {
            int r = (int) CLOSE.invokeExact(fd);
            assert r == 0 || r == -1;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) STRERROR.invokeExact(errno);
            return s.equals(MemorySegment.NULL) ? "errno " + errno : s.reinterpret(4096).getString(0);
        } catch (Throwable e) {
            return "errno " + errno;
        }
    }

    private static Charset jnuCharset() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }
}

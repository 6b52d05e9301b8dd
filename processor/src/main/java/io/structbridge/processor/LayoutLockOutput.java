package io.structbridge.processor;

import io.structbridge.processor.check.LayoutLockCheck;
import io.structbridge.processor.check.Message;
import io.structbridge.processor.check.Report;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.LockedLayout;
import io.structbridge.processor.write.lock.LayoutLockWriter;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.Messager;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * {@code -Astructbridge.layoutLock=<folder>}: the committed layout locks of the records, one file per record and
 * layout version ({@code com.acme.Tick.v2.properties}). For each record the processor reads its lock files,
 * reports every change they forbid ({@link LayoutLockCheck}), and, when there is none, writes the lock of the
 * record's current version if the folder has none yet: at the end of the compilation, and only if no structbridge
 * error was reported in it (for any record, nested or not). Without the option nothing is read or written.
 *
 * <p>The folder is an input of the build (declare it as one in Gradle; Maven recompiles when sources change, and
 * a lock changes only with them). Files of other names in it are left alone; a lock file is read only if it is a
 * regular file of at most {@value #MAX_BYTES} bytes.
 */
final class LayoutLockOutput {
    /** The largest lock file read: a record of 10,000 members with long constraints stays far below it. */
    static final long MAX_BYTES = 16L << 20;
    private final Path dir;

    LayoutLockOutput(Path dir) {
        this.dir = dir;
    }

    /** A lock file to write once the compilation has no error: {@code now} as {@code file}. */
    record Pending(TypeElement type, LockedLayout now, Path file) {
        /** Writes the lock (atomically: under a temporary name, then moved) and notes it. */
        void write(Messager messager) throws IOException {
            Path dir = file.getParent();
            Files.createDirectories(dir);
            // not Files.createTempFile, whose file is private (0600): a lock is committed and shared, so it gets the
            // permissions the user's umask gives any new file, as an editor's would
            Path tmp = dir.resolve(".sb-lock-" + Long.toHexString(new java.security.SecureRandom().nextLong()) + ".tmp");
            try {
                Files.writeString(tmp, LayoutLockWriter.text(now), StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE);
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            messager.printMessage(Diagnostic.Kind.NOTE, Message.LOCK_WRITTEN.format(now.record(), now.version(), file), type);
        }
    }

    /**
     * Compares the record with its locks into {@code report}; nothing is written here.
     *
     * @return the record's new lock when the report stays clean and the folder has none of its version (or one whose
     *     declared changes differ), else null
     */
    Pending check(TypeElement type, StructLayoutPlan plan, Report report) throws IOException {
        LockedLayout now = LayoutLockWriter.of(plan);
        Map<String, LockedLayout> locked = read(type, now.record(), report);
        if (locked == null) {
            return null;
        }
        int before = report.items().size();
        LayoutLockCheck.check(type, now, locked, report);
        if (report.hasErrors()) {
            return null;
        }
        if (report.items().size() == before) {
            String same = LayoutLockWriter.fileName(now.record(), now.version());
            LockedLayout old = locked.get(same);
            if (old != null && !old.fingerprint().equals(now.fingerprint())) {
                report.error(type, Message.LOCK_STRUCT_CHANGED, now.record(), now.version(), same,
                        "its layout fingerprint was " + old.fingerprint() + ", is " + now.fingerprint()
                                + " (a fact the lock does not list changed: see the C header's layout)", "layout");
                return null;
            }
        }
        Path file = dir.resolve(LayoutLockWriter.fileName(now.record(), now.version()));
        LockedLayout same = locked.get(file.getFileName().toString());
        // a declared change (@Reserved, @FormerName) within the locked version: the lock records it, so that later
        // versions keep the removed names retired and the old JSON names accepted
        return same == null || !declarations(same).equals(declarations(now)) ? new Pending(type, now, file) : null;
    }

    /** {@return the declared facts of a lock: each member's path, whether it is reserved, and its former names} */
    private static java.util.List<String> declarations(LockedLayout l) {
        return l.members().stream().map(m -> m.path() + (m.reserved() ? " reserved" : "") + " " + m.former()).toList();
    }

    /** {@return the record's lock files by name, or null when one cannot be read (reported)} */
    private Map<String, LockedLayout> read(TypeElement type, String record, Report report) throws IOException {
        Map<String, LockedLayout> locked = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return locked;
        }
        Pattern name = Pattern.compile(Pattern.quote(record) + "\\.v([0-9]{1,9})\\.properties");
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) {
                Matcher m = name.matcher(f.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                String problem = null;
                LockedLayout l = null;
                if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(f)) {
                    problem = "it is not a regular file";
                } else if (Files.size(f) > MAX_BYTES) {
                    problem = "it has " + Files.size(f) + " bytes, more than a lock holds (" + MAX_BYTES + ")";
                } else {
                    try (Reader r = new java.io.InputStreamReader(Files.newInputStream(f), StandardCharsets.UTF_8.newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT))) {
                        Properties p = new Properties();
                        p.load(r);
                        l = LockedLayout.read(p);
                        if (!l.record().equals(record)) {
                            problem = "it is the lock of " + l.record();
                        } else if (l.version() != Integer.parseInt(m.group(1))) {
                            problem = "its name says version " + m.group(1) + " but it holds version " + l.version();
                        }
                    } catch (CharacterCodingException e) {
                        problem = "it is not UTF-8 text";
                    } catch (IllegalArgumentException e) {
                        problem = e.getMessage();
                    }
                }
                if (problem != null) {
                    report.error(type, Message.LOCK_UNREADABLE, f, record, problem);
                    return null;
                }
                locked.put(f.getFileName().toString(), l);
            }
        }
        return locked;
    }
}

package io.structbridge.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line: default run, argument handling, and errors as one line with exit status 1. */
@Timeout(120)
class MainTest {
    @TempDir
    Path dir;

    record Result(int status, String out, String err) {
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static void assertOneLineError(Result r, String... parts) {
        assertEquals(1, r.status(), "exit status; stderr: " + r.err());
        assertEquals(1, r.err().lines().count(), "exactly one line on stderr: " + r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
        for (String part : parts) {
            assertTrue(r.err().contains(part), "stderr should contain \"" + part + "\": " + r.err());
        }
        assertFalse(r.err().contains("Exception"), "no exception class names: " + r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void noArgumentsSummarisesLibjvmAndBerlin() {
        Oracles.requireFile(Path.of("/usr/share/zoneinfo/Europe/Berlin"), "Debian package tzdata");
        Result r = run();
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        Path libjvm = Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
        assertTrue(r.out().startsWith("File: " + libjvm + "\nELF Header:\n"), r.out());
        assertTrue(r.out().contains("  Class:                             ELF64\n"), r.out());
        assertTrue(r.out().contains("] .text             PROGBITS"), r.out());
        assertTrue(r.out().contains("TZif file: "), r.out());
        assertTrue(r.out().contains("more transitions; run \"tzif Europe/Berlin\" for all"), r.out());
        long zdumpLines = r.out().lines().filter(l -> l.startsWith("Europe/Berlin  ")).count();
        assertEquals(2 * Main.DEFAULT_TZIF_LIMIT, zdumpLines);
    }

    @Test
    void commandsCanBeCombined() {
        Result r = run("elf", "/bin/ls", "tzif", "UTC");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("File: /bin/ls\n"), r.out());
        assertTrue(r.out().contains("TZif file: "), r.out());
    }

    @Test
    void missingFile() {
        assertOneLineError(run("elf", dir.resolve("nope").toString()), "nope", "no such file");
    }

    @Test
    void notAnElfFile() throws IOException {
        Path text = Files.writeString(dir.resolve("text"), "hello, world\n");
        assertOneLineError(run("elf", text.toString()), text.toString(), "not an ELF file");
    }

    @Test
    void elfGivenToTzif() {
        Path libjvm = Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
        assertOneLineError(run("tzif", libjvm.toString()), "not a TZif file", "7f 45 4c 46");
    }

    @Test
    void unknownZone() {
        assertOneLineError(run("tzif", "Mars/Olympus_Mons"), "Mars/Olympus_Mons", "unknown time zone");
    }

    @Test
    void zoneNameMayNotLeaveTheZoneinfoDirectory() {
        assertOneLineError(run("tzif", "../../../etc/passwd"), "etc/passwd");
        assertOneLineError(run("tzif", "Europe/../../../../etc/passwd"), "not a time zone name");
    }

    @Test
    void directoryIsNotAFile() {
        assertOneLineError(run("elf", dir.toString()), "not a regular file");
    }

    @Test
    void usageErrors() {
        assertOneLineError(run("frobnicate", "x"), "unknown command 'frobnicate'", "usage:");
        assertOneLineError(run("elf"), "'elf' needs an argument");
        Result help = run("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().startsWith("usage: "));
    }

    /** The real main(): exit status 1 and a single stderr line, seen from outside the JVM. */
    @Test
    void mainExitsWithStatus1AndOneLine() throws Exception {
        Path text = Files.writeString(dir.resolve("garbage"), "garbage");
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "elf", text.toString()));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), err);
        assertEquals(List.of("error: " + text + ": not an ELF file: magic is 67 61 72 62, expected 7f 45 4c 46"),
                err.lines().toList());
    }
}

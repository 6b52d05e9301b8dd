package io.structbridge.examples.tzif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.examples.MalformedFileException;
import io.structbridge.examples.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Valid and broken TZif files built by {@link TestTzif}: a broken one must be refused with one
 * {@link MalformedFileException} naming the field, never another exception or a hang.
 */
@Timeout(60)
class TzifMalformedTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void version2FileIsRead() throws IOException {
        TzifFile tz = TzifFile.read(write("v2", new TestTzif().build()));
        assertEquals(2, tz.versionNumber());
        assertEquals(List.of(new TzifFile.LocalTimeType(3208, false, "LMT"),
                new TzifFile.LocalTimeType(3600, false, "CET"),
                new TzifFile.LocalTimeType(7200, true, "CEST")), tz.types());
        assertEquals(List.of(new TzifFile.Transition(100_000_000L, 1), new TzifFile.Transition(200_000_000L, 2),
                new TzifFile.Transition(300_000_000L, 1)), tz.transitions());
        assertEquals("CET-1CEST,M3.5.0,M10.5.0/3", tz.footer());
        assertEquals(3, tz.changes().size());
        assertEquals("LMT", tz.changes().get(0).before().designation());
    }

    @Test
    void version1FileIsReadFromItsOnlyBlock() throws IOException {
        TestTzif t = new TestTzif();
        t.version = 0;
        TzifFile tz = TzifFile.read(write("v1", t.build()));
        assertEquals(1, tz.versionNumber());
        assertNull(tz.footer());
        assertEquals(3, tz.transitions().size());
    }

    @Test
    void version2BlockWinsOverVersion1Block() throws IOException {
        // A time before 1901 only fits the 64-bit block; the 32-bit block gets a truncated value,
        // which would not be ascending. The reader must use the v2 block (RFC 8536 section 4).
        TestTzif t = new TestTzif();
        t.times = new long[] {-3_000_000_000L, 200_000_000L, 300_000_000L};
        TzifFile tz = TzifFile.read(write("v2", t.build()));
        assertEquals(-3_000_000_000L, tz.transitions().get(0).at());
    }

    @Test
    void leapSecondsAndVersion4AreRead() throws IOException {
        TestTzif t = new TestTzif();
        t.version = '4';
        t.leaps = new long[][] {{78796800L, 1}, {94694401L, 2}};
        TzifFile tz = TzifFile.read(write("v4", t.build()));
        assertEquals(4, tz.versionNumber());
        assertEquals(2, tz.leapSeconds().size());
        assertEquals(94694401L, tz.leapSeconds().get(1).occurrence());
        assertEquals(2, tz.leapSeconds().get(1).correction());
    }

    static Stream<Arguments> cases() {
        TestTzif layout = new TestTzif();
        int second = layout.secondHeader();
        return Stream.of(
                bad("empty file", t -> new byte[0], "only 0 bytes"),
                bad("wrong magic", t -> {
                    byte[] b = t.build();
                    b[3] = 'X';
                    return b;
                }, "not a TZif file", "54 5a 69 58"),
                bad("non-ASCII magic", t -> new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff, (byte) 0xe0, 0, 0},
                        "not a TZif file", "ff d8 ff e0"),
                bad("truncated header", t -> Arrays.copyOf(t.build(), 30), "truncated first header",
                        "needs 44 bytes"),
                bad("timecnt past the end", t -> TestTzif.put32(t.build(), TestTzif.TIMECNT, 0xfffffff0L),
                        "version 1 data block is past the end of the file", "timecnt 4294967280"),
                bad("leapcnt past the end", t -> TestTzif.put32(t.build(), TestTzif.LEAPCNT, 1000),
                        "version 1 data block is past the end of the file", "leapcnt 1000"),
                bad("v2 charcnt past the end", t -> TestTzif.put32(t.build(), second + TestTzif.CHARCNT, 100000),
                        "version '2' data block is past the end of the file", "charcnt 100000"),
                bad("no second header", t -> Arrays.copyOf(t.build(), second),
                        "truncated: the second header would start at offset " + second),
                bad("typecnt 0", t -> TestTzif.put32(t.build(), TestTzif.TYPECNT, 0), "first header typecnt is 0"),
                bad("charcnt 0", t -> TestTzif.put32(t.build(), second + TestTzif.CHARCNT, 0),
                        "second header charcnt is 0"),
                bad("isutcnt not typecnt", t -> TestTzif.put32(t.build(), TestTzif.ISUTCNT, 2),
                        "isutcnt is 2, must be 0 or typecnt (3)"),
                bad("version byte '1'", t -> {
                    t.version = '1';
                    return t.build();
                }, "version byte is 0x31"),
                bad("versions differ", t -> {
                    byte[] b = t.build();
                    b[second + 4] = '3';
                    return b;
                }, "second header version is '3', the first header says '2'"),
                bad("type index past typecnt", t -> {
                    t.typeIndex = new int[] {1, 7, 1};
                    return t.build();
                }, "transition type index [1] is 7, not less than typecnt 3"),
                bad("transitions not ascending", t -> {
                    t.times = new long[] {100, 300, 200};
                    return t.build();
                }, "not strictly ascending: [1] = 300, [2] = 200"),
                bad("isdst byte 2", t -> {
                    t.isdst = new int[] {0, 2, 1};
                    return t.build();
                }, "local time type [1]", "isdst"),
                bad("utoff -2^31", t -> {
                    t.utoff = new int[] {3208, Integer.MIN_VALUE, 7200};
                    return t.build();
                }, "local time type [1] utoff is -2^31"),
                bad("desigidx past charcnt", t -> {
                    t.desigidx = new int[] {0, 20, 8};
                    return t.build();
                }, "local time type [1] desigidx is 20, not less than charcnt 13"),
                bad("designation without NUL", t -> {
                    t.chars[12] = 'X';
                    return t.build();
                }, "local time type [2] designation at desigidx 8 has no NUL terminator"),
                bad("indicator byte 2", t -> {
                    t.isstd = new int[] {2, 0, 0};
                    return t.build();
                }, "standard/wall indicator [0]", "is 2, must be 0 or 1"),
                bad("UT but wall", t -> {
                    t.isut = new int[] {0, 1, 0};
                    return t.build();
                }, "local time type [1] is UT"),
                bad("footer missing", t -> Arrays.copyOf(t.build(), t.footerStart()), "footer missing",
                        "the file ends there"),
                bad("footer without closing newline", t -> {
                    byte[] b = t.build();
                    return Arrays.copyOf(b, b.length - 1);
                }, "footer TZ string", "has no closing newline"));
    }

    private static Arguments bad(String name, Function<TestTzif, byte[]> make, String... expected) {
        return Arguments.of(name, make, List.of(expected));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedWithAClearMessage(String name, Function<TestTzif, byte[]> make, List<String> expected)
            throws IOException {
        Path file = write("broken", make.apply(new TestTzif()));
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> TzifFile.read(file));
        for (String part : expected) {
            assertTrue(e.getMessage().contains(part), "message should contain \"" + part + "\": " + e.getMessage());
        }
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void everyTruncationIsRefused() throws IOException {
        byte[] valid = new TestTzif().build();
        for (int length = 0; length < valid.length; length++) {
            Path file = write("cut" + length, Arrays.copyOf(valid, length));
            assertThrows(MalformedFileException.class, () -> TzifFile.read(file), "truncated to " + length);
        }
    }

    @Test
    void everyTruncationOfARealZoneIsRefused() throws IOException {
        Path berlin = Oracles.requireFile(Zoneinfo.directory().resolve("Europe/Berlin"), "Debian package tzdata");
        byte[] valid = Files.readAllBytes(berlin);
        TzifFile.read(berlin);
        Path file = dir.resolve("cut");
        for (int length = 0; length < valid.length; length++) {
            Files.write(file, Arrays.copyOf(valid, length));
            assertThrows(MalformedFileException.class, () -> TzifFile.read(file), "truncated to " + length);
        }
    }

    /** Random byte changes: the result is a file read or a MalformedFileException, nothing else. */
    @Test
    void randomCorruptionNeverEscapesAsAnotherException() throws IOException {
        Random random = new Random(8536);
        byte[] valid = new TestTzif().build();
        int refused = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] b = valid.clone();
            int changes = 1 + random.nextInt(4);
            for (int i = 0; i < changes; i++) {
                b[random.nextInt(b.length)] = (byte) (random.nextInt(3) == 0 ? 0xff : random.nextInt(256));
            }
            Path file = write("fuzz", b);
            try {
                TzifFile tz = TzifFile.read(file);
                TzifPrinter.format(tz, "fuzz", -1); // a file that reads also prints, whatever its times
            } catch (MalformedFileException e) {
                refused++;
            } catch (RuntimeException e) {
                fail("round " + round + ": " + e, e);
            }
        }
        assertTrue(refused > 100, "most corruptions should be refused, were " + refused);
    }
}

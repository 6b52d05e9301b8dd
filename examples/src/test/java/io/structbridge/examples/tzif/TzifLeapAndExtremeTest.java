package io.structbridge.examples.tzif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.examples.MalformedFileException;
import io.structbridge.examples.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leap seconds and extreme 64-bit times in TZif files built by {@link TestTzif}, each compared with
 * {@code zdump -v} on the same file (with {@code -t} around a change that lies outside zdump's
 * default years -500..2500).
 */
class TzifLeapAndExtremeTest {
    @TempDir
    Path dir;

    /** Seconds of 400 Gregorian years: the calendar repeats with this period. */
    private static final long ERA_DAYS = 146_097;

    /** The first second of a year, by java.time moved into its range through the 400-year period. */
    private static long startOfYear(long year) {
        long eras = Math.floorDiv(year, 400L) - 1;
        long inRange = year - eras * 400;
        return (LocalDate.of((int) inRange, 1, 1).toEpochDay() + eras * ERA_DAYS) * 86_400;
    }

    /** A TZif file with the types LMT +01:00, BBB +02:00 DST, CCC -02:00 and an empty footer. */
    private static TestTzif zone() {
        TestTzif t = new TestTzif();
        t.utoff = new int[] {3600, 7200, -7200};
        t.isdst = new int[] {0, 1, 0};
        t.desigidx = new int[] {0, 4, 8};
        t.chars = "AAA\0BBB\0CCC\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        t.footer = "";
        return t;
    }

    private Path write(String name, TestTzif t) throws IOException {
        return Files.write(dir.resolve(name), t.build());
    }

    private static List<String> ourLines(TzifFile tz, String label) {
        return TzifPrinter.format(tz, label, -1).lines().filter(l -> l.startsWith(label + "  ")).toList();
    }

    private static List<String> zdumpLines(Path file, String... options) {
        List<String> command = new ArrayList<>(List.of(Oracles.require("zdump").toString(), "-v"));
        command.addAll(List.of(options));
        command.add(file.toString());
        return ZdumpOutput.parse(Oracles.run(command)).lines().stream().map(ZdumpOutput.Line::text).toList();
    }

    @Test
    void leapSecondsArePrintedAsZdumpPrintsThem() throws IOException {
        TestTzif t = zone();
        // Times in the leap-second scale: a DST change in 1973 (after the first leap second), and
        // leap seconds at the end of June 1972 and December 1972 (occurrence = UNIX time + earlier corrections).
        t.times = new long[] {100_000_000L, 110_000_000L};
        t.typeIndex = new int[] {1, 0};
        t.leaps = new long[][] {{78_796_800L, 1}, {94_694_401L, 2}};
        Path file = write("leaps", t);
        TzifFile tz = TzifFile.read(file);
        List<String> ours = ourLines(tz, file.toString());
        assertEquals(zdumpLines(file), ours);
        assertTrue(ours.stream().anyMatch(l -> l.contains("Fri Jun 30 23:59:60 1972 UT")), String.join("\n", ours));
        assertEquals(4, tz.changes().size());
    }

    @Test
    void aNegativeLeapSecondAndAVersion4ExpiryRecordAreShownAsZdumpShowsThem() throws IOException {
        TestTzif t = zone();
        t.version = '4';
        t.times = new long[] {100_000_000L};
        t.typeIndex = new int[] {1};
        // +1 in 1972, -1 in 1973 (a negative leap second), then an expiry record repeating the correction.
        t.leaps = new long[][] {{78_796_800L, 1}, {94_694_399L, 0}, {120_000_000L, 0}};
        Path file = write("negative", t);
        TzifFile tz = TzifFile.read(file);
        assertEquals(zdumpLines(file), ourLines(tz, file.toString()));
    }

    @Test
    void adjacentLeapSecondsAddUpAsInGlibc() throws IOException {
        TestTzif t = zone();
        t.times = new long[] {};
        t.typeIndex = new int[] {};
        t.leaps = new long[][] {{78_796_800L, 1}, {78_796_801L, 2}};
        Path file = write("double", t);
        assertEquals(zdumpLines(file), ourLines(TzifFile.read(file), file.toString()));
    }

    @Test
    void aTransitionAtLongMinValueIsNoChangeAndNothingWraps() throws IOException {
        TestTzif t = zone();
        t.times = new long[] {Long.MIN_VALUE, -(1L << 59), 1_000_000_000L, 1L << 62, Long.MAX_VALUE};
        t.typeIndex = new int[] {1, 2, 1, 2, 1};
        Path file = write("extremes", t);
        TzifFile tz = TzifFile.read(file);
        List<TzifFile.Change> changes = tz.changes();
        assertFalse(changes.stream().anyMatch(c -> c.at() == Long.MIN_VALUE), changes.toString());
        assertEquals(4, changes.size(), changes.toString());
        assertEquals("BBB", tz.typeAt(Long.MIN_VALUE).designation(), "the type of a transition at -2^63 holds from the start");
        String printed = TzifPrinter.format(tz, file.toString(), -1);
        assertFalse(printed.contains(Long.toString(Long.MAX_VALUE) + " = NULL\n" + file + "  " + Long.MIN_VALUE),
                printed);
        // zdump shows the one change it can break down; the three others are ours, each on one line that says why.
        assertEquals(zdumpLines(file), ourLines(tz, file.toString()));
        assertEquals(3, printed.lines().filter(l -> l.contains("which zdump -v does not list")).count(), printed);
        assertTrue(printed.contains("(UNIX time 9223372036854775807: a change to BBB isdst=1 gmtoff=7200"), printed);
    }

    @Test
    void changesAtTheEndsOfStructTmMatchZdump() throws IOException {
        // The last second whose UT year fits C's int tm_year (year 2^31 - 1 + 1900), and the first.
        long max = startOfYear(2_147_485_548L) - 1;
        long min = startOfYear(-2_147_481_748L);
        TestTzif hi = zone();
        hi.times = new long[] {max - 100};
        hi.typeIndex = new int[] {2}; // from +01:00 (local year overflows) to -02:00 (it fits again)
        Path hiFile = write("hi", hi);
        List<String> ours = ourLines(TzifFile.read(hiFile), hiFile.toString());
        assertEquals(zdumpLines(hiFile, "-t", (max - 200) + "," + (max - 50)), ours);
        assertEquals(2, ours.size(), ours.toString());
        assertTrue(ours.getFirst().endsWith(" 2147485547 UT = NULL"), ours.toString());

        TestTzif lo = zone();
        lo.times = new long[] {min + 100_000};
        lo.typeIndex = new int[] {1};
        Path loFile = write("lo", lo);
        ours = ourLines(TzifFile.read(loFile), loFile.toString());
        assertEquals(zdumpLines(loFile, "-t", (min + 50_000) + "," + (min + 150_000)), ours);
        assertEquals(2, ours.size(), ours.toString());
        assertTrue(ours.getFirst().contains(" -2147481748 UT = "), ours.toString());
    }

    @Test
    void changesThatRevertWithinZdumpsTwelveHourStepAreEachConfirmedByZdumpAroundThem() throws IOException {
        // zdump -v compares local time every 12 hours and looks closer only where it differs, so it
        // misses BBB -> CCC -> BBB within one step; we list every explicit transition, and zdump -t
        // around each one shows the same two lines.
        TestTzif t = zone();
        t.times = new long[] {1000, 1001, 1002};
        t.typeIndex = new int[] {1, 2, 1};
        Path file = write("blip", t);
        TzifFile tz = TzifFile.read(file);
        List<String> ours = ourLines(tz, file.toString());
        assertEquals(6, ours.size(), ours.toString());
        assertEquals(2, zdumpLines(file).size(), "zdump -v sees only the first change");
        for (TzifFile.Change c : tz.changes()) {
            List<String> pair = new ArrayList<>();
            TzifPrinter.change(tz, file.toString(), c, new StringBuilder()); // no exception
            pair.add(TzifPrinter.line(tz, file.toString(), c.at() - 1));
            pair.add(TzifPrinter.line(tz, file.toString(), c.at()));
            // zdump -v -t AT-1,AT compares AT-1 with AT and shows this change alone.
            assertEquals(zdumpLines(file, "-t", (c.at() - 1) + "," + c.at()), pair, "change at " + c.at());
        }
    }

    @Test
    void brokenDownTimesAgreeWithJavaTimeWhereJavaTimeReaches() {
        java.util.Random random = new java.util.Random(8536);
        for (int i = 0; i < 100_000; i++) {
            long t = random.nextLong(-31_556_889_864_403_199L, 31_556_889_864_403_199L);
            java.time.LocalDateTime expected = java.time.LocalDateTime.ofEpochSecond(t, 0, java.time.ZoneOffset.UTC);
            BrokenDownTime ours = BrokenDownTime.of(t, 0, 0);
            assertEquals(expected.getYear(), ours.year(), "year of " + t);
            assertEquals(expected.getMonthValue(), ours.month(), "month of " + t);
            assertEquals(expected.getDayOfMonth(), ours.day(), "day of " + t);
            assertEquals(expected.getHour() * 3600 + expected.getMinute() * 60 + expected.getSecond(),
                    ours.hour() * 3600 + ours.minute() * 60 + ours.second(), "time of day of " + t);
            assertEquals(expected.getDayOfWeek().getValue() % 7, ours.weekday(), "weekday of " + t);
        }
        assertEquals(null, BrokenDownTime.of(Long.MIN_VALUE, 0, 0));
        assertEquals(null, BrokenDownTime.of(Long.MAX_VALUE, Long.MAX_VALUE, 0));
        assertNotEquals(null, BrokenDownTime.of(Long.MIN_VALUE, Long.MAX_VALUE, 0));
    }

    @Test
    void leapSecondRecordsOutOfOrderOrJumpingAreRefused() throws IOException {
        TestTzif t = zone();
        t.leaps = new long[][] {{94_694_401L, 1}, {78_796_800L, 2}};
        Path file = write("order", t);
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> TzifFile.read(file));
        assertTrue(e.getMessage().contains("leap-second occurrences are not strictly ascending: [0] = 94694401, [1] = 78796800"),
                e.getMessage());
        TestTzif jump = zone();
        jump.leaps = new long[][] {{78_796_800L, 1}, {94_694_401L, 3}};
        Path jumpFile = write("jump", jump);
        e = assertThrows(MalformedFileException.class, () -> TzifFile.read(jumpFile));
        assertTrue(e.getMessage().contains("leap-second record [1] correction is 3 after 1"), e.getMessage());
        TestTzif first = zone();
        first.leaps = new long[][] {{78_796_800L, 5}};
        Path firstFile = write("first", first);
        e = assertThrows(MalformedFileException.class, () -> TzifFile.read(firstFile));
        assertTrue(e.getMessage().contains("leap-second record [0] correction is 5, must be 1 or -1"), e.getMessage());
    }
}

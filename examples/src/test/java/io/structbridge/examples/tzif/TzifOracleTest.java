package io.structbridge.examples.tzif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.examples.Oracles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compares the explicit transitions of real TZif files with {@code zdump -v}, transition by
 * transition. zdump also prints transitions it computes from the footer's TZ string after the
 * last explicit one (up to the year 2500 or so); only the range of the file's explicit
 * transitions is compared, and zdump must show no change before the first of them. Explicit
 * transitions that change nothing (same offset, DST flag and designation) are invisible to zdump
 * and are left out on our side too.
 */
class TzifOracleTest {

    private static ZdumpOutput zdump(String zone) {
        Path zdump = Oracles.require("zdump");
        return ZdumpOutput.parse(Oracles.run(List.of(zdump.toString(), "-v", zone)));
    }

    private static TzifFile read(String zone) throws IOException {
        Path file = Oracles.requireFile(Zoneinfo.directory().resolve(zone), "Debian package tzdata");
        return TzifFile.read(file);
    }

    /** zdump's changes up to our last explicit change (all of them if we have none). */
    private static List<ZdumpOutput.Change> inRange(ZdumpOutput zdump, List<TzifFile.Change> ours) {
        long last = ours.isEmpty() ? Long.MIN_VALUE : ours.getLast().at();
        return zdump.changes().stream().filter(c -> c.at() <= last).toList();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
        "America/Sao_Paulo", "UTC", "Africa/Casablanca", "Europe/Dublin", "Pacific/Apia", "Asia/Kathmandu",
        "America/St_Johns", "Antarctica/Troll"})
    void transitionsMatchZdump(String zone) throws IOException {
        ZdumpOutput zdump = zdump(zone);
        TzifFile tz = read(zone);
        List<TzifFile.Change> ours = tz.changes();
        List<ZdumpOutput.Change> expected = inRange(zdump, ours);
        if (!ours.isEmpty()) {
            assertTrue(zdump.changes().isEmpty() || zdump.changes().getFirst().at() >= ours.getFirst().at(),
                    zone + ": zdump shows a change at " + zdump.changes().getFirst().after().text()
                            + " before our first explicit transition");
        }
        assertEquals(expected.size(), ours.size(), zone + ": number of changes in the explicit range");
        for (int i = 0; i < ours.size(); i++) {
            TzifFile.Change c = ours.get(i);
            ZdumpOutput.Change z = expected.get(i);
            String where = zone + " change " + i + " (zdump: " + z.after().text() + "): ";
            assertEquals(z.at(), c.at(), where + "UT time");
            assertEquals(z.after().gmtoff(), c.after().utoff(), where + "gmtoff after");
            assertEquals(z.after().isdst(), c.after().isdst(), where + "isdst after");
            assertEquals(z.after().abbr(), c.after().designation(), where + "designation after");
            assertEquals(z.after().local(), local(c.at(), c.after().utoff()), where + "local time after");
            assertEquals(z.before().ut(), c.at() - 1, where + "UT time before");
            assertEquals(z.before().gmtoff(), c.before().utoff(), where + "gmtoff before");
            assertEquals(z.before().isdst(), c.before().isdst(), where + "isdst before");
            assertEquals(z.before().abbr(), c.before().designation(), where + "designation before");
            assertEquals(z.before().local(), local(c.at() - 1, c.before().utoff()), where + "local time before");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
        "America/Sao_Paulo", "UTC"})
    void printedLinesEqualZdumpLines(String zone) throws IOException {
        ZdumpOutput zdump = zdump(zone);
        TzifFile tz = read(zone);
        List<String> expected = inRange(zdump, tz.changes()).stream()
                .flatMap(c -> java.util.stream.Stream.of(c.before().text(), c.after().text())).toList();
        List<String> ours = TzifPrinter.format(tz, zone, -1).lines().filter(l -> l.startsWith(zone + "  ")).toList();
        assertEquals(expected, ours);
        // Our lines also parse as zdump lines.
        assertEquals(ours.size(), ZdumpOutput.parse(String.join("\n", ours)).lines().size());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Asia/Kolkata"})
    void zdumpAcceptsTheSamePathWeRead(String zone) throws IOException {
        // Reading by absolute path gives the same changes as by name (zdump takes either).
        TzifFile byName = read(zone);
        Path file = Zoneinfo.resolve(zone);
        ZdumpOutput zdump = zdump(file.toString());
        assertEquals(inRange(zdump, byName.changes()).size(), byName.changes().size());
    }

    private static LocalDateTime local(long ut, int utoff) {
        return LocalDateTime.ofEpochSecond(ut + utoff, 0, ZoneOffset.UTC);
    }
}

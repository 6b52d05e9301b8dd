package io.structbridge.examples.tzif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Compares the changes of local time in real TZif files with {@code zdump -v}, change by change
 * and field by field. zdump also prints changes it computes from the footer's TZ string after
 * the last explicit transition (up to the year 2500); only as many changes as the file's explicit
 * data gives are compared, and zdump's next change must come after our last one. Explicit
 * transitions that change nothing (same offset, DST flag and designation) are invisible to zdump
 * and are left out on our side too.
 *
 * <p>The zones under {@code right/} count leap seconds in their times: zdump shows each leap second
 * as a change ("23:59:60") and every time after 1972 shifted by the correction, in UT and local time.
 */
class TzifOracleTest {
    static final String[] RIGHT_ZONES = {"right/Europe/Berlin", "right/America/New_York", "right/UTC",
        "right/Australia/Lord_Howe", "right/Asia/Kolkata", "right/America/Sao_Paulo"};

    static ZdumpOutput zdump(String zone) {
        Path zdump = Oracles.require("zdump");
        return ZdumpOutput.parse(Oracles.run(List.of(zdump.toString(), "-v", zone)));
    }

    private static TzifFile read(String zone) throws IOException {
        Path file = Oracles.requireFile(Zoneinfo.directory().resolve(zone), zone.startsWith("right/")
                ? "Debian package tzdata (bookworm) or tzdata-legacy (trixie and later): the leap-second zones"
                : "Debian package tzdata");
        return TzifFile.read(file);
    }

    /** Our printed zdump-format lines, parsed like zdump's. */
    private static List<ZdumpOutput.Change> ours(TzifFile tz, String zone) {
        String printed = TzifPrinter.format(tz, zone, -1);
        return ZdumpOutput.parse(String.join("\n", printed.lines().filter(l -> l.startsWith(zone + "  ")).toList()))
                .changes();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
        "America/Sao_Paulo", "UTC", "Africa/Casablanca", "Europe/Dublin", "Pacific/Apia", "Asia/Kathmandu",
        "America/St_Johns", "Antarctica/Troll", "right/Europe/Berlin", "right/America/New_York", "right/UTC",
        "right/Australia/Lord_Howe", "right/Asia/Kolkata", "right/America/Sao_Paulo"})
    void changesMatchZdumpFieldByField(String zone) throws IOException {
        ZdumpOutput zdump = zdump(zone);
        TzifFile tz = read(zone);
        List<TzifFile.Change> changes = tz.changes();
        List<ZdumpOutput.Change> ours = ours(tz, zone);
        assertEquals(changes.size(), ours.size(), zone + ": every change is printed as two lines");
        List<ZdumpOutput.Change> all = zdump.changes();
        assertTrue(all.size() >= ours.size(), zone + ": zdump shows " + all.size() + " changes, we " + ours.size());
        for (int i = 0; i < ours.size(); i++) {
            ZdumpOutput.Change z = all.get(i);
            ZdumpOutput.Change o = ours.get(i);
            String where = zone + " change " + i + " (zdump: " + z.after().text() + "): ";
            for (int side = 0; side < 2; side++) {
                ZdumpOutput.Line zl = side == 0 ? z.before() : z.after();
                ZdumpOutput.Line ol = side == 0 ? o.before() : o.after();
                String what = where + (side == 0 ? "before: " : "after: ");
                assertEquals(zl.zone(), ol.zone(), what + "zone");
                assertEquals(zl.utText(), ol.utText(), what + "UT");
                assertEquals(zl.localText(), ol.localText(), what + "local time");
                assertEquals(zl.abbr(), ol.abbr(), what + "designation");
                assertEquals(zl.isdst(), ol.isdst(), what + "isdst");
                assertEquals(zl.gmtoff(), ol.gmtoff(), what + "gmtoff");
                assertEquals(zl.text(), ol.text(), what + "line");
            }
            if (tz.leapSeconds().isEmpty()) {
                // Without leap seconds the UNIX time is the printed UT time itself.
                assertEquals(z.at(), changes.get(i).at(), where + "UNIX time");
                assertEquals(z.after().local(), LocalDateTime.ofEpochSecond(changes.get(i).at()
                        + changes.get(i).after().utoff(), 0, ZoneOffset.UTC), where + "local = UT + gmtoff");
            }
        }
        if (!ours.isEmpty() && all.size() > ours.size()) {
            assertTrue(all.get(ours.size()).at() > ours.getLast().at(), zone + ": zdump's change "
                    + all.get(ours.size()).after().text() + " is not after our last one");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"right/Europe/Berlin", "right/UTC", "right/America/New_York"})
    void leapSecondZonesAreShiftedByTheCorrectionAndShowSecond60(String zone) throws IOException {
        TzifFile tz = read(zone);
        assertFalse(tz.leapSeconds().isEmpty(), zone + " has leap-second records");
        String printed = TzifPrinter.format(tz, zone, -1);
        long sixties = printed.lines().filter(l -> l.startsWith(zone + "  ") && l.contains(":60 ")).count();
        long zdumpSixties = zdump(zone).lines().stream().filter(l -> l.utText().contains(":60 ")).count();
        assertEquals(zdumpSixties, sixties, zone + ": lines at a leap second (second 60)");
        assertTrue(sixties > 0, zone + ": zdump shows leap seconds");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Asia/Kolkata", "right/Europe/Berlin"})
    void zdumpAcceptsTheSamePathWeRead(String zone) throws IOException {
        // Reading by absolute path gives the same changes as by name (zdump takes either).
        TzifFile byName = read(zone);
        Path file = Zoneinfo.resolve(zone);
        List<ZdumpOutput.Change> zdump = zdump(file.toString()).changes();
        List<ZdumpOutput.Change> ours = ours(byName, file.toString());
        assertEquals(zdump.subList(0, ours.size()).stream().map(c -> c.after().text()).toList(),
                ours.stream().map(c -> c.after().text()).toList());
    }
}

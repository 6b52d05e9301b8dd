package io.structbridge.examples.tzif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.examples.Oracles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The main job's validation step: real zones validate clean in place; the corrupted copy reports
 * two violations, on a ttinfo record that exists (the only one of a zone with one local time type).
 */
class TzifValidationTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
        "right/Europe/Berlin"})
    void realZonesHaveNoViolationsAndTheCorruptedCopyHasTwo(String zone) throws Exception {
        Path file = Oracles.requireFile(Zoneinfo.directory().resolve(zone), "Debian package tzdata");
        int count = TzifFile.read(file).types().size();
        String report = TzifValidation.report(file);
        assertTrue(report.contains("validated in place: " + count + " ttinfo records at byte "), report);
        assertTrue(report.contains(", 0 violations\n"), report);
        assertTrue(report.contains("corrupted copy (ttinfo[1] of " + count + ": isdst byte 2, utoff 100000): 2 violations\n"),
                report);
        assertTrue(report.contains("  [1].utoff: Max, must be less than or equal to 93599, value 100000\n"), report);
        assertTrue(report.contains("  [1].isdst: Native, bool byte must be 0 or 1, value 0x02\n"), report);
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "Etc/GMT+5", "right/UTC"})
    void aZoneWithOneLocalTimeTypeHasItsOnlyRecordCorrupted(String zone) throws Exception {
        Path file = Oracles.requireFile(Zoneinfo.directory().resolve(zone), "Debian package tzdata");
        assertEquals(1, TzifFile.read(file).types().size(), zone + " has one local time type");
        assertOnlyRecordCorrupted(TzifValidation.report(file));
    }

    @Test
    void aBuiltFileWithOneLocalTimeTypeHasItsOnlyRecordCorrupted() throws Exception {
        TestTzif t = new TestTzif();
        t.utoff = new int[] {0};
        t.isdst = new int[] {0};
        t.desigidx = new int[] {0};
        t.chars = "UTC\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        t.times = new long[] {};
        t.typeIndex = new int[] {};
        t.isstd = new int[] {0};
        t.isut = new int[] {0};
        t.footer = "UTC0";
        assertOnlyRecordCorrupted(TzifValidation.report(Files.write(dir.resolve("one"), t.build())));
    }

    private static void assertOnlyRecordCorrupted(String report) {
        assertTrue(report.contains("validated in place: 1 ttinfo records at byte "), report);
        assertTrue(report.contains("corrupted copy (ttinfo[0] of 1: isdst byte 2, utoff 100000): 2 violations\n"), report);
        assertTrue(report.contains("  [0].utoff: Max, must be less than or equal to 93599, value 100000\n"), report);
        assertTrue(report.contains("  [0].isdst: Native, bool byte must be 0 or 1, value 0x02\n"), report);
        assertFalse(report.contains("[1]"), "no record [1] exists: " + report);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Europe/Berlin", "America/Sao_Paulo"})
    void theTtinfoBlockFoundByTheHeadersHoldsTheFilesLocalTimeTypes(String zone) throws Exception {
        Path file = Oracles.requireFile(Zoneinfo.directory().resolve(zone), "Debian package tzdata");
        TzifFile parsed = TzifFile.read(file);
        String report = TzifValidation.report(file);
        long distinct = parsed.changes().stream().map(TzifFile.Change::after).distinct().count();
        assertTrue(report.matches("(?s).*validated in place: \\d+ ttinfo records.*"), report);
        int count = Integer.parseInt(report.replaceAll("(?s).*validated in place: (\\d+) ttinfo.*", "$1"));
        assertTrue(count >= distinct, count + " < " + distinct);
        assertEquals(parsed.types().size(), count);
    }
}

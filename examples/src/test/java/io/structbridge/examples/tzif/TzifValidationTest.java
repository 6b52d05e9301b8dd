package io.structbridge.examples.tzif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The main job's validation step: real zones validate clean in place; the corrupted copy reports two violations. */
class TzifValidationTest {
    @ParameterizedTest
    @ValueSource(strings = {"Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"})
    void realZonesHaveNoViolationsAndTheCorruptedCopyHasTwo(String zone) throws Exception {
        Path file = Path.of("/usr/share/zoneinfo", zone);
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(file) || "true".equals(System.getenv("CI")),
                "tzdata is not installed");
        String report = TzifValidation.report(file);
        assertTrue(report.contains(", 0 violations\n"), report);
        if (report.contains("validated in place: 1 ttinfo")) {
            return; // UTC has one local time type: there is no ttinfo[1] to corrupt
        }
        assertTrue(report.contains("corrupted copy (ttinfo[1]: isdst byte 2, utoff 100000): 2 violations\n"), report);
        assertTrue(report.contains("  [1].utoff: Max, must be less than or equal to 93599, value 100000\n"), report);
        assertTrue(report.contains("  [1].isdst: Native, bool byte must be 0 or 1, value 0x02\n"), report);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Europe/Berlin", "America/Sao_Paulo"})
    void theTtinfoBlockFoundByTheHeadersHoldsTheFilesLocalTimeTypes(String zone) throws Exception {
        Path file = Path.of("/usr/share/zoneinfo", zone);
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(file), "tzdata is not installed");
        TzifFile parsed = TzifFile.read(file);
        String report = TzifValidation.report(file);
        long distinct = parsed.changes().stream().map(TzifFile.Change::after).distinct().count();
        assertTrue(report.matches("(?s).*validated in place: \\d+ ttinfo records.*"), report);
        int count = Integer.parseInt(report.replaceAll("(?s).*validated in place: (\\d+) ttinfo.*", "$1"));
        assertTrue(count >= distinct, count + " < " + distinct);
        assertEquals(0, count == 0 ? 1 : 0);
    }
}

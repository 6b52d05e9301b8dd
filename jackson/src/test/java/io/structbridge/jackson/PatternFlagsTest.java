package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.PatternFlags;
import io.structbridge.jackson.fixtures.PatternFlagsArray;
import io.structbridge.jackson.fixtures.PatternFlagsValidator;
import io.structbridge.runtime.Violation;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 11: {@code @Pattern} flags DOTALL, UNIX_LINES, MULTILINE, CASE_INSENSITIVE and UNICODE_CASE (alone), which
 * change {@code .}, {@code ^}, {@code $}, {@code \Z} and case folding. On random texts of letters and every Java
 * line terminator ({@code \r\n} included), Hibernate Validator, the generated Java validator, the generated Pydantic
 * model (Jackson's JSON) and {@code validate_array} (the struct bytes Java wrote) find the same invalid properties.
 * The flags Python's {@code re} cannot apply as Java does are compile errors (DiagnosticsTest).
 */
class PatternFlagsTest {
    private static final String[] PIECES = {"a", "b", "A", "B", "k", "\u212a", "\n", "\r", "\r\n", "\u0085", "\u2028", "\u2029",
        "ab", "a\nb", "a\rb", "b\n", "b\r\n", "\n\n"};
    private static final String[] NAMES = {"dotall", "unixLines", "multi", "multiUnix", "multiDot", "unicodeCase", "end"};

    private static String text(Random r) {
        StringBuilder s = new StringBuilder();
        int n = r.nextInt(6);
        for (int i = 0; i < n; i++) {
            s.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    @Test
    void pythonVerdictsAreJavas(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Oracles.requirePython("numpy");
        Random random = new Random(2026);
        JsonMapper strict = StrictJson.mapper();
        List<PatternFlags> records = new ArrayList<>();
        List<String> java = new ArrayList<>();
        StringBuilder jsons = new StringBuilder();
        int invalid = 0;
        for (int i = 0; i < 4000; i++) {
            String[] t = new String[NAMES.length];
            for (int k = 0; k < t.length; k++) {
                t[k] = text(random);
            }
            PatternFlags r = new PatternFlags(t[0], t[1], t[2], t[3], t[4], t[5], t[6]);
            records.add(r);
            TreeSet<String> hv = new TreeSet<>();
            HibernateValidator.validator().validate(r).forEach(v -> hv.add(v.getPropertyPath().toString()));
            TreeSet<String> generated = new TreeSet<>();
            PatternFlagsValidator.validate(r).forEach(v -> generated.add(v.propertyPath()));
            assertEquals(hv, generated, "Hibernate Validator and the generated validator on " + r);
            java.add(String.join(",", hv));
            invalid += hv.size();
            jsons.append(strict.writeValueAsString(r)).append('\n');
        }
        Path bytes = dir.resolve("flags.bin");
        try (Arena arena = Arena.ofConfined()) {
            Files.write(bytes, PatternFlagsArray.fromList(arena, records).segment().toArray(ValueLayout.JAVA_BYTE));
        }
        Path modules = Path.of(PatternFlags.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("flags.py");
        Files.writeString(script, """
                import re, sys
                import numpy as np
                import pydantic
                sys.path.insert(0, sys.argv[1])
                import PatternFlags as m
                rows = {}
                for v in m.validate_array(np.fromfile(sys.argv[2], dtype=m.PatternFlags_dtype)):
                    i, path = re.match(r"\\[(\\d+)\\]\\.(.*)", v.path).groups()
                    rows.setdefault(int(i), set()).add(path)
                for i, line in enumerate(sys.stdin.buffer.read().decode("utf-8").split("\\n")[:-1]):  # not splitlines: U+2028
                    try:
                        m.PatternFlagsModel.model_validate_json(line)
                        model = set()
                    except pydantic.ValidationError as e:
                        model = {str(x["loc"][0]) for x in e.errors()}
                    print(",".join(sorted(model)) + "\\t" + ",".join(sorted(rows.get(i, set()))))
                """, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString(), bytes.toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().write(jsons.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "python3 finished");
        List<String> lines = out.lines().toList();
        assertEquals(records.size(), lines.size(), out.length() > 3000 ? out.substring(0, 3000) : out);
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            String[] parts = lines.get(i).split("\t", -1);
            if (!parts[0].equals(java.get(i))) {
                differences.add("Pydantic [" + parts[0] + "], Java [" + java.get(i) + "]: " + records.get(i));
            }
            if (!parts[1].equals(java.get(i))) {
                differences.add("validate_array [" + parts[1] + "], Java [" + java.get(i) + "]: " + records.get(i));
            }
        }
        System.out.println(records.size() + " records, " + invalid + " invalid properties (Hibernate Validator), "
                + differences.size() + " differences");
        assertTrue(invalid > 2000 && invalid < records.size() * NAMES.length - 2000, invalid + " invalid of " + records.size() * NAMES.length);
        assertEquals(List.of(), differences.subList(0, Math.min(60, differences.size())), differences.size() + " differences");
    }
}

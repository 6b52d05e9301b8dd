package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.JavaRules;
import io.structbridge.jackson.fixtures.JavaRulesValidator;
import io.structbridge.runtime.Violation;
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
 * Issue 11: on constraints whose Java meaning differs from Pydantic's {@code Field} keywords (case-insensitive and
 * ASCII patterns, {@code String.trim}, UTF-16 lengths, float and BigDecimal comparisons, Double/Float.toString
 * digits), Jackson's JSON validates with the generated {@code JavaRulesModel} exactly when the generated Java
 * validator finds nothing, and the fields the model refuses are the properties Java reports.
 */
class PydanticJavaRulesTest {
    /** The start of the model's refusal of a float whose JSON number Python kept only as a midpoint double (documented). */
    private static final String MIDPOINT = "the JSON number lies within a double's rounding of the midpoint";

    private static final JsonMapper STRICT = StrictJson.mapper();

    private static final String[] TEXTS = {"abc", "ABC", "aBc", "ab", "abcd", "", " ", " \u001f", "\t\n", "\u00a0", "\u2003",
        " x ", "x", "\u00e9", "\u0663", "x\u00b2", "\u0661\u0662", "12", "12 ", "12\u00a0", "12\u2003", "a_1", "\u212a",
        "\u0130", "\ud83d\ude00", "\ud83d\ude00\ud83d\ude00", "ab\ud83d\ude00", "\u00e9\u00e9\u00e9", "abcd", "\u017f"};
    private static final float[] FLOATS = {0.1f, 0.09999999f, 0.10000001f, 0f, -0f, 16777216f, 16777218f, 16777215f, 1.6777216E7f,
        1e-45f, 0.99f, 9.99f, 9.999f, 1.25f, 1e7f, Float.MIN_NORMAL, 3.4e38f, -0.1f, 0.01f, 0.011f};
    private static final double[] DOUBLES = {0.3, 0.30000000000000004, 0.29999999999999993, 5e-324, -5e-324, 1e-300, 0.1, 999,
        1000, 999.0000000000001, 0.5, -999, 1e22, 123.0, 12.5, Double.MIN_NORMAL, 0.30000000000000001};

    private static JavaRules base() {
        return new JavaRules("abc", "x", "a", "1", "a", 0f, 1.0, 2e7f, 0f, 1.0, 1.0f);
    }

    private static JavaRules vary(Random r, int kind) {
        JavaRules b = base();
        String t = r.nextInt(4) == 0 ? randomText(r) : TEXTS[r.nextInt(TEXTS.length)];
        float f = r.nextInt(3) == 0 ? randomFloat(r) : FLOATS[r.nextInt(FLOATS.length)];
        double d = r.nextInt(3) == 0 ? randomDouble(r) : DOUBLES[r.nextInt(DOUBLES.length)];
        return switch (kind) {
            case 0 -> new JavaRules(t, b.nb(), b.pw(), b.pd(), b.sz(), b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 1 -> new JavaRules(b.pci(), t, b.pw(), b.pd(), b.sz(), b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 2 -> new JavaRules(b.pci(), b.nb(), t, b.pd(), b.sz(), b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 3 -> new JavaRules(b.pci(), b.nb(), b.pw(), t, b.sz(), b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 4 -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), t, b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 5 -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), b.sz(), f, b.ddmin(), b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 6 -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), b.sz(), b.fdmax(), d, b.fmin(), b.fmax(), b.dg(), b.fdg());
            case 7 -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), b.sz(), b.fdmax(), b.ddmin(), f, b.fmax(), b.dg(), b.fdg());
            case 8 -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), b.sz(), b.fdmax(), b.ddmin(), b.fmin(), f, b.dg(), b.fdg());
            case 9 -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), b.sz(), b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), d, b.fdg());
            default -> new JavaRules(b.pci(), b.nb(), b.pw(), b.pd(), b.sz(), b.fdmax(), b.ddmin(), b.fmin(), b.fmax(), b.dg(), f);
        };
    }

    private static String randomText(Random r) {
        int[] pool = {'a', 'B', 'c', 'C', '1', '_', ' ', '\t', 0x1f, 0x7f, 0xa0, 0xe9, 0x663, 0x2003, 0x212a, 0x1f600, 0x130, 0x17f};
        StringBuilder s = new StringBuilder();
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            s.appendCodePoint(pool[r.nextInt(pool.length)]);
        }
        return s.toString();
    }

    private static float finite(float x) {
        return Float.isFinite(x) ? x : 1f;
    }

    private static double finite(double x) {
        return Double.isFinite(x) ? x : 1.0;
    }

    private static float randomFloat(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> finite(Float.intBitsToFloat(r.nextInt()));
            case 1 -> 16777210f + r.nextInt(12);
            case 2 -> Math.nextUp(0.1f) + (r.nextInt(5) - 2) * Math.ulp(0.1f);
            default -> r.nextInt(1000) / 100f;
        };
    }

    private static double randomDouble(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> finite(Double.longBitsToDouble(r.nextLong()));
            case 1 -> 0.3 + (r.nextInt(7) - 3) * Math.ulp(0.3);
            case 2 -> r.nextInt(2000) - 1000 + (r.nextBoolean() ? 0 : r.nextInt(10) / 10.0);
            default -> Double.MIN_VALUE * r.nextInt(1000);
        };
    }

    @Test
    void modelVerdictsAreJavaVerdicts(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Random random = new Random(1111);
        List<String> jsons = new ArrayList<>();
        List<String> java = new ArrayList<>();
        List<java.util.Map<String, String>> messages = new ArrayList<>();
        for (int kind = 0; kind <= 10; kind++) {
            for (int i = 0; i < 300; i++) {
                JavaRules r = vary(random, kind);
                jsons.add(STRICT.writeValueAsString(r));
                TreeSet<String> props = new TreeSet<>();
                for (Violation v : JavaRulesValidator.validate(r)) {
                    props.add(v.propertyPath());
                }
                java.util.Map<String, String> m = new java.util.TreeMap<>();
                // Pydantic stops at a field's first failing rule: Java's first violation of the property
                JavaRulesValidator.validate(r).forEach(v -> m.putIfAbsent(v.propertyPath(), v.message()));
                messages.add(m);
                java.add(String.join(",", props));
            }
        }
        Path modules = Path.of(JavaRules.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("rules.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import pydantic
                from JavaRules import JavaRulesModel
                for line in sys.stdin.read().splitlines():
                    try:
                        JavaRulesModel.model_validate_json(line)
                        print("")
                    except pydantic.ValidationError as e:
                        print(",".join(sorted({str(x["loc"][0]) for x in e.errors()})) + "\t" + "\t".join(
                            str(x["loc"][0]) + "=" + x["msg"].removeprefix("Value error, ") for x in e.errors()))
                """, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(String.join("\n", jsons).concat("\n").getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(300, TimeUnit.SECONDS), "python3 finished");
        List<String> python = new ArrayList<>();
        List<String> pythonMessages = new ArrayList<>();
        for (String line : out.lines().toList()) {
            String[] parts = line.split("\t", 2);
            python.add(parts[0]);
            pythonMessages.add(parts.length > 1 ? parts[1] : "");
        }
        int checkedMessages = 0;
        assertEquals(jsons.size(), python.size(), out);
        List<String> differences = new ArrayList<>();
        int invalid = 0;
        int midpoints = 0;
        for (int i = 0; i < jsons.size(); i++) {
            invalid += java.get(i).isEmpty() ? 0 : 1;
            java.util.TreeSet<String> pythonFields = new java.util.TreeSet<>();
            for (String pm : pythonMessages.get(i).isEmpty() ? new String[0] : pythonMessages.get(i).split("\t")) {
                String[] kv = pm.split("=", 2);
                if (kv[1].startsWith(MIDPOINT) && messages.get(i).get(kv[0]) == null) {
                    midpoints++; // docs/validation.md "Deliberate differences": Python's JSON parser kept only a midpoint double
                    continue;
                }
                pythonFields.add(kv[0]);
                checkedMessages++;
                if (!kv[1].equals(messages.get(i).get(kv[0]))) {
                    differences.add("message of " + kv[0] + ": Java " + messages.get(i).get(kv[0]) + ", Pydantic " + kv[1]);
                }
            }
            if (!java.get(i).equals(pythonMessages.get(i).isEmpty() ? python.get(i) : String.join(",", pythonFields))) {
                differences.add("Java [" + java.get(i) + "] Pydantic [" + python.get(i) + "]: " + jsons.get(i));
            }
        }
        assertTrue(midpoints <= jsons.size() / 100, midpoints + " midpoint refusals in " + jsons.size() + " records");
        System.out.println(midpoints + " documented midpoint refusals");
        System.out.println(jsons.size() + " records, " + invalid + " invalid in Java, "
                + (jsons.size() - differences.size()) + " agreements, " + checkedMessages + " messages compared");
        assertEquals(List.of(), differences.subList(0, Math.min(differences.size(), 60)), differences.size() + " differences");
    }

    /**
     * New-user report nu11, finding 1: every message the generated model raises on text and array lengths
     * ({@code @Size}, {@code @NotBlank}, {@code @NotEmpty}, the native capacity, U+0000 and encoding rules, an
     * array's fixed length) is the first message the generated Java validator reports for that property on the
     * same record, not Pydantic's own ({@code String should have at most 8 characters}); the model's JSON Schema
     * keeps the lengths of the record's JSON Schema.
     */
    @Test
    void lengthMessagesAreJavasMessages(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        io.structbridge.jackson.fixtures.LengthRules ok = new io.structbridge.jackson.fixtures.LengthRules("ab", "x", "abc", "ab",
                "\u00e9", new short[] {1, 2, 3}, new byte[] {1, 2});
        String[] texts = {"", " ", "   ", "\t", "x", "ab", "abc", "abcd", "abcdef", "ninechars", "\u00e9\u00e9", "\u00e9a",
            "\ud83d\ude00", "\ud83d\ude00\ud83d\ude00\ud83d\ude00\ud83d\ude00\ud83d\ude00", "a\u0000", "\u0000", "\u20ac",
            "\u00ff\u00ff\u00ff\u00ff\u00ff", "\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff", "aaaaaaaaaaaaaaaaaaaaaaaaa", "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"};
        List<io.structbridge.jackson.fixtures.LengthRules> records = new ArrayList<>();
        for (String t : texts) {
            records.add(new io.structbridge.jackson.fixtures.LengthRules(t, ok.tag(), ok.sized(), ok.capped(), ok.latin(), ok.samples(), ok.raw()));
            records.add(new io.structbridge.jackson.fixtures.LengthRules(ok.label(), t, ok.sized(), ok.capped(), ok.latin(), ok.samples(), ok.raw()));
            records.add(new io.structbridge.jackson.fixtures.LengthRules(ok.label(), ok.tag(), t, ok.capped(), ok.latin(), ok.samples(), ok.raw()));
            records.add(new io.structbridge.jackson.fixtures.LengthRules(ok.label(), ok.tag(), ok.sized(), t, ok.latin(), ok.samples(), ok.raw()));
            records.add(new io.structbridge.jackson.fixtures.LengthRules(ok.label(), ok.tag(), ok.sized(), ok.capped(), t, ok.samples(), ok.raw()));
        }
        for (int n : new int[] {0, 2, 3, 4}) {
            records.add(new io.structbridge.jackson.fixtures.LengthRules(ok.label(), ok.tag(), ok.sized(), ok.capped(), ok.latin(), new short[n], ok.raw()));
            records.add(new io.structbridge.jackson.fixtures.LengthRules(ok.label(), ok.tag(), ok.sized(), ok.capped(), ok.latin(), ok.samples(), new byte[n]));
        }
        records.add(new io.structbridge.jackson.fixtures.LengthRules("", "", "", "abcd", "\u20ac", new short[1], new byte[1]));
        List<String> jsons = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (io.structbridge.jackson.fixtures.LengthRules r : records) {
            jsons.add(STRICT.writeValueAsString(r));
            java.util.Map<String, String> first = new java.util.TreeMap<>();
            io.structbridge.jackson.fixtures.LengthRulesValidator.validate(r).forEach(v -> first.putIfAbsent(v.propertyPath(), v.message()));
            expected.add(first.toString());
        }
        Path modules = Path.of(JavaRules.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("lengths.py");
        Files.writeString(script, """
                import json, sys
                sys.path.insert(0, sys.argv[1])
                import pydantic
                from LengthRules import LengthRulesModel
                print(json.dumps(LengthRulesModel.model_json_schema(by_alias=True)["properties"], sort_keys=True))
                for line in sys.stdin.read().splitlines():
                    try:
                        LengthRulesModel.model_validate_json(line)
                        print("{}")
                    except pydantic.ValidationError as e:
                        m = {str(x["loc"][0]): x["msg"].removeprefix("Value error, ") for x in e.errors()}
                        print("{" + ", ".join(k + "=" + m[k] for k in sorted(m)) + "}")
                """, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(String.join("\n", jsons).concat("\n").getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(120, TimeUnit.SECONDS), "python3 finished");
        List<String> lines = out.lines().toList();
        assertEquals(jsons.size() + 1, lines.size(), out);
        List<String> differences = new ArrayList<>();
        int refused = 0;
        for (int i = 0; i < jsons.size(); i++) {
            refused += expected.get(i).equals("{}") ? 0 : 1;
            if (!expected.get(i).equals(lines.get(i + 1))) {
                differences.add(jsons.get(i) + "\n  Java     " + expected.get(i) + "\n  Pydantic " + lines.get(i + 1));
            }
        }
        assertEquals(true, refused > records.size() / 2, refused + " of " + records.size() + " refused by Java");
        assertEquals(List.of(), differences);
        // the model's JSON Schema keeps the lengths of the record's JSON Schema
        JsonMapper plain = JsonMapper.builder().build();
        tools.jackson.databind.JsonNode model = plain.readTree(lines.getFirst());
        tools.jackson.databind.JsonNode ours = plain.readTree(io.structbridge.jackson.fixtures.LengthRulesStruct.jsonSchema()).get("properties");
        for (String property : List.of("label", "tag", "sized", "capped", "latin")) {
            for (String k : List.of("minLength", "maxLength")) {
                assertEquals(String.valueOf(ours.get(property).get(k)), String.valueOf(model.get(property).get(k)), property + " " + k);
            }
        }
        for (String k : List.of("minItems", "maxItems")) {
            assertEquals(String.valueOf(ours.get("samples").get(k)), String.valueOf(model.get("samples").get(k)), "samples " + k);
        }
    }

    /**
     * A {@code char[3]}: the generated model takes a JSON string exactly when the generated codec (Jackson, the strict
     * contract) reads it: 3 UTF-16 units, a surrogate pair counting twice (Pydantic's {@code max_length} counts it once).
     */
    @Test
    void charArraysAreJacksonsUtf16Units(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        String base = STRICT.writeValueAsString(new io.structbridge.jackson.fixtures.Blob(new byte[] {1, 2, 3, 4, 5},
                new char[] {'a', 'b', 'c'}, new boolean[] {true, false}, new long[] {0, 1},
                new io.structbridge.jackson.fixtures.Point[] {new io.structbridge.jackson.fixtures.Point(1, 2),
                    new io.structbridge.jackson.fixtures.Point(3, 4)}));
        String[] letters = {"abc", "ab", "abcd", "a\ud83d\ude00", "\ud83d\ude00\ud83d\ude00", "\u00e9\u20acx", "", "\ud83d\ude00",
            "x\ud83d\ude00", "\ud83d\ude00x", "\u0000bc", "\uffff\u00ff\u0100"};
        JsonMapper codec = StrictJson.codecMapper();
        StringBuilder input = new StringBuilder();
        List<String> verdicts = new ArrayList<>();
        for (String l : letters) {
            String json = base.replace("\"letters\":\"abc\"", "\"letters\":" + STRICT.writeValueAsString(l));
            assertEquals(true, json.contains(STRICT.writeValueAsString(l)), json);
            String verdict;
            try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined();
                 tools.jackson.core.JsonParser p = codec.createParser(json)) {
                io.structbridge.jackson.fixtures.BlobJson.read(p, io.structbridge.jackson.fixtures.BlobArray.allocate(arena, 1).segment(), 0);
                verdict = "ok";
            } catch (StructJsonException e) {
                verdict = "refused";
            }
            verdicts.add(verdict);
            input.append(json).append('\n');
        }
        Path modules = Path.of(JavaRules.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("chars.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import pydantic
                from Blob import BlobModel
                for line in sys.stdin.buffer.read().decode("utf-8").split("\\n")[:-1]:
                    try:
                        BlobModel.model_validate_json(line)
                        print("ok")
                    except pydantic.ValidationError:
                        print("refused")
                """, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(input.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(120, TimeUnit.SECONDS), "python3 finished");
        assertEquals(verdicts, out.lines().toList(), "verdicts on letters " + String.join(" | ", letters));
    }

    /**
     * The module's Double.toString / Float.toString digits (the model's @Digits and @DecimalMin/@DecimalMax) equal the
     * JDK's, and its Java text of a value (the views' messages: {@code _SB_j_text}) is the JDK's string, character for
     * character, NaN, the infinities and signed zeros included.
     */
    @Test
    void modelToStringIsTheJdks(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Random r = new Random(7);
        StringBuilder input = new StringBuilder();
        int n = 0;
        for (float f : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, 1e-3f, 9.999999e-4f,
            1e7f, 9999999f, 0.1f, 1.0E-45f, Float.MAX_VALUE, 100f, 0.001f, 1234567f, 12345678f}) {
            input.append("1 ").append(Float.toHexString(f)).append(' ').append(Float.toString(f)).append('\n');
            n++;
        }
        for (double d : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1e-3,
            Math.nextDown(1e-3), 1e7, Math.nextDown(1e7), 0.1, 1e-45, 4.9e-324, Double.MAX_VALUE, 100.0, 16777217.0, 1e300}) {
            input.append("0 ").append(Double.toHexString(d)).append(' ').append(Double.toString(d)).append('\n');
            n++;
        }
        for (int i = 0; i < 40_000; i++) {
            float f = Float.intBitsToFloat(i % 2 == 0 ? r.nextInt() : r.nextInt(1 << 23));
            double d = Double.longBitsToDouble(i % 2 == 0 ? r.nextLong() : r.nextLong() & ((1L << 52) - 1));
            if (Float.isFinite(f)) {
                input.append("1 ").append(Float.toHexString(f)).append(' ').append(Float.toString(f)).append('\n');
                n++;
            }
            if (Double.isFinite(d)) {
                input.append("0 ").append(Double.toHexString(d)).append(' ').append(Double.toString(d)).append('\n');
                n++;
            }
        }
        Path modules = Path.of(JavaRules.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = dir.resolve("tostring.py");
        Files.writeString(script, """
                import decimal, sys
                sys.path.insert(0, sys.argv[1])
                import JavaRules
                import structbridge_rt  # the runtime JavaRules imports: Java's Double.toString port
                bad = 0
                for line in sys.stdin.read().splitlines():
                    single, hx, java = line.split()
                    x = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}.get(hx) or float.fromhex(hx)
                    text = structbridge_rt._SB_j_text(x, single == "1")
                    if text != java:
                        bad += 1
                        print("text differs", line, text)
                    if x != x or x in (float("inf"), float("-inf")):
                        continue
                    ours = structbridge_rt._SB_j_tostring(x, single == "1")
                    if decimal.Decimal(ours).normalize().as_tuple() != decimal.Decimal(java).normalize().as_tuple():
                        bad += 1
                        print("differs", line, ours)
                print("done", bad)
                """, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(input.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(300, TimeUnit.SECONDS), "python3 finished");
        System.out.println(n + " floats and doubles: Python's toString compared with the JDK's");
        assertEquals("done 0", out.strip().lines().reduce((a, z) -> z).orElse(""), out.length() > 3000 ? out.substring(0, 3000) : out);
    }
}

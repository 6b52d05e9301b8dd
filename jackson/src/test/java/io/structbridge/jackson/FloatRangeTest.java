package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Ranges;
import io.structbridge.jackson.fixtures.Ranges_AllJson;
import io.structbridge.jackson.fixtures.Ranges_AllStruct;
import io.structbridge.jackson.fixtures.Ranges_AllValidator;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 20 item 16: the range of a floating member at its boundary, in every place the JSON Schema
 * reaches (a scalar, an array element, a nested struct, a tagged union's members, a half, a double, a
 * double stored as a C float). The expected verdict of each number comes from the JDK's correctly rounded
 * parsers (IEEE 754 round to nearest, ties to even): a Java {@code float} member takes a number iff
 * {@code Float.parseFloat} gives a finite value, a {@code double} iff {@code Double.parseDouble} does, a
 * value stored narrower than its Java type (a half, a double stored as float) iff it is one of the
 * narrow type's values. The codec ({@code readValidated}), networknt, Python {@code jsonschema} and the
 * generated Pydantic model must all give that verdict, and a document the codec reads has no violation
 * in the generated validator. Before the fix the schema had no binary32 range: 3.5e38 was valid for both
 * schema validators and refused by the codec and Pydantic.
 */
class FloatRangeTest {
    private static final JsonMapper STRICT = StrictJson.mapper();
    private static final String BASE = "{\"f\":1,\"d\":1,\"df\":1,\"fs\":[1,1],\"leaf\":{\"f\":1},\"k\":%d,\"pick\":%s,\"h\":1}";
    private static final BigInteger FLOAT_OVERFLOW = BigInteger.TWO.pow(128).subtract(BigInteger.TWO.pow(103));

    /** A place in the document: where the number goes. */
    private enum Place {
        F, FS, LEAF, PICK_F, D, PICK_D, DF, H;

        String doc(String number) {
            String pickF = "{\"f\":" + (this == PICK_F ? number : "1") + "}";
            String pickD = "{\"d\":" + (this == PICK_D ? number : "1") + "}";
            String doc = BASE.formatted(this == PICK_D ? 2 : 1, this == PICK_D ? pickD : pickF);
            return switch (this) {
                case F -> doc.replace("{\"f\":1,", "{\"f\":" + number + ",");
                case FS -> doc.replace("[1,1]", "[1," + number + "]");
                case LEAF -> doc.replace("\"leaf\":{\"f\":1}", "\"leaf\":{\"f\":" + number + "}");
                case D -> doc.replace("\"d\":1,\"df\"", "\"d\":" + number + ",\"df\"");
                case DF -> doc.replace("\"df\":1", "\"df\":" + number);
                case H -> doc.replace("\"h\":1", "\"h\":" + number);
                case PICK_F, PICK_D -> doc;
            };
        }

        /** {@return the JDK's verdict: whether the member can hold the number} */
        boolean holds(String number) {
            return switch (this) {
                case F, FS, LEAF, PICK_F -> Float.isFinite(Float.parseFloat(number));
                case D, PICK_D -> Double.isFinite(Double.parseDouble(number));
                case DF -> {
                    // read as a double, then stored as a float only if the float holds that double exactly
                    double v = Double.parseDouble(number);
                    yield Float.isFinite((float) v) && (double) (float) v == v;
                }
                case H -> {
                    // read as a float, then stored as a half only if the half holds that float exactly
                    float v = Float.parseFloat(number);
                    float h = Float.float16ToFloat(Float.floatToFloat16(v));
                    yield Float.isFinite(h) && h == v;
                }
            };
        }
    }

    private static final List<String> SINGLE = List.of("3.4028234663852886E38", "-3.4028234663852886E38", "3.4028235E38",
            "3.4028235677973362E38", FLOAT_OVERFLOW.subtract(BigInteger.ONE).toString(), FLOAT_OVERFLOW.toString(),
            FLOAT_OVERFLOW.negate().toString(), FLOAT_OVERFLOW.negate().add(BigInteger.ONE).toString(), "3.4028236E38", "3.5e38",
            "-3.5e38", "1e39");
    private static final List<String> DOUBLE = List.of("1.7976931348623157E308", "-1.7976931348623157E308",
            "1.7976931348623158E308", "1.7976931348623159E308", "1e309", "-1e309");
    /** FLT_MAX, FLT_MAX + 2^74 (the double tie, rounds to FLT_MAX), + 2^74 + 1, the next double above, 3.5e38. */
    private static final List<String> STORED_FLOAT = List.of("3.4028234663852886E38", "-3.4028234663852886E38",
            new BigDecimal(Float.MAX_VALUE).add(new BigDecimal(BigInteger.TWO.pow(74))).toPlainString(),
            new BigDecimal(Float.MAX_VALUE).add(new BigDecimal(BigInteger.TWO.pow(74))).add(BigDecimal.ONE).toPlainString(),
            "3.402823466385289E38", "3.5e38");
    /**
     * 65504, just below and just above the float tie 65504 + 2^-9 (the tie itself is a float midpoint: the documented
     * difference for Pydantic), 65505, the half overflow.
     */
    private static final List<String> HALF = List.of("65504", "-65504", "65504.0", "65504.0019531249", "-65504.0019531249",
            "65504.0019531251", "65505", "65520", "-65520", "1e5");

    private record Case(Place place, String number, String doc, boolean expected) {}

    private static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (Place p : Place.values()) {
            List<String> numbers = switch (p) {
                case F, FS, LEAF, PICK_F -> SINGLE;
                case D, PICK_D -> DOUBLE;
                case DF -> STORED_FLOAT;
                case H -> HALF;
            };
            for (String n : numbers) {
                out.add(new Case(p, n, p.doc(n), p.holds(n)));
            }
        }
        return out;
    }

    private static boolean codec(String doc) {
        return read(doc) != null;
    }

    /** {@return the record the codec reads from {@code doc} ({@code readValidated}), or null if it refuses it} */
    private static Ranges.All read(String doc) {
        try (JsonParser p = STRICT.createParser(doc)) {
            MemorySegment s = MemorySegment.ofArray(new long[(int) (Ranges_AllStruct.SIZE / 8 + 1)]);
            Ranges_AllJson.readValidated(p, s, 0);
            return Ranges_AllStruct.read(s, 0);
        } catch (StructJsonException e) {
            return null;
        }
    }

    /** {@return the generated validator's violations on the member of {@code place} in what the codec read from {@code doc}} */
    private static List<String> violations(Place place, String doc) {
        Ranges.All r = read(doc);
        String path = switch (place) {
            case F -> "f";
            case FS -> "fs";
            case LEAF -> "leaf.f";
            case PICK_F -> "pick.f";
            case D -> "d";
            case PICK_D -> "pick.d";
            case DF -> "df";
            case H -> "h";
        };
        return r == null ? List.of() : Ranges_AllValidator.validate(r).stream().filter(v -> v.propertyPath().startsWith(path)
                && (place != Place.PICK_F && place != Place.PICK_D || !v.constraint().equals("Native")))
                .map(v -> v.propertyPath() + ": " + v.message()).toList();
    }

    @Test
    void theSchemaTheCodecPydanticAndTheValidatorAgreeAtTheFloatingBoundaries(@TempDir Path dir) throws Exception {
        Oracles.requirePython("jsonschema", "pydantic");
        List<Case> cases = cases();
        assertTrue(cases.stream().anyMatch(Case::expected) && cases.stream().anyMatch(c -> !c.expected()), "both verdicts");
        Schema schema = Schemas.load(Ranges_AllStruct.jsonSchema());
        Path modules = Path.of(Ranges.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Files.writeString(dir.resolve("schema.json"), Ranges_AllStruct.jsonSchema(), StandardCharsets.UTF_8);
        StringBuilder docs = new StringBuilder();
        cases.forEach(c -> docs.append(c.doc()).append('\n'));
        Path script = Files.writeString(dir.resolve("check.py"), """
                import sys, json, jsonschema
                sys.path.insert(0, sys.argv[2])
                import Ranges_All
                schema = json.load(open(sys.argv[1], encoding="utf-8"))
                jsonschema.Draft202012Validator.check_schema(schema)
                validator = jsonschema.Draft202012Validator(schema)
                for line in sys.stdin.read().splitlines():
                    a = "valid" if validator.is_valid(json.loads(line)) else "invalid"
                    try:
                        Ranges_All.Ranges_AllModel.model_validate_json(line)
                        b = "valid"
                    except Exception:
                        b = "invalid"
                    print(a, b)
                """);
        Process p = new ProcessBuilder("python3", script.toString(), dir.resolve("schema.json").toString(), modules.toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().write(docs.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, out);
        List<String> python = out.lines().toList();
        assertEquals(cases.size(), python.size(), out);
        List<String> wrong = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String want = c.expected() ? "valid" : "invalid";
            String[] py = python.get(i).split(" ");
            String got = "codec " + verdict(codec(c.doc())) + ", networknt " + verdict(Schemas.valid(schema, c.doc()))
                    + ", jsonschema " + py[0] + ", pydantic " + py[1] + violations(c.place(), c.doc()).stream()
                    .map(v -> ", validator: " + v).reduce("", String::concat);
            if (!got.equals("codec " + want + ", networknt " + want + ", jsonschema " + want + ", pydantic " + want)) {
                wrong.add(c.place() + " " + c.number() + " (the member " + (c.expected() ? "holds" : "cannot hold") + " it): " + got);
            }
        }
        assertEquals(List.of(), wrong, "every oracle gives the JDK's verdict");
    }

    private static String verdict(boolean valid) {
        return valid ? "valid" : "invalid";
    }

    /**
     * The documented difference (docs/validation.md, "Deliberate differences", "Pydantic and JSON numbers"): Python's JSON parser rounds a decimal to
     * a double first, so a float member's number just below 2^128 - 2^103 written with a fraction or exponent
     * becomes that threshold itself for Python jsonschema and Pydantic (refused), while the codec and networknt
     * read the text exactly (the float 3.4028235E38).
     */
    @Test
    void aDecimalThatPythonRoundsOntoTheThresholdIsTheDocumentedDifference(@TempDir Path dir) throws Exception {
        Oracles.requirePython("jsonschema");
        String number = new BigDecimal(FLOAT_OVERFLOW.subtract(BigInteger.ONE)).scaleByPowerOfTen(-38).toPlainString() + "E38";
        assertTrue(Float.isFinite(Float.parseFloat(number)), number);
        assertEquals(new BigDecimal(FLOAT_OVERFLOW).doubleValue(), Double.parseDouble(number), "a double rounds it onto the threshold");
        String doc = Place.F.doc(number);
        assertTrue(codec(doc), doc);
        assertTrue(Schemas.valid(Schemas.load(Ranges_AllStruct.jsonSchema()), doc), doc);
        Files.writeString(dir.resolve("schema.json"), Ranges_AllStruct.jsonSchema(), StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", "-c", "import sys, json, jsonschema\n"
                + "print(jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).is_valid(json.loads(sys.stdin.read())))",
                dir.resolve("schema.json").toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(doc.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals("False", out, "Python's double of the number is the threshold");
    }
}

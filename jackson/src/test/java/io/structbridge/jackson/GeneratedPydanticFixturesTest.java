package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.jackson.fixtures.Blob;
import io.structbridge.jackson.fixtures.BlobValidator;
import io.structbridge.jackson.fixtures.City;
import io.structbridge.jackson.fixtures.CityValidator;
import io.structbridge.jackson.fixtures.J1Text;
import io.structbridge.jackson.fixtures.J1TextValidator;
import io.structbridge.jackson.fixtures.J5Code;
import io.structbridge.jackson.fixtures.J5CodeValidator;
import io.structbridge.jackson.fixtures.J6Qty;
import io.structbridge.jackson.fixtures.J6QtyValidator;
import io.structbridge.jackson.fixtures.KebabNamed;
import io.structbridge.jackson.fixtures.KebabNamedValidator;
import io.structbridge.jackson.fixtures.Lenient;
import io.structbridge.jackson.fixtures.LenientValidator;
import io.structbridge.jackson.fixtures.Named;
import io.structbridge.jackson.fixtures.NamedValidator;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointValidator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every JSON fixture's generated Pydantic model against the generated Java validator, on Jackson's
 * JSON of valid and invalid records: the same verdict for each.
 */
class GeneratedPydanticFixturesTest {
    private static final JsonMapper STRICT = StrictJson.mapper();

    private record Case(String module, String json, boolean javaValid) {}

    private static <R> void add(List<Case> cases, String module, Function<R, List<?>> validator, List<R> records) {
        for (R r : records) {
            cases.add(new Case(module, STRICT.writeValueAsString(r), validator.apply(r).isEmpty()));
        }
    }

    @Test
    void everyGeneratedModelAgreesWithTheJavaValidator() throws Exception {
        Oracles.requirePython("pydantic");
        List<Case> cases = new ArrayList<>();
        add(cases, "Point", PointValidator::validate, List.of(new Point(0, 1000), new Point(-1, 5), new Point(3, 1001)));
        add(cases, "J1Text", J1TextValidator::validate, List.of(new J1Text("a"), new J1Text("ab"), new J1Text("")));
        add(cases, "J5Code", J5CodeValidator::validate, List.of(new J5Code("abc"), new J5Code("abc1"), new J5Code("")));
        add(cases, "J6Qty", J6QtyValidator::validate, List.of(new J6Qty(0), new J6Qty(Integer.MIN_VALUE)));
        add(cases, "Lenient", LenientValidator::validate, List.of(new Lenient(1)));
        add(cases, "Named", NamedValidator::validate, List.of(new Named(1, 2, 3, 4, 5)));
        add(cases, "KebabNamed", KebabNamedValidator::validate, List.of(new KebabNamed(1, 2, 3)));
        add(cases, "Blob", BlobValidator::validate, List.of(
                new Blob(new byte[] {1, 2, 3, 4, 5}, new char[] {'a', 'b', 'c'}, new boolean[] {true, false},
                        new long[] {0, 4294967295L}, new Point[] {new Point(1, 2), new Point(3, 4)}),
                new Blob(new byte[] {1, 2, 3, 4, 5}, new char[] {'a', 'b', 'c'}, new boolean[] {true, false},
                        new long[] {0, 1}, new Point[] {new Point(1, 2), new Point(3, 4000)})));
        add(cases, "City", CityValidator::validate, List.of(new City("Vila", "42.53176", "1.56654", "AD", "03", ""),
                new City("Vila", "42.53176", "1.56654", "ADX", "03", "")));
        Path modules = Path.of(Point.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        StringBuilder input = new StringBuilder();
        for (Case c : cases) {
            input.append(c.module()).append('\t').append(c.json()).append('\n');
        }
        Process p = new ProcessBuilder("python3", "-c", """
                import importlib, sys
                sys.path.insert(0, sys.argv[1])
                for line in sys.stdin.read().splitlines():
                    name, text = line.split("\\t", 1)
                    model = getattr(importlib.import_module(name), name + "Model")
                    try:
                        model.model_validate_json(text)
                        print("valid")
                    except Exception as e:
                        print("invalid")
                """, modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(input.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        List<String> python = out.lines().toList();
        assertEquals(cases.size(), python.size(), out);
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            String java = cases.get(i).javaValid() ? "valid" : "invalid";
            if (!java.equals(python.get(i))) {
                differences.add(cases.get(i).module() + ": Java " + java + ", Pydantic " + python.get(i) + ": " + cases.get(i).json());
            }
        }
        assertEquals(List.of(), differences);
    }
}

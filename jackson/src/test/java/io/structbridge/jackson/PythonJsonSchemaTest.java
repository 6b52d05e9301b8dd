package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.J1TextStruct;
import io.structbridge.jackson.fixtures.J2MeasureStruct;
import io.structbridge.jackson.fixtures.J5CodeStruct;
import io.structbridge.jackson.fixtures.J6QtyStruct;
import io.structbridge.jackson.fixtures.LenientStruct;
import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderStruct;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.Status;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The exported schemas given to Python's {@code jsonschema} (Draft202012Validator): a second,
 * independent implementation must accept the schemas and reach the same verdicts as networknt on
 * a shared corpus.
 */
class PythonJsonSchemaTest {
    private static final JsonMapper STRICT = StrictJson.mapper();

    @Test
    void pythonJsonschemaAndNetworkntAgreeOnEveryInstance(@TempDir Path dir) throws Exception {
        Oracles.requirePython("jsonschema");
        Map<String, String> schemas = new LinkedHashMap<>();
        schemas.put("order", OrderStruct.jsonSchema());
        schemas.put("j1", J1TextStruct.jsonSchema());
        schemas.put("j2", J2MeasureStruct.jsonSchema());
        schemas.put("j5", J5CodeStruct.jsonSchema());
        schemas.put("j6", J6QtyStruct.jsonSchema());
        schemas.put("lenient", LenientStruct.jsonSchema());
        List<String[]> corpus = new ArrayList<>();
        Order valid = InPlaceValidationTest.VALID;
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid)});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(new Order(0, "ab", 101, -1, 0f, Status.DONE, false,
                new int[] {1, 2, 70000}, new Point(-1, 2000), 'x', 1.234, 1, "toolongtag", 9, 10000))});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"in-progress\"", "\"IN_PROGRESS\"")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"order_id\":7", "\"order_id\":9223372036854775807")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"order_id\":7", "\"order_id\":9223372036854775808")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"qty\":3", "\"qty\":3.5")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"code\":\"AB12\"", "\"code\":\"AB12 \"")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("}", ",\"extra\":1}")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"weight\":1.5", "\"weight\":\"Infinity\"")});
        corpus.add(new String[] {"order", STRICT.writeValueAsString(valid).replace("\"weight\":1.5", "\"weight\":\"NaN\"")});
        corpus.add(new String[] {"j1", "{\"x\":\"\\ud83d\\udca9\"}"});
        corpus.add(new String[] {"j1", "{\"x\":\"ab\"}"});
        corpus.add(new String[] {"j2", "{\"x\":\"NaN\"}"});
        corpus.add(new String[] {"j2", "{\"x\":\"-Infinity\"}"});
        corpus.add(new String[] {"j2", "{\"x\":\"nan\"}"});
        corpus.add(new String[] {"j5", "{\"code\":\"abc1\"}"});
        corpus.add(new String[] {"j5", "{\"code\":\"abc\"}"});
        corpus.add(new String[] {"j6", "{\"qty\":1.5}"});
        corpus.add(new String[] {"j6", "{\"qty\":1.0}"});
        corpus.add(new String[] {"j6", "{\"qty\":\"7\"}"});
        corpus.add(new String[] {"j6", "{}"});
        corpus.add(new String[] {"j6", "{\"qty\":3,\"x\":1}"});
        corpus.add(new String[] {"lenient", "{\"a\":3,\"x\":1}"});
        for (Map.Entry<String, String> e : schemas.entrySet()) {
            Files.writeString(dir.resolve(e.getKey() + ".json"), e.getValue(), StandardCharsets.UTF_8);
        }
        StringBuilder lines = new StringBuilder();
        for (String[] c : corpus) {
            lines.append(c[0]).append('\t').append(c[1]).append('\n');
        }
        Files.writeString(dir.resolve("corpus.tsv"), lines, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("check.py"), """
                import json, sys, pathlib
                from jsonschema import Draft202012Validator
                d = pathlib.Path(sys.argv[1])
                validators = {}
                for line in (d / "corpus.tsv").read_text(encoding="utf-8").splitlines():
                    name, instance = line.split("\\t", 1)
                    if name not in validators:
                        schema = json.loads((d / (name + ".json")).read_text(encoding="utf-8"))
                        Draft202012Validator.check_schema(schema)
                        validators[name] = Draft202012Validator(schema)
                    print("valid" if validators[name].is_valid(json.loads(instance)) else "invalid")
                """, StandardCharsets.UTF_8);
        List<String> python = run(dir);
        List<String> networknt = new ArrayList<>();
        for (String[] c : corpus) {
            Schema schema = Schemas.load(schemas.get(c[0]));
            networknt.add(Schemas.valid(schema, c[1]) ? "valid" : "invalid");
        }
        assertEquals(networknt, python);
        // The verdicts themselves, for the record (first two: a valid and a many-times-invalid order).
        assertEquals("valid", networknt.get(0));
        assertEquals("invalid", networknt.get(1));
    }

    private static List<String> run(Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("python3", dir.resolve("check.py").toString(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("python3 failed: " + out);
        }
        return out.lines().toList();
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.J1TextStruct;
import io.structbridge.jackson.fixtures.J5CodeStruct;
import io.structbridge.jackson.fixtures.J6QtyStruct;
import io.structbridge.jackson.fixtures.PointStruct;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Pydantic v2 models written by hand to mean what the records mean: their {@code
 * model_json_schema()} and our schemas agree keyword by keyword (types, ranges, lengths,
 * patterns, required, additionalProperties), and {@code model_validate_json(strict=True)} gives
 * the same verdicts as our schema on a shared corpus. Deliberate differences are in docs/validation.md.
 */
class PydanticAgreementTest {
    private static final List<String> KEYWORDS = List.of("type", "minimum", "maximum", "exclusiveMinimum",
            "exclusiveMaximum", "minLength", "maxLength");

    private static final String MODELS = """
            import json, sys
            from typing import Annotated
            from pydantic import BaseModel, ConfigDict, Field, ValidationError

            class Strict(BaseModel):
                model_config = ConfigDict(extra='forbid', strict=True)

            class Point(Strict):
                x: Annotated[int, Field(ge=0, le=1000)]
                y: Annotated[int, Field(ge=0, le=1000)]

            class J6Qty(Strict):
                qty: Annotated[int, Field(ge=-2147483648, le=2147483647)]

            class J5Code(Strict):
                code: Annotated[str, Field(max_length=15, pattern=r'^(?:[a-z]+)$')]

            class J1Text(Strict):
                x: Annotated[str, Field(max_length=1)]

            models = {'Point': Point, 'J6Qty': J6Qty, 'J5Code': J5Code, 'J1Text': J1Text}
            if sys.argv[1] == 'schemas':
                print(json.dumps({n: m.model_json_schema() for n, m in models.items()}))
            else:
                for line in sys.stdin.read().splitlines():
                    name, instance = line.split('\\t', 1)
                    try:
                        models[name].model_validate_json(instance)
                        print('valid')
                    except ValidationError:
                        print('invalid')
            """;

    @Test
    void pydanticSchemasAndVerdictsMatchOurs(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        JsonMapper json = JsonMapper.builder().build();
        Map<String, String> ours = new LinkedHashMap<>();
        ours.put("Point", PointStruct.jsonSchema());
        ours.put("J6Qty", J6QtyStruct.jsonSchema());
        ours.put("J5Code", J5CodeStruct.jsonSchema());
        ours.put("J1Text", J1TextStruct.jsonSchema());
        Path script = dir.resolve("models.py");
        Files.writeString(script, MODELS, StandardCharsets.UTF_8);

        JsonNode pydantic = json.readTree(python(script, "schemas", ""));
        for (Map.Entry<String, String> e : ours.entrySet()) {
            JsonNode mine = json.readTree(e.getValue());
            JsonNode theirs = pydantic.get(e.getKey());
            assertEquals(sorted(theirs.get("required")), sorted(mine.get("required")), e.getKey() + " required");
            assertEquals(theirs.get("additionalProperties").asBoolean(), mine.get("additionalProperties").asBoolean(), e.getKey());
            for (String property : mine.get("properties").propertyNames()) {
                JsonNode m = mine.get("properties").get(property);
                JsonNode p = theirs.get("properties").get(property);
                for (String k : KEYWORDS) {
                    assertEquals(text(p.get(k)), text(m.get(k)), e.getKey() + "." + property + " " + k);
                }
                // Our string schemas add a pattern refusing U+0000 (C would read it as the end); the
                // user's own pattern, where there is one, is the same anchored expression.
                if (p.has("pattern")) {
                    assertEquals(p.get("pattern").asString(), m.get("allOf") != null
                            ? m.get("allOf").get(m.get("allOf").size() - 1).get("pattern").asString() : m.get("pattern").asString());
                }
            }
        }

        List<String[]> corpus = List.of(
                new String[] {"Point", "{\"x\":1,\"y\":2}"}, new String[] {"Point", "{\"x\":-1,\"y\":2}"},
                new String[] {"Point", "{\"x\":1001,\"y\":2}"}, new String[] {"Point", "{\"x\":1}"},
                new String[] {"Point", "{\"x\":1,\"y\":2,\"z\":3}"}, new String[] {"Point", "{\"x\":1.5,\"y\":2}"},
                new String[] {"J6Qty", "{\"qty\":1.5}"}, new String[] {"J6Qty", "{\"qty\":\"7\"}"},
                new String[] {"J6Qty", "{}"}, new String[] {"J6Qty", "{\"qty\":2147483648}"},
                new String[] {"J6Qty", "{\"qty\":-2147483648}"}, new String[] {"J6Qty", "{\"qty\":null}"},
                new String[] {"J5Code", "{\"code\":\"abc\"}"}, new String[] {"J5Code", "{\"code\":\"abc1\"}"},
                new String[] {"J5Code", "{\"code\":\"\"}"}, new String[] {"J5Code", "{\"code\":\"aaaaaaaaaaaaaaaa\"}"},
                new String[] {"J1Text", "{\"x\":\"a\"}"}, new String[] {"J1Text", "{\"x\":\"ab\"}"},
                new String[] {"J1Text", "{\"x\":\"\\ud83d\\udca9\"}"});
        StringBuilder lines = new StringBuilder();
        List<String> networknt = new ArrayList<>();
        for (String[] c : corpus) {
            lines.append(c[0]).append('\t').append(c[1]).append('\n');
            Schema schema = Schemas.load(ours.get(c[0]));
            networknt.add(Schemas.valid(schema, c[1]) ? "valid" : "invalid");
        }
        assertEquals(networknt, python(script, "validate", lines.toString()).lines().toList());
    }

    private static List<String> sorted(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        out.sort(null);
        return out;
    }

    private static String text(JsonNode n) {
        return n == null ? null : n.isNumber() ? n.decimalValue().stripTrailingZeros().toPlainString() : n.asString();
    }

    private static String python(Path script, String mode, String stdin) throws Exception {
        Process p = new ProcessBuilder("python3", script.toString(), mode).redirectErrorStream(true).start();
        p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("python3 failed: " + out);
        }
        return out;
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.jackson.fixtures.Tagged;
import io.structbridge.jackson.fixtures.Tagged_CellJson;
import io.structbridge.jackson.fixtures.Tagged_FigureJson;
import java.lang.foreign.MemorySegment;
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
 * The generated Pydantic models of structs holding tagged unions ({@code Tagged_Figure.py},
 * {@code Tagged_Cell.py}) accept exactly the JSON the generated codec accepts with its constraints
 * ({@code readValidated}): Jackson-written documents of every member, and the wrong, extra, missing,
 * null and unknown members and discriminator values.
 */
class TaggedUnionPydanticTest {
    private static final JsonMapper STRICT = StrictJson.mapper();

    static final List<String> FIGURES = List.of(
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}",
            "{\"kind\":\"SQUARE\",\"shape\":{\"rect\":{\"w\":1.0,\"h\":1.0}},\"id\":1}",
            "{\"shape\":{\"rect\":{\"w\":1.0,\"h\":1.0}},\"kind\":\"RECT\",\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":-1.0}},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1001}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"rect\":{\"w\":1.0,\"h\":2.0}},\"id\":1}",
            "{\"kind\":\"SQUARE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0},\"rect\":{\"w\":1.0,\"h\":2.0}},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0},\"x\":1},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":null},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.0},\"rect\":null},\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"shape\":null,\"id\":1}",
            "{\"kind\":\"CIRCLE\",\"id\":1}",
            "{\"kind\":\"TRIANGLE\",\"shape\":{\"circle\":{\"r\":1.0}},\"id\":1}");
    static final List<String> CELLS = List.of(
            "{\"type\":1,\"value\":{\"i\":5}}", "{\"type\":1,\"value\":{\"i\":101}}", "{\"type\":2,\"value\":{\"d\":0.5}}",
            "{\"type\":3,\"value\":{\"d\":-1.0}}", "{\"type\":-1,\"value\":{\"s\":\"abc\"}}", "{\"type\":-1,\"value\":{\"s\":\"\"}}",
            "{\"type\":-1,\"value\":{\"s\":\"abcdefgh\"}}", "{\"type\":1,\"value\":{\"d\":5.0}}", "{\"type\":2,\"value\":{\"i\":5}}",
            "{\"type\":0,\"value\":{\"i\":5}}", "{\"type\":7,\"value\":{\"i\":5}}", "{\"type\":1,\"value\":{\"i\":5,\"d\":1.0}}",
            "{\"type\":1,\"value\":{}}", "{\"type\":4,\"value\":{\"s\":\"x\"}}", "{\"type\":1,\"value\":{\"i\":1.5}}",
            "{\"type\":\"1\",\"value\":{\"i\":5}}", "{\"type\":40000,\"value\":{\"i\":5}}");

    static String verdict(String json, boolean cell) {
        try (JsonParser p = STRICT.createParser(json)) {
            MemorySegment s = MemorySegment.ofArray(new long[8]);
            if (cell) {
                Tagged_CellJson.readValidated(p, s, 0);
            } else {
                Tagged_FigureJson.readValidated(p, s, 0);
            }
            return "valid";
        } catch (StructJsonException e) {
            return "invalid";
        }
    }

    @Test
    void generatedModelsAcceptExactlyWhatTheCodecAccepts(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Path modules = Path.of(Tagged.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        List<String> lines = new ArrayList<>();
        List<String> java = new ArrayList<>();
        for (Tagged.Kind k : Tagged.Kind.values()) {
            String json = TaggedUnionJsonTest.write(TaggedUnionJsonTest.figure(k, 2.5, 1f, 2f, 3), false);
            lines.add("Figure\t" + json);
            java.add("valid");
        }
        for (String f : FIGURES) {
            lines.add("Figure\t" + f);
            java.add(verdict(f, false));
        }
        for (String c : CELLS) {
            lines.add("Cell\t" + c);
            java.add(verdict(c, true));
        }
        Path script = dir.resolve("check.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                import Tagged_Figure, Tagged_Cell
                models = {"Figure": Tagged_Figure.Tagged_FigureModel, "Cell": Tagged_Cell.Tagged_CellModel}
                for line in sys.stdin.read().splitlines():
                    name, doc = line.split("\\t", 1)
                    try:
                        models[name].model_validate_json(doc)
                        print("valid")
                    except Exception as e:
                        print("invalid")
                """);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        List<String> python = out.lines().toList();
        assertEquals(lines.size(), python.size(), out);
        for (int i = 0; i < lines.size(); i++) {
            assertEquals(java.get(i), python.get(i), lines.get(i));
        }
        assertEquals(List.of("valid", "valid", "valid", "valid", "valid", "valid"), python.subList(0, 6));
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Pydantic's and Python jsonschema's verdicts on documents of generated records in the fixtures package
 * ({@code verdicts.py}): one line per document, {@code "valid <dump>\tvalid"} or {@code "invalid\tinvalid"} when they
 * agree with each other.
 */
final class PythonVerdicts {
    private PythonVerdicts() {}

    /** A document of a record, by the record's simple name (its module, model and schema file are named after it). */
    record Doc(String record, String json) {}

    /** {@return the verdict line of each document, in order} */
    static List<String> of(Path dir, List<Doc> docs) throws URISyntaxException {
        Oracles.requirePython("pydantic", "jsonschema");
        Path modules = Path.of(PythonVerdicts.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        Path script = Path.of(PythonVerdicts.class.getResource("verdicts.py").toURI());
        List<String> lines = new ArrayList<>();
        docs.forEach(d -> lines.add(d.record() + "\t" + d.json()));
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", script.toString(), modules.toString()), dir,
                String.join("\n", lines));
        List<String> out = r.out().lines().toList();
        assertEquals(docs.size(), out.size(), r.out());
        return out;
    }
}

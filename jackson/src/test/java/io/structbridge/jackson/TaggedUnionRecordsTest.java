package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Schema;
import io.structbridge.jackson.fixtures.Tagged;
import io.structbridge.jackson.fixtures.Tagged_CellArray;
import io.structbridge.jackson.fixtures.Tagged_CellJson;
import io.structbridge.jackson.fixtures.Tagged_CellStruct;
import io.structbridge.jackson.fixtures.Tagged_CellValidator;
import io.structbridge.jackson.fixtures.Tagged_CellView;
import io.structbridge.jackson.fixtures.Tagged_FigureArray;
import io.structbridge.jackson.fixtures.Tagged_FigureJson;
import io.structbridge.jackson.fixtures.Tagged_FigureStruct;
import io.structbridge.jackson.fixtures.Tagged_FigureValidator;
import io.structbridge.jackson.fixtures.Tagged_FigureView;
import io.structbridge.jackson.fixtures.Tagged_FlaggedArray;
import io.structbridge.jackson.fixtures.Tagged_FlaggedJson;
import io.structbridge.jackson.fixtures.Tagged_FlaggedStruct;
import io.structbridge.jackson.fixtures.Tagged_FlaggedValidator;
import io.structbridge.jackson.fixtures.Tagged_FlaggedView;
import io.structbridge.runtime.Violation;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records of structs holding a tagged union, as every reader returns them (the live member only: the others null,
 * or zero / false), against the validator and every writer. The oracle of validity is networknt on the generated
 * JSON Schema (the JSON the codec writes of the stored bytes), and {@code validate(segment)} on the bytes; the oracle
 * of the bytes is the codec's read of the JSON (only the live member, the union's other bytes zero). Every record
 * every reader returns: {@code validate(record)} gives exactly the violations of {@code validate(segment)} (issue 20
 * item 5: a false "does not read back" violation, or a NullPointerException, for dead members); and every writer
 * stores it as exactly those bytes (item 6: a view's union setter applied the untagged rule, "must not be null" for
 * the dead member).
 */
class TaggedUnionRecordsTest {
    private static final JsonMapper STRICT = StrictJson.mapper();

    /** The JSON documents: every case of every discriminator, with and without constraint violations. */
    static final List<String> FIGURES = List.of(
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":1.5}},\"id\":7}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":4.9E-324}},\"id\":-2147483648}",
            "{\"kind\":\"RECT\",\"shape\":{\"rect\":{\"w\":2.5,\"h\":0.1}},\"id\":1000}",
            "{\"kind\":\"SQUARE\",\"shape\":{\"rect\":{\"w\":3.0,\"h\":3.0}},\"id\":0}",
            "{\"kind\":\"CIRCLE\",\"shape\":{\"circle\":{\"r\":-1.0}},\"id\":7}",
            "{\"kind\":\"RECT\",\"shape\":{\"rect\":{\"w\":0.0,\"h\":1.0}},\"id\":1001}",
            "{\"kind\":\"SQUARE\",\"shape\":{\"rect\":{\"w\":-3.0,\"h\":-3.0}},\"id\":5}");
    static final List<String> CELLS = List.of(
            "{\"type\":1,\"value\":{\"i\":5}}",
            "{\"type\":1,\"value\":{\"i\":-9223372036854775808}}",
            "{\"type\":2,\"value\":{\"d\":0.5}}",
            "{\"type\":3,\"value\":{\"d\":-1.0E300}}",
            "{\"type\":-1,\"value\":{\"s\":\"abc\"}}",
            "{\"type\":-1,\"value\":{\"s\":\"h\u00e9llo!\"}}",
            "{\"type\":1,\"value\":{\"i\":101}}",
            "{\"type\":-1,\"value\":{\"s\":\"\"}}");
    static final List<String> FLAGGED = List.of(
            "{\"k\":1,\"u\":{\"b\":true}}",
            "{\"k\":1,\"u\":{\"b\":false}}",
            "{\"k\":2,\"u\":{\"i\":123}}",
            "{\"k\":2,\"u\":{\"i\":-1}}",
            "{\"k\":2,\"u\":{\"i\":2147483647}}");

    /** How to read, write, validate and judge one fixture struct. */
    record Fixture<R extends Record>(String name, long size, Class<R> type, Schema schema,
                                     Reader<R> codecRead, Function<MemorySegment, R> read,
                                     Function<MemorySegment, R> viewRead, Function<MemorySegment, R> arrayRead,
                                     Function<String, R> codecRecord, Function<R, List<Violation>> validateRecord,
                                     Function<MemorySegment, List<Violation>> validateSegment, Writer codecWrite,
                                     List<Named<R>> writers) {}

    interface Reader<R> {
        void read(JsonParser p, MemorySegment s, long offset);
    }

    interface Writer {
        void write(MemorySegment s, long offset, JsonGenerator g);
    }

    /** A writer of records into a segment of zeros. */
    record Named<R>(String name, java.util.function.BiConsumer<MemorySegment, R> write) {}

    static MemorySegment zeros(long size) {
        return MemorySegment.ofArray(new long[(int) ((size + 7) / 8)]).asSlice(0, size);
    }

    static <R> R parse(String json, Function<JsonParser, R> f) {
        try (JsonParser p = STRICT.createParser(json)) {
            return f.apply(p);
        }
    }

    static final Fixture<Tagged.Figure> FIGURE = new Fixture<>("Figure", Tagged_FigureStruct.SIZE, Tagged.Figure.class,
            Schemas.load(Tagged_FigureStruct.jsonSchema()), Tagged_FigureJson::read, s -> Tagged_FigureStruct.read(s, 0),
            s -> Tagged_FigureView.at(s, 0).toRecord(), s -> Tagged_FigureArray.over(s).get(0),
            json -> parse(json, Tagged_FigureJson::readRecord), Tagged_FigureValidator::validate,
            s -> Tagged_FigureValidator.validate(s, 0), Tagged_FigureJson::write, List.of(
                    new Named<>("FigureStruct.write", (s, r) -> Tagged_FigureStruct.write(s, 0, r)),
                    new Named<>("FigureView.set", (s, r) -> Tagged_FigureView.at(s, 0).set(r)),
                    new Named<>("FigureView setters", (s, r) -> {
                        Tagged_FigureView v = Tagged_FigureView.at(s, 0);
                        v.kind(r.kind());
                        v.shape(r.shape());
                        v.id(r.id());
                    }),
                    new Named<>("FigureStruct component setters", (s, r) -> {
                        Tagged_FigureStruct.kind(s, 0, r.kind());
                        Tagged_FigureStruct.shape(s, 0, r.shape());
                        Tagged_FigureStruct.id(s, 0, r.id());
                    }),
                    new Named<>("FigureArray.set", (s, r) -> Tagged_FigureArray.over(s).set(0, r)),
                    new Named<>("FigureArray.setAll", (s, r) -> Tagged_FigureArray.over(s).setAll(0, List.of(r))),
                    new Named<>("FigureArray.fromList", (s, r) -> {
                        try (Arena a = Arena.ofConfined()) {
                            s.copyFrom(Tagged_FigureArray.fromList(a, List.of(r)).segment());
                        }
                    })));

    static final Fixture<Tagged.Cell> CELL = new Fixture<>("Cell", Tagged_CellStruct.SIZE, Tagged.Cell.class,
            Schemas.load(Tagged_CellStruct.jsonSchema()), Tagged_CellJson::read, s -> Tagged_CellStruct.read(s, 0),
            s -> Tagged_CellView.at(s, 0).toRecord(), s -> Tagged_CellArray.over(s).get(0),
            json -> parse(json, Tagged_CellJson::readRecord), Tagged_CellValidator::validate,
            s -> Tagged_CellValidator.validate(s, 0), Tagged_CellJson::write, List.of(
                    new Named<>("CellStruct.write", (s, r) -> Tagged_CellStruct.write(s, 0, r)),
                    new Named<>("CellView.set", (s, r) -> Tagged_CellView.at(s, 0).set(r)),
                    new Named<>("CellView setters", (s, r) -> {
                        Tagged_CellView v = Tagged_CellView.at(s, 0);
                        v.type(r.type());
                        v.value(r.value());
                    }),
                    new Named<>("CellStruct component setters", (s, r) -> {
                        Tagged_CellStruct.type(s, 0, r.type());
                        Tagged_CellStruct.value(s, 0, r.value());
                    }),
                    new Named<>("CellArray.set", (s, r) -> Tagged_CellArray.over(s).set(0, r)),
                    new Named<>("CellArray.setAll", (s, r) -> Tagged_CellArray.over(s).setAll(0, List.of(r)))));

    static final Fixture<Tagged.Flagged> FLAGGED_FIXTURE = new Fixture<>("Flagged", Tagged_FlaggedStruct.SIZE,
            Tagged.Flagged.class, Schemas.load(Tagged_FlaggedStruct.jsonSchema()), Tagged_FlaggedJson::read,
            s -> Tagged_FlaggedStruct.read(s, 0), s -> Tagged_FlaggedView.at(s, 0).toRecord(),
            s -> Tagged_FlaggedArray.over(s).get(0), json -> parse(json, Tagged_FlaggedJson::readRecord),
            Tagged_FlaggedValidator::validate, s -> Tagged_FlaggedValidator.validate(s, 0), Tagged_FlaggedJson::write, List.of(
                    new Named<>("FlaggedStruct.write", (s, r) -> Tagged_FlaggedStruct.write(s, 0, r)),
                    new Named<>("FlaggedView.set", (s, r) -> Tagged_FlaggedView.at(s, 0).set(r)),
                    new Named<>("FlaggedView setters", (s, r) -> {
                        Tagged_FlaggedView v = Tagged_FlaggedView.at(s, 0);
                        v.k(r.k());
                        v.u(r.u());
                    }),
                    new Named<>("FlaggedStruct component setters", (s, r) -> {
                        Tagged_FlaggedStruct.k(s, 0, r.k());
                        Tagged_FlaggedStruct.u(s, 0, r.u());
                    }),
                    new Named<>("FlaggedArray.set", (s, r) -> Tagged_FlaggedArray.over(s).set(0, r))));

    static String codecJson(Writer w, MemorySegment s) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = STRICT.createGenerator(out)) {
            w.write(s, 0, g);
        }
        return out.toString();
    }

    /** The bytes the codec stores for {@code json} (over zeros). */
    static <R extends Record> MemorySegment stored(Fixture<R> f, String json) {
        MemorySegment s = zeros(f.size());
        try (JsonParser p = STRICT.createParser(json)) {
            f.codecRead().read(p, s, 0);
        }
        return s;
    }

    /** Every reader's record of the bytes of {@code json}: the struct, a view, an array, the codec, databind. */
    static <R extends Record> Map<String, R> records(Fixture<R> f, String json) {
        MemorySegment s = stored(f, json);
        Map<String, R> out = new LinkedHashMap<>();
        out.put("Struct.read", f.read().apply(s));
        out.put("View.toRecord", f.viewRead().apply(s));
        out.put("Array.get", f.arrayRead().apply(s));
        out.put("Json.readRecord", f.codecRecord().apply(json));
        out.put("StrictJson.mapper().readValue", STRICT.readValue(json, f.type()));
        out.put("StrictJson.mapper().readValue(codec's JSON)", STRICT.readValue(codecJson(f.codecWrite(), s), f.type()));
        return out;
    }

    static List<String> render(List<Violation> vs) {
        return vs.stream().map(v -> v.propertyPath() + " " + v.constraint() + " " + v.message() + " " + v.invalidValue()).toList();
    }

    static <R extends Record> List<String> validatorFailures(Fixture<R> f, List<String> docs) {
        List<String> failures = new ArrayList<>();
        for (String json : docs) {
            MemorySegment s = stored(f, json);
            String written = codecJson(f.codecWrite(), s);
            boolean schemaValid = Schemas.valid(f.schema(), written);
            List<String> inPlace = render(f.validateSegment().apply(s));
            if (inPlace.isEmpty() != schemaValid) {
                failures.add(json + ": schema says " + (schemaValid ? "valid" : "invalid") + ", validate(segment) " + inPlace);
            }
            for (Map.Entry<String, R> e : records(f, json).entrySet()) {
                List<String> got;
                try {
                    got = render(f.validateRecord().apply(e.getValue()));
                } catch (RuntimeException x) {
                    got = List.of(x.toString());
                }
                if (!got.equals(inPlace)) {
                    failures.add(json + " read by " + e.getKey() + " " + e.getValue() + ": validate(record) " + got
                            + ", validate(segment) " + inPlace);
                }
            }
        }
        return failures;
    }

    @Test
    void validatingARecordAnyReaderReturnsGivesTheViolationsOfItsBytes() {
        List<String> failures = new ArrayList<>();
        failures.addAll(validatorFailures(FIGURE, FIGURES));
        failures.addAll(validatorFailures(CELL, CELLS));
        failures.addAll(validatorFailures(FLAGGED_FIXTURE, FLAGGED));
        assertEquals(List.of(), failures, String.join("\n", failures));
    }

    static <R extends Record> List<String> writerFailures(Fixture<R> f, List<String> docs) {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (String json : docs) {
            MemorySegment expected = stored(f, json);
            String expectedJson = codecJson(f.codecWrite(), expected);
            for (Map.Entry<String, R> e : records(f, json).entrySet()) {
                for (Named<R> w : f.writers()) {
                    MemorySegment target = zeros(f.size());
                    try {
                        w.write().accept(target, e.getValue());
                        if (target.mismatch(expected) != -1) {
                            failures.add(json + " read by " + e.getKey() + ", written by " + w.name() + ": bytes differ at "
                                    + target.mismatch(expected));
                        }
                    } catch (RuntimeException x) {
                        failures.add(json + " read by " + e.getKey() + ", written by " + w.name() + ": " + x);
                    }
                    checked++;
                }
                // databind writes the record (through the codec): Jackson's JSON of the stored bytes
                try {
                    String databind = STRICT.writeValueAsString(e.getValue());
                    if (!databind.equals(expectedJson)) {
                        failures.add(json + " read by " + e.getKey() + ", written by databind: " + databind + " != " + expectedJson);
                    }
                } catch (RuntimeException x) {
                    failures.add(json + " read by " + e.getKey() + ", written by databind: " + x);
                }
            }
        }
        assertTrue(checked > 0);
        return failures;
    }

    @Test
    void everyWriterStoresTheRecordEveryReaderReturns() {
        List<String> failures = new ArrayList<>();
        failures.addAll(writerFailures(FIGURE, FIGURES));
        failures.addAll(writerFailures(CELL, CELLS));
        failures.addAll(writerFailures(FLAGGED_FIXTURE, FLAGGED));
        assertEquals(List.of(), failures, failures.size() + " failures\n" + String.join("\n", failures));
    }

    static final String PYTHON = """
            import dataclasses, importlib, json, sys
            sys.path.insert(0, sys.argv[1])
            out = []
            for line in sys.stdin.read().splitlines():
                c = json.loads(line)
                name = c["module"]
                ns = vars(importlib.import_module(name))
                Rec, View, Model = ns[name + "Record"], ns[name + "View"], ns[name + "Model"]
                want = c["hex"]
                problems = []
                try:
                    readers = {
                        "from_view": Rec.from_view(bytearray.fromhex(want)),
                        "load": View(bytearray.fromhex(want)).load(),
                    }
                    if c["valid"]:  # the schema's verdict: then the Pydantic model reads Jackson's JSON too
                        readers["from_model(model_validate_json)"] = Rec.from_model(Model.model_validate_json(c["json"]))
                except Exception as e:
                    print(f"read failed: {type(e).__name__}: {e}".replace("\\n", " | "))
                    continue
                if not c["valid"]:
                    try:
                        Model.model_validate_json(c["json"])
                        problems.append("the model accepts JSON the schema refuses")
                    except ValueError:
                        pass
                for rname, rec in readers.items():
                    def setters(buf, rec=rec):
                        v = View(buf)
                        for f in dataclasses.fields(rec):
                            setattr(v, f.name, getattr(rec, f.name))
                    writers = {
                        "to_view": lambda buf, rec=rec: rec.to_view(buf),
                        "View.store": lambda buf, rec=rec: View(buf).store(rec),
                        "View setters": setters,
                    }
                    if c["valid"]:
                        writers["from_model(to_model).to_view"] = lambda buf, rec=rec: Rec.from_model(rec.to_model()).to_view(buf)
                    for wname, w in writers.items():
                        buf = bytearray(View.SIZE)
                        try:
                            w(buf)
                            if buf.hex() != want:
                                problems.append(f"{rname} -> {wname}: wrote {buf.hex()}")
                        except Exception as e:
                            problems.append(f"{rname} -> {wname}: {type(e).__name__}: {e}")
                print("ok" if not problems else "; ".join(problems))
            """;

    static <R extends Record> void pythonCommands(Fixture<R> f, List<String> docs, List<String> commands, List<String> what) {
        for (String json : docs) {
            MemorySegment s = stored(f, json);
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("module", "Tagged_" + f.name());
            c.put("hex", HexFormat.of().formatHex(s.toArray(ValueLayout.JAVA_BYTE)));
            String written = codecJson(f.codecWrite(), s);
            c.put("json", written);
            c.put("valid", Schemas.valid(f.schema(), written));
            commands.add(STRICT.writeValueAsString(c));
            what.add(f.name() + " " + json);
        }
    }

    /**
     * Python's readers (from_view, a view's load, from_model of the Pydantic model of Jackson's JSON) and writers
     * (to_view, a view's store, the view's setters component by component, to_model/from_model) of the same
     * records: every writer stores the record every reader returns as the bytes Java's codec stores for its JSON.
     */
    @Test
    void pythonWritersStoreTheRecordPythonReadersReturn(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        List<String> commands = new ArrayList<>();
        List<String> what = new ArrayList<>();
        pythonCommands(FIGURE, FIGURES, commands, what);
        pythonCommands(CELL, CELLS, commands, what);
        pythonCommands(FLAGGED_FIXTURE, FLAGGED, commands, what);
        Path script = dir.resolve("writers.py");
        Files.writeString(script, PYTHON);
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", script.toString(),
                TaggedUnionTwinTest.modules().toString()), dir, String.join("\n", commands));
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals(commands.size(), lines.size(), r.out());
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).equals("ok")) {
                failures.add(what.get(i) + ": " + lines.get(i));
            }
        }
        assertEquals(List.of(), failures, String.join("\n", failures));
    }
}

package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Tagged;
import io.structbridge.jackson.fixtures.Tagged_CellJson;
import io.structbridge.jackson.fixtures.Tagged_CellStruct;
import io.structbridge.jackson.fixtures.Tagged_FigureJson;
import io.structbridge.jackson.fixtures.Tagged_FigureStruct;
import io.structbridge.jackson.fixtures.Tagged_FlaggedJson;
import io.structbridge.jackson.fixtures.Tagged_FlaggedStruct;
import io.structbridge.runtime.StructValueException;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Python value twins of structs holding tagged unions ({@code Tagged_Figure.py}, {@code Tagged_Cell.py},
 * {@code Tagged_Flagged.py}) against Java, the oracle: a record holds its live member only. Java writes records of
 * every case (dead members given, primitives among them) and Python's {@code from_view}/{@code load} give the
 * record Java reads back; Python's {@code to_view} of the same records writes Java's bytes, and Java reads them as
 * it wrote them; every record Java's write refuses Python refuses with Java's message and no byte changed; every
 * stored struct Java's read refuses Python refuses with Java's message (dead members' bytes never matter); Jackson's
 * JSON of each record, through the Pydantic model and {@code from_model}, is Java's record, and dataclass to model
 * and back is the identity. Also the package of {@code -Astructbridge.pythonPackage}: one twin class per union, and
 * the message of a {@code UINT64_BITS} setter.
 */
class TaggedUnionTwinTest {
    private static final JsonMapper STRICT = StrictJson.mapper();
    private static final HexFormat HEX = HexFormat.of();

    /** A fixture struct: its Python module, how Java writes, reads and writes JSON of it. */
    private enum Kind {
        FIGURE("Tagged_Figure", Tagged_FigureStruct.SIZE), CELL("Tagged_Cell", Tagged_CellStruct.SIZE),
        FLAGGED("Tagged_Flagged", Tagged_FlaggedStruct.SIZE);

        final String module;
        final long size;

        Kind(String module, long size) {
            this.module = module;
            this.size = size;
        }

        static Kind of(Record r) {
            return r instanceof Tagged.Figure ? FIGURE : r instanceof Tagged.Cell ? CELL : FLAGGED;
        }
    }

    static MemorySegment segment(long size) {
        return MemorySegment.ofArray(new long[(int) ((size + 7) / 8)]).asSlice(0, size);
    }

    static MemorySegment write(Record r) {
        MemorySegment s = segment(Kind.of(r).size);
        switch (r) {
            case Tagged.Figure f -> Tagged_FigureStruct.write(s, 0, f);
            case Tagged.Cell c -> Tagged_CellStruct.write(s, 0, c);
            case Tagged.Flagged f -> Tagged_FlaggedStruct.write(s, 0, f);
            default -> throw new IllegalArgumentException(r.toString());
        }
        return s;
    }

    static Record read(Kind k, MemorySegment s) {
        return switch (k) {
            case FIGURE -> Tagged_FigureStruct.read(s, 0);
            case CELL -> Tagged_CellStruct.read(s, 0);
            case FLAGGED -> Tagged_FlaggedStruct.read(s, 0);
        };
    }

    static String json(Kind k, MemorySegment s) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = STRICT.createGenerator(out)) {
            switch (k) {
                case FIGURE -> Tagged_FigureJson.write(s, 0, g);
                case CELL -> Tagged_CellJson.write(s, 0, g);
                case FLAGGED -> Tagged_FlaggedJson.write(s, 0, g);
            }
        }
        return out.toString();
    }

    static MemorySegment bytes(Kind k, String hex) {
        MemorySegment s = segment(k.size);
        s.copyFrom(MemorySegment.ofArray(HEX.parseHex(hex)));
        return s;
    }

    static String hex(MemorySegment s) {
        return HEX.formatHex(s.toArray(ValueLayout.JAVA_BYTE));
    }

    // ---- a Java record as the Python expression of its value twin (exact floats through float.fromhex) ----

    static String py(Object v) {
        return switch (v) {
            case null -> "None";
            case Boolean b -> b ? "True" : "False";
            case Double d -> "float.fromhex('" + Double.toHexString(d) + "')";
            case Float f -> "float.fromhex('" + Double.toHexString(f) + "')";
            case String s -> STRICT.writeValueAsString(s);
            case Tagged.Kind k -> "Tagged_Kind." + k.name();
            case Tagged.Circle c -> "Tagged_CircleRecord(" + py(c.r()) + ")";
            case Tagged.Rect r -> "Tagged_RectRecord(" + py(r.w()) + ", " + py(r.h()) + ")";
            case Tagged.Shape s -> "Tagged_ShapeRecord(" + py(s.circle()) + ", " + py(s.rect()) + ")";
            case Tagged.Figure f -> "Tagged_FigureRecord(" + py(f.kind()) + ", " + py(f.shape()) + ", " + f.id() + ")";
            case Tagged.Num n -> "Tagged_NumRecord(" + n.i() + ", " + py(n.d()) + ", " + py(n.s()) + ")";
            case Tagged.Cell c -> "Tagged_CellRecord(" + c.type() + ", " + py(c.value()) + ")";
            case Tagged.Flag f -> "Tagged_FlagRecord(" + py(f.b()) + ", " + f.i() + ")";
            case Tagged.Flagged f -> "Tagged_FlaggedRecord(" + f.k() + ", " + py(f.u()) + ")";
            case Number n -> n.toString();
            default -> throw new IllegalArgumentException(v.toString());
        };
    }

    static Tagged.Figure figure(Tagged.Kind k, Tagged.Circle c, Tagged.Rect r, int id) {
        return new Tagged.Figure(k, new Tagged.Shape(c, r), id);
    }

    /** Records Java writes: every case, with and without dead members (primitive dead members nonzero too). */
    static final List<Record> VALID = List.of(
            figure(Tagged.Kind.CIRCLE, new Tagged.Circle(1.5), null, 7),
            figure(Tagged.Kind.CIRCLE, new Tagged.Circle(1.5), new Tagged.Rect(0f, 0f), 7),
            figure(Tagged.Kind.CIRCLE, new Tagged.Circle(-0.0), new Tagged.Rect(1.5f, 0f), -1),
            figure(Tagged.Kind.CIRCLE, new Tagged.Circle(Double.MIN_VALUE), new Tagged.Rect(9f, 9f), Integer.MIN_VALUE),
            figure(Tagged.Kind.RECT, null, new Tagged.Rect(2.5f, 0.1f), 1000),
            figure(Tagged.Kind.RECT, new Tagged.Circle(3), new Tagged.Rect(-1f, Float.MAX_VALUE), 0),
            figure(Tagged.Kind.SQUARE, null, new Tagged.Rect(3f, 3f), Integer.MAX_VALUE),
            figure(Tagged.Kind.SQUARE, new Tagged.Circle(1e300), new Tagged.Rect(Float.MIN_VALUE, 1f), 2),
            new Tagged.Cell((short) 1, new Tagged.Num(5, 0, null)),
            new Tagged.Cell((short) 1, new Tagged.Num(Long.MIN_VALUE, 2.5, "zz")),
            new Tagged.Cell((short) 1, new Tagged.Num(-1, 0, null)),
            new Tagged.Cell((short) 2, new Tagged.Num(0, 0.5, null)),
            new Tagged.Cell((short) 2, new Tagged.Num(77, -0.0, "dead")),
            new Tagged.Cell((short) 3, new Tagged.Num(Long.MAX_VALUE, -1e300, "x")),
            new Tagged.Cell((short) -1, new Tagged.Num(0, 0, "abc")),
            new Tagged.Cell((short) -1, new Tagged.Num(9, 9.5, "")),
            new Tagged.Cell((short) -1, new Tagged.Num(1, 1, "h\u00e9llo!")),
            new Tagged.Flagged(1, new Tagged.Flag(true, 0)),
            new Tagged.Flagged(1, new Tagged.Flag(false, 123)),
            new Tagged.Flagged(2, new Tagged.Flag(true, 2)),
            new Tagged.Flagged(2, new Tagged.Flag(false, -1)),
            new Tagged.Flagged(2, new Tagged.Flag(true, Integer.MAX_VALUE)));

    /** Records Java's write refuses. */
    static final List<Record> REFUSED = List.of(
            figure(Tagged.Kind.CIRCLE, null, new Tagged.Rect(1f, 1f), 1),
            figure(Tagged.Kind.CIRCLE, null, null, 1),
            figure(Tagged.Kind.RECT, new Tagged.Circle(1), null, 1),
            figure(Tagged.Kind.SQUARE, new Tagged.Circle(1), null, 1),
            new Tagged.Figure(Tagged.Kind.SQUARE, null, 1),
            new Tagged.Figure(Tagged.Kind.CIRCLE, null, 1),
            new Tagged.Cell((short) 7, new Tagged.Num(1, 1, "x")),
            new Tagged.Cell((short) 0, new Tagged.Num(1, 1, "x")),
            new Tagged.Cell((short) -2, new Tagged.Num(1, 1, "x")),
            new Tagged.Cell((short) 1, null),
            new Tagged.Cell((short) -1, new Tagged.Num(0, 0, null)),
            new Tagged.Cell((short) -1, new Tagged.Num(0, 0, "abcdefgh")),
            new Tagged.Cell((short) -1, new Tagged.Num(0, 0, "a\u0000b")),
            new Tagged.Cell((short) -1, new Tagged.Num(0, 0, "\u00e9\u00e9\u00e9\u00e9")),
            new Tagged.Flagged(9, new Tagged.Flag(true, 1)),
            new Tagged.Flagged(0, new Tagged.Flag(false, 0)),
            new Tagged.Flagged(2, null));

    /** Stored structs (hex) Java's read refuses, and ones whose dead members' bytes are invalid yet Java reads. */
    static final Map<String, Kind> STORED = new LinkedHashMap<>();

    static {
        STORED.put("04000000" + "00000000" + "0000000000000000" + "07000000" + "00000000", Kind.FIGURE); // unknown Kind code
        STORED.put("00000000" + "00000000" + "000000000000f83f" + "07000000" + "00000000", Kind.FIGURE); // code 0
        STORED.put("0700" + "000000000000" + "0100000000000000", Kind.CELL); // selects no member
        STORED.put("ffff" + "000000000000" + "ff00000000000000", Kind.CELL); // s: invalid UTF-8
        STORED.put("ffff" + "000000000000" + "4142434445464748", Kind.CELL); // s: no NUL
        STORED.put("0100" + "000000000000" + "ffffffffffffffff", Kind.CELL); // i live: dead s bytes invalid, read
        STORED.put("0200" + "000000000000" + "41414141414141c1", Kind.CELL); // d live: dead s bytes without NUL
        STORED.put("01000000" + "02000000", Kind.FLAGGED); // b live: bool byte 2
        STORED.put("02000000" + "02000000", Kind.FLAGGED); // i live: dead b byte 2, read
        STORED.put("09000000" + "01000000", Kind.FLAGGED); // selects no member
    }

    static final String SCRIPT = """
            import importlib, json, sys
            sys.path.insert(0, sys.argv[1])

            def same(a, b):
                import dataclasses, struct
                if isinstance(a, float) and isinstance(b, float):
                    return struct.pack("<d", a) == struct.pack("<d", b) or (a != a and b != b)
                if dataclasses.is_dataclass(a) and type(a) is type(b):
                    return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
                return type(a) is type(b) and a == b

            out = []
            for line in sys.stdin.read().splitlines():
                c = json.loads(line)
                m = importlib.import_module(c["module"])
                ns = vars(m)
                name = c["module"]
                Rec, View = ns[name + "Record"], ns[name + "View"]
                op = c["op"]
                try:
                    if op == "read":
                        buf = bytearray.fromhex(c["hex"])
                        expect = eval(c["expect"], ns)
                        got = Rec.from_view(buf)
                        loaded = View.at(buf, 0).load()
                        problems = []
                        if not same(got, expect):
                            problems.append(f"from_view {got!r} != {expect!r}")
                        if not same(loaded, expect):
                            problems.append(f"load {loaded!r}")
                        again = bytearray(View.SIZE)
                        got.to_view(again)
                        if again.hex() != c["hex"]:
                            problems.append(f"to_view of it wrote {again.hex()}")
                        if not c["valid"]:  # a constraint fails (Jackson's readValidated refuses the JSON): so does the model
                            try:
                                got.to_model()
                                problems.append("to_model accepted a value Jackson's readValidated refuses")
                            except ValueError:
                                pass
                            print("ok" if not problems else "; ".join(problems))
                            continue
                        model = got.to_model()
                        if not same(Rec.from_model(model), got):
                            problems.append(f"from_model(to_model) {Rec.from_model(model)!r}")
                        from_json = Rec.from_model(ns[name + "Model"].model_validate_json(c["json"]))
                        if not same(from_json, expect):
                            problems.append(f"Jackson's JSON through the model {from_json!r}")
                        # (to_model of a Java float holds its binary32 value, the model of Jackson's JSON the printed
                        # decimal: both give the same twin, checked above)
                        if '":null' in model.model_dump_json():
                            problems.append(f"model_dump_json() writes a dead member: {model.model_dump_json()}")
                        if not same(Rec.from_model(ns[name + "Model"].model_validate_json(model.model_dump_json())), got):
                            problems.append(f"to_model's JSON {model.model_dump_json()} is not the value")
                        print("ok" if not problems else "; ".join(problems))
                    elif op == "write":
                        buf = bytearray(View.SIZE)
                        eval(c["expr"], ns).to_view(buf)
                        print(buf.hex())
                    elif op == "refuse":
                        buf = bytearray(b"\\xab" * View.SIZE)
                        try:
                            eval(c["expr"], ns).to_view(buf)
                            print("stored " + buf.hex())
                        except Exception as e:
                            print(f"{type(e).__name__}: {e}" + ("" if buf == bytearray(b"\\xab" * View.SIZE) else " (bytes changed)"))
                    elif op == "readerr":
                        try:
                            got = Rec.from_view(bytearray.fromhex(c["hex"]))
                        except Exception as e:
                            print(f"{type(e).__name__}: {e}")
                        else:
                            print("read" if "expect" in c and same(got, eval(c["expect"], ns)) else f"read {got!r}")
                except Exception as e:
                    print(f"failed {type(e).__name__}: {e}".replace("\\n", " | "))
            """;

    static Path modules() throws Exception {
        return Path.of(Tagged.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("io/structbridge/jackson/fixtures");
    }

    /** {@return whether Jackson's codec with the constraints ({@code readValidated}) accepts {@code json}} */
    static boolean valid(Kind k, String json) {
        try (tools.jackson.core.JsonParser p = STRICT.createParser(json)) {
            MemorySegment s = segment(k.size);
            switch (k) {
                case FIGURE -> Tagged_FigureJson.readValidated(p, s, 0);
                case CELL -> Tagged_CellJson.readValidated(p, s, 0);
                case FLAGGED -> Tagged_FlaggedJson.readValidated(p, s, 0);
            }
            return true;
        } catch (StructJsonException e) {
            return false;
        }
    }

    static String command(String op, Kind k, Map<String, ?> fields) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("op", op);
        m.put("module", k.module);
        m.putAll(fields);
        return STRICT.writeValueAsString(m);
    }

    static List<String> runPython(Path dir, Path modules, List<String> commands) throws Exception {
        Path script = dir.resolve("twins.py");
        Files.writeString(script, SCRIPT);
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", script.toString(), modules.toString()), dir,
                String.join("\n", commands));
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals(commands.size(), lines.size(), r.out());
        return lines;
    }

    @Test
    void pythonTwinsHoldTheLiveMemberAsJavaDoes(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        List<String> commands = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        List<String> what = new ArrayList<>();
        // Java writes; Python reads Java's record (live member only), writes Java's bytes, and converts as Jackson's JSON
        for (Record r : VALID) {
            Kind k = Kind.of(r);
            MemorySegment s = write(r);
            Record back = read(k, s);
            String json = json(k, s);
            commands.add(command("read", k, Map.of("hex", hex(s), "expect", py(back), "json", json, "valid", valid(k, json))));
            expected.add("ok");
            what.add("read " + r);
            commands.add(command("write", k, Map.of("expr", py(r))));
            expected.add(hex(s));
            what.add("write " + r);
        }
        // Java refuses to write; Python refuses with Java's message and changes no byte
        for (Record r : REFUSED) {
            Kind k = Kind.of(r);
            StructValueException e = assertThrows(StructValueException.class, () -> write(r), r::toString);
            commands.add(command("refuse", k, Map.of("expr", py(r))));
            expected.add("ValueError: " + e.getMessage());
            what.add("refuse " + r);
        }
        // stored bytes: Java's read, and Python's
        for (Map.Entry<String, Kind> e : STORED.entrySet()) {
            Kind k = e.getValue();
            MemorySegment s = bytes(k, e.getKey());
            try {
                Record back = read(k, s);
                commands.add(command("readerr", k, Map.of("hex", e.getKey(), "expect", py(back))));
                expected.add("read");
            } catch (StructValueException x) {
                commands.add(command("readerr", k, Map.of("hex", e.getKey())));
                expected.add("ValueError: " + x.getMessage());
            }
            what.add("stored " + e.getKey() + " as " + k);
        }
        List<String> python = runPython(dir, modules(), commands);
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            String want = expected.get(i);
            String got = python.get(i);
            if (!want.equals(got)) {
                failures.add(what.get(i) + "\n    Java:   " + want + "\n    Python: " + got);
            }
        }
        // Java reads the bytes Python wrote as the record it reads from its own bytes
        for (int i = 0; i < commands.size(); i++) {
            if (what.get(i).startsWith("write ") && python.get(i).matches("[0-9a-f]+")) {
                Record r = VALID.get(i / 2);
                Kind k = Kind.of(r);
                assertEquals(read(k, write(r)), read(k, bytes(k, python.get(i))), what.get(i));
            }
        }
        assertEquals(List.of(), failures, String.join("\n", failures));
    }

    @Test
    void storedBytesBothReadAreTheSameRecord(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        List<String> commands = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (Map.Entry<String, Kind> e : STORED.entrySet()) {
            Kind k = e.getValue();
            Record back;
            try {
                back = read(k, bytes(k, e.getKey()));
            } catch (StructValueException x) {
                continue;
            }
            MemorySegment s = write(back);
            // Java's read of bytes with dead garbage, then written again (over zeroed union bytes)
            commands.add(command("write", k, Map.of("expr", py(back))));
            expected.add(hex(s));
            // and over bytes 0xab: the union's bytes zeroed, padding left as it was
            MemorySegment over = segment(k.size).fill((byte) 0xab);
            switch (back) {
                case Tagged.Cell c -> Tagged_CellStruct.write(over, 0, c);
                case Tagged.Flagged f -> Tagged_FlaggedStruct.write(over, 0, f);
                default -> throw new IllegalStateException(back.toString());
            }
            commands.add(command("refuse", k, Map.of("expr", py(back)))); // not refused
            expected.add("stored " + hex(over));
        }
        assertTrue(commands.size() >= 6, commands.toString());
        assertEquals(expected, runPython(dir, modules(), commands));
    }

    /** The package of {@code -Astructbridge.pythonPackage}: {@code from pkg import URecord} is the class every module takes. */
    @Test
    void packageHasOneTwinClassPerUnion(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        String source = Files.readString(Path.of("src/test/java/io/structbridge/jackson/fixtures/Tagged.java"), StandardCharsets.UTF_8)
                .replace("package io.structbridge.jackson.fixtures;", "package geo.shapes;");
        GeneratedOutputs.Outcome o = GeneratedOutputs.compile(dir, Map.of("geo.shapes.Tagged", source),
                List.of("-Astructbridge.pythonPackage=geo"));
        assertTrue(o.success(), o.sbErrors().toString());
        assertTrue(Files.isRegularFile(o.classes().resolve("geo/__init__.py")), "the package");
        Tagged.Figure circle = figure(Tagged.Kind.CIRCLE, new Tagged.Circle(1.5), null, 7);
        Tagged.Figure rect = figure(Tagged.Kind.SQUARE, new Tagged.Circle(1.5), new Tagged.Rect(2f, 2f), 8);
        String script = """
                import sys
                sys.path.insert(0, sys.argv[1])
                import geo
                from geo import (Tagged_FigureRecord, Tagged_FigureView, Tagged_FigureModel, Tagged_ShapeRecord,
                                 Tagged_CircleRecord, Tagged_RectRecord, Tagged_Kind)
                assert geo.tagged_figure.Tagged_ShapeRecord is geo.tagged_shape.Tagged_ShapeRecord is Tagged_ShapeRecord
                for rec in [%s, %s]:
                    buf = bytearray(Tagged_FigureView.SIZE)
                    rec.to_view(buf)
                    back = Tagged_FigureRecord.from_view(buf)
                    assert type(back.shape) is Tagged_ShapeRecord, type(back.shape)
                    assert Tagged_FigureRecord.from_model(back.to_model()) == back
                    print(buf.hex(), back)
                try:
                    Tagged_FigureRecord(Tagged_Kind.CIRCLE, Tagged_ShapeRecord(None, None), 1).to_view(bytearray(24))
                except ValueError as e:
                    print(e)
                """.formatted(py(circle), py(rect));
        Files.writeString(dir.resolve("pkg.py"), script);
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", dir.resolve("pkg.py").toString(), o.classes().toString()),
                dir, null);
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size(), r.out());
        assertEquals(hex(write(circle)), lines.get(0).split(" ")[0], r.out());
        assertEquals(hex(write(rect)), lines.get(1).split(" ")[0], r.out());
        assertTrue(lines.get(1).contains("circle=None"), r.out());
        StructValueException e = assertThrows(StructValueException.class,
                () -> write(figure(Tagged.Kind.CIRCLE, null, null, 1)));
        assertEquals(e.getMessage(), lines.get(2));
    }

    /** The setter of a {@code UINT64_BITS} member says what it takes: 0..2^64-1, or a negative long as its bits. */
    @Test
    void rawBitsSetterMessageNamesBothRanges(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Path script = dir.resolve("wide.py");
        Files.writeString(script, """
                import sys
                sys.path.insert(0, sys.argv[1])
                from Wide import WideView
                v = WideView(bytearray(WideView.SIZE))
                for x in [-1, -(1 << 63), (1 << 64) - 1]:
                    v.id = x
                    print(v.id)
                for x in [1 << 64, -(1 << 63) - 1]:
                    try:
                        v.id = x
                    except ValueError as e:
                        print(e)
                """);
        GeneratedOutputs.Result r = GeneratedOutputs.run(List.of("python3", script.toString(), modules().toString()), dir, null);
        assertEquals(0, r.exit(), r.out());
        String rule = "must fit uint64_t (0..18446744073709551615, or a negative long -9223372036854775808..-1 as its bit pattern)";
        assertEquals(List.of("18446744073709551615", "9223372036854775808", "18446744073709551615",
                "Wide.id: " + rule + "; value 18446744073709551616", "Wide.id: " + rule + "; value -9223372036854775809"),
                r.out().lines().toList());
    }
}

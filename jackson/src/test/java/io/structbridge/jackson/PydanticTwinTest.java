package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Label;
import io.structbridge.jackson.fixtures.LabelStruct;
import io.structbridge.jackson.fixtures.LabelValidator;
import io.structbridge.jackson.fixtures.Narrow;
import io.structbridge.jackson.fixtures.NarrowStruct;
import io.structbridge.jackson.fixtures.NarrowValidator;
import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderStruct;
import io.structbridge.jackson.fixtures.OrderValidator;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointStruct;
import io.structbridge.jackson.fixtures.PointValidator;
import io.structbridge.jackson.fixtures.Status;
import io.structbridge.runtime.StructValueException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated Python value twins ({@code RRecord}) between Jackson's JSON and the struct bytes: on a random
 * corpus of records, Jackson's JSON validates with the generated Pydantic model exactly when the generated Java
 * validator finds nothing; a valid model converted with {@code RRecord.from_model} and written with
 * {@code to_view} gives the bytes Java's {@code RStruct.write} gives for the record Jackson reads from the same
 * JSON (or both refuse it), and {@code from_model(m).to_model()} gives back the model.
 */
class PydanticTwinTest {
    private static final JsonMapper STRICT = StrictJson.mapper();
    private static final HexFormat HEX = HexFormat.of();

    private record Case(String module, String json, boolean javaValid, String bytes) {}

    private interface Writer<R> {
        void write(MemorySegment s, long offset, R value);
    }

    private static <R> void add(List<Case> cases, String module, Function<R, List<?>> validator, Writer<R> writer, long size,
                                List<R> records) {
        for (R r : records) {
            String bytes;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment s = arena.allocate(size, 16);
                try {
                    writer.write(s, 0, r);
                    bytes = HEX.formatHex(s.toArray(ValueLayout.JAVA_BYTE));
                } catch (StructValueException e) {
                    bytes = "refused";
                }
            }
            cases.add(new Case(module, STRICT.writeValueAsString(r), validator.apply(r).isEmpty(), bytes));
        }
    }

    private static String pick(Random random, String... options) {
        return options[random.nextInt(options.length)];
    }

    private static double someDouble(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> random.nextInt(2_000_000) - 1000;
            case 1 -> random.nextDouble() * 100;
            case 2 -> Math.round(random.nextDouble() * 100_000) / 100.0;
            case 3 -> -random.nextDouble();
            case 4 -> (float) random.nextGaussian();
            default -> random.nextInt(7) - 6;
        };
    }

    @Test
    void jacksonJsonPydanticTwinAndStructBytesAgree(@TempDir Path dir) throws Exception {
        Oracles.requirePython("pydantic");
        Random random = new Random(11);
        List<Case> cases = new ArrayList<>();
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            points.add(new Point(random.nextInt(1100) - 50, random.nextInt(1100) - 50));
        }
        add(cases, "Point", PointValidator::validate, PointStruct::write, PointStruct.SIZE, points);
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            orders.add(new Order(random.nextInt(5) - 1, pick(random, "AB12", "ab12", "XY1234567890", "", " ", "AB", "ZZ9", "AB123456789012"),
                    random.nextInt(120), someDouble(random), (float) (random.nextGaussian() * 10),
                    Status.values()[random.nextInt(3)], random.nextInt(4) != 0,
                    new int[] {random.nextInt(70000), random.nextInt(10), 3}, new Point(random.nextInt(1002), random.nextInt(1002)),
                    pick(random, "A", "b", "\u00e9", "\u20ac").charAt(0), someDouble(random), -random.nextInt(3) + random.nextInt(2),
                    pick(random, "x", "", "abcde", "abcdef", "\u00e9\u00e9\u00e9\u00e9"), someDouble(random) / 10, random.nextInt(11000) - 500));
        }
        add(cases, "Order", OrderValidator::validate, OrderStruct::write, OrderStruct.SIZE, orders);
        List<Narrow> narrows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            narrows.add(new Narrow((byte) random.nextInt(), (short) (random.nextInt(300) - 20), random.nextInt(70000) - 35000,
                    random.nextBoolean() ? (double) (float) random.nextGaussian() : random.nextGaussian()));
        }
        add(cases, "Narrow", NarrowValidator::validate, NarrowStruct::write, NarrowStruct.SIZE, narrows);
        List<Label> labels = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            labels.add(new Label(pick(random, "", "plain", "\u00e9t\u00e9", "\ud83d\ude00", "a".repeat(23), "a".repeat(24)),
                    pick(random, "caf\u00e9", "\u20ac", "abc", "a".repeat(11), "a".repeat(12)),
                    pick(random, "ascii", "\u00e9", "123456789", "1234567890"),
                    pick(random, "short", "\u00e9\u00e9\u00e9\u00e9", "longer than six", "")));
        }
        add(cases, "Label", LabelValidator::validate, LabelStruct::write, LabelStruct.SIZE, labels);

        Path modules = Path.of(Point.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("io/structbridge/jackson/fixtures");
        StringBuilder input = new StringBuilder();
        for (Case c : cases) {
            input.append(c.module()).append('\t').append(c.json()).append('\n');
        }
        Path script = dir.resolve("twins.py");
        Files.writeString(script, """
                import importlib, sys
                sys.path.insert(0, sys.argv[1])
                for line in sys.stdin.read().splitlines():
                    name, text = line.split("\\t", 1)
                    mod = importlib.import_module(name)
                    model, record, view = (getattr(mod, name + s) for s in ("Model", "Record", "View"))
                    try:
                        m = model.model_validate_json(text)
                    except Exception:
                        print("invalid")
                        continue
                    r = record.from_model(m)
                    again = r.to_model()
                    if again != m:
                        print(f"model-round-trip-differs {m!r} {again!r}")
                        continue
                    buf = bytearray(view.SIZE)
                    try:
                        r.to_view(buf)
                        print("ok " + buf.hex())
                    except ValueError:
                        print("refused")
                """, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("python3", script.toString(), modules.toString()).redirectErrorStream(true).start();
        p.getOutputStream().write(input.toString().getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "python3 finished");
        List<String> python = out.lines().toList();
        assertEquals(cases.size(), python.size(), out);
        // Java valid: the model accepts and the twin writes Java's bytes. Java invalid by a Bean Validation constraint
        // (Java's write stores it): the model refuses. Java invalid by a native rule (Java's write refuses it too: a
        // double that a float cannot hold, text the encoding or the capacity cannot hold): the model refuses, or
        // accepts it and the twin's to_view refuses, as Java's write does (the model has no native rules).
        List<String> differences = new ArrayList<>();
        int valid = 0;
        int nativeOnly = 0;
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            String got = python.get(i);
            boolean ok;
            if (c.javaValid()) {
                valid++;
                ok = got.equals("ok " + c.bytes());
            } else if (c.bytes().equals("refused")) {
                ok = got.equals("invalid") || got.equals("refused");
                nativeOnly += got.equals("refused") ? 1 : 0;
            } else {
                ok = got.equals("invalid");
            }
            if (!ok) {
                differences.add(c.module() + ": Java " + (c.javaValid() ? "valid, bytes " : "invalid, write ") + c.bytes()
                        + "; Python " + got + ": " + c.json());
            }
        }
        assertEquals(List.of(), differences);
        System.out.println(cases.size() + " records, " + valid + " valid; " + nativeOnly
                + " invalid only by a native rule that the model does not check and to_view refuses");
        assertTrue(valid > cases.size() / 5 && valid < cases.size(), valid + " of " + cases.size() + " valid");
    }
}

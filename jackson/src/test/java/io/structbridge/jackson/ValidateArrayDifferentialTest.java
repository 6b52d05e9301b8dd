package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.jackson.fixtures.Audit;
import io.structbridge.jackson.fixtures.AuditArray;
import io.structbridge.jackson.fixtures.AuditStruct;
import io.structbridge.jackson.fixtures.AuditValidator;
import io.structbridge.jackson.fixtures.BlobArray;
import io.structbridge.jackson.fixtures.BlobStruct;
import io.structbridge.jackson.fixtures.BlobValidator;
import io.structbridge.jackson.fixtures.FlagsArray;
import io.structbridge.jackson.fixtures.FlagsStruct;
import io.structbridge.jackson.fixtures.FlagsValidator;
import io.structbridge.jackson.fixtures.Mix;
import io.structbridge.jackson.fixtures.Order;
import io.structbridge.jackson.fixtures.OrderArray;
import io.structbridge.jackson.fixtures.OrderStruct;
import io.structbridge.jackson.fixtures.OrderValidator;
import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.Status;
import io.structbridge.jackson.fixtures.Tagged_CellArray;
import io.structbridge.jackson.fixtures.Tagged_CellStruct;
import io.structbridge.jackson.fixtures.Tagged_CellValidator;
import io.structbridge.jackson.fixtures.Tagged_FigureArray;
import io.structbridge.jackson.fixtures.Tagged_FigureStruct;
import io.structbridge.jackson.fixtures.Tagged_FigureValidator;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import io.structbridge.runtime.StructValueException;
import io.structbridge.runtime.Violation;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The generated Python {@code validate_array} against the generated Java {@code validateAll}: Java writes
 * 12,000 structs per fixture with planted constraint violations and raw byte corruption (bool bytes, enum codes,
 * broken UTF-8, missing NULs, {@code uint64_t} above {@code Long.MAX_VALUE}, tag values no member has), and the
 * two lists must be equal violation for violation: property path, constraint, message and value, in order.
 */
class ValidateArrayDifferentialTest {
    static final int COUNT = 12_000;
    static final Path MODULES = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target/test-classes/io/structbridge/jackson/fixtures");

    /** Byte sequences that break UTF-8 in each way the JDK decoder reports differently. */
    static final byte[][] BAD_UTF8 = {
            {(byte) 0xc3}, {(byte) 0xe2, (byte) 0x82}, {(byte) 0xf0, (byte) 0x9f, (byte) 0x98}, {(byte) 0x80},
            {(byte) 0xc0, (byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xe0, (byte) 0x80, (byte) 0x80},
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xf5, 0x41}, {(byte) 0xe1, 0x41, 0x41},
            {(byte) 0xe1, (byte) 0x80, 0x41}, {(byte) 0xf1, (byte) 0x80, 0x41, 0x41}, {(byte) 0xf1, 0x41},
            {(byte) 0xff}, {(byte) 0xf0, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xc2, 0x41},
            {(byte) 0xed, (byte) 0xbf}, {(byte) 0xf4, (byte) 0x8f, (byte) 0xbf}};
    static final byte[] BYTES = {0, 0, 0, 1, 1, 2, 3, 9, 0x20, 0x41, 0x7f, (byte) 0x80, (byte) 0xc3, (byte) 0xe0,
            (byte) 0xed, (byte) 0xf0, (byte) 0xf4, (byte) 0xff, (byte) 0xa0, (byte) 0x90};
    static final String[] TEXTS = {"", " ", "\t \n", "AB12", "AB", "ab", "Z9", "abc1", "a1", "ABC", "aB", "cab", "CAB",
            "d", "é", "😀", "😀x", "x😀y", "ÅÅ", "ÅÅÅÅÅ", "ÿ", "AB1234567890", "AB12345678901", "ab12345", "12",
            "Ab", "ccc", " a ", "\u00a0", "\u2003", "a\u0001", "ab😀cd", "Hello", "né"};

    @Test
    void ordersAgree(@TempDir Path dir) throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        MemorySegment data = Arena.ofAuto().allocate(OrderStruct.SIZE * COUNT, 8);
        for (int i = 0; i < COUNT; i++) {
            Order o = new Order(pick(r, 1, 0, -1, 7, Long.MIN_VALUE, Long.MAX_VALUE), text(r, 15),
                    (int) pick(r, 0, 100, 101, 255, 3), pickD(r, 0.0, -0.0, -1e-300, 999999.99, 1e6, Double.NaN, 10.5,
                    Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY), (float) pickD(r, 1.5, 0, -0.0, -1, Float.MIN_VALUE, Double.NaN),
                    Status.values()[r.nextInt(3)], r.nextBoolean(), new int[] {1, 2, 3},
                    new Point((int) pick(r, 0, -1, 1000, 1001, 5), (int) pick(r, 0, -1, 1000, 1001, 5)), 'B',
                    pickD(r, 1.25, 999.99, 1000, 0.001, 123.45, 123.456, -999.99, 0.1 + 0.2, 1e20, Double.NaN, 0, 5e-324),
                    (int) pick(r, 0, 1, -1, Integer.MIN_VALUE), text(r, 7), pickD(r, 0.5, 5, 5.000000000000001, -5, -5.1, Double.NaN),
                    (int) pick(r, 12, 9999, 10000, -9999, -10000, Integer.MAX_VALUE));
            writeOr(data, i * OrderStruct.SIZE, o, OrderStruct::write, r);
        }
        corrupt(data, OrderStruct.SIZE, r, new long[] {OrderStruct.CODE_OFFSET, OrderStruct.TAG_OFFSET}, new int[] {16, 8});
        Set<String> kinds = agree(dir, "Order", OrderStruct.TYPE, data, OrderStruct.SIZE,
                s -> OrderValidator.validateAll(OrderArray.over(s)));
        assertKinds(kinds, "Min", "NotBlank", "Size", "Pattern", "Max", "DecimalMin", "DecimalMax", "Positive",
                "AssertTrue", "Digits", "NegativeOrZero", "Native: bool byte", "Native: unknown", "Native: invalid UTF-8",
                "Native: no NUL");
    }

    @Test
    void everyOtherConstraintKindAgrees(@TempDir Path dir) throws Exception {
        SplittableRandom r = new SplittableRandom(12);
        MemorySegment data = Arena.ofAuto().allocate(AuditStruct.SIZE * COUNT, 8);
        for (int i = 0; i < COUNT; i++) {
            Audit a = new Audit(pick(r, 0, 1_000_000_000_000L, 1_000_000_000_001L, Long.MAX_VALUE),
                    (int) pick(r, 0, 100, 101, -100, -101, Integer.MIN_VALUE), (float) pickD(r, 0, -3, -3.0000002, 16777216,
                    16777218, Double.NaN, Double.NEGATIVE_INFINITY, 1.5),
                    pickD(r, 0.1, Math.nextUp(0.1), 0.10000000000000002, 0.2, 0.3, Math.nextDown(0.3), Double.NaN, 0.25, -1,
                    Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY), (short) pick(r, 0, -1, 1, Short.MIN_VALUE),
                    pick(r, -1, 0, 1, Long.MIN_VALUE), r.nextBoolean(), text(r, 11), ascii(r, 7), latin(r),
                    new boolean[] {r.nextBoolean(), r.nextBoolean(), r.nextBoolean()}, new long[] {pick(r, 0, 5, Long.MAX_VALUE), 7},
                    new Point[] {new Point((int) pick(r, 0, -1, 1001), 3), new Point(2, (int) pick(r, 0, 5000))},
                    (float) pickD(r, 1.5, 99.9, 100, 12.25, 0.05, -9.9, Double.NaN, 10.0, 0.1),
                    (int) pick(r, 2, 0, 1, 15, -16), (int) pick(r, -4, 2, 3, -1), pick(r, 0, 1, Long.MAX_VALUE),
                    new Mix(true, Status.NEW), pick(r, "abc", "ABC", "aBd", "", "c"));
            writeOr(data, i * AuditStruct.SIZE, a, AuditStruct::write, r);
        }
        corrupt(data, AuditStruct.SIZE, r, new long[] {AuditStruct.LABEL_OFFSET, AuditStruct.ASCII_OFFSET, AuditStruct.LATIN_OFFSET,
                AuditStruct.WORD_OFFSET}, new int[] {12, 8, 6, 6});
        // uint64_t above Long.MAX_VALUE: the top byte of serial, of a big64 element and of the 64-bit bit-field
        for (int i = 0; i < COUNT; i += 97) {
            data.set(ValueLayout.JAVA_BYTE, i * AuditStruct.SIZE + AuditStruct.SERIAL_OFFSET + 7, (byte) 0x80);
            data.set(ValueLayout.JAVA_BYTE, i * AuditStruct.SIZE + AuditStruct.BIG64_OFFSET + 15, (byte) 0xff);
        }
        Set<String> kinds = agree(dir, "Audit", AuditStruct.TYPE, data, AuditStruct.SIZE,
                s -> AuditValidator.validateAll(AuditArray.over(s)));
        assertKinds(kinds, "Max", "Min", "DecimalMin", "DecimalMax", "PositiveOrZero", "Negative", "AssertFalse",
                "NotEmpty", "Size", "Pattern", "NotBlank", "Digits", "Native: bool byte", "Native: uint64_t", "Native: byte is not",
                "Native: invalid UTF-8", "Native: no NUL");
    }

    @Test
    void unionsArraysAndBitFieldsAgreeOnRandomBytes(@TempDir Path dir) throws Exception {
        SplittableRandom r = new SplittableRandom(13);
        Set<String> kinds = new TreeSet<>();
        kinds.addAll(agree(dir, "Tagged_Figure", null, noise(r, Tagged_FigureStruct.SIZE), Tagged_FigureStruct.SIZE,
                s -> Tagged_FigureValidator.validateAll(Tagged_FigureArray.over(s))));
        kinds.addAll(agree(dir, "Tagged_Cell", null, noise(r, Tagged_CellStruct.SIZE), Tagged_CellStruct.SIZE,
                s -> Tagged_CellValidator.validateAll(Tagged_CellArray.over(s))));
        kinds.addAll(agree(dir, "Blob", null, noise(r, BlobStruct.SIZE), BlobStruct.SIZE,
                s -> BlobValidator.validateAll(BlobArray.over(s))));
        kinds.addAll(agree(dir, "Flags", null, noise(r, FlagsStruct.SIZE), FlagsStruct.SIZE,
                s -> FlagsValidator.validateAll(FlagsArray.over(s))));
        kinds.addAll(agree(dir, "Audit", null, noise(r, AuditStruct.SIZE), AuditStruct.SIZE,
                s -> AuditValidator.validateAll(AuditArray.over(s))));
        assertKinds(kinds, "Positive", "Max", "Size", "Min", "Native: selects no member", "Native: unknown",
                "Native: bool byte", "Native: invalid UTF-8", "Native: no NUL");
    }

    /** Random bytes, mostly small values (so enum codes, bools and tags are often valid). */
    static MemorySegment noise(SplittableRandom r, long size) {
        MemorySegment s = Arena.ofAuto().allocate(size * COUNT, 8);
        for (long i = 0; i < s.byteSize(); i++) {
            int k = r.nextInt(100);
            s.set(ValueLayout.JAVA_BYTE, i, k < 55 ? 0 : k < 70 ? 1 : k < 78 ? 2 : k < 84 ? 3 : (byte) r.nextInt(256));
        }
        return s;
    }

    interface Writer<T> {
        void write(MemorySegment s, long offset, T value);
    }

    /** Writes {@code value}; a value the struct refuses (text too long) leaves the zero bytes, then tries once more with "". */
    static <T> void writeOr(MemorySegment s, long offset, T value, Writer<T> w, SplittableRandom r) {
        try {
            w.write(s, offset, value);
        } catch (StructValueException e) {
            fail("the generator made a value the struct cannot hold: " + e.getMessage());
        }
    }

    static long pick(SplittableRandom r, long... values) {
        return r.nextInt(4) == 0 ? values[r.nextInt(values.length)] : values[0];
    }

    static double pickD(SplittableRandom r, double... values) {
        return r.nextInt(4) == 0 ? values[r.nextInt(values.length)] : values[0];
    }

    static String pick(SplittableRandom r, String... values) {
        return values[r.nextInt(values.length)];
    }

    /** A text of at most {@code maxBytes} UTF-8 bytes. */
    static String text(SplittableRandom r, int maxBytes) {
        while (true) {
            String t = TEXTS[r.nextInt(TEXTS.length)];
            if (t.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
                return t;
            }
        }
    }

    static String ascii(SplittableRandom r, int max) {
        String[] a = {"ab1", "abc", "a1b2", "1", "", "AB1", "x9", "zz", "a b1"};
        String t = a[r.nextInt(a.length)];
        return t.length() <= max ? t : "";
    }

    static String latin(SplittableRandom r) {
        String[] a = {"abc", "", " ", "ÿÿÿÿÿÿ", "\t\t", "Åx", "abcdef", "  \u00a0"};
        return a[r.nextInt(a.length)];
    }

    /** Overwrites random bytes of 6% of the structs, and puts malformed UTF-8 into the text members of 3%. */
    static void corrupt(MemorySegment data, long size, SplittableRandom r, long[] textOffsets, int[] capacities) {
        for (int i = 0; i < COUNT; i++) {
            long base = i * size;
            if (r.nextInt(100) < 6) {
                for (int k = 1 + r.nextInt(3); k > 0; k--) {
                    data.set(ValueLayout.JAVA_BYTE, base + r.nextLong(size), BYTES[r.nextInt(BYTES.length)]);
                }
            }
            if (r.nextInt(100) < 3) {
                int t = r.nextInt(textOffsets.length);
                byte[] bad = BAD_UTF8[r.nextInt(BAD_UTF8.length)];
                int at = r.nextInt(Math.max(1, capacities[t] - bad.length));
                for (int k = 0; k < bad.length && at + k < capacities[t]; k++) {
                    data.set(ValueLayout.JAVA_BYTE, base + textOffsets[t] + at + k, bad[k]);
                }
                if (r.nextInt(4) == 0) { // no NUL at all
                    for (int k = 0; k < capacities[t]; k++) {
                        if (data.get(ValueLayout.JAVA_BYTE, base + textOffsets[t] + k) == 0) {
                            data.set(ValueLayout.JAVA_BYTE, base + textOffsets[t] + k, (byte) 'x');
                        }
                    }
                }
            }
        }
    }

    /**
     * Java's validateAll over the bytes, Python's validate_array over the same bytes (through a struct file and
     * open_array when {@code type} is given, else a raw file and numpy.memmap); asserts equal lists.
     *
     * @return the constraint names found ({@code Native: <first word of the rule>} for native rules)
     */
    static <T extends Record> Set<String> agree(Path dir, String module, StructType<T> type, MemorySegment data, long size,
                                 Function<MemorySegment, List<Violation>> validateAll) throws Exception {
        Oracles.requirePython("numpy");
        Path file = dir.resolve(module + (type == null ? ".bin" : ".sb"));
        List<Violation> java;
        if (type != null) {
            // The file takes only valid structs; write the first valid one COUNT times, then the real bytes in place.
            MemorySegment valid = validTemplate(type, data, size);
            try (StructFile<T> f = StructFile.create(file, type, COUNT)) {
                MemorySegment all = Arena.ofAuto().allocate(size * COUNT, 8);
                for (int i = 0; i < COUNT; i++) {
                    MemorySegment.copy(valid, 0, all, i * size, size);
                }
                f.appendStructs(all);
            }
            try (StructFile<T> f = StructFile.open(file, type, true)) {
                MemorySegment.copy(data, 0, f.elements(), 0, size * COUNT);
                java = validateAll.apply(f.elements());
            }
        } else {
            Files.write(file, data.toArray(ValueLayout.JAVA_BYTE));
            java = validateAll.apply(data);
        }
        assertTrue(type == null || java.size() > 100, module + ": too few planted violations: " + java.size());
        List<String> expected = new ArrayList<>();
        Set<String> kinds = new TreeSet<>();
        for (Violation v : java) {
            expected.add(v.propertyPath() + " | " + v.constraint() + " | " + v.message() + " | " + canon(v.invalidValue()));
            kinds.add(v.constraint().equals("Native") ? "Native: " + v.message() : v.constraint());
        }
        String script = """
                import importlib, json, sys
                import numpy as np
                sys.path.insert(0, sys.argv[1])
                m = importlib.import_module(sys.argv[2])
                a = m.open_array(sys.argv[3]) if sys.argv[3].endswith(".sb") else np.memmap(sys.argv[3], dtype=getattr(m, sys.argv[2] + "_dtype"), mode="r")
                def canon(v):
                    if v is None: return ["none", ""]
                    if isinstance(v, bool): return ["bool", "true" if v else "false"]
                    if isinstance(v, int): return ["int", str(v)]
                    if isinstance(v, float): return ["float", v.hex() if v == v and abs(v) != float("inf") else repr(v)]
                    if isinstance(v, str): return ["str", v]
                    return ["other", repr(v)]
                out = sys.stdout
                for v in m.validate_array(a):
                    out.write(json.dumps([v.path, v.constraint, v.message] + canon(v.value)) + "\\n")
                """;
        Path py = dir.resolve("validate_" + module + ".py");
        Files.writeString(py, script);
        Process p = new ProcessBuilder("python3", py.toString(), MODULES.toString(), module, file.toString())
                .redirectError(dir.resolve(module + ".err").toFile()).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "python3 timed out");
        assertEquals(0, p.exitValue(), () -> readQuietly(dir.resolve(module + ".err")));
        JsonMapper json = JsonMapper.builder().build();
        List<String> actual = new ArrayList<>();
        for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            JsonNode n = json.readTree(line);
            actual.add(n.get(0).asString() + " | " + n.get(1).asString() + " | " + n.get(2).asString() + " | "
                    + canonPython(n.get(3).asString(), n.get(4).asString()));
        }
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                fail(module + ": violation " + i + " differs\n  Java:   " + expected.get(i) + "\n  Python: " + actual.get(i)
                        + "\n  (Java " + expected.size() + ", Python " + actual.size() + " violations)");
            }
        }
        assertEquals(expected.size(), actual.size(), () -> module + ": number of violations (Java, Python); first extra: "
                + (expected.size() > actual.size() ? expected.get(actual.size()) : actual.get(expected.size())));
        System.out.println(module + ": " + java.size() + " violations in " + COUNT + " structs agree (" + kinds.size() + " kinds)");
        return kinds;
    }

    /** The first struct of {@code data} that Java reads without error (the template of the struct file). */
    static <T extends Record> MemorySegment validTemplate(StructType<T> type, MemorySegment data, long size) {
        for (long i = 0; i < COUNT; i++) {
            try {
                type.read(data, i * size);
                return data.asSlice(i * size, size);
            } catch (StructValueException e) {
                // corrupted: try the next
            }
        }
        throw new AssertionError("no valid struct");
    }

    /** Asserts that every one of {@code wanted} begins some of {@code kinds} (a constraint, or "Native: " and a rule). */
    static void assertKinds(Set<String> kinds, String... wanted) {
        for (String w : wanted) {
            assertTrue(kinds.stream().anyMatch(k -> k.startsWith(w)), () -> "no " + w + " among " + kinds);
        }
    }

    /** A value as text: Java's boxed values and Python's values (by kind) meet here. */
    static String canon(Object v) {
        return switch (v) {
            case null -> "null";
            case Boolean b -> "b:" + b;
            case Float f -> "d:" + Double.toString(f.doubleValue());
            case Double d -> "d:" + Double.toString(d);
            case Number n -> "i:" + new BigInteger(n.toString());
            case String s -> "s:" + s;
            default -> "other:" + v;
        };
    }

    static String canonPython(String kind, String value) {
        return switch (kind) {
            case "none" -> "null";
            case "bool" -> "b:" + value;
            case "int" -> "i:" + new BigInteger(value);
            case "float" -> "d:" + Double.toString(switch (value) {
                case "nan" -> Double.NaN;
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(value);
            });
            case "str" -> "s:" + value;
            default -> "other:" + value;
        };
    }

    static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}

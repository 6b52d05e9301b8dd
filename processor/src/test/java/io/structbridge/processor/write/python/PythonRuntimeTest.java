package io.structbridge.processor.write.python;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the pytest tests of the Python runtime {@code structbridge_rt.py} ({@code src/test/resources/python/
 * test_structbridge_rt.py}) with {@code python3 -m pytest}, giving them the Java oracle's values: Double.toString,
 * Float.toString, the {@code (float)} cast, BigDecimal's digits and comparisons, the JDK UTF-8 decoder's malformed
 * input. Also checks that a generated module refuses a runtime of another version at import. Without python3 or
 * pytest the tests are skipped, except with {@code CI=true}, where they fail.
 */
class PythonRuntimeTest {
    @TempDir
    Path dir;

    private static void require(boolean available, String why) {
        if (!available) {
            if ("true".equals(System.getenv("CI"))) {
                fail(why + " (CI=true: the Python runtime's tests must run)");
            }
            Assumptions.abort(why);
        }
    }

    private record Run(int exit, String output) {}

    private Run run(Path cwd, List<String> command, java.util.Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Path out = Files.createTempFile(dir, "out", ".txt");
        pb.redirectOutput(out.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Run(-1, e.toString());
        }
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("timed out: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out));
    }

    private void requirePython() throws Exception {
        Run python = run(dir, List.of("python3", "--version"), java.util.Map.of());
        require(python.exit() == 0, "python3 is not on the PATH: " + python.output().strip());
    }

    private Path runtimeDir() throws IOException {
        Path rt = Files.createDirectories(dir.resolve("rt"));
        Files.writeString(rt.resolve(PythonRuntime.FILE), PythonRuntime.text(), StandardCharsets.UTF_8);
        return rt;
    }

    @Test
    void pytestOfTheRuntimeAgainstJava() throws Exception {
        requirePython();
        Run pytest = run(dir, List.of("python3", "-m", "pytest", "--version"), java.util.Map.of());
        require(pytest.exit() == 0, "pytest is not installed for python3 (python3 -m pip install pytest==9.2.0): "
                + pytest.output().strip());
        Path tests = Path.of("src/test/resources/python/test_structbridge_rt.py").toAbsolutePath();
        assertTrue(Files.isRegularFile(tests), tests.toString());
        Path oracle = dir.resolve("oracle.jsonl");
        Files.writeString(oracle, oracle(), StandardCharsets.UTF_8);
        Run r = run(dir, List.of("python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", tests.toString()),
                java.util.Map.of("SB_ORACLE", oracle.toString(), "SB_RUNTIME_DIR", runtimeDir().toString()));
        System.out.println(r.output());
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains(" passed"), r.output());
        assertTrue(!r.output().contains("skipped"), "no pytest test may skip here:\n" + r.output());
    }

    @Test
    void aModuleRefusesARuntimeOfAnotherVersion() throws Exception {
        requirePython();
        Path rt = runtimeDir();
        String body = "\"\"\"M: generated.\"\"\"\n\nX = _SB_j_text(0.1, False)\n";
        String module = PythonRuntime.link(body, body.indexOf("\n\n") + 1, false);
        Files.writeString(rt.resolve("M.py"), module, StandardCharsets.UTF_8);
        Run ok = run(rt, List.of("python3", "-c", "import M; print(M.X)"), java.util.Map.of());
        assertEquals("0.1", ok.output().strip(), module);
        Files.writeString(rt.resolve(PythonRuntime.FILE), PythonRuntime.text().replace("RUNTIME_VERSION: int = " + PythonRuntime.VERSION,
                "RUNTIME_VERSION: int = " + (PythonRuntime.VERSION + 1)), StandardCharsets.UTF_8);
        Run refused = run(rt, List.of("python3", "-B", "-c", "import M"), java.util.Map.of());
        assertTrue(refused.exit() != 0, refused.output());
        assertTrue(refused.output().contains("ImportError: this module was generated for structbridge's Python runtime version "
                + PythonRuntime.VERSION + ", but " + rt.resolve(PythonRuntime.FILE) + " is version " + (PythonRuntime.VERSION + 1)),
                refused.output());
    }

    /** The Java values the pytest tests compare with, one JSON object per line. */
    private static String oracle() {
        StringBuilder b = new StringBuilder();
        Random r = new Random(23);
        List<Double> doubles = new ArrayList<>(List.of(0.0, -0.0, 0.1, 1.0, 100.0, 1.0E7, 9999999.0, 0.001, 9.999E-4, 1.0E-3,
                Double.MIN_VALUE, 2 * Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 1.0E23, 2.0E-323, 5.0E-324,
                Math.pow(2, 60), Math.pow(2, -1000), 1.0E22, 123456789012345680.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, 3.4028235677973366E38, 1.5, -2.5E-8));
        List<Float> floats = new ArrayList<>(List.of(0.0f, -0.0f, 0.1f, 1.0f, 1.0E10f, Float.MIN_VALUE, Float.MIN_NORMAL,
                Float.MAX_VALUE, 16777217.0f, 1.6777216E7f, 3.0E-44f, 2.0E-45f, 8.589974E9f, 1.0E-3f, 9.999999E-4f, Float.NaN,
                Float.POSITIVE_INFINITY));
        for (int e = -1074; e < 1024; e++) {
            doubles.add(Math.scalb(1.0, e));
        }
        for (int e = -149; e < 128; e++) {
            floats.add(Math.scalb(1.0f, e));
        }
        for (int i = 0; i < 4_000; i++) {
            doubles.add(Double.longBitsToDouble(i % 2 == 0 ? r.nextLong() : r.nextLong() & ((1L << 52) - 1)));
            floats.add(Float.intBitsToFloat(i % 2 == 0 ? r.nextInt() : r.nextInt(1 << 23)));
            doubles.add(r.nextInt(2_000_001) / 1000.0 - 1000); // short decimals, as users write them
        }
        for (double d : doubles) {
            b.append(json("tostring", Double.toHexString(d), false, "\"java\": \"" + Double.toString(d) + "\""));
            if (!Double.isNaN(d)) {
                b.append(json("f32", Double.toHexString(d), false, "\"float\": \"" + Double.toHexString((float) d) + "\""));
            }
            digits(b, d, false);
        }
        for (float f : floats) {
            b.append(json("tostring", Double.toHexString(f), true, "\"java\": \"" + Float.toString(f) + "\""));
            digits(b, f, true);
        }
        // float rounding near the halfway points between floats, and around the overflow threshold
        for (int i = 0; i < 2000; i++) {
            float f = Float.intBitsToFloat(r.nextInt(0x7F7FFFFF));
            double half = ((double) f + (double) Math.nextUp(f)) / 2;
            for (double d : new double[] {half, Math.nextDown(half), Math.nextUp(half)}) {
                b.append(json("f32", Double.toHexString(d), false, "\"float\": \"" + Double.toHexString((float) d) + "\""));
            }
        }
        double threshold = 0x1.ffffffp127;
        for (double d : new double[] {threshold, Math.nextDown(threshold), Math.nextUp(threshold), -threshold, 1.0E39, -1.0E39}) {
            b.append(json("f32", Double.toHexString(d), false, "\"float\": \"" + Double.toHexString((float) d) + "\""));
        }
        String[] bounds = {"0.1", "-0.1", "1", "0.30000000000000001", "123.456", "1e-7", "-2.5", "1E+400", "1e-400",
                "3.4028235677973366E38"};
        for (String bound : bounds) {
            BigDecimal bd = new BigDecimal(bound);
            double fb = bd.doubleValue();
            List<Double> xs = new ArrayList<>(List.of(fb, Math.nextUp(fb), Math.nextDown(fb), Math.nextUp(Math.nextUp(fb)),
                    Math.nextDown(Math.nextDown(fb)), 0.0, -1.0, 1.0, 1e300, -1e300, Double.NaN, Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MAX_VALUE));
            for (int i = 0; i < 50; i++) {
                xs.add(fb * (1 + (r.nextDouble() - 0.5) * 1e-3));
            }
            for (double x : xs) {
                String cmp = Double.isNaN(x) ? "null"
                        : Double.isInfinite(x) ? (x > 0 ? "1" : "-1")
                        : Integer.toString(BigDecimal.valueOf(x).compareTo(bd));
                b.append(json("decimal", Double.toHexString(x), false, "\"bound\": \"" + bound + "\", \"cmp\": " + cmp));
            }
        }
        utf8(b, r);
        return b.toString();
    }

    private static String json(String kind, String hex, boolean single, String rest) {
        String h = hex.equals("NaN") ? "nan" : hex.equals("Infinity") ? "inf" : hex.equals("-Infinity") ? "-inf" : hex;
        return "{\"kind\": \"" + kind + "\", \"hex\": \"" + h + "\", \"single\": " + single + ", " + rest + "}\n";
    }

    /** Hibernate Validator's @Digits reading: new BigDecimal(toString).stripTrailingZeros(), integer and fraction digits. */
    private static void digits(StringBuilder b, double x, boolean single) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            b.append(json("digits", Double.toHexString(x), single, "\"finite\": false, \"integer\": 0, \"fraction\": 0"));
            return;
        }
        BigDecimal d = new BigDecimal(single ? Float.toString((float) x) : Double.toString(x)).stripTrailingZeros();
        int integer = d.precision() - d.scale();
        int fraction = Math.max(d.scale(), 0);
        b.append(json("digits", Double.toHexString(x), single, "\"finite\": true, \"integer\": " + integer + ", \"fraction\": " + fraction));
    }

    /** The JDK UTF-8 decoder's verdicts (REPORT): where it stops and the malformed length, -1 and 0 for valid input. */
    private static void utf8(StringBuilder b, Random r) {
        List<byte[]> inputs = new ArrayList<>();
        int[] leads = {0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF};
        int[] conts = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0};
        for (int lead : leads) {
            inputs.add(new byte[] {(byte) lead});
            for (int c1 : conts) {
                inputs.add(new byte[] {(byte) lead, (byte) c1});
                for (int c2 : conts) {
                    inputs.add(new byte[] {(byte) lead, (byte) c1, (byte) c2});
                    inputs.add(new byte[] {0x61, (byte) lead, (byte) c1, (byte) c2, (byte) 0x80});
                }
            }
        }
        for (int i = 0; i < 3000; i++) {
            byte[] a = new byte[1 + r.nextInt(8)];
            for (int k = 0; k < a.length; k++) {
                a[k] = (byte) (r.nextBoolean() ? 0x80 + r.nextInt(0x80) : r.nextInt(0x100));
            }
            inputs.add(a);
        }
        for (byte[] a : inputs) {
            CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(a);
            CharBuffer out = CharBuffer.allocate(a.length * 2 + 2);
            CoderResult res = dec.decode(in, out, true);
            int at = -1;
            int length = 0;
            if (res.isError()) {
                at = in.position();
                length = res.length();
            } else {
                res = dec.flush(out);
                if (res.isError()) {
                    at = in.position();
                    length = res.length();
                }
            }
            b.append("{\"kind\": \"utf8\", \"bytes\": \"").append(HexFormat.of().formatHex(a)).append("\", \"at\": ").append(at)
                    .append(", \"length\": ").append(length).append("}\n");
        }
    }
}

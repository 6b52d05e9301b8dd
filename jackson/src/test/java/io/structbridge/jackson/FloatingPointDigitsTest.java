package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tools.jackson.core.io.NumberOutput;

/**
 * With {@code USE_FAST_DOUBLE_WRITER} off the generator writes {@link Double#toString(double)} and
 * {@link Float#toString(float)}; {@code DirectJsonWriter.digits} must give the same characters without a {@code String}
 * (Jackson's Schubfach writer for zero and normal values, the JDK's method for subnormals). The JDK is the oracle here,
 * over a million random bit patterns of each width and the values where the digits or the format change (every power
 * of ten and its neighbours, the plain/scientific bounds 1e-3 and 1e7, subnormals, the extremes, small integers).
 * {@link #theSchubfachWriterAloneDiffersOnSubnormals} shows why subnormals take the JDK's method.
 */
class FloatingPointDigitsTest {
    private static final long SEED = 0x5EED_D161_75L;

    @Test
    void doublesAreWrittenWithTheDigitsOfDoubleToString() {
        byte[] buf = new byte[64];
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 1_000_000; i++) {
            assertDouble(Double.longBitsToDouble(random.nextLong()), buf);
        }
        for (int e = -324; e <= 308; e++) {
            double p = Double.parseDouble("1e" + e);
            for (double v : new double[] {p, Math.nextUp(p), Math.nextDown(p), 2 * p, 5 * p, 9.999999999999999 * p}) {
                assertDouble(v, buf);
                assertDouble(-v, buf);
            }
        }
        for (long bits = 0; bits < 10_000; bits++) { // the smallest subnormals, and the largest ones below MIN_NORMAL
            assertDouble(Double.longBitsToDouble(bits), buf);
            assertDouble(Double.longBitsToDouble(Double.doubleToRawLongBits(Double.MIN_NORMAL) - bits), buf);
        }
        for (int v = -100_000; v <= 100_000; v++) {
            assertDouble(v, buf);
            assertDouble(v / 1000.0, buf);
        }
        for (double v : new double[] {0.0, -0.0, Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 0.1 + 0.2, 1e23,
            2e23, 8.41e21, 5e-324, 9007199254740993.0, 4.35e-6, 123456789012345678.0}) {
            assertDouble(v, buf);
        }
    }

    @Test
    void floatsAreWrittenWithTheDigitsOfFloatToString() {
        byte[] buf = new byte[64];
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 1_000_000; i++) {
            assertFloat(Float.intBitsToFloat(random.nextInt()), buf);
        }
        for (int e = -45; e <= 38; e++) {
            float p = Float.parseFloat("1e" + e);
            for (float v : new float[] {p, Math.nextUp(p), Math.nextDown(p), 2 * p, 5 * p, 9.999999f * p}) {
                assertFloat(v, buf);
                assertFloat(-v, buf);
            }
        }
        for (int bits = 0; bits < 10_000; bits++) {
            assertFloat(Float.intBitsToFloat(bits), buf);
            assertFloat(Float.intBitsToFloat(Float.floatToRawIntBits(Float.MIN_NORMAL) - bits), buf);
        }
        for (int v = -100_000; v <= 100_000; v++) {
            assertFloat(v, buf);
            assertFloat(v / 1000f, buf);
        }
        for (float v : new float[] {0f, -0f, Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, 16777217f, 1.17549435E-38f,
            9.999999e-4f, 2.0E-3f, 1.0E7f, 0.3f}) {
            assertFloat(v, buf);
        }
    }

    @Test
    void theSchubfachWriterAloneDiffersOnSubnormals() {
        byte[] buf = new byte[64];
        assertEquals("4.9E-324", Double.toString(Double.MIN_VALUE));
        assertEquals("5.0E-324", new String(buf, 0, NumberOutput.outputDouble(Double.MIN_VALUE, buf, 0), StandardCharsets.US_ASCII));
        assertEquals("1.4E-45", Float.toString(Float.MIN_VALUE));
        assertEquals("1.0E-45", new String(buf, 0, NumberOutput.outputFloat(Float.MIN_VALUE, buf, 0), StandardCharsets.US_ASCII));
    }

    private static void assertDouble(double v, byte[] buf) {
        if (Double.isFinite(v)) {
            int n = DirectJsonWriter.digits(v, buf, 0);
            assertEquals(Double.toString(v), new String(buf, 0, n, StandardCharsets.US_ASCII),
                    () -> "digits of the double with bits 0x" + Long.toHexString(Double.doubleToRawLongBits(v)));
        }
    }

    private static void assertFloat(float v, byte[] buf) {
        if (Float.isFinite(v)) {
            int n = DirectJsonWriter.digits(v, buf, 0);
            assertEquals(Float.toString(v), new String(buf, 0, n, StandardCharsets.US_ASCII),
                    () -> "digits of the float with bits 0x" + Integer.toHexString(Float.floatToRawIntBits(v)));
        }
    }
}

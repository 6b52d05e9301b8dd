package io.structbridge.processor.write.python;

/**
 * The module-level Python port of Java's {@code Double.toString} and {@code Float.toString} (JDK 19+, the shortest
 * decimal that rounds back, two digits when one would do), written once per generated module and shared by the
 * Pydantic model's Java rules ({@link PydanticJavaRules}: {@code @Digits}, {@code @DecimalMin}/{@code @DecimalMax})
 * and the record views' messages ({@link PythonViewRuntime}: a refused float renders its value as Java does, e.g.
 * {@code 0.1} for the float {@code 0.1f}, {@code 1.0E-45}, {@code Infinity}). Standard library only.
 */
final class PythonJavaNumbers {
    private PythonJavaNumbers() {}

    static final String HELPERS = """


            def _SB_j_f32(v: float) -> float:
                \"\"\"v rounded to binary32, a Java float (beyond its range: the infinity).\"\"\"
                try:
                    return float(_SB_struct.unpack("<f", _SB_struct.pack("<f", v))[0])
                except OverflowError:
                    return v * float("inf")


            def _SB_j_tostring(x: float, single: bool) -> str:
                \"\"\"The digits of Double.toString(x), or Float.toString of the float x (JDK 19+), as %e text: the shortest
                decimal that rounds back to x, two digits when one would do (the closest of those).\"\"\"
                if x != x or x in (float("inf"), float("-inf")):
                    return repr(x)
                back = _SB_j_f32 if single else float
                s = repr(x)
                p = 1
                for p in range(1, 18):
                    s = "%.*e" % (p - 1, x)
                    if back(float(s)) == x:
                        break
                if p == 1:
                    two = "%.1e" % x
                    if back(float(two)) == x:
                        s = two
                return s


            def _SB_j_text(x: float, single: bool) -> str:
                \"\"\"Java's text of x: Double.toString(x), or Float.toString of the float x (single): NaN, Infinity, 0.0,
                plain from 10^-3 up to below 10^7 (0.1, 100.0), else d.ddE<exponent> (1.0E-45, 1.6777217E7).\"\"\"
                if x != x:
                    return "NaN"
                if x in (float("inf"), float("-inf")):
                    return "Infinity" if x > 0 else "-Infinity"
                sign = "-" if repr(x).startswith("-") else ""
                if x == 0:
                    return sign + "0.0"
                mantissa, _, exponent = _SB_j_tostring(abs(x), single).partition("e")
                d = mantissa.replace(".", "").rstrip("0") or "0"
                e = int(exponent)
                if -3 <= e < 7:
                    if e < 0:
                        return sign + "0." + "0" * (-e - 1) + d
                    return sign + d[:e + 1].ljust(e + 1, "0") + "." + (d[e + 1:] or "0")
                return sign + d[0] + "." + (d[1:] or "0") + "E" + str(e)
            """;
}

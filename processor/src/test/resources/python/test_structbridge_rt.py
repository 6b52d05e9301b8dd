"""pytest tests of structbridge's Python runtime structbridge_rt.py (run by PythonRuntimeTest under mvn verify).

The rules that are Java's are checked against Java itself: PythonRuntimeTest computes Double.toString,
Float.toString, (float) d, BigDecimal's digits and comparisons and the JDK UTF-8 decoder's verdicts, and passes
them in a file named by SB_ORACLE (one JSON object per line). SB_RUNTIME_DIR is the folder of structbridge_rt.py.
"""
import json
import os
import struct
import sys

import pytest

sys.path.insert(0, os.environ.get("SB_RUNTIME_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "..", "main",
                                                                  "resources", "io", "structbridge", "processor",
                                                                  "write", "python")))
import structbridge_rt as rt  # noqa: E402


def _oracle(kind):
    path = os.environ.get("SB_ORACLE")
    if not path:
        pytest.skip("SB_ORACLE is not set: the Java oracle's values come from PythonRuntimeTest")
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if r["kind"] == kind]
    assert rows, f"the oracle file has no {kind} rows"
    return rows


def _value(r):
    return float.fromhex(r["hex"])


def test_runtime_version_is_an_int():
    assert isinstance(rt.RUNTIME_VERSION, int) and rt.RUNTIME_VERSION >= 1


def test_all_names_exist():
    missing = [n for n in rt.__all__ if not hasattr(rt, n)]
    assert missing == []


def test_tostring_and_text_are_javas():
    bad = []
    for r in _oracle("tostring"):
        x = _value(r)
        single = r["single"]
        if rt._SB_j_text(x, single) != r["java"]:
            bad.append((r, rt._SB_j_text(x, single)))
        if x == x and x not in (float("inf"), float("-inf")):
            ours = rt._SB_j_tostring(x, single)
            import decimal
            if decimal.Decimal(ours).normalize().as_tuple() != decimal.Decimal(r["java"]).normalize().as_tuple():
                bad.append((r, ours))
    assert bad[:20] == []


def test_f32_is_javas_cast():
    bad = []
    for r in _oracle("f32"):
        ours = rt._SB_j_f32(_value(r))
        if struct.pack("<f", ours) != struct.pack("<f", float.fromhex(r["float"])):
            bad.append((r, ours.hex()))
    assert bad[:20] == []


def test_digits_is_javas():
    """@Digits(integer, fraction): Hibernate Validator's digits of new BigDecimal(toString(x)).stripTrailingZeros()."""
    np = pytest.importorskip("numpy")
    bad = []
    rows = _oracle("digits")
    for integer, fraction in ((0, 0), (1, 0), (1, 2), (3, 3), (6, 2), (17, 17), (400, 400)):
        for single in (False, True):
            sub = [r for r in rows if r["single"] == single]
            xs = np.array([_value(r) for r in sub], dtype=np.float64)
            vector = rt._sb_digits_bad(np, xs, integer, fraction, single)
            for k, r in enumerate(sub):
                want = r["finite"] and r["integer"] <= integer and r["fraction"] <= fraction
                got = rt._SB_j_digits_ok(_value(r), integer, fraction, single)
                if got != want or bool(vector[k]) == want:
                    bad.append((integer, fraction, r, got, bool(vector[k])))
    assert bad[:20] == []


def test_decimal_bounds_are_javas():
    """@DecimalMin/@DecimalMax: BigDecimal.valueOf(x).compareTo(new BigDecimal(bound)), NaN failing both."""
    np = pytest.importorskip("numpy")
    bad = []
    rows = _oracle("decimal")
    bounds = sorted({r["bound"] for r in rows})
    for bound in bounds:
        sub = [r for r in rows if r["bound"] == bound]
        xs = np.array([_value(r) for r in sub], dtype=np.float64)
        for inclusive in (False, True):
            for below in (False, True):
                vector = rt._sb_decimal_bad(np, xs, bound, inclusive, below)
                for k, r in enumerate(sub):
                    c = r["cmp"]
                    if c is None:
                        want = False
                    elif below:
                        want = c > 0 or (c == 0 and inclusive)
                    else:
                        want = c < 0 or (c == 0 and inclusive)
                    got = rt._SB_j_decimal_ok(_value(r), bound, inclusive, below)
                    if got != want or bool(vector[k]) == want:
                        bad.append((bound, inclusive, below, r, got, bool(vector[k])))
    assert bad[:20] == []


def test_utf8_malformed_is_the_jdk_decoders():
    bad = []
    for r in _oracle("utf8"):
        data = bytes.fromhex(r["bytes"])
        ours = list(rt._sb_jdk_malformed(data))
        if ours != [r["at"], r["length"]]:
            bad.append((r, ours))
    assert bad[:20] == []


def test_utf16_split_and_join_round_trip():
    text = "a\u00e9\u20ac\U0001F600z"
    units = rt._sb_utf16_split(text)
    assert len(units) == 6  # the emoji is a surrogate pair: two UTF-16 code units
    assert rt._sb_utf16_join(units) == text
    assert rt._SB_j_utf16(text) == 6


def test_same_treats_nan_of_the_same_bits_as_equal():
    nan = float("nan")
    assert rt._sb_same([1.0, nan, (2, nan)], (1.0, nan, [2, nan]))
    assert rt._sb_same(0.0, -0.0)  # equal numbers, whatever their bits
    assert not rt._sb_same(nan, 1.0)
    assert not rt._sb_same([1, 2], [1, 2, 3])


def test_half_bits_refuse_inexact_values():
    assert rt._SB_f16_bits(1.5, "h") == 0x3E00
    assert rt._SB_f16_value(0x3E00) == 1.5
    with pytest.raises(ValueError, match="not exactly representable as _Float16"):
        rt._SB_f16_bits(0.1, "h")
    with pytest.raises(ValueError, match="outside the _Float16 range"):
        rt._SB_f16_bits(1e6, "h")


def test_bit_fields_store_and_refuse():
    storage = bytearray(2)
    rt._sb_bits_set(storage, 3, 5, True, -7, "S.f")
    assert rt._sb_bits_get(storage, 3, 5, True) == -7
    with pytest.raises(ValueError, match="must fit 5 bits"):
        rt._sb_bits_set(storage, 3, 5, True, 16, "S.f")
    assert rt._sb_bits_get(storage, 3, 5, True) == -7  # unchanged


def test_missing_library_placeholder_fails_on_use():
    m = rt._SB_Missing("R_dtype", "NumPy")
    with pytest.raises(ImportError, match="R_dtype needs NumPy"):
        m()


def test_base64_input_decodes_padded_standard_text_only():
    # RFC 4648 section 10 test vectors: "Zm9v" is b"foo", "Zm8=" b"fo"; "AQID" holds 1, 2, 3
    assert rt._sb_base64_input("Zm9v") == b"foo"
    assert rt._sb_base64_input("Zm8=") == b"fo"
    assert rt._sb_base64_input("AQID") == bytes([1, 2, 3])
    assert rt._sb_base64_input(b"raw") == b"raw"  # bytes pass unchanged
    for bad in ("Zm8", "Zm9v!", "Zm-_", "é"):  # missing padding, a character outside the alphabet, URL-safe, not ASCII
        try:
            rt._sb_base64_input(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_base64_output_is_the_standard_padded_alphabet():
    # RFC 4648 section 4 (standard alphabet, + and /), as java.util.Base64.getEncoder() and Jackson write a byte[]
    assert rt._sb_base64_output(bytes([0xFF, 0xEF, 0, 0])) == "/+8AAA=="
    assert rt._sb_base64_output(b"fo") == "Zm8="
    assert rt._sb_base64_input(rt._sb_base64_output(bytes(range(256)))) == bytes(range(256))

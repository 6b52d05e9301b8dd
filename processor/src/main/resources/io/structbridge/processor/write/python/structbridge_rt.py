"""structbridge_rt: the runtime every Python module that structbridge generates imports. Do not edit.

Java's value rules (Double.toString, float rounding, Hibernate Validator's @Digits and @DecimalMin/Max), the
codecs of the typed views, the value twins' helpers, validate_array's vectorised checks and the struct file
reader behind open_array. The processor writes this file once beside the loose modules (each Java package's
folder of the class output and -Astructbridge.pythonDir) and into the -Astructbridge.pythonPackage package.
A generated module checks RUNTIME_VERSION at import: it works with the runtime it was generated with only.
"""
RUNTIME_VERSION: int = 4
"""The version of this runtime's API: bumped whenever it changes; a generated module refuses another. Version 2 reads
struct files of format 3 (layout versions: _SB_open_versions, the lineage block's checks); version 1 did not."""

# The module's own names begin with _SB_ (an underscore and a capital: no record can take them,
# the C header reserves them) or are its public API, which no record may be named.
import ctypes as _SB_ctypes
import dataclasses as _SB_dataclasses
import decimal as _SB_decimal
import enum as _SB_enum
import math as _SB_math
import mmap as _SB_mmap
import os as _SB_os
import re as _SB_re
import struct as _SB_struct
import typing as _SB_typing
from typing import Annotated as _SB_Annotated, Any as _SB_Any, Callable as _SB_Callable, ClassVar as _SB_ClassVar, \
    Iterator as _SB_Iterator, Literal as _SB_Literal, NamedTuple as _SB_NamedTuple, Sequence as _SB_Sequence

if _SB_typing.TYPE_CHECKING:  # type checkers see NumPy and Pydantic; at run time both are optional
    import numpy as _SB_np
    from pydantic import (BaseModel as _SB_BaseModel, ConfigDict as _SB_ConfigDict, Field as _SB_Field,
                          model_serializer as _SB_model_serializer, model_validator as _SB_model_validator,
                          AfterValidator as _SB_AfterValidator, BeforeValidator as _SB_BeforeValidator,
                          PlainSerializer as _SB_PlainSerializer)
else:
    try:
        import numpy as _SB_np
    except ImportError:  # NumPy is optional: the dtype and open_array need it
        _SB_np = None
    try:
        from pydantic import (BaseModel as _SB_BaseModel, ConfigDict as _SB_ConfigDict, Field as _SB_Field,
                              model_serializer as _SB_model_serializer, model_validator as _SB_model_validator,
                              AfterValidator as _SB_AfterValidator, BeforeValidator as _SB_BeforeValidator,
                              PlainSerializer as _SB_PlainSerializer)
    except ImportError:  # Pydantic is optional: the model needs it
        _SB_BaseModel = _SB_ConfigDict = _SB_Field = _SB_model_serializer = _SB_model_validator = None
        _SB_AfterValidator = _SB_BeforeValidator = _SB_PlainSerializer = None


class _SB_Missing:
    """Stands for a name whose optional library (NumPy or Pydantic) is not installed: any use raises ImportError."""

    def __init__(self, name: str, library: str) -> None:
        self._sb_name = name
        self._sb_library = library

    def _sb_fail(self) -> _SB_typing.NoReturn:
        raise ImportError(f"{self._sb_name} needs {self._sb_library}, which is not installed")

    def __getattr__(self, attribute: str) -> _SB_typing.NoReturn:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        self._sb_fail()

    def __call__(self, *args: object, **kwargs: object) -> _SB_typing.NoReturn:
        self._sb_fail()

    def __mro_entries__(self, bases: tuple[object, ...]) -> _SB_typing.NoReturn:
        self._sb_fail()

    def __repr__(self) -> str:
        return f"<{self._sb_name}: needs {self._sb_library}, not installed>"


def _SB_j_f32(v: float) -> float:
    """v rounded to the nearest binary32, a Java float, as Jackson reads a JSON number into a Java float (beyond
    the largest float: the infinity of v's sign)."""
    try:
        return float(_SB_struct.unpack("<f", _SB_struct.pack("<f", v))[0])
    except OverflowError:
        return _SB_math.copysign(_SB_math.inf, v)


_SB_j_exact = _SB_decimal.Context(prec=1100)
"""Exact for every sum and half of binary64 values: their decimals have fewer than 1100 significant digits."""


def _SB_j_interval(a: float, single: bool) -> tuple[_SB_decimal.Decimal, _SB_decimal.Decimal, bool]:
    """The rounding interval of the positive finite a in binary64, or binary32 (single): its ends, exact, the
    midpoints to the neighbours (above the largest finite value: to the next power of two), and whether the ends
    belong to it (round half to even: a's significand is even)."""
    if single:
        bits = int(_SB_struct.unpack("<I", _SB_struct.pack("<f", a))[0])
        below = float(_SB_struct.unpack("<f", _SB_struct.pack("<I", bits - 1))[0]) if bits > 1 else 0.0
        above = (_SB_j_exact.power(2, 128) if bits + 1 == 0x7F800000
                 else _SB_decimal.Decimal(float(_SB_struct.unpack("<f", _SB_struct.pack("<I", bits + 1))[0])))
    else:
        bits = int(_SB_struct.unpack("<Q", _SB_struct.pack("<d", a))[0])
        below = _SB_math.nextafter(a, 0.0)
        above = (_SB_j_exact.power(2, 1024) if bits + 1 == 0x7FF0000000000000
                 else _SB_decimal.Decimal(_SB_math.nextafter(a, _SB_math.inf)))
    x = _SB_decimal.Decimal(a)
    low = _SB_j_exact.divide(_SB_j_exact.add(x, _SB_decimal.Decimal(below)), 2)
    high = _SB_j_exact.divide(_SB_j_exact.add(x, above), 2)
    return low, high, bits % 2 == 0


def _SB_j_tostring(x: float, single: bool) -> str:
    """The decimal of Double.toString(x), or of Float.toString of the float x (JDK 19+), as a Python float literal
    (NaN and the infinities: repr). Java's rule (the javadoc of Double.toString): of the decimals that round to x,
    those of the least length, but of length 2 where that is 1; of them the closest to x, the one with an even last
    digit on a tie. A double's repr is the shortest decimal that rounds back, the closest of those, so it is Java's
    where it has two digits or more; otherwise (and for every float) each length from 2 up is tried: the closest
    decimal of that length (correctly rounded, ties to even), then the one on the other side of x."""
    if x != x or x in (_SB_math.inf, -_SB_math.inf):
        return repr(x)
    if x == 0:
        return "%.1e" % x
    if not single:
        s = repr(x)
        if len(_SB_decimal.Decimal(s).normalize().as_tuple().digits) > 1:
            return s
    a = abs(x)
    low, high, closed = _SB_j_interval(a, single)
    exact = _SB_decimal.Decimal(a)
    sign = "-" if x < 0 else ""
    for p in range(2, 18):
        closest = _SB_decimal.Decimal("%.*e" % (p - 1, a))
        unit = _SB_decimal.Decimal(1).scaleb(exact.adjusted() - p + 1)
        other = closest - unit if closest > exact else closest + unit
        for c in (closest, other):
            if low < c < high or (closed and (c == low or c == high)):
                return sign + str(c)
    return repr(x)  # not reached: 17 digits (9 for a float) always round back


def _SB_j_text(x: float, single: bool) -> str:
    """Java's text of x: Double.toString(x), or Float.toString of the float x (single): NaN, Infinity, 0.0,
    plain from 10^-3 up to below 10^7 (0.1, 100.0), else d.ddE<exponent> (1.0E-45, 1.6777217E7)."""
    if x != x:
        return "NaN"
    if x in (float("inf"), float("-inf")):
        return "Infinity" if x > 0 else "-Infinity"
    sign = "-" if repr(x).startswith("-") else ""
    if x == 0:
        return sign + "0.0"
    t = _SB_decimal.Decimal(_SB_j_tostring(abs(x), single)).normalize().as_tuple()
    d = "".join(map(str, t.digits))
    e = len(t.digits) + int(t.exponent) - 1
    if -3 <= e < 7:
        if e < 0:
            return sign + "0." + "0" * (-e - 1) + d
        return sign + d[:e + 1].ljust(e + 1, "0") + "." + (d[e + 1:] or "0")
    return sign + d[0] + "." + (d[1:] or "0") + "E" + str(e)


def _SB_f16_value(bits: int) -> float:
    """The float an IEEE 754 binary16 bit pattern holds."""
    return _SB_struct.unpack("<e", _SB_struct.pack("<H", bits))[0]


def _SB_f16_bits(value: float, name: str) -> int:
    """The binary16 bits of value; ValueError unless a half holds value exactly (NaN and infinities are kept)."""
    try:
        bits = _SB_struct.unpack("<H", _SB_struct.pack("<e", value))[0]
    except OverflowError:
        raise ValueError(f"{name}: {value!r} is outside the _Float16 range (largest finite 65504)") from None
    if value == value and _SB_f16_value(bits) != value:
        raise ValueError(f"{name}: {value!r} is not exactly representable as _Float16 (nearest {_SB_f16_value(bits)!r})")
    return bits


def _SB_f16_list(values: _SB_typing.Iterable[float], length: int, name: str) -> list[int]:
    """The bits of exactly length halves; ValueError on another count or an inexact value."""
    values = list(values)
    if len(values) != length:
        raise ValueError(f"{name}: exactly {length} elements, got {len(values)}")
    return [_SB_f16_bits(v, f"{name}[{i}]") for i, v in enumerate(values)]


def _sb_bits_get(storage: _SB_Any, bit: int, width: int, signed: bool) -> int:
    """The bit-field at bits bit..bit+width-1 of the little-endian storage bytes."""
    v = (int.from_bytes(bytes(storage), "little") >> bit) & ((1 << width) - 1)
    return v - (1 << width) if signed and v >> (width - 1) else v


def _sb_bits_set(storage: _SB_Any, bit: int, width: int, signed: bool, value: object, where: str) -> None:
    """Stores value in the bit-field; ValueError (storage unchanged) if it does not fit the width."""
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int):
        raise TypeError(f"{where}: an int is required, not {type(value).__name__}")
    lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    if not lo <= value <= hi:
        raise ValueError(f"{where}: must fit {width} bits ({lo}..{hi}); value {value}")
    n = len(storage)
    mask = ((1 << width) - 1) << bit
    old = int.from_bytes(bytes(storage), "little")
    new = (old & ~mask) | ((value << bit) & mask)
    storage[:] = list(new.to_bytes(n, "little"))



def _SB_j_rule(test: _SB_typing.Callable[[_SB_Any], object], message: str,
               suffix: _SB_typing.Optional[_SB_typing.Callable[[_SB_Any], str]] = None) -> _SB_Any:
    """An AfterValidator raising Hibernate Validator's message where Java's rule (test) fails (then suffix(v))."""
    def check(v: _SB_Any) -> _SB_Any:
        if not test(v):
            raise ValueError(message if suffix is None else message + suffix(v))
        return v
    return _SB_AfterValidator(check)

def _SB_j_utf16(v: str) -> int:
    """String.length(): UTF-16 units."""
    return len(v.encode("utf-16-le", "surrogatepass")) // 2

def _SB_j_not_blank(v: str) -> bool:
    """not String.trim().isEmpty(): some character above U+0020."""
    return any(c > " " for c in v)

def _SB_j_digits_ok(x: float, integer: int, fraction: int, single: bool) -> bool:
    """@Digits: new BigDecimal(Double.toString(x) or Float.toString).stripTrailingZeros()."""
    if x != x or x in (float("inf"), float("-inf")):
        return False
    t = _SB_decimal.Decimal(_SB_j_tostring(x, single)).normalize().as_tuple()
    e = int(t.exponent)
    return len(t.digits) + e <= integer and max(-e, 0) <= fraction

def _SB_j_native_text(capacity: int, encoding: str, nul: bool, truncate: bool) -> _SB_Any:
    """An AfterValidator raising the rule of Java's native text check (FixedStrings, as the generated
    validator reports it): U+0000, a character the encoding lacks, more bytes than the capacity holds."""
    def check(v: str) -> str:
        r = _sb_text_encode(v, capacity, encoding, nul, truncate)
        if isinstance(r, str):
            raise ValueError(r)
        return v
    return _SB_AfterValidator(check)

_SB_j_f32_max = float.fromhex("0x1.fffffep127")  # the largest finite binary32, Float.MAX_VALUE

def _SB_j_json_number(single: bool) -> _SB_Any:
    """A BeforeValidator reading a JSON number of a Java float (single) or double member as the Jackson codec
    does (JsonReading.readFloat/readDouble), in JSON mode only: a number beyond the range and a bare
    NaN/Infinity token are refused (the strings "NaN", "Infinity", "-Infinity" are the codec's); a float is
    the number rounded once to binary32. Python's JSON parser has already rounded a decimal to a double, so
    a double exactly halfway between two floats cannot tell which way Jackson's single rounding of the
    text goes: refused (an integer token, exact, is rounded once here)."""
    kind = "float" if single else "double"
    def check(v: _SB_Any, info: _SB_Any) -> _SB_Any:
        if info.mode != "json" or isinstance(v, bool) or not isinstance(v, (int, float)):
            return v
        try:
            d = float(v)
        except OverflowError:
            d = float("inf")
        if d != d or d in (float("inf"), float("-inf")):
            raise ValueError(f"the JSON number is outside the {kind} range, or a bare NaN/Infinity token (write the "
                             "string \"NaN\", \"Infinity\" or \"-Infinity\")")
        if not single:
            return v
        a = _SB_j_f32(d)
        if a in (float("inf"), float("-inf")):
            if isinstance(v, int) and abs(v) < 2 ** 128 - 2 ** 103:
                # an integer below the binary32 overflow threshold rounds once to the largest float;
                # float(v) had rounded it up to the threshold itself
                return _SB_j_f32_max if v > 0 else -_SB_j_f32_max
            raise ValueError("the JSON number is outside the float range (write \"Infinity\" for infinity)")
        b = 2 * d - a
        if a == d or _SB_j_f32(b) != b:
            return v  # not halfway: rounding the double gives the float nearest the number
        if isinstance(v, int):
            return max(a, b) if v > int(d) else min(a, b) if v < int(d) else a
        lo, hi = min(a, b), max(a, b)
        raise ValueError(f"the JSON number lies within a double's rounding of the midpoint between the floats "
                         f"{_SB_j_text(lo, True)} and {_SB_j_text(hi, True)}: Python's JSON parser keeps only that "
                         "double, so which float Java reads cannot be decided (write the float's own digits, "
                         "Float.toString)")
    return _SB_BeforeValidator(check)

_SB_j_windows: dict[str, tuple[float, float]] = {}

def _SB_j_decimal_ok(x: float, bound: str, inclusive: bool, below: bool) -> bool:
    """@DecimalMin (below) or @DecimalMax: BigDecimal.valueOf(x) against new BigDecimal(bound); NaN fails.
    Fast path: the double nearest the bound, fb, lies within half an ulp of it, and Double.toString(x)
    lies within x's rounding interval, so an x beyond fb's neighbours compares with the bound as x
    compares with fb; only the three doubles around fb take the decimal comparison."""
    if x != x:
        return False
    w = _SB_j_windows.get(bound)
    if w is None:
        fb = float(_SB_decimal.Decimal(bound))
        w = _SB_j_windows[bound] = (_SB_math.nextafter(fb, -_SB_math.inf), _SB_math.nextafter(fb, _SB_math.inf))
    if x < w[0]:
        c = -1
    elif x > w[1]:
        c = 1
    else:
        c = int(_SB_decimal.Decimal(_SB_j_tostring(x, False)).compare(_SB_decimal.Decimal(bound)))
    return (c > 0 or (c == 0 and inclusive)) if below else (c < 0 or (c == 0 and inclusive))



# ---- record views and value twins: helpers (Java's value rules, see layout-runtime Values/FixedStrings) ----

_SB_INT64_MAX = (1 << 63) - 1
# The builtins under names no component can take: the views' and twins' annotations use these, since a
# component named bytes or int binds that name in the class body.
_SB_int = int
_SB_float = float
_SB_str = str
_SB_bool = bool
_SB_bytes = bytes
_SB_list = list
_SB_tuple = tuple


def _sb_mapping(buffer: _SB_Any) -> "memoryview | None":
    """A buffer export of the mmap under buffer, where buffer is a NumPy array in an mmap (numpy.memmap,
    open_array, an array or a memoryview of either), else None. NumPy keeps a memmap's mmap without an export,
    so mmap.close() would unmap the memory under a view of the array and the view's next read would crash the
    interpreter; a view holds this export (_sb_hold), and close() or resize() raise BufferError while it lives.
    ValueError if the mmap is closed already."""
    obj: _SB_Any = buffer.obj if isinstance(buffer, memoryview) else buffer
    if _SB_np is None or not isinstance(obj, _SB_np.ndarray):
        return None
    while not isinstance(obj, _SB_mmap.mmap):  # the arrays' bases, down to the memory's owner
        if isinstance(obj, memoryview):
            obj = _SB_typing.cast(_SB_Any, obj).obj
        else:
            held: _SB_Any = getattr(_SB_typing.cast(_SB_Any, obj), "_mmap", None)  # numpy.memmap's mmap
            obj = held if isinstance(held, _SB_mmap.mmap) else getattr(_SB_typing.cast(_SB_Any, obj), "base", None)
        if obj is None:
            return None
    return memoryview(obj)


def _sb_bytes(buffer: _SB_Any) -> memoryview:
    """The bytes of buffer as a flat memoryview of format B (no copy): bytes, bytearray, memoryview, mmap,
    array.array or a C-contiguous NumPy array (a structured array or memmap of structs)."""
    mv: memoryview
    if isinstance(buffer, memoryview):
        mv = _SB_typing.cast(memoryview, buffer)
    else:
        try:
            mv = memoryview(buffer)
        except ValueError:
            # a NumPy array whose dtype the buffer protocol cannot describe (the overlapping fields of a
            # union): the same memory seen as bytes
            if _SB_np is None or not isinstance(buffer, _SB_np.ndarray):
                raise
            if not buffer.flags.c_contiguous:
                raise ValueError("a struct buffer must be C-contiguous") from None
            raw: _SB_Any = buffer.reshape(-1).view(_SB_np.uint8)
            mv = memoryview(raw)
    if not mv.c_contiguous:
        raise ValueError("a struct buffer must be C-contiguous")
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    return mv


def _sb_error(struct: str, path: str, rule: str, value: object, offset: int = -1) -> ValueError:
    """A ValueError with the message of Java's StructValueException."""
    text = f"{struct}.{path}: {rule}"
    if value is not None:
        text += f"; value {value}"
    if offset >= 0:
        text += f" (at byte offset {offset})"
    return ValueError(text)


def _sb_quote(s: str) -> str:
    """Text for a message, as Java's FixedStrings quotes it: at most 80 UTF-16 units (a pair may be cut),
    control characters as \\uXXXX (upper-case hex)."""
    units = s.encode("utf-16-le", "surrogatepass")
    head = units[:160].decode("utf-16-le", "surrogatepass")
    body = "".join(f"\\u{ord(c):04X}" if ord(c) < 0x20 or ord(c) == 0x7F else c for c in head)
    return '"' + body + ('..."' if len(units) > 160 else '"')


def _sb_type_name(value: object) -> str:
    """The name of value's type for a message: int, float, ... or numpy.int8, numpy.bool (module and name)."""
    t = type(value)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def _sb_plain(value: object) -> object:
    """A NumPy scalar as the Python value it holds, as Java's setter takes the primitive: numpy.bool as bool,
    an integer as int, a float of at most 64 bits as float (a longdouble only when a double holds it exactly);
    any other value unchanged."""
    if _SB_np is not None and isinstance(value, _SB_np.generic):
        v = _SB_typing.cast(_SB_Any, value)
        if isinstance(value, _SB_np.bool_):
            return bool(v)
        if isinstance(value, _SB_np.integer) and not isinstance(value, _SB_np.timedelta64):
            return int(v)  # a timedelta64 (a NumPy signed integer with a unit) stays refused
        if isinstance(value, _SB_np.floating):
            f = float(v)
            if v.dtype.itemsize <= 8 or f != f or v == f:
                return f
    return _SB_typing.cast(object, value)


def _sb_index(struct: str, index: object) -> int:
    """An array index that is not an int: a NumPy integer (np.nonzero's) as its int; TypeError for anything
    else (bool, numpy.bool, a timedelta64, a float)."""
    if _SB_np is not None and isinstance(index, _SB_np.integer) and not isinstance(index, _SB_np.timedelta64):
        return int(_SB_typing.cast(_SB_Any, index))  # never a bool: numpy.bool is no numpy.integer
    raise TypeError(f"{struct}: the index must be an int, not {_sb_type_name(index)}")


def _sb_read_only(mv: memoryview, struct: str, path: str, value: object) -> None:
    """Called where a write raised TypeError: when the buffer is read-only, raises a TypeError naming the
    record, the member path and the value instead of CPython's bare one (else returns: the caller re-raises)."""
    if mv.readonly:
        shown = _SB_j_text(value, False) if isinstance(value, float) else _sb_quote(value) if isinstance(value, str) else repr(value)
        raise TypeError(f"{struct}{'.' if path else ''}{path}: the buffer is read-only (bytes, a read-only memoryview or mmap, an open_array "
                        f"memmap of mode 'r'); value {shown}") from None


def _sb_struct_of(order: str, code: str) -> _SB_struct.Struct:
    return _SB_struct.Struct(order + code)


class _SB_Codec:
    """Reads and writes one scalar member (or array element): get checks the stored bytes, check the
    value (returning what to pack), put packs a checked value."""
    __slots__ = ("size",)
    size: int

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> _SB_Any:
        raise NotImplementedError

    def check(self, value: object, struct: str, path: str) -> _SB_Any:
        raise NotImplementedError

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        raise NotImplementedError


class _SB_Int(_SB_Codec):
    """An integer of C type ctype stored with fmt; values lo..hi (the C type's range, uint64_t read as a
    Java long: at most 2^63-1); checked_read refuses stored values above hi (uint64_t)."""
    __slots__ = ("s", "lo", "hi", "ctype", "checked_read")

    def __init__(self, fmt: str, lo: int, hi: int, ctype: str, checked_read: bool = False) -> None:
        self.s = _SB_struct.Struct(fmt)
        self.size = self.s.size
        self.lo = lo
        self.hi = hi
        self.ctype = ctype
        self.checked_read = checked_read

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> int:
        v: int = self.s.unpack_from(mv, off)[0]
        if self.checked_read and v > self.hi:
            raise _sb_error(struct, path, f"{self.ctype} value does not fit a Java long (0..{_SB_INT64_MAX})", v, off)
        return v

    def check(self, value: object, struct: str, path: str) -> int:
        value = _sb_plain(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{struct}.{path}: an int is required, not {_sb_type_name(value)}")
        if not self.lo <= value <= self.hi:
            raise _sb_error(struct, path, f"must fit {self.ctype} ({self.lo}..{self.hi})", value)
        return value

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        self.s.pack_into(mv, off, checked)


class _SB_Bits64(_SB_Int):
    """A uint64_t held as raw bits (UINT64_BITS): any of the 2^64 patterns; Python sees 0..2^64-1 and
    takes -2^63..2^64-1 (a negative value is the Java long's two's complement)."""
    __slots__ = ()

    def check(self, value: object, struct: str, path: str) -> int:
        value = _sb_plain(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{struct}.{path}: an int is required, not {_sb_type_name(value)}")
        if not self.lo <= value <= self.hi:
            raise _sb_error(struct, path, f"must fit {self.ctype} (0..{self.hi}, or a negative long "
                            f"{self.lo}..-1 as its bit pattern)", value)
        return value & 0xFFFFFFFFFFFFFFFF


class _SB_Char(_SB_Codec):
    """A Java char: a str of one UTF-16 code unit (U+0000..U+FFFF, lone surrogates included), at most hi."""
    __slots__ = ("s", "hi", "ctype")

    def __init__(self, fmt: str, hi: int, ctype: str) -> None:
        self.s = _SB_struct.Struct(fmt)
        self.size = self.s.size
        self.hi = hi
        self.ctype = ctype

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> str:
        return chr(self.s.unpack_from(mv, off)[0])

    def check(self, value: object, struct: str, path: str) -> int:
        if not isinstance(value, str) or len(value) != 1:
            raise TypeError(f"{struct}.{path}: a str of one character is required, not {value!r}")
        c = ord(value)
        if c > 0xFFFF:
            raise _sb_error(struct, path, "must be one UTF-16 code unit (a Java char, U+0000..U+FFFF)", f"U+{c:04X}")
        if c > self.hi:
            raise _sb_error(struct, path, f"must fit {self.ctype} (0..{self.hi})", c)
        return c

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        self.s.pack_into(mv, off, checked)


class _SB_Bool(_SB_Codec):
    """A C bool: one byte, 0 or 1 (any other byte is refused on read)."""
    __slots__ = ()

    def __init__(self) -> None:
        self.size = 1

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> bool:
        b = mv[off]
        if b > 1:
            raise _sb_error(struct, path, "bool byte must be 0 or 1", f"0x{b:02x}", off)
        return b == 1

    def check(self, value: object, struct: str, path: str) -> int:
        value = _sb_plain(value)
        if not isinstance(value, bool):
            raise TypeError(f"{struct}.{path}: a bool is required, not {_sb_type_name(value)}")
        return 1 if value else 0

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        mv[off] = checked


class _SB_Float(_SB_Codec):
    """A float, double or _Float16 (code f, d, e): a value the C type holds exactly (a Java float,
    a double narrowed to float, a float narrowed to _Float16: NaN and the infinities included)."""
    __slots__ = ("s", "kind")

    def __init__(self, fmt: str) -> None:
        self.s = _SB_struct.Struct(fmt)
        self.size = self.s.size
        self.kind = fmt[-1]

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> float:
        return self.s.unpack_from(mv, off)[0]

    def check(self, value: object, struct: str, path: str) -> float:
        value = _sb_plain(value)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if _SB_np is not None and isinstance(value, _SB_np.floating):  # a longdouble no double holds
                raise _sb_error(struct, path, "must be exactly representable as double (IEEE 754 binary64)",
                                str(_SB_typing.cast(object, value)))
            raise TypeError(f"{struct}.{path}: a float is required, not {_sb_type_name(value)}")
        try:
            f = float(value)
        except OverflowError:
            f = _SB_math.inf
        if isinstance(value, int) and (f != f or _SB_math.isinf(f) or int(f) != value):
            raise _sb_error(struct, path, "must be exactly representable as double (IEEE 754 binary64)", value)
        if self.kind == "d" or f != f or _SB_math.isinf(f):
            return f
        try:
            back: float = self.s.unpack(self.s.pack(f))[0]
        except OverflowError:
            back = _SB_math.nan
        if back != f:
            if self.kind == "f":
                raise _sb_error(struct, path, "must be exactly representable as float (IEEE 754 binary32)",
                                _SB_j_text(f, False))  # Double.toString, as Java's Values.inexactFloat
            if back != back:
                nearest = _SB_math.copysign(_SB_math.inf, f)
            else:
                nearest = back
            # Float.toString of the Java float, as Java's Values.inexactHalf (a value no float holds: Double.toString)
            raise _sb_error(struct, path, "must be exactly representable as _Float16 (IEEE 754 binary16; nearest half "
                            + _SB_j_text(nearest, True) + ")", _SB_j_text(f, _SB_j_f32(f) == f))
        return f

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        self.s.pack_into(mv, off, checked)


class _SB_Text(_SB_Codec):
    """char[capacity] text in encoding: no U+0000, every character encodable (no lone surrogate), at most
    capacity bytes (capacity - 1 with a NUL terminator) unless truncate cuts it at the last whole
    character that fits; stored NUL-padded. Read: the bytes up to the first NUL (a required NUL
    must be there), decoded strictly."""
    __slots__ = ("capacity", "encoding", "nul", "truncate", "label")

    def __init__(self, capacity: int, encoding: str, nul: bool, truncate: bool) -> None:
        self.size = capacity
        self.capacity = capacity
        self.encoding = encoding
        self.nul = nul
        self.truncate = truncate
        self.label = {"utf-8": "UTF-8", "ascii": "US-ASCII", "latin-1": "ISO-8859-1"}[encoding]

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> str:
        raw = bytes(mv[off:off + self.capacity])
        end = raw.find(0)
        if end < 0:
            if self.nul:
                raise _sb_error(struct, path, f"no NUL terminator within the capacity of {self.capacity} bytes", None, off)
            end = self.capacity
        try:
            return raw[:end].decode(self.encoding)
        except UnicodeDecodeError as e:
            if self.encoding == "ascii":
                raise _sb_error(struct, path, "byte is not US-ASCII", f"0x{raw[e.start]:02x}", off + e.start) from None
            at, length = _sb_jdk_malformed(raw[:end])
            shown = " ".join("%02x" % x for x in raw[:min(end, 32)]) + (" ..." if end > 32 else "")
            raise _sb_error(struct, path, f"invalid UTF-8: malformed sequence of {length} byte(s) at byte {at} of the text",
                            shown, off + at) from None

    def check(self, value: object, struct: str, path: str) -> bytes:
        if not isinstance(value, str):
            raise TypeError(f"{struct}.{path}: a str is required, not {_sb_type_name(value)}")
        data = _sb_text_encode(value, self.capacity, self.encoding, self.nul, self.truncate)
        if isinstance(data, str):
            raise _sb_error(struct, path, data, _sb_quote(value))
        return data

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        mv[off:off + self.capacity] = checked + bytes(self.capacity - len(checked))


class _SB_Enum(_SB_Codec):
    """An enum stored as its integer code: only the declared codes (an unknown code is refused on read)."""
    __slots__ = ("s", "cls", "enum_name")

    def __init__(self, fmt: str, cls: type, enum_name: str) -> None:
        self.s = _SB_struct.Struct(fmt)
        self.size = self.s.size
        self.cls = cls
        self.enum_name = enum_name

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> _SB_Any:
        code: int = self.s.unpack_from(mv, off)[0]
        try:
            return self.cls(code)
        except ValueError:
            raise _sb_error(struct, path, f"unknown {self.enum_name} code", code, off) from None

    def check(self, value: object, struct: str, path: str) -> int:
        if not isinstance(value, self.cls):
            raise _sb_wrong_class(struct, path, self.cls, value)
        return int(value)  # type: ignore[call-overload]

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        self.s.pack_into(mv, off, checked)


class _SB_Array(_SB_Codec):
    """T[length] of a scalar codec: exactly length elements, each checked by the element's rule;
    byte arrays (Java byte[]) are bytes, char arrays (Java char[]) a str of length UTF-16 code units."""
    __slots__ = ("element", "length", "kind")

    def __init__(self, element: _SB_Codec, length: int, kind: str) -> None:
        self.element = element
        self.length = length
        self.size = element.size * length
        self.kind = kind

    def get(self, mv: memoryview, off: int, struct: str, path: str) -> _SB_Any:
        if self.kind == "bytes":
            return bytes(mv[off:off + self.length])
        e = self.element
        n = e.size
        values = [e.get(mv, off + i * n, struct, f"{path}[{i}]") for i in range(self.length)]
        # a tuple: an element assignment (view.a[0] = 1) fails loudly instead of changing a copy
        return "".join(values) if self.kind == "chars" else tuple(values)

    def check(self, value: object, struct: str, path: str) -> list[_SB_Any]:
        if self.kind == "bytes":
            if not isinstance(value, (bytes, bytearray, memoryview)):
                raise TypeError(f"{struct}.{path}: bytes are required, not {_sb_type_name(value)}")
            data = bytes(_SB_typing.cast(_SB_Any, value))
            if len(data) != self.length:
                raise _sb_error(struct, path, f"array length must be exactly {self.length}", f"array of length {len(data)}")
            return [data]
        if _SB_np is not None and isinstance(value, _SB_np.ndarray):
            array = _SB_typing.cast(_SB_Any, value)
            # NumPy's elements as Python values (numpy.float32 -> float, exactly)
            value = array.tolist() if array.ndim == 1 else _SB_typing.cast(object, array)
        if self.kind == "chars":
            if not isinstance(value, str):
                raise TypeError(f"{struct}.{path}: a str is required, not {_sb_type_name(value)}")
            items: _SB_Sequence[object] = value
        elif isinstance(value, (str, bytes)) or not isinstance(value, _SB_Sequence):
            raise TypeError(f"{struct}.{path}: a sequence is required, not {_sb_type_name(value)}")
        else:
            items = _SB_typing.cast(_SB_Sequence[object], value)
        if len(items) != self.length:
            raise _sb_error(struct, path, f"array length must be exactly {self.length}", f"array of length {len(items)}")
        return [self.element.check(v, struct, f"{path}[{i}]") for i, v in enumerate(items)]

    def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
        if self.kind == "bytes":
            mv[off:off + self.length] = checked[0]
            return
        n = self.element.size
        for i, v in enumerate(checked):
            self.element.put(mv, off + i * n, v)


class _SB_BitField:
    """A bit-field of width bits at bit of its run's little-endian storage bytes (run_offset, run_size
    bytes from the struct's start); lo..hi is the width's range (bool: 0..1)."""
    __slots__ = ("bit", "width", "signed", "lo", "hi", "run_size", "is_bool", "ctype")

    def __init__(self, bit: int, width: int, signed: bool, lo: int, hi: int, run_size: int, is_bool: bool,
                 ctype: str) -> None:
        self.bit = bit
        self.width = width
        self.signed = signed
        self.lo = lo
        self.hi = hi
        self.run_size = run_size
        self.is_bool = is_bool
        self.ctype = ctype

    def get(self, mv: memoryview, run: int, struct: str, path: str) -> _SB_Any:
        v = (int.from_bytes(mv[run:run + self.run_size], "little") >> self.bit) & ((1 << self.width) - 1)
        if self.signed and v >> (self.width - 1):
            v -= 1 << self.width
        if v > self.hi:
            raise _sb_error(struct, path, f"uint64_t value does not fit a Java long (0..{_SB_INT64_MAX})", v, run)
        return bool(v) if self.is_bool else v

    def check(self, value: object, struct: str, path: str) -> int:
        value = _sb_plain(value)
        if self.is_bool:
            if not isinstance(value, bool):
                raise TypeError(f"{struct}.{path}: a bool is required, not {_sb_type_name(value)}")
            return int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{struct}.{path}: an int is required, not {_sb_type_name(value)}")
        if not self.lo <= value <= self.hi:
            raise _sb_error(struct, path, f"must fit {self.ctype} : {self.width} ({self.lo}..{self.hi})", value)
        return value

    def put(self, mv: memoryview, run: int, checked: int) -> None:
        mask = ((1 << self.width) - 1) << self.bit
        old = int.from_bytes(mv[run:run + self.run_size], "little")
        new = (old & ~mask) | ((checked << self.bit) & mask)
        mv[run:run + self.run_size] = new.to_bytes(self.run_size, "little")


def _sb_text_encode(value: str, capacity: int, encoding: str, nul: bool, truncate: bool) -> "bytes | str":
    """The bytes that store value in char[capacity] (cut at the last whole character that fits when truncate),
    or the rule of Java's FixedStrings it breaks (str): the first offending character, a U+0000 or one the
    encoding lacks (index in UTF-16 units), else more bytes than the capacity holds (capacity - 1 with a NUL)."""
    nul_at = value.find("\0")
    try:
        data = value.encode(encoding)
        bad = -1
    except UnicodeEncodeError as e:
        data = b""
        bad = e.start
    if nul_at >= 0 and (bad < 0 or nul_at < bad):
        units = len(value[:nul_at].encode("utf-16-le", "surrogatepass")) // 2
        return f"text must not contain U+0000 (index {units}): C reads it as the end"
    label = {"utf-8": "UTF-8", "ascii": "US-ASCII", "latin-1": "ISO-8859-1"}[encoding]
    if bad >= 0:
        units = len(value[:bad].encode("utf-16-le", "surrogatepass")) // 2
        c = ord(value[bad])
        if 0xD800 <= c <= 0xDFFF and encoding == "utf-8":
            return f"unpaired surrogate at index {units} cannot be encoded as UTF-8"
        return f"character U+{c:04X} at index {units} cannot be encoded as {label}"
    usable = capacity - 1 if nul else capacity
    if len(data) > usable:
        if not truncate:
            return (f"text needs {len(data)} {label} bytes but the capacity is {capacity} bytes"
                    + (f" including the NUL terminator ({usable} for text)" if nul else ""))
        cut = usable  # US-ASCII, ISO-8859-1: one byte a character, cut exactly
        while encoding == "utf-8" and cut > 0 and (data[cut] & 0xC0) == 0x80:
            cut -= 1  # UTF-8: back to the first byte of the character that does not fit
        data = data[:cut]
    return data


def _sb_wrong_class(struct: str, path: str, cls: type, value: object) -> TypeError:
    """The TypeError for a value not of cls: names the member path (none for the struct itself), an enum's
    members, and both modules when the classes share a name (a standalone module and a package module define
    distinct classes)."""
    where = struct + ("." + path.rstrip(".") if path.rstrip(".") else "")
    t = type(value)
    member = " member" if issubclass(cls, _SB_enum.Enum) else ""
    if t.__name__ == cls.__name__:
        return TypeError(f"{where}: a {cls.__name__}{member} of module {cls.__module__} is required, not a "
                         f"{t.__name__}{member} of module {t.__module__} (each module defines its own classes)")
    if member:
        names: list[str] = [m.name for m in _SB_typing.cast(type[_SB_enum.Enum], cls)]
        listed = f" ({', '.join(names[:12])}{', ...' if len(names) > 12 else ''})"
        shown = f" {value!r}" if isinstance(value, (int, str, float)) else ""
        return TypeError(f"{where}: a {cls.__name__} member is required{listed}, not {_sb_type_name(value)}{shown}")
    return TypeError(f"{where}: a {cls.__name__} is required, not {_sb_type_name(value)}")


def _sb_struct_bytes(buffer: _SB_Any, name: str, size: int, dtype_name: str, array: bool,
                     module: dict[str, _SB_Any]) -> memoryview:
    """The bytes of buffer for a view of name structs (size bytes each). A NumPy array must hold bytes (uint8,
    int8) or structs: a structured dtype of size-byte items equal to dtype_name of the module (its globals()) (field names,
    formats, offsets); any other dtype (float64, ...) is refused. array: buffer is an array of the structs,
    so its size must be a multiple of size (ValueError otherwise, the same message from count, at, iter, move).
    An array open_array mapped from a newer struct file (its items longer: dtype_name's fields at the file's
    stride, _sb_stride) is an array of the structs too."""
    if _SB_np is not None and isinstance(buffer, _SB_np.ndarray):
        dt: _SB_Any = _SB_typing.cast(_SB_Any, buffer).dtype
        if dt.kind == "V":
            expected = module.get(dtype_name)
            newer = (expected is not None and dt.names is not None and dt.itemsize > size
                     and dt.fields == expected.fields)
            if array and dt.itemsize != size and not newer:
                raise ValueError(f"{name}: a NumPy array of {dt.itemsize}-byte items ({dt}) is not an array of "
                                 f"{size}-byte {name} structs ({dtype_name})")
            if array and dt.names is not None and expected is not None and dt != expected and not newer:
                raise ValueError(f"{name}: the array's dtype {dt} is not {dtype_name} {expected}")
            if array and newer:
                mv = _sb_bytes(buffer)
                if mv.nbytes % dt.itemsize:
                    raise ValueError(f"{name}: a buffer of {mv.nbytes} bytes is not an array of {dt.itemsize}-byte items")
                return mv
        elif dt != _SB_np.uint8 and dt != _SB_np.int8:
            raise TypeError(f"{name}: a NumPy array of {dt} is not a buffer of {name} structs: pass an array "
                            f"of {dtype_name} (open_array) or of bytes (uint8)")
    mv = _sb_bytes(buffer)
    if array and mv.nbytes % size:
        raise ValueError(f"{name}: a buffer of {mv.nbytes} bytes is not an array of {size}-byte structs")
    return mv


def _sb_stride(buffer: _SB_Any, size: int) -> int:
    """The distance in bytes between the structs of buffer, an array of them: size, or the item size of an array
    open_array mapped from a struct file of a newer layout version (each struct followed by the members this
    reader does not know; _sb_struct_bytes checked its fields)."""
    if _SB_np is not None and isinstance(buffer, _SB_np.ndarray):
        dt: _SB_Any = _SB_typing.cast(_SB_Any, buffer).dtype
        if dt.kind == "V" and dt.itemsize > size:
            return int(dt.itemsize)
    return size


def _sb_check_index(name: str, mv: memoryview, offset: object, size: int) -> None:
    if isinstance(offset, bool) or not isinstance(offset, int):
        raise TypeError(f"{name}: the offset must be an int, not {type(offset).__name__}")
    if offset < 0 or offset + size > mv.nbytes:
        raise IndexError(f"{name}: {size} bytes at offset {offset} do not fit the buffer's {mv.nbytes} bytes")


def _sb_store_array(mv: memoryview, off: int, values: object, length: int, stride: int,
                    store: _SB_Callable[[memoryview, int, _SB_Any, str, str], None], struct: str, path: str) -> None:
    """Writes exactly length nested structs (into a scratch copy)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, _SB_Sequence):
        raise TypeError(f"{struct}.{path}: a sequence is required, not {type(values).__name__}")
    items = _SB_typing.cast(_SB_Sequence[object], values)
    if len(items) != length:
        raise _sb_error(struct, path, f"array length must be exactly {length}", f"array of length {len(items)}")
    for i, v in enumerate(items):
        store(mv, off + i * stride, v, struct, f"{path}[{i}].")


def _sb_same(a: object, b: object) -> bool:
    """Deep equality of values in which NaN equals a NaN of the same bits."""
    if isinstance(a, float) and isinstance(b, float):
        return _SB_struct.pack("<d", a) == _SB_struct.pack("<d", b) or a == b
    if _SB_dataclasses.is_dataclass(a) and type(a) is type(b):
        return all(_sb_same(getattr(a, f.name), getattr(b, f.name)) for f in _SB_dataclasses.fields(a))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        xs = _SB_typing.cast(_SB_Sequence[object], a)
        ys = _SB_typing.cast(_SB_Sequence[object], b)
        return len(xs) == len(ys) and all(_sb_same(x, y) for x, y in zip(xs, ys))
    return a == b


def _sb_union_merge(member: memoryview, merged: bytearray, held: bytearray,
                    mask: tuple[bytes, tuple[tuple[int, int], ...]]) -> None:
    """Takes into merged the bits one member (stored alone over zeros in member) holds, as Java's
    UnionBytes.Merge.add: its non-text leaves (mask[0]) and its texts up to and including the first NUL."""
    bits = bytearray(mask[0])
    for start, capacity in mask[1]:
        nul = bytes(member[start:start + capacity]).find(0)
        end = start + capacity if nul < 0 else start + nul + 1
        bits[start:end] = b"\xff" * (end - start)
    for k, h in enumerate(bits):
        if h:
            merged[k] = (merged[k] & ~h & 0xFF) | (member[k] & h)
            held[k] |= h


def _sb_absent(v: object) -> bool:
    """Whether v is what a union member that does not read holds (Java's): None, or the primitive's zero."""
    if v is None or v is False:
        return True
    if v.__class__ is float:
        return _SB_struct.pack("<d", v) == bytes(8)
    return (v.__class__ is int and v == 0) or (v.__class__ is str and v == "\x00")


def _sb_union_refusing(mv: memoryview, off: int, failed: list[_SB_Any],
                       masks: tuple[tuple[bytes, tuple[tuple[int, int], ...]], ...]) -> int:
    """Java's UnionBytes.refusing: the member that refuses the union at off, -1 if none. A member that does not
    read (failed[m] not None) is absent when the members that read hold every bit it holds (text: up to its NUL);
    else the first such member refuses; when none reads, the first member that does not."""
    def held(m: int) -> bytearray:
        bits = bytearray(masks[m][0])
        for start, capacity in masks[m][1]:
            nul = bytes(mv[off + start:off + start + capacity]).find(0)
            end = start + capacity if nul < 0 else start + nul + 1
            bits[start:end] = b"\xff" * (end - start)
        return bits
    covered = bytearray(len(masks[0][0]))
    reads = False
    for m, f in enumerate(failed):
        if f is None:
            reads = True
            for k, h in enumerate(held(m)):
                covered[k] |= h
    if not reads:
        return next(m for m, f in enumerate(failed) if f is not None)
    for m, f in enumerate(failed):
        if f is not None and any(h & ~c & 0xFF for h, c in zip(held(m), covered)):
            return m
    return -1


def _sb_union_put(mv: memoryview, off: int, merged: bytearray, held: bytearray) -> None:
    """Stores the merged bits of a union at off; bits no member holds keep their values (Java's storeInto)."""
    for k, h in enumerate(held):
        if h == 0xFF:
            mv[off + k] = merged[k]
        elif h:
            mv[off + k] = (mv[off + k] & ~h & 0xFF) | (merged[k] & h)


def _sb_live_or_fail(live: dict[_SB_Any, int], tag: object, struct: str, path: str, tag_name: str, union: str) -> int:
    """The index of the member of a tagged union that discriminator value tag selects (Java's liveOrFail$): a
    ValueError with Java's message where it selects none."""
    try:
        member = -1 if isinstance(tag, bool) else live.get(_sb_plain(tag), -1)
    except TypeError:  # unhashable
        member = -1
    if member < 0:
        shown = "null" if tag is None else tag.name if isinstance(tag, _SB_enum.Enum) else repr(tag)
        raise _sb_error(struct, path, f"discriminator {tag_name} = {shown} selects no member of union {union}", None)
    return member


def _sb_json_constant(names: dict[_SB_Any, str], value: object, member: str, enum: str) -> str:
    """The JSON name of the enum constant value; ValueError naming the member where value is not a constant."""
    try:
        return names[value]
    except (KeyError, TypeError):
        raise ValueError(f"to_model: {member} = {value!r} is not a constant of the Java enum {enum}") from None


def _sb_base64_input(value: object) -> object:
    """A bytes member's input: Base64 text (RFC 4648, standard alphabet, padded) decoded, as Jackson reads a byte[],
    anything else unchanged. Pydantic decodes Base64 JSON strings itself, but not once a model validator has turned the
    document into Python data (a model holding renamed or reserved members has one): this decodes it there too."""
    if isinstance(value, str):
        import base64
        import binascii
        try:
            return base64.b64decode(value.encode("ascii"), validate=True)
        except (UnicodeEncodeError, binascii.Error) as e:
            raise ValueError(f"not Base64 text (RFC 4648, padded): {e}") from None
    return value


def _sb_base64_output(value: bytes) -> str:
    """A bytes member in JSON as Jackson writes a byte[]: Base64 in the standard alphabet, padded (RFC 4648 section 4).
    Pydantic's own ser_json_bytes="base64" writes the URL-safe alphabet (- and _), which Jackson, the codec and the
    JSON Schema refuse."""
    import base64
    return base64.b64encode(value).decode("ascii")


def _sb_utf16_join(units: str) -> str:
    """A Java char[] (one str character per UTF-16 code unit) as the string Jackson writes: surrogate pairs joined."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def _sb_utf16_split(text: str) -> str:
    """A JSON string as Jackson reads it into a Java char[]: one character per UTF-16 code unit."""
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))



# validate_array: the Java validator's in-place checks, vectorised with NumPy.


class Violation(_SB_NamedTuple):
    """One violation, as Java's io.structbridge.runtime.Violation.

    path: the property path from the array, [17].qty, [3].inner.x, [2].values[1]; constraint: the
    annotation's simple name (Min, Size, ...) or "Native" for a rule of the native layout; message:
    Hibernate Validator's default English message, or the native rule; value: the offending value as Java
    reads it (int, float, bool, str) for a constraint, Java's rendering of the stored bytes for "Native"
    (a str such as "0x02", or None).
    """
    path: str
    constraint: str
    message: str
    value: object


def _sb_numpy() -> _SB_Any:
    if _SB_np is None:
        raise ImportError("validate_array needs NumPy")
    return _SB_np


def _sb_add(hits: list[_SB_Any], key: tuple[int, ...], mask: _SB_Any, sel: _SB_Any, n: int, constraint: str,
            detail: _SB_Callable[[int], tuple[str, str, object]]) -> None:
    """Records the rows of mask (within sel) that violate a check; detail(row) gives path, message, value."""
    np = _sb_numpy()
    m = np.broadcast_to(np.asarray(mask, dtype=bool), (n,))
    if sel is not None:
        m = m & sel
    rows = np.flatnonzero(m)
    if rows.size:
        hits.append((key, rows, constraint, detail))


def _sb_any_member(np: _SB_Any, members: tuple[_SB_Callable[..., None], ...], a: _SB_Any, raw: _SB_Any, base: int,
                   sel: _SB_Any, key: tuple[int, ...], prefix: str, hits: list[_SB_Any],
                   masks: tuple[tuple[bytes, tuple[tuple[int, int], ...]], ...]) -> None:
    """An untagged union, as Java's validator (UnionBytes.refusing): a member with violations is absent where the
    members without hold every bit it holds (text: up to its NUL); else the first such member's violations (when
    no member reads, the first member's)."""
    n = raw.shape[0]
    size = len(masks[0][0])
    sub = raw[:, base:base + size]
    founds: list[list[_SB_Any]] = []
    bads: list[_SB_Any] = []
    for check in members:
        found: list[_SB_Any] = []
        check(a, raw, base, sel, key, prefix, found)
        bad = np.zeros(n, dtype=bool)
        for h in found:
            bad[h[1]] = True
        founds.append(found)
        bads.append(bad)

    def held(m: int) -> _SB_Any:
        bits = np.repeat(np.frombuffer(masks[m][0], dtype=np.uint8)[None, :], n, axis=0)
        for start, capacity in masks[m][1]:
            zero = sub[:, start:start + capacity] == 0
            nul = np.where(zero.any(axis=1), zero.argmax(axis=1), capacity - 1)
            bits[:, start:start + capacity] |= np.where(np.arange(capacity)[None, :] <= nul[:, None], np.uint8(0xFF), np.uint8(0))
        return bits
    covered = np.zeros((n, size), dtype=np.uint8)
    reads = np.zeros(n, dtype=bool)
    for m in range(len(members)):
        if (~bads[m]).any():
            covered |= np.where(~bads[m][:, None], held(m), np.uint8(0))
        reads |= ~bads[m]
    refusing = np.full(n, -1)
    for m in range(len(members)):
        if bads[m].any():
            lost = ((held(m) & ~covered) != 0).any(axis=1)
            refusing[bads[m] & (refusing < 0) & (~reads | lost)] = m
    for m, found in enumerate(founds):
        for h in found:
            keep = refusing[h[1]] == m
            if keep.any():
                hits.append((h[0], h[1][keep], h[2], h[3]))


def _sb_bits(np: _SB_Any, raw: _SB_Any, first: int, shift: int, width: int, signed: bool) -> _SB_Any:
    """The bit-field at bits shift..shift+width-1 of the little-endian bytes from raw[:, first]."""
    nbytes = (shift + width + 7) // 8
    acc = np.zeros(raw.shape[0], dtype=np.uint64)
    for k in range(min(nbytes, 8)):
        acc |= raw[:, first + k].astype(np.uint64) << np.uint64(8 * k)
    acc >>= np.uint64(shift)
    if nbytes > 8:
        acc |= raw[:, first + 8].astype(np.uint64) << np.uint64(64 - shift)
    if width < 64:
        acc &= np.uint64((1 << width) - 1)
    if signed:
        return (acc << np.uint64(64 - width)).view(np.int64) >> np.int64(64 - width)
    return acc


def _sb_decimal_bad(np: _SB_Any, v: _SB_Any, bound: str, inclusive: bool, below: bool) -> _SB_Any:
    """@DecimalMin (below) or @DecimalMax with a bound no double equals, as Java's ConstraintChecks: NaN and
    the infinity beyond the bound violate; finite values compare as BigDecimal.valueOf(v), the decimal of
    Double.toString(v), exactly only for the doubles next to the bound (_SB_j_decimal_ok, the model's rule)."""
    b = float(bound)
    lo, hi = np.nextafter(b, -np.inf), np.nextafter(b, np.inf)
    bad = np.isnan(v) | (v == (-np.inf if below else np.inf))
    finite = np.isfinite(v)
    near = finite & (v >= lo) & (v <= hi)
    bad |= finite & ~near & ((v < b) if below else (v > b))
    for i in np.flatnonzero(near).tolist():
        bad[i] = not _SB_j_decimal_ok(float(v[i]), bound, inclusive, below)
    return bad


def _sb_digits_bad(np: _SB_Any, v: _SB_Any, integer: int, fraction: int, single: bool = False) -> _SB_Any:
    """@Digits on a float or double, as Java's ConstraintChecks.digits: the digits of
    new BigDecimal(Double.toString(v)).stripTrailingZeros(), Float.toString for a float (_SB_j_digits_ok, the model's
    rule); NaN and the infinities violate. Whole numbers are decided by a column comparison, others per row."""
    bad = ~np.isfinite(v)
    finite = ~bad
    whole = finite & (np.floor(v) == v) & (np.abs(v) < 2.0 ** 53)
    if integer <= 15:
        bad |= whole & ((np.abs(v) >= 10.0 ** integer) | ((v == 0) & (integer == 0)))
        rest = finite & ~whole
    else:
        rest = finite
    memo: dict[float, bool] = {}
    for i in np.flatnonzero(rest).tolist():
        x = float(v[i])
        r = memo.get(x)
        if r is None:
            r = memo[x] = not _SB_j_digits_ok(x, integer, fraction, single)  # single: a Java float, Float.toString
        bad[i] = r
    return bad


def _sb_jdk_malformed(d: bytes) -> tuple[int, int]:
    """Where the JDK's UTF-8 decoder (CodingErrorAction.REPORT) stops on d and the malformed length it
    reports (sun.nio.cs.UTF_8: a truncated sequence at the end counts every byte left)."""
    n = len(d)
    i = 0
    while i < n:
        b1 = d[i]
        rest = n - i
        if b1 < 0x80:
            i += 1
        elif 0xC2 <= b1 <= 0xDF:
            if rest < 2:
                return i, rest
            if d[i + 1] & 0xC0 != 0x80:
                return i, 1
            i += 2
        elif 0xE0 <= b1 <= 0xEF:
            if rest < 3:
                if rest > 1 and ((b1 == 0xE0 and d[i + 1] & 0xE0 == 0x80) or d[i + 1] & 0xC0 != 0x80):
                    return i, 1
                return i, rest
            b2, b3 = d[i + 1], d[i + 2]
            first = (b1 == 0xE0 and b2 & 0xE0 == 0x80) or b2 & 0xC0 != 0x80
            if first or b3 & 0xC0 != 0x80:
                return i, 1 if first else 2
            if 0xD800 <= ((b1 & 0x0F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)) <= 0xDFFF:
                return i, 3
            i += 3
        elif 0xF0 <= b1 <= 0xF7:
            if rest < 4:
                if b1 > 0xF4 or (rest > 1 and ((b1 == 0xF0 and not 0x90 <= d[i + 1] <= 0xBF)
                                               or (b1 == 0xF4 and d[i + 1] & 0xF0 != 0x80)
                                               or d[i + 1] & 0xC0 != 0x80)):
                    return i, 1
                if rest > 2 and d[i + 2] & 0xC0 != 0x80:
                    return i, 2
                return i, rest
            b2, b3, b4 = d[i + 1], d[i + 2], d[i + 3]
            uc = (b1 & 0x07) << 18 | (b2 & 0x3F) << 12 | (b3 & 0x3F) << 6 | (b4 & 0x3F)
            if b2 & 0xC0 != 0x80 or b3 & 0xC0 != 0x80 or b4 & 0xC0 != 0x80 or not 0x10000 <= uc <= 0x10FFFF:
                if (b1 > 0xF4 or (b1 == 0xF0 and not 0x90 <= b2 <= 0xBF) or (b1 == 0xF4 and b2 & 0xF0 != 0x80)
                        or b2 & 0xC0 != 0x80):
                    return i, 1
                return i, 2 if b3 & 0xC0 != 0x80 else 3
            i += 4
        else:
            return i, 1
    return -1, 0


def _sb_undecodable(np: _SB_Any, m: _SB_Any, encoding: str) -> list[int]:
    """The indexes of the rows of the byte matrix m whose text (the bytes up to the first 0, or the whole row) does
    not decode. The rows are decoded as one blob, each followed by a 0 byte (a 0 continues no sequence, so neither
    the next row nor bytes after a text's NUL can complete a sequence cut at its end), while that fails at most 8
    times (each failure: the failing row alone), then row by row."""
    rows, width = m.shape
    framed = np.zeros((rows, width + 1), dtype=np.uint8)
    framed[:, :width] = m
    blob = framed.tobytes()
    out: list[int] = []
    start = 0
    failures = 0
    while start < rows and failures < 8:
        try:
            blob[start * (width + 1):].decode(encoding)
            return out
        except UnicodeDecodeError as e:
            i = start + e.start // (width + 1)
        try:
            bytes(m[i]).split(b"\0", 1)[0].decode(encoding)
        except UnicodeDecodeError:
            out.append(i)
        start = i + 1
        failures += 1
    for i in range(start, rows):
        try:
            bytes(m[i]).split(b"\0", 1)[0].decode(encoding)
        except UnicodeDecodeError:
            out.append(i)
    return out


def _sb_scan(np: _SB_Any, b: _SB_Any, capacity: int, nul: bool) -> tuple[_SB_Any, _SB_Any]:
    """Per row of the byte matrix b (a member's bytes in a chunk of structs): (no byte is 0, or None unless nul;
    some byte is 0x80 or more). The member's 8-byte words are OR-ed column by column (strided reads of the
    chunk, no copy of the member); a row whose last byte is 0 (a NUL-padded text) has a 0 byte, so only the
    other rows are searched for one."""
    n = b.shape[0]
    words = capacity // 8
    if words:
        w = b[:, :words * 8].view("<u8")
        acc = w[:, 0].copy()
        for k in range(1, words):
            acc |= w[:, k]
        high = (acc & np.uint64(0x8080808080808080)) != 0
    else:
        high = np.zeros(n, dtype=bool)
    if words * 8 < capacity:
        tail = b[:, words * 8].copy()
        for k in range(words * 8 + 1, capacity):
            tail |= b[:, k]
        high |= tail >= 0x80
    no_nul = None
    if nul:
        no_nul = b[:, capacity - 1] != 0
        rows = np.flatnonzero(no_nul)
        if rows.size:
            no_nul[rows] = ~(b[rows] == 0).any(axis=1)
    return no_nul, high


class _SB_TextColumn:
    """A text member of a chunk of structs and the native verdict of Java's FixedStrings.load (a missing
    NUL, then the encoding). Whole-column reductions find the rows without a NUL and the rows with a byte of
    0x80 or more; only those rows' texts are decoded (all at once while they decode), only rows whose first
    byte is at most 0x20 are looked at for @NotBlank, and text lengths are counted where a rule needs them."""

    def __init__(self, np: _SB_Any, raw: _SB_Any, offset: int, capacity: int, nul: bool, encoding: str) -> None:
        self.np = np
        self.capacity = capacity
        self.encoding = encoding
        self.b = b = raw[:, offset:offset + capacity]
        n = b.shape[0]
        no_nul, has_high = _sb_scan(np, b, capacity, nul)
        self.no_nul = no_nul if no_nul is not None else np.zeros(n, dtype=bool)
        # Rows with a byte of 0x80 or more anywhere in the member: their texts, decoded as Java decodes them
        # (Python's strict codecs accept exactly well-formed UTF-8, Unicode 15.0 Table 3-7).
        self.high_rows = rows = np.flatnonzero(has_high & ~self.no_nul)
        bad = np.zeros(n, dtype=bool)
        if rows.size and encoding != "latin-1":
            bad[rows[_sb_undecodable(np, b[rows], encoding)]] = True
        self.bad = self.no_nul | bad
        self._units: _SB_Any = None

    def lengths(self, rows: _SB_Any) -> _SB_Any:
        """The text lengths in bytes of rows: up to the first NUL, else the capacity."""
        np = self.np
        zero = self.b[rows] == 0
        return np.where(zero.any(axis=1), zero.argmax(axis=1), self.capacity)

    def bytes_at(self, i: int) -> bytes:
        row = bytes(self.b[i])
        k = row.find(b"\0")
        return row if k < 0 else row[:k]

    def value(self, i: int) -> str:
        return self.bytes_at(i).decode(self.encoding)

    def native(self, i: int) -> tuple[str, object]:
        if self.no_nul[i]:
            return f"no NUL terminator within the capacity of {self.capacity} bytes", None
        data = self.bytes_at(i)
        if self.encoding == "ascii":
            return "byte is not US-ASCII", "0x%02x" % next(x for x in data if x >= 0x80)
        at, length = _sb_jdk_malformed(data)
        shown = " ".join("%02x" % x for x in data[:32]) + (" ..." if len(data) > 32 else "")
        return f"invalid UTF-8: malformed sequence of {length} byte(s) at byte {at} of the text", shown

    def empty(self) -> _SB_Any:
        return self.b[:, 0] == 0

    def units(self) -> _SB_Any:
        """String.length(): UTF-16 code units (a 4-byte UTF-8 sequence is a surrogate pair)."""
        np = self.np
        if self._units is None:
            units = self.lengths(slice(None))
            rows = self.high_rows
            if self.encoding == "utf-8" and rows.size:
                sub = self.b[rows]
                inside = np.arange(self.capacity)[None, :] < units[rows][:, None]
                units[rows] = ((((sub & 0xC0) != 0x80) & inside).sum(axis=1)
                               + ((sub >= 0xF0) & inside).sum(axis=1))
            self._units = units
        return self._units

    def blank(self) -> _SB_Any:
        """String.trim().isEmpty(): no character above U+0020 (every non-ASCII byte belongs to one); only
        a text whose first byte is at most 0x20 (or that is empty) can be blank."""
        np = self.np
        out = np.zeros(self.b.shape[0], dtype=bool)
        rows = np.flatnonzero(self.b[:, 0] <= 0x20)
        if rows.size:
            inside = np.arange(self.capacity)[None, :] < self.lengths(rows)[:, None]
            out[rows] = ~((self.b[rows] > 0x20) & inside).any(axis=1)
        return out

    def mismatches(self, pattern: _SB_Any, live: _SB_Any) -> _SB_Any:
        """Rows (of live) whose text the anchored pattern does not match; each distinct text once."""
        np = self.np
        n = self.b.shape[0]
        out = np.zeros(n, dtype=bool)
        rows = np.arange(n) if live is None else np.flatnonzero(live)
        if rows.size == 0:
            return out
        texts = np.ascontiguousarray(self.b[rows]).view(f"S{self.capacity}").ravel().tolist()
        memo: dict[bytes, bool] = {}
        flags: list[bool] = []
        for s in texts:
            r = memo.get(s)
            if r is None:
                r = pattern.match(s.split(b"\0", 1)[0].decode(self.encoding)) is None
                memo[s] = r
            flags.append(r)
        out[rows] = np.array(flags, dtype=bool)
        return out


def _sb_validate(np: _SB_Any, array: _SB_Any, dtype: _SB_Any, size: int, check: _SB_Callable[..., None],
                 limit: object, name: str) -> list[Violation]:
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ValueError(f"limit must be None or an int >= 0, not {limit!r}")
    a = np.asarray(array)  # a memmap's plain ndarray view: the mapping, not a copy
    # open_array of a file of a newer layout version: the dtype's fields at their offsets in the file's longer structs
    wide = a.dtype != dtype and a.dtype.itemsize > size and a.dtype == _sb_dtype_at(dtype, a.dtype.itemsize)
    if a.dtype != dtype and not wide:
        raise ValueError(f"validate_array needs an array of {name}_dtype, not {a.dtype}")
    if a.ndim != 1:
        raise ValueError(f"validate_array needs a 1-D array of {name} structs, not shape {a.shape}")
    if not a.flags.c_contiguous:
        a = np.ascontiguousarray(a)
    out: list[Violation] = []
    count = a.shape[0]
    if count == 0 or limit == 0:
        return out
    raw_all = a.view(np.uint8).reshape(count, a.dtype.itemsize)
    # about 1 MiB of structs per chunk: the passes over a chunk's columns find it in the CPU's caches
    step = max(1, min(1 << 18, (1 << 20) // max(size, 1)))
    for start in range(0, count, step):
        stop = min(start + step, count)
        hits: list[_SB_Any] = []
        # a signalling NaN cast from float32/float16 to float64 sets the invalid flag: quiet, as Java reads it
        with np.errstate(invalid="ignore", over="ignore"):
            if wide:  # each chunk's structs cut to the reader's size: a copy of about 1 MiB
                raw = np.ascontiguousarray(raw_all[start:stop, :size])
                check(raw.view(dtype).reshape(stop - start), raw, 0, None, (), "", hits)
            else:
                check(a[start:stop], raw_all[start:stop], 0, None, (), "", hits)
        if not hits:
            continue
        hits.sort(key=lambda h: h[0])
        rows = np.concatenate([h[1] for h in hits])
        which = np.repeat(np.arange(len(hits)), [h[1].size for h in hits])
        order = np.lexsort((which, rows))
        if limit is not None:
            order = order[:limit - len(out)]
        for i, w in zip(rows[order].tolist(), which[order].tolist()):
            h = hits[w]
            path, message, value = h[3](i)
            out.append(Violation(f"[{start + i}].{path}", h[2], message, value))
        if limit is not None and len(out) >= limit:
            break
    return out


def _SB_file_kind(mode: int) -> str:
    import stat
    return ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a character device" if stat.S_ISCHR(mode) else "a block device"
            if stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "a special file")


def _SB_lock_shared(f: _SB_typing.IO[bytes], path: str | _SB_os.PathLike[str]) -> None:
    """Takes a shared lock on the whole file without waiting: an open file description lock where the
    system has them (Linux), else a POSIX record lock of the process (fcntl.lockf)."""
    try:
        import fcntl
    except ImportError:  # no fcntl locks on this system
        return
    try:
        ofd = getattr(fcntl, "F_OFD_SETLK", None)
        if ofd is not None:
            try:
                # struct flock: l_type, l_whence, l_start, l_len (whole file), l_pid 0 (required for OFD locks)
                fcntl.fcntl(f, ofd, _SB_struct.pack("hhqqi0q", fcntl.F_RDLCK, 0, 0, 0, 0))
                return
            except OSError as e:
                if e.errno != 22:  # EINVAL: a kernel older than 3.15; use a POSIX record lock
                    raise
        fcntl.lockf(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as e:
        import errno
        if e.errno not in (errno.EAGAIN, errno.EACCES):  # held by someone; anything else is another failure
            raise
        # The words of Java's StructFile.open and C's sb_map (str() puts "[Errno N] " first: it is an OSError).
        raise BlockingIOError(e.errno, f"{path}: locked by another process (a writer holds an exclusive fcntl "
                                       f"lock); nothing waits: retry once it has closed the file") from None


def _SB_shown(raw: bytes) -> str:
    """A header text field as messages show it (as Java and C do): the text if it is UTF-8 without control
    characters, else byte by byte, printable ASCII as itself and any other byte as a backslash, x, 2 hex digits."""
    try:
        text = raw.decode("utf-8")
        if not any(ord(c) < 0x20 or ord(c) == 0x7F for c in text):
            return text
    except UnicodeDecodeError:
        pass
    return "".join(chr(x) if 0x20 <= x < 0x7F else f"\\x{x:02x}" for x in raw)


_SB_Lineage = tuple[tuple[int, int, int, str], ...]
"""A reader's lineage: (version, size, alignment, fingerprint) of its layout versions 1 to V, in order."""


def _SB_entry_shape(path: str | _SB_os.PathLike[str], block: bytes, k: int, n: int) -> None:
    """Checks the shape of entry k of n of a lineage block (bytes 128 on) with the words of Java's
    StructFileLineage.shape and C's sb_entry_shape: an alignment that is a power of two, a size that is a positive
    multiple of it, and for k > 1 an alignment and a size no smaller than entry k - 1's. Raises ValueError."""
    size, align = _SB_struct.unpack_from("<QQ", block, 8 + 56 * (k - 1) + 8)
    what = f"{path}: lineage entry {k} of {n} has"
    if align == 0 or align & (align - 1):
        raise ValueError(f"{what} alignment {align}, not a power of two")
    if size == 0 or size % align:
        raise ValueError(f"{what} size {size}, not a positive multiple of its alignment {align}")
    if k > 1:
        before_size, before_align = _SB_struct.unpack_from("<QQ", block, 8 + 56 * (k - 2) + 8)
        if align < before_align:
            raise ValueError(f"{what} alignment {align}, less than the alignment {before_align} of entry {k - 1} "
                             "(a later layout version only appends members)")
        if size < before_size:
            raise ValueError(f"{what} size {size}, less than the size {before_size} of entry {k - 1} "
                             "(a later layout version only appends members)")


def _SB_check_header(path: str | _SB_os.PathLike[str], f: _SB_typing.IO[bytes], file_size: int, NAME: str,
                     LINEAGE: _SB_Lineage) -> tuple[int, int, int, int]:
    """Checks a struct file's header (and a format-3 file's lineage block) against the reader's lineage, in the order
    and with the messages of Java's StructFile.open and C's sb_map_versions. Returns the file's layout version,
    stride, count and data offset; raises ValueError naming the path and the first check that fails."""
    import zlib
    header = f.read(128)
    if file_size < 128 or len(header) < 128:
        raise ValueError(f"{path}: {min(file_size, len(header))} bytes, shorter than the 128-byte header")
    if header[:8] != b"SBRIDGE\0":
        raise ValueError(f"{path}: not a structbridge struct file (bad magic)")
    version, order, size, align, stride, count, data = _SB_struct.unpack_from("<IIQQQQQ", header, 8)
    flags, stored = _SB_struct.unpack_from("<II", header, 120)
    if version not in (2, 3):
        raise ValueError(f"{path}: format version {version}, this reader knows 2 and 3"
                         + (" (version 1 has no header checksum: write the file again)" if version == 1 else ""))
    entries = 1
    block = b""
    if version == 3:
        if file_size < 136:
            raise ValueError(f"{path}: {file_size} bytes end inside the lineage block of a format-3 file (its entry "
                             "count is bytes 128 to 131)")
        head = f.read(8)
        entries = _SB_struct.unpack_from("<I", head, 0)[0] if len(head) == 8 else 0
        if not 1 <= entries <= 65535:
            raise ValueError(f"{path}: the lineage block lists {entries} layout versions; a format-3 file lists 1 to 65535")
        end = 136 + 56 * entries
        if end > file_size:
            raise ValueError(f"{path}: the lineage block of {entries} layout versions (bytes 128 to {end - 1}) does not "
                             f"fit the file's {file_size} bytes")
        block = head + f.read(end - 136)
    computed = zlib.crc32(block, zlib.crc32(header[:124]))
    if stored != computed:
        raise ValueError(f"{path}: header checksum 0x{stored:08x} does not match the header's bytes "
                         f"(CRC-32 0x{computed:08x}): the header is corrupt")
    if flags & ~3:
        raise ValueError(f"{path}: header flags 0x{flags:08x} hold bits this reader does not know "
                         "(it knows 0x00000003)")
    if flags & 2:
        raise ValueError(f"{path}: a struct file that create did not finish (header flag 0x2): a temporary "
                         "file, or a create that was interrupted")
    native = 1 if _SB_struct.pack("=H", 1) == b"\x01\x00" else 2
    if order not in (1, 2):
        raise ValueError(f"{path}: data byte order {order} is neither 1 (little-endian) nor 2 (big-endian)")
    if order != native:
        raise ValueError(f"{path}: data byte order {order} differs from this machine's {native}")
    fingerprint = header[56:88].split(b"\0", 1)[0]
    name = header[88:120].split(b"\0", 1)[0]

    def shown(fp: bytes, s: int, a: int) -> str:
        return f"fingerprint {_SB_shown(fp)}, size {s}, alignment {a}"

    # the file's lineage: (version, size, alignment, fingerprint) of each of its layout versions
    lineage: list[tuple[int, int, int, bytes]] = [(1, size, align, fingerprint)]
    if version == 3:
        for at in [4] + [8 + 56 * k + 4 for k in range(entries)]:
            reserved = _SB_struct.unpack_from("<I", block, at)[0]
            if reserved:
                raise ValueError(f"{path}: bytes {128 + at} to {128 + at + 3} (reserved, in the lineage block) hold "
                                 f"0x{reserved:08x}; a format-3 file has 0 there")
            if at > 4:
                k = (at - 12) // 56 + 1
                v = _SB_struct.unpack_from("<I", block, at - 4)[0]
                if v != k:
                    raise ValueError(f"{path}: lineage entry {k} of {entries} holds layout version {v}; the entries of "
                                     f"a format-3 file are versions 1 to {entries} in order")
                _SB_entry_shape(path, block, k, entries)
        lineage = []
        for k in range(entries):
            v, s, a = _SB_struct.unpack_from("<IxxxxQQ", block, 8 + 56 * k)
            lineage.append((v, s, a, block[8 + 56 * k + 24:8 + 56 * k + 56].split(b"\0", 1)[0]))
        last = lineage[-1]
        if (last[1], last[2], last[3]) != (size, align, fingerprint):
            raise ValueError(f"{path}: the header's layout ({shown(fingerprint, size, align)}) is not the last entry "
                             f"of the file's lineage (layout version {entries}: {shown(last[3], last[1], last[2])})")
    own = LINEAGE[-1]
    differs = 0
    for k in range(min(entries, len(LINEAGE))):
        mine = LINEAGE[k]
        if lineage[k] != (mine[0], mine[1], mine[2], mine[3].encode("ascii")):
            differs = k + 1
            break
    stored_name = NAME.encode("utf-8")[:31].decode("utf-8", "ignore").encode("utf-8")
    if name != stored_name or stride != size or differs:
        reader = f"the reader expects {NAME} ("
        mine = f"fingerprint {own[3]}, size {own[1]}, alignment {own[2]}, stride {own[1]})"
        # what to do: the same name means the record changed since the file was written (its new members go after
        # the old ones with @Since(K), K one more than the file's layout version), another one another struct
        hint = ("; if the record changed since the file was written, read it by keeping the old members in their "
                f"order and adding new ones after them with @Since({entries + 1}) (see \"Old files and new code\" in "
                "docs/layout-lock.md), or write the file again with the current record" if name == stored_name
                else "; the file holds another struct type: open it with the reader of that type")
        if entries == 1 and len(LINEAGE) == 1:
            raise ValueError(f"{path}: the file holds {_SB_shown(name)} ({shown(fingerprint, size, align)}, stride "
                             f"{stride}); {reader}{mine}{hint}")
        why = ""
        if differs:
            theirs, r = lineage[differs - 1], LINEAGE[differs - 1]
            why = (f" (layout version {differs} differs: the file's has {shown(theirs[3], theirs[1], theirs[2])}, "
                   f"the reader's fingerprint {r[3]}, size {r[1]}, alignment {r[2]})")
        raise ValueError(f"{path}: the file holds {_SB_shown(name)} (layout version {entries}, "
                         f"{shown(fingerprint, size, align)}, stride {stride}); {reader}layout version {len(LINEAGE)}, "
                         f"{mine}: the file's layout is neither an ancestor nor a descendant of the reader's{why}{hint}")
    if version == 2 and (data % 64 != 0 or data < 128):
        raise ValueError(f"{path}: data offset {data} is not a multiple of 64 at least 128")
    if version == 3 and (data % 64 != 0 or data < 136 + 56 * entries):
        raise ValueError(f"{path}: data offset {data} is not a multiple of 64 at or past the end of the lineage "
                         f"block (byte {136 + 56 * entries})")
    if data > file_size:
        raise ValueError(f"{path}: data offset {data} lies past the end of the file's {file_size} bytes")
    need = data + count * stride
    if count >= 2 ** 63 or need > file_size:
        raise ValueError(f"{path}: {count} structs of {stride} bytes at data offset {data} do not fit the "
                         f"file's {file_size} bytes" + ("" if count >= 2 ** 63 or need >= 2 ** 63
                                                         else f" (they need {need} bytes)"))
    if need < file_size and not flags & 1:
        raise ValueError(f"{path}: the file's {file_size} bytes are more than the {need} bytes that {count} "
                         f"structs of {stride} bytes at data offset {data} take (a struct file its writer "
                         "closed ends after its last struct)")
    return entries, stride, count, data


def _sb_dtype_at(dtype: _SB_Any, itemsize: int) -> _SB_Any:
    """dtype's fields at their offsets in a struct of itemsize bytes (a newer layout version's stride)."""
    np = _sb_numpy()
    if itemsize == dtype.itemsize:
        return dtype
    names = list(dtype.names)
    return np.dtype({"names": names, "formats": [dtype.fields[n][0] for n in names],
                     "offsets": [dtype.fields[n][1] for n in names], "itemsize": itemsize,
                     "aligned": dtype.isalignedstruct})


def _SB_open_array(path: str | _SB_os.PathLike[str], mode: str, dtype: _SB_Any, NAME: str, FINGERPRINT: str, SIZE: int,
                    ALIGNMENT: int, LINEAGE: "_SB_Lineage | None" = None,
                    ) -> "_SB_np.ndarray[_SB_Any, _SB_np.dtype[_SB_np.void]]":
    """The body of a generated module's open_array(path, mode): NAME, FINGERPRINT, SIZE and ALIGNMENT are the
    module's, dtype its record's dtype, LINEAGE its layout versions 1 to V (None: version 1 alone, FINGERPRINT,
    SIZE, ALIGNMENT). Maps a structbridge struct file with numpy.memmap (no copy) after checking its header.

    The header, format version 2 (128 bytes, little-endian; described byte by byte in the
    Javadoc of io.structbridge.runtime.StructFile): magic b"SBRIDGE\\0", version, data byte
    order (1 little, 2 big), struct size, alignment, stride, count, data offset (a multiple of
    64, at least 128), the layout fingerprint (32 hex digits), the struct name, flags and a
    CRC-32 (zlib.crc32) of its first 124 bytes. Format version 3 (a record of layout version 2 or
    higher) adds a lineage block at byte 128 (uint32 N, uint32 0, N entries of 56 bytes: uint32
    version, uint32 0, uint64 size, uint64 alignment, char[32] fingerprint) that the checksum covers
    too; the data offset is then past it. Checked in the order, and refused with the very
    messages, of Java's StructFile.open and the C reader: a corrupt header (bad magic, another
    version, a checksum that does not match), a file whose layout is neither the reader's nor an
    ancestor or descendant of it (name, stride, or the size, alignment and fingerprint of a layout
    version both lineages hold), or a length other than its header says (shorter; or
    longer, unless flag 0x1 says a writer has it open) raises ValueError; a path that is not a
    regular file (FIFO, device, socket, directory) raises ValueError before it is opened.

    A file of the reader's layout version maps with dtype. A file of a newer layout version (its structs longer)
    maps, read-only (or copy-on-write, mode "c"), with the reader's fields at their offsets and an itemsize of the
    file's stride (no copy); a file of an older one is copied once into numpy.zeros of dtype, each struct the file's
    bytes followed by zeros (the members the file lacks read as zero, Java's widened copy), read-only (writable with
    mode "c", never written back). mode "r+" refuses a file of another layout version: migrate it first
    (StructFile.migrate; migrating a newer file down drops the members added after the reader's version).

    mode is "r" (read-only), "r+" (write in place) or "c" (copy-on-write); none changes the
    file's size. The path is opened with O_NONBLOCK and the descriptor itself is checked, so
    a path swapped for a FIFO is refused, never waited on. The file is locked, shared, for as
    long as the array or any view of it lives; a file that a structbridge writer holds
    (exclusive lock) raises BlockingIOError at once. On Linux the lock is an open file
    description lock (fcntl F_OFD_SETLK): it belongs to this array's descriptor, so another
    open_array of the same file, a refused one, or any other descriptor of the file closed in
    this process leaves it in place, and it conflicts with the POSIX record locks of Java's
    FileChannel and the C reader. Elsewhere it falls back to fcntl.lockf, a POSIX record lock
    of the whole process, which closing any descriptor of the file in this process drops.
    The lock is advisory: a program that shrinks the file without it makes reading the array
    crash with SIGBUS. A file of 0 structs gives an empty array that is not mapped.
    """
    import os
    import stat
    import weakref
    if _SB_np is None:
        raise ImportError("open_array needs NumPy")
    if mode not in ("r", "r+", "c"):
        raise ValueError(f"{path}: mode {mode!r} is not 'r', 'r+' or 'c'")
    lineage: _SB_Lineage = LINEAGE if LINEAGE is not None else ((1, SIZE, ALIGNMENT, FINGERPRINT),)
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path}: {_SB_file_kind(st.st_mode)}, not a regular file")
    # O_NONBLOCK: should the path have become a FIFO since os.stat, os.open returns instead of waiting.
    nonblock = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, (os.O_RDWR if mode == "r+" else os.O_RDONLY) | nonblock | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)  # the descriptor's file: the path may have changed since os.stat
        if not stat.S_ISREG(st.st_mode):
            raise ValueError(f"{path}: {_SB_file_kind(st.st_mode)}, not a regular file")
        if nonblock:
            os.set_blocking(fd, True)
        f = os.fdopen(fd, "r+b" if mode == "r+" else "rb")
    except BaseException:
        os.close(fd)
        raise
    try:
        _SB_lock_shared(f, path)
        file_size = os.fstat(f.fileno()).st_size
        version, stride, count, data = _SB_check_header(path, f, file_size, NAME, lineage)
        if version != len(lineage) and mode == "r+":
            raise ValueError(f"{path}: the file holds layout version {version} of {NAME} and the reader's is version "
                             f"{len(lineage)}: a file of another layout version opens read-only (mode 'r' or 'c'); to "
                             f"write it, migrate it to version {len(lineage)} first (Java's StructFile.migrate"
                             + (f", which drops the members added after version {len(lineage)}, and their values"
                                if version > len(lineage) else "") + ")")
        if count == 0:
            f.close()
            return _SB_typing.cast(_SB_Any, _SB_np.zeros(0, dtype=dtype))
        if version < len(lineage):
            # an older file: its structs widened once into a copy, zeros for the members it lacks (Java's widen)
            raw = _SB_np.memmap(f, dtype=_SB_np.uint8, mode="r", offset=data, shape=(count, stride))
            widened: _SB_Any = _SB_np.zeros(count, dtype=dtype)
            widened.view(_SB_np.uint8).reshape(count, SIZE)[:, :min(stride, SIZE)] = raw[:, :min(stride, SIZE)]
            del raw
            f.close()
            widened.flags.writeable = mode == "c"
            return widened
        array: _SB_Any = _SB_np.memmap(f, dtype=_sb_dtype_at(dtype, stride), mode=mode, offset=data, shape=(count,))
        mapping = getattr(array, "_mmap")
        # Keep f (and its lock) open while the mapping, shared by every view of the array, lives.
        weakref.finalize(mapping, f.close)
        # numpy.memmap keeps its mmap without a buffer export of it, so mapping.close() or resize() would
        # unmap the memory under the array and the next read would crash the interpreter. The array holds
        # an export for as long as it lives (and with it every NumPy view of it): CPython's mmap then
        # refuses to close or resize with BufferError.
        setattr(array, "_sb_export", memoryview(mapping))
        return array
    except BaseException:
        f.close()
        raise


def _SB_open_versions(path: str | _SB_os.PathLike[str], mode: str, dtype: _SB_Any, NAME: str, LINEAGE: _SB_Lineage,
                      ) -> "_SB_np.ndarray[_SB_Any, _SB_np.dtype[_SB_np.void]]":
    """The body of open_array(path, mode) of a module whose record has several layout versions (LINEAGE, versions 1
    to V, the last its own): _SB_open_array with the reader's lineage."""
    own = LINEAGE[-1]
    return _SB_open_array(path, mode, dtype, NAME, own[3], own[1], own[2], LINEAGE)


# The Arrow export: a struct file (or an array of the record's dtype) as pyarrow record batches, without the JVM.


class _SB_ArrowColumn(_SB_NamedTuple):
    """One leaf column of a record, as Java's io.structbridge.runtime.Column: path (pos.x, tags[1].color), byte offset
    in the struct, kind (BOOL, SIGNED_INT, UNSIGNED_INT, UINT64_BITS, FLOAT16, FLOAT, DOUBLE, TEXT, ENUM, POINTER),
    element size, elements (1, N of T[N], a text's capacity), whether it is an array T[N], signedness, byte order
    ("=" native, "<", ">"), a text's encoding (utf-8, ascii, latin-1) and NUL rule, an enum's (name, code)
    constants in declaration order, a bit-field's shift and width (0: none), the union it lies in (None: none)."""
    path: str
    offset: int
    kind: str
    size: int
    length: int
    array: bool
    signed: bool
    order: str
    encoding: str = ""
    nul: bool = False
    constants: tuple[tuple[str, int], ...] = ()
    shift: int = 0
    width: int = 0
    union: "str | None" = None


class _SB_ArrowTagged(_SB_NamedTuple):
    """One tagged union of a record, as Java's io.structbridge.runtime.TaggedUnion: the union's path (shape,
    figures[2].shape), its discriminator column's path (kind, figures[2].kind), and per member, in member order,
    (member name, the stored discriminator values that select it: an enum's codes or the integers). A stored value
    no member lists selects none: bad data."""
    path: str
    tag: str
    cases: tuple[tuple[str, tuple[int, ...]], ...]


class ArrowDataError(ValueError):
    """A value the Arrow export refuses, with the message of Java's ArrowDataException (row N, field 'path': what):
    row is the struct's index in the file (or array), field the member path."""

    def __init__(self, row: int, field: str, message: str) -> None:
        super().__init__(f"row {row}, field '{field}': {message}")
        self.row = row
        self.field = field
        self.detail = message


class _SB_ArrowNode:
    """The Arrow field tree of Java's io.structbridge.arrow.Node: kind "group" (+s, children), "list" (a nested struct
    array, +w:length of its group child), "leaf" (cols: one column, or one per element of enclosing struct arrays,
    in index order; value k of the leaf is row k // len(cols) of column k % len(cols)) or "union" (a tagged union, a
    dense union +ud of its members, children in case order: unions, tags and bases per element, span the bytes of a
    union from its base; the members' nodes are of element 0's columns moved to its base, paths relative to it)."""

    def __init__(self, kind: str, name: str, path: str, children: "list[_SB_ArrowNode] | None" = None, length: int = 0,
                 cols: "list[_SB_ArrowColumn] | None" = None) -> None:
        self.kind = kind
        self.name = name
        self.path = path
        self.children: list[_SB_ArrowNode] = children if children is not None else []
        self.length = length
        self.cols: list[_SB_ArrowColumn] = cols if cols is not None else []
        self.unions: list[_SB_ArrowTagged] = []
        self.tags: list[_SB_ArrowColumn] = []
        self.bases: list[int] = []
        self.span = 0


def _sb_arrow_tree(name: str, columns: "_SB_Sequence[_SB_ArrowColumn]",
                   tagged: "_SB_Sequence[_SB_ArrowTagged]" = ()) -> _SB_ArrowNode:
    """Java's Node.of: the tree of the columns, tagged unions as "union" nodes; NotImplementedError (Java's
    UnsupportedOperationException, its message) for a column in an untagged union or a pointer."""
    paths = {t.path for t in tagged}
    for c in columns:
        if c.union is not None and c.union not in paths:
            raise NotImplementedError(f"{name}.{c.path} lies in union '{c.union or name}': the bytes of a union do not say "
                                      "which member is live, so it has no Arrow form")
        if c.kind == "POINTER":
            raise NotImplementedError(f"{name}.{c.path} is a pointer, an address that means nothing outside this process: "
                                      "no Arrow form")
    tree = (name, list(columns), list(tagged))
    return _SB_ArrowNode("group", name, "", _sb_arrow_build("", list(columns), [c.path.split(".") for c in columns], 0,
                                                             tree))


def _sb_unindexed(path: str) -> str:
    return _SB_re.sub(r"\[\d+]", "[]", path)


def _sb_arrow_union(tree: "tuple[str, list[_SB_ArrowColumn], list[_SB_ArrowTagged]]", name: str, path: str,
                    ) -> _SB_ArrowNode:
    """Java's Node.Tree.union: the "union" node of the tagged unions at tree path (one per element)."""
    struct, columns, tagged = tree
    node = _SB_ArrowNode("union", name, path)
    node.unions = [t for t in tagged if _sb_unindexed(t.path) == path]
    for u in node.unions:
        tag = [c for c in columns if c.path == u.tag]
        if not tag:
            raise NotImplementedError(f"{struct}.{u.path}: its discriminator {u.tag} is no column of the struct")
        if tag[0].array or tag[0].kind not in ("ENUM", "SIGNED_INT", "UNSIGNED_INT"):
            raise NotImplementedError(f"{struct}.{u.tag}: a discriminator column is an enum or an integer")
        node.tags.append(tag[0])
        inside = [c for c in columns if c.path.startswith(u.path + ".")]
        if not inside:
            raise NotImplementedError(f"{struct}.{u.path}: a tagged union without columns")
        base = min(c.offset for c in inside)
        node.bases.append(base)
        node.span = max(node.span, max(c.offset + c.size * c.length for c in inside) - base)
    first = node.unions[0]
    prefix = first.path + "."
    base = node.bases[0]
    inner = [c._replace(path=c.path[len(prefix):], offset=c.offset - base,
                        union=None if c.union is None or c.union == first.path else c.union[len(prefix):])
             for c in columns if c.path.startswith(prefix)]
    inner_tagged = [t._replace(path=t.path[len(prefix):], tag=t.tag[len(prefix):]) for t in tagged
                    if t.path.startswith(prefix)]
    members = {n.name: n for n in _sb_arrow_tree(f"{struct}.{first.path}", inner, inner_tagged).children}
    for member, _ in first.cases:
        if member not in members:
            raise NotImplementedError(f"{struct}.{first.path}.{member}: a union member without columns has no Arrow form")
        node.children.append(members[member])
    return node


def _sb_arrow_build(prefix: str, columns: list[_SB_ArrowColumn], segments: list[list[str]], depth: int,
                    tree: "tuple[str, list[_SB_ArrowColumn], list[_SB_ArrowTagged]]") -> list[_SB_ArrowNode]:
    by_name: dict[str, list[int]] = {}
    for i, segs in enumerate(segments):
        by_name.setdefault(segs[depth].split("[", 1)[0], []).append(i)
    out: list[_SB_ArrowNode] = []
    for name, idx in by_name.items():
        path = name if not prefix else prefix + "." + name
        cols = [columns[i] for i in idx]
        segs = [segments[i] for i in idx]
        if "[" in segs[0][depth]:
            length = max(int(s[depth][s[depth].index("[") + 1:-1]) + 1 for s in segs)
            item = _SB_ArrowNode("group", "item", path + "[]", _sb_arrow_build(path + "[]", cols, segs, depth + 1, tree))
            out.append(_SB_ArrowNode("list", name, path, [item], length))
        elif any(_sb_unindexed(t.path) == path for t in tree[2]):
            out.append(_sb_arrow_union(tree, name, path))
        elif len(segs[0]) > depth + 1:
            out.append(_SB_ArrowNode("group", name, path, _sb_arrow_build(path, cols, segs, depth + 1, tree)))
        else:
            out.append(_SB_ArrowNode("leaf", name, path, cols=cols))
    return out


def _sb_pyarrow() -> _SB_Any:
    import importlib
    try:
        return _SB_typing.cast(_SB_Any, importlib.import_module("pyarrow"))
    except ImportError:
        raise ImportError("the Arrow export needs pyarrow, which is not installed") from None


def _sb_arrow_size(c: _SB_ArrowColumn) -> int:
    """Java's Formats.arrowSize: the bytes of one Arrow element (a bit-field: the smallest integer holding its width)."""
    if c.width:
        return 1 if c.width <= 8 else 2 if c.width <= 16 else 4 if c.width <= 32 else 8
    return c.size


def _sb_arrow_numpy_type(c: _SB_ArrowColumn) -> str:
    """The NumPy type (native order) of the column's Arrow elements."""
    if c.kind in ("FLOAT16", "FLOAT", "DOUBLE"):
        return "=f" + str(c.size)
    return ("=i" if c.signed else "=u") + str(_sb_arrow_size(c))


def _sb_arrow_constants(c: _SB_ArrowColumn) -> str:
    """Java's Formats.constants: NAME=code,... in declaration order."""
    return ",".join(f"{n}={v}" for n, v in c.constants)


def _sb_arrow_field(pa: _SB_Any, node: _SB_ArrowNode, sparse: bool = False) -> _SB_Any:
    """The pyarrow.field of node as Java's Exporter.schema writes it: not nullable (flags 0), an enum's constants in
    the field metadata structbridge.enum; a tagged union dense, or (sparse, Java's UnionMode.SPARSE) sparse with
    nullable members."""
    metadata: "dict[str, str] | None" = None
    if node.kind == "group":
        t = pa.struct([_sb_arrow_field(pa, ch, sparse) for ch in node.children])
    elif node.kind == "list":
        t = pa.list_(_sb_arrow_field(pa, node.children[0], sparse), node.length)
    elif node.kind == "union":
        members = [_sb_arrow_field(pa, ch, sparse) for ch in node.children]
        codes = list(range(len(node.children)))
        t = (pa.sparse_union([f.with_nullable(True) for f in members], codes) if sparse
             else pa.dense_union(members, codes))
    else:
        c = node.cols[0]
        if c.kind == "BOOL":
            t = pa.bool_()
        elif c.kind == "TEXT":
            t = pa.utf8()
        else:
            t = pa.from_numpy_dtype(_sb_numpy().dtype(_sb_arrow_numpy_type(c)))
        if c.array:
            t = pa.list_(pa.field("item", t, nullable=False), c.length)
        if c.kind == "ENUM":
            metadata = {"structbridge.enum": _sb_arrow_constants(c)}
    return pa.field(node.name, t, nullable=False, metadata=metadata)


def _sb_arrow_select(root: _SB_ArrowNode, columns: "_SB_Sequence[str] | None", name: str) -> list[_SB_ArrowNode]:
    if columns is None:
        return root.children
    if isinstance(columns, str):
        raise TypeError("columns must be a sequence of field names, not a str")
    fields = {n.name: n for n in root.children}
    out: list[_SB_ArrowNode] = []
    for f in columns:
        if f not in fields:
            raise ValueError(f"{name} has no field {f!r}: its fields are {', '.join(fields)}")
        out.append(fields[f])
    return out


def _sb_sparse(unions: object) -> bool:
    if unions not in ("dense", "sparse"):
        raise ValueError(f"unions must be \"dense\" or \"sparse\", not {unions!r}")
    return unions == "sparse"


def _SB_arrow_schema(columns: "_SB_Sequence[_SB_ArrowColumn]", NAME: str, select: "_SB_Sequence[str] | None",
                     tagged: "_SB_Sequence[_SB_ArrowTagged]" = (), unions: str = "dense") -> _SB_Any:
    """The body of a generated module's arrow_schema: the pyarrow.Schema of the Arrow export of NAME (tagged unions
    dense or sparse, as Java's UnionMode)."""
    pa = _sb_pyarrow()
    sparse = _sb_sparse(unions)
    return pa.schema([_sb_arrow_field(pa, n, sparse)
                      for n in _sb_arrow_select(_sb_arrow_tree(NAME, columns, tagged), select, NAME)])


def _SB_arrow_source(source: _SB_Any, open_array: _SB_Callable[..., _SB_Any], dtype: _SB_Any, size: int, name: str,
                     ) -> _SB_Any:
    """A path opened read-only with the module's open_array (the file's checks first), or an array of dtype (or of a
    newer layout version's wider structs, as open_array maps them), made C-contiguous (a copy only if it is not)."""
    np = _sb_numpy()
    if isinstance(source, (str, _SB_os.PathLike)):
        return open_array(source, "r")
    a = np.asarray(source)
    wide = a.dtype != dtype and a.dtype.itemsize > size and a.dtype == _sb_dtype_at(dtype, a.dtype.itemsize)
    if a.dtype != dtype and not wide:
        raise ValueError(f"the Arrow export needs a path or an array of {name}_dtype, not {a.dtype}")
    if a.ndim != 1:
        raise ValueError(f"the Arrow export needs a 1-D array of {name} structs, not shape {a.shape}")
    return a if a.flags.c_contiguous else np.ascontiguousarray(a)


def _sb_arrow_zeros(pa: _SB_Any, t: _SB_Any, length: int) -> _SB_Any:
    """Java's Exporter.zeros: length values of type t whose bytes are all zero, read from no struct and checked by
    nothing (text empty, a union's type ids and offsets 0, a dense union's values all in its first child)."""
    if pa.types.is_struct(t):
        kids = [_sb_arrow_zeros(pa, t.field(i).type, length) for i in range(t.num_fields)]
        return pa.Array.from_buffers(t, length, [None], null_count=0, children=kids)
    if pa.types.is_fixed_size_list(t):
        return pa.Array.from_buffers(t, length, [None], null_count=0,
                                     children=[_sb_arrow_zeros(pa, t.value_type, length * t.list_size)])
    if pa.types.is_union(t):
        sparse = t.mode == "sparse"
        kids = [_sb_arrow_zeros(pa, t.field(i).type, length if sparse or i == 0 else 0) for i in range(t.num_fields)]
        buffers = [None, pa.py_buffer(bytes(length))] + ([] if sparse else [pa.py_buffer(bytes(4 * length))])
        return pa.Array.from_buffers(t, length, buffers, null_count=0, children=kids)
    if pa.types.is_string(t):
        return pa.Array.from_buffers(t, length, [None, pa.py_buffer(bytes(4 * (length + 1))), pa.py_buffer(b"")],
                                     null_count=0)
    if pa.types.is_boolean(t):
        return pa.Array.from_buffers(t, length, [None, pa.py_buffer(bytes((length + 7) // 8))], null_count=0)
    return pa.Array.from_buffers(t, length, [None, pa.py_buffer(bytes(length * t.bit_width // 8))], null_count=0)


class _SB_ArrowBatch:
    """The conversion of rows [first, first + n) of an array of structs into Arrow arrays: raw, the rows' bytes as a
    (n, stride) uint8 matrix; every value checked as Java's Exporter checks it, the first failure (in Java's order)
    raised once all leaves are converted. zero_copy: the array is read-only, so a leaf whose values lie contiguous
    in it in Arrow's form is handed over as a view of it (no copy)."""

    # Java's Exporter: rows are converted in blocks of about these many bytes of structs, each block leaf by leaf
    BLOCK_BYTES = 32 * 1024
    TRANSPOSED_BLOCK_BYTES = 256 * 1024

    def __init__(self, pa: _SB_Any, np: _SB_Any, raw: _SB_Any, first: int, zero_copy: bool, transposing: bool) -> None:
        self.pa = pa
        self.np = np
        self.raw = raw
        self.n = int(raw.shape[0])
        self.stride = int(raw.shape[1])
        self.first = first
        self.zero_copy = zero_copy
        self.block = max(8, ((self.TRANSPOSED_BLOCK_BYTES if transposing else self.BLOCK_BYTES) // max(1, self.stride)) & ~7)
        self.job = 0
        self.error: "tuple[tuple[int, int, int], ArrowDataError] | None" = None
        self.copied: list[str] = []
        self.shared: list[str] = []
        self.sparse = False

    def fail(self, row: int, job: int, field: str, message: str) -> None:
        """Keeps the failure Java's export meets first: block of rows, then job (leaf column), then row."""
        key = (row // self.block, job, row)
        if self.error is None or key < self.error[0]:
            self.error = (key, ArrowDataError(self.first + row, field, message))

    def buffer(self, values: _SB_Any) -> _SB_Any:
        return self.pa.py_buffer(values)

    def array(self, node: _SB_ArrowNode, field: _SB_Any, m: int) -> _SB_Any:
        """The pyarrow array of node's n * m values (m: the multiplicity of enclosing struct arrays)."""
        pa = self.pa
        if node.kind == "group":
            children = [self.array(ch, field.type.field(i), m) for i, ch in enumerate(node.children)]
            return pa.Array.from_buffers(field.type, self.n * m, [None], null_count=0, children=children)
        if node.kind == "list":
            child = self.array(node.children[0], field.type.value_field, m * node.length)
            return pa.Array.from_buffers(field.type, self.n * m, [None], null_count=0, children=[child])
        if node.kind == "union":
            return self.union(node, field, m)
        c = node.cols[0]
        t = field.type.value_type if c.array else field.type
        count = self.n * m * (c.length if c.array else 1)
        if c.kind == "TEXT":
            buffers = self.text(node)
        elif c.kind == "BOOL":
            buffers = [None, self.buffer(self.np.packbits(self.bools(node), bitorder="little"))]
        else:
            buffers = [None, self.buffer(self.numbers(node))]
        values = pa.Array.from_buffers(t, count, buffers, null_count=0)
        if c.array:
            return pa.Array.from_buffers(field.type, self.n * m, [None], null_count=0, children=[values])
        return values

    def union(self, node: _SB_ArrowNode, field: _SB_Any, m: int) -> _SB_Any:
        """Java's UnionExport: value k (row k // m, element k % m) gets the type id of the case its discriminator
        selects and the offset of its value in that case's child; each child is a batch of its own over a copy of its
        values' union bytes, with every check, its first error raised at once (as Java's export throws it while it
        builds the union) and renamed to the row and full path; a value selecting no case raises at once."""
        np = self.np
        n = self.n * m
        codes = np.empty((self.n, m), dtype=np.int64)
        for i, c in enumerate(node.tags):
            if c.width:
                v = _sb_bits(np, self.raw, c.offset, c.shift, c.width, c.signed)
            else:
                kind = "i" if c.signed else "u"
                b = self.raw[:, c.offset:c.offset + c.size]
                v = b.view(np.dtype(c.order + kind + str(c.size)) if c.size > 1 else np.dtype(kind + "1")).reshape(self.n)
            codes[:, i] = v.astype(np.int64)  # uint64 codes as their bits, as Java's long
        codes = codes.reshape(n)
        ids = np.full(n, -1, dtype=np.int8)
        for i, u in enumerate(node.unions):
            mine = codes[i::m]
            out = ids[i::m]
            for j, (_, values) in enumerate(u.cases):
                bits = np.array([v - (1 << 64) if v >= 1 << 63 else v for v in values], dtype=np.int64)
                out[np.isin(mine, bits)] = j
        bad = np.flatnonzero(ids < 0)
        if bad.size:
            k = int(bad[0])
            tag = node.tags[k % m]
            code = int(codes[k])
            if not tag.signed and code < 0:
                code += 1 << 64
            if tag.kind == "ENUM":
                message = f"enum code {code} is not one of {_sb_arrow_constants(tag)}"
            else:
                u = node.unions[k % m]
                cases = ", ".join(f"{v} -> {member}" for member, values in u.cases for v in values)
                message = (f"discriminator {tag.path.rsplit('.', 1)[-1]} = {code} selects no member of union "
                           f"'{u.path.rsplit('.', 1)[-1]}' ({cases})")
            raise ArrowDataError(self.first + k // m, tag.path, message)
        if self.sparse:
            return self.sparse_union(node, field, m, ids)
        offsets = np.zeros(n, dtype=np.int32)
        children: list[_SB_Any] = []
        for j, member in enumerate(node.children):
            sel = np.flatnonzero(ids == j)
            offsets[sel] = np.arange(sel.size, dtype=np.int32)
            g = np.empty((sel.size, max(1, node.span)), dtype=np.uint8)[:, :node.span]
            for i in range(m):
                mine = sel % m == i
                g[mine] = self.raw[sel[mine] // m, node.bases[i]:node.bases[i] + node.span]
            sub = _SB_ArrowBatch(self.pa, np, g, 0, False, False)
            sub.sparse = self.sparse
            try:
                children.append(sub.array(member, field.type.field(j), 1))
            except ArrowDataError as e:  # a union nested in the member raises at once: the same renaming
                k = int(sel[e.row])
                raise ArrowDataError(self.first + k // m, f"{node.unions[k % m].path}.{e.field}", e.detail) from None
            if sub.error is not None:
                e = sub.error[1]
                k = int(sel[e.row])
                raise ArrowDataError(self.first + k // m, f"{node.unions[k % m].path}.{e.field}", e.detail)
        return self.pa.Array.from_buffers(field.type, n, [None, self.buffer(ids), self.buffer(offsets)], null_count=0,
                                          children=children)

    def sparse_union(self, node: _SB_ArrowNode, field: _SB_Any, m: int, ids: _SB_Any) -> _SB_Any:
        """Java's UnionExport.sparse: member j's child has every value, null where j is dead; its dead values are
        copies of its first live value (errors there name that value's row), or zeros when no value holds it (then
        nothing is checked: Java reads no struct)."""
        np = self.np
        pa = self.pa
        n = self.n * m
        k = np.arange(n)
        children: list[_SB_Any] = []
        for j, member in enumerate(node.children):
            live = ids == j
            count = int(live.sum())
            if count == 0:
                child = _sb_arrow_zeros(pa, field.type.field(j).type, n)  # Java's Exporter.zeros: nothing read or checked
            else:
                g = np.zeros((n, max(1, node.span)), dtype=np.uint8)[:, :node.span]
                filler = int(np.argmax(live))
                src = np.where(live, k, filler)
                for i in range(m):
                    mine = src % m == i
                    g[mine] = self.raw[src[mine] // m, node.bases[i]:node.bases[i] + node.span]
                sub = _SB_ArrowBatch(pa, np, g, 0, False, False)
                sub.sparse = True
                try:
                    child = sub.array(member, field.type.field(j), 1)
                except ArrowDataError as e:  # a union nested in the member raises at once: the same renaming
                    at = e.row if live[e.row] else filler
                    raise ArrowDataError(self.first + at // m, f"{node.unions[at % m].path}.{e.field}", e.detail) from None
                if sub.error is not None:
                    e = sub.error[1]
                    at = e.row if live[e.row] else filler
                    raise ArrowDataError(self.first + at // m, f"{node.unions[at % m].path}.{e.field}", e.detail)
            validity = self.buffer(np.packbits(live.astype(np.uint8), bitorder="little"))
            t = child.type
            if pa.types.is_struct(t):
                own, kids = [validity], [child.field(x) for x in range(t.num_fields)]
            elif pa.types.is_fixed_size_list(t):
                own, kids = [validity], [child.values]
            else:
                own, kids = [validity] + child.buffers()[1:], None
            children.append(pa.Array.from_buffers(t, n, own, null_count=n - count, children=kids))
        return pa.Array.from_buffers(field.type, n, [None, self.buffer(ids)], null_count=0, children=children)

    def columns(self, node: _SB_ArrowNode) -> list[_SB_Any]:
        """Each column's values as an (n, elements) array of its stored type (byte order kept): views of raw."""
        np = self.np
        out: list[_SB_Any] = []
        for c in node.cols:
            b = self.raw[:, c.offset:c.offset + c.size * c.length]
            if c.kind in ("BOOL", "TEXT") or c.width:
                out.append(b)
            else:
                kind = "f" if c.kind in ("FLOAT16", "FLOAT", "DOUBLE") else "i" if c.signed else "u"
                out.append(b.view(np.dtype(c.order + kind + str(c.size)) if c.size > 1 else np.dtype(kind + "1")))
        return out

    def numbers(self, node: _SB_ArrowNode) -> _SB_Any:
        """The leaf's numeric values in Arrow's order and native byte order; enum codes checked."""
        np = self.np
        c = node.cols[0]
        m = len(node.cols)
        job = self.job
        self.job += m
        native = np.dtype(_sb_arrow_numpy_type(c))
        if c.width:
            out = np.empty((self.n, m), dtype=native)
            for i, col in enumerate(node.cols):
                out[:, i] = _sb_bits(np, self.raw, col.offset, col.shift, col.width, col.signed).astype(native)
            self.copied.append(node.path)
        else:
            views = self.columns(node)
            v = views[0]
            if m == 1 and self.zero_copy and v.dtype == native and v.flags.c_contiguous:
                out = v  # the struct's only bytes, in Arrow's form: a view of the mapping, no copy
                self.shared.append(node.path)
            else:
                out = np.empty((self.n, m, c.length), dtype=native)
                for i, view in enumerate(views):
                    out[:, i, :] = view  # one strided copy (byte order swapped where it is not native)
                self.copied.append(node.path)
        if c.kind == "ENUM":
            codes = np.array(sorted(v for _, v in c.constants), dtype=native)
            flat = out.reshape(self.n, m)
            if codes.size and int(codes[-1]) - int(codes[0]) == codes.size - 1:
                bad = (flat < codes[0]) | (flat > codes[-1])
            else:
                bad = ~np.isin(flat, codes)
            for i in np.flatnonzero(bad.any(axis=0)).tolist():
                row = int(np.argmax(bad[:, i]))
                col = node.cols[int(i)]
                self.fail(row, job + i, col.path,
                          f"enum code {int(flat[row, i])} is not one of {_sb_arrow_constants(col)}")
        return out.reshape(-1)

    def bools(self, node: _SB_ArrowNode) -> _SB_Any:
        """The leaf's bools, one byte each in Arrow's order; a byte other than 0 or 1 refused (Java: bool byte B is
        neither 0 nor 1, B unsigned)."""
        np = self.np
        c = node.cols[0]
        m = len(node.cols)
        job = self.job
        self.job += m
        out = np.empty((self.n, m, c.length), dtype=np.uint8)
        for i, col in enumerate(node.cols):
            v = (_sb_bits(np, self.raw, col.offset, col.shift, col.width, False).reshape(self.n, 1) if col.width
                 else self.raw[:, col.offset:col.offset + col.length])
            bad = v > 1
            rows = np.flatnonzero(bad.any(axis=1))
            if rows.size:
                row = int(rows[0])
                self.fail(row, job + i, col.path,
                          f"bool byte {int(v[row][int(np.argmax(bad[row]))])} is neither 0 nor 1")
            out[:, i, :] = v
        self.copied.append(node.path)
        return out.reshape(-1)

    def text(self, node: _SB_ArrowNode) -> list[_SB_Any]:
        """The leaf's utf8 offsets and data: each text up to its first NUL (Latin-1 converted to UTF-8); a missing NUL,
        invalid UTF-8 or a byte above 0x7F in ASCII text refused with Java's messages."""
        np = self.np
        c = node.cols[0]
        m = len(node.cols)
        cap = c.length
        job = self.job
        self.job += 1
        mats = self.columns(node)
        if m == 1:
            b = mats[0]
        else:
            b = np.empty((self.n, m, cap), dtype=np.uint8)
            for i, mat in enumerate(mats):
                b[:, i, :] = mat
            b = b.reshape(self.n * m, cap)
        no_nul, high = _sb_scan(np, b, cap, c.nul)
        zero = b == 0
        lengths = np.where(zero.any(axis=1), zero.argmax(axis=1), cap)
        if no_nul is not None and no_nul.any():
            k = int(np.argmax(no_nul))
            self.fail(k // m, job, node.cols[k % m].path, f"no NUL terminator within the capacity of {cap} bytes")
        inside = np.arange(cap)[None, :] < lengths[:, None]
        data = b[inside]
        checked = high & (lengths > 0)
        if no_nul is not None:
            checked &= ~no_nul
        rows = np.flatnonzero(checked)
        if rows.size and c.encoding != "latin-1":
            for k in rows.tolist():
                value = bytes(b[k, :int(lengths[k])])
                if c.encoding == "ascii":
                    if any(x >= 0x80 for x in value):
                        self.fail(k // m, job, node.cols[int(k) % m].path, f"byte above 0x7F in ASCII text {value.hex()}")
                        break
                else:
                    try:
                        value.decode("utf-8")
                    except UnicodeDecodeError:
                        self.fail(k // m, job, node.cols[int(k) % m].path, f"invalid UTF-8 in {value.hex()}")
                        break
        elif rows.size:  # Latin-1: each byte 0x80..0xFF becomes two UTF-8 bytes
            top = data >= 0x80
            counts = 1 + top.astype(np.intp)
            converted = np.repeat(data, counts)
            at = (np.cumsum(counts) - counts)[top]
            converted[at] = 0xC0 | (data[top] >> 6)
            converted[at + 1] = 0x80 | (data[top] & 0x3F)
            lengths = lengths + ((b >= 0x80) & inside).sum(axis=1)
            data = converted
        ends = np.cumsum(lengths, dtype=np.int64)
        if ends.size and int(ends[-1]) > 2 ** 31 - 1:
            k = int(np.argmax(ends > 2 ** 31 - 1))
            self.fail(k // m, job, node.cols[k % m].path,
                      "the batch holds more than 2^31-1 bytes of text (utf8 offsets are int32): export smaller batches")
        offsets = np.zeros(self.n * m + 1, dtype=np.int32)
        offsets[1:] = ends
        self.copied.append(node.path)
        return [None, self.buffer(offsets), self.buffer(data)]


def _sb_arrow_transposing(root: _SB_ArrowNode, columns: "_SB_Sequence[_SB_ArrowColumn]") -> bool:
    """Whether Java's Exporter moves this struct's numeric leaves with the generated transpose (larger row blocks): no
    bit-field, and a numeric leaf outside struct arrays (or in arrays of length 1) in native byte order."""
    if any(c.width or c.union is not None for c in columns) or not columns:
        return False
    native = "<" if _SB_struct.pack("=H", 1) == b"\x01\x00" else ">"

    def direct(node: _SB_ArrowNode) -> bool:
        if node.kind != "leaf":
            return any(direct(ch) for ch in node.children)
        c = node.cols[0]
        return (len(node.cols) == 1 and c.kind not in ("BOOL", "TEXT")
                and (c.size == 1 or c.order in ("=", native)))
    return direct(root)


def _SB_arrow_batches(a: _SB_Any, columns: "_SB_Sequence[_SB_ArrowColumn]", NAME: str, batch_rows: object,
                      select: "_SB_Sequence[str] | None", report: "list[tuple[list[str], list[str]]] | None" = None,
                      tagged: "_SB_Sequence[_SB_ArrowTagged]" = (), unions: str = "dense") -> "_SB_Iterator[_SB_Any]":
    """The body of a generated module's record_batches. Each batch of rows of the array a (from _SB_arrow_source) is
    converted as Java's ArrowExport converts it (the same Arrow types, names, metadata and values; bools to bitmaps,
    text to utf8 up to its NUL, Latin-1 to UTF-8, big-endian members swapped), and every value Java's export checks
    is checked first (bool bytes 0/1, enum codes, the text's NUL, UTF-8 and ASCII): the first failure in Java's order
    raises ArrowDataError (a ValueError) with Java's message, naming the row (its index in a) and the field. A numeric
    leaf whose values lie contiguous in a read-only array in Arrow's form (the struct's one member, native byte
    order) is a view of the array (no copy; the batch keeps the array, and with it the file's mapping and lock,
    alive); every other leaf is one NumPy copy. report, if given, gets (copied leaf paths, shared leaf paths) per
    batch."""
    pa = _sb_pyarrow()
    np = _sb_numpy()
    if batch_rows is not None and (not isinstance(batch_rows, int) or isinstance(batch_rows, bool) or batch_rows < 1):
        raise ValueError(f"batch_rows must be None or an int >= 1, not {batch_rows!r}")
    sparse = _sb_sparse(unions)
    root = _sb_arrow_tree(NAME, columns, tagged)
    nodes = _sb_arrow_select(root, select, NAME)
    fields = [_sb_arrow_field(pa, n, sparse) for n in nodes]
    schema = pa.schema(fields)
    transposing = _sb_arrow_transposing(root, columns)
    count = int(a.shape[0])
    raw_all = a.view(np.uint8).reshape(count, a.dtype.itemsize)
    step = count if batch_rows is None else batch_rows
    zero_copy = not a.flags.writeable

    def batches() -> "_SB_Iterator[_SB_Any]":
        for start in range(0, count, max(step, 1)):
            stop = min(start + step, count)
            batch = _SB_ArrowBatch(pa, np, raw_all[start:stop], start, zero_copy, transposing)
            batch.sparse = sparse
            with np.errstate(invalid="ignore", over="ignore"):
                arrays = [batch.array(n, f, 1) for n, f in zip(nodes, fields)]
            if batch.error is not None:
                raise batch.error[1]
            if report is not None:
                report.append((batch.copied, batch.shared))
            yield pa.RecordBatch.from_arrays(arrays, schema=schema)
    return batches()


def _SB_arrow_reader(a: _SB_Any, columns: "_SB_Sequence[_SB_ArrowColumn]", NAME: str, batch_rows: int,
                     select: "_SB_Sequence[str] | None", tagged: "_SB_Sequence[_SB_ArrowTagged]" = (),
                     unions: str = "dense") -> _SB_Any:
    """The body of a generated module's arrow_stream: _SB_arrow_batches as a pyarrow.RecordBatchReader (it has
    __arrow_c_stream__, the Arrow C stream interface, which Polars, DuckDB and pyarrow consume)."""
    pa = _sb_pyarrow()
    return pa.RecordBatchReader.from_batches(_SB_arrow_schema(columns, NAME, select, tagged, unions),
                                             _SB_arrow_batches(a, columns, NAME, batch_rows, select, tagged=tagged,
                                                               unions=unions))


def _SB_arrow_table(a: _SB_Any, columns: "_SB_Sequence[_SB_ArrowColumn]", NAME: str, batch_rows: "int | None",
                    select: "_SB_Sequence[str] | None", tagged: "_SB_Sequence[_SB_ArrowTagged]" = (),
                    unions: str = "dense") -> _SB_Any:
    """The body of a generated module's to_arrow: the pyarrow.Table of _SB_arrow_batches."""
    pa = _sb_pyarrow()
    return pa.Table.from_batches(list(_SB_arrow_batches(a, columns, NAME, batch_rows, select, tagged=tagged, unions=unions)),
                                 schema=_SB_arrow_schema(columns, NAME, select, tagged, unions))


# The runtime's API: the names a generated module may import (from structbridge_rt import ...) and bind under the
# same names. Each begins with _SB_ or _sb_, or is public API (RUNTIME_VERSION, Violation).
__all__ = [
    "RUNTIME_VERSION", "_SB_ctypes", "_SB_dataclasses", "_SB_decimal", "_SB_enum", "_SB_math", "_SB_mmap",
    "_SB_os", "_SB_re", "_SB_struct", "_SB_typing", "_SB_Annotated", "_SB_Any", "_SB_Callable",
    "_SB_ClassVar", "_SB_Iterator", "_SB_Literal", "_SB_NamedTuple", "_SB_Sequence", "_SB_np", "_SB_BaseModel",
    "_SB_ConfigDict", "_SB_Field", "_SB_model_serializer", "_SB_model_validator", "_SB_AfterValidator",
    "_SB_BeforeValidator", "_SB_Missing", "_SB_j_f32", "_SB_j_exact", "_SB_j_interval", "_SB_j_tostring", "_SB_j_text",
    "_SB_f16_value", "_SB_f16_bits", "_SB_f16_list", "_sb_bits_get", "_sb_bits_set", "_SB_j_rule", "_SB_j_utf16",
    "_SB_j_not_blank", "_SB_j_digits_ok", "_SB_j_native_text", "_SB_j_f32_max", "_SB_j_json_number",
    "_SB_j_windows", "_SB_j_decimal_ok", "_SB_INT64_MAX", "_SB_int", "_SB_float", "_SB_str", "_SB_bool",
    "_SB_bytes", "_SB_list", "_SB_tuple", "_sb_mapping", "_sb_bytes", "_sb_error", "_sb_quote", "_sb_type_name",
    "_sb_plain", "_sb_index", "_sb_read_only", "_sb_struct_of", "_SB_Codec", "_SB_Int", "_SB_Bits64", "_SB_Char",
    "_SB_Bool", "_SB_Float", "_SB_Text", "_SB_Enum", "_SB_Array", "_SB_BitField", "_sb_text_encode",
    "_sb_wrong_class", "_sb_struct_bytes", "_sb_stride", "_sb_check_index", "_sb_store_array", "_sb_same", "_sb_union_merge",
    "_sb_absent", "_sb_base64_input", "_sb_base64_output", "_SB_PlainSerializer", "_sb_union_refusing", "_sb_union_put", "_sb_live_or_fail", "_sb_json_constant", "_sb_utf16_join",
    "_sb_utf16_split", "Violation", "_sb_numpy", "_sb_add", "_sb_any_member", "_sb_bits", "_sb_decimal_bad",
    "_sb_digits_bad", "_sb_jdk_malformed", "_sb_undecodable", "_sb_scan", "_SB_TextColumn", "_sb_validate",
    "_SB_file_kind", "_SB_lock_shared", "_SB_shown", "_SB_Lineage", "_SB_entry_shape", "_SB_check_header", "_sb_dtype_at",
    "_SB_open_array", "_SB_open_versions", "_SB_ArrowColumn", "_SB_ArrowTagged", "ArrowDataError", "_SB_arrow_schema", "_SB_arrow_source",
    "_SB_arrow_batches", "_SB_arrow_reader", "_SB_arrow_table"
]

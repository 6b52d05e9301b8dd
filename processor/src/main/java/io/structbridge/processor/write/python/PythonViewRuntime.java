package io.structbridge.processor.write.python;

/**
 * The module-level Python helpers behind the record views and value twins ({@link PythonViewWriter},
 * {@link PythonDataclassWriter}): the buffer adapter, precompiled {@code struct.Struct} objects per C type
 * and byte order, and one codec class per kind of member, each of which checks a value by the rule of the
 * Java setter (layout-runtime {@code Values}, {@code FixedStrings}) before it packs a single byte, and checks
 * stored bytes by the rule of the Java getter before it returns a value. Messages have Java's form
 * ({@code StructValueException}): {@code Record.path: rule; value v (at byte offset n)}. Only the standard
 * library is used: views work on {@code bytearray}, {@code memoryview} and {@code mmap} without NumPy.
 */
final class PythonViewRuntime {
    private PythonViewRuntime() {}

    static final String HELPERS = """


            # ---- record views and value twins: helpers (Java's value rules, see layout-runtime Values/FixedStrings) ----
            import dataclasses as _SB_dataclasses
            import enum as _SB_enum
            import math as _SB_math
            from typing import Any as _SB_Any, Callable as _SB_Callable, ClassVar as _SB_ClassVar, \\
                Iterator as _SB_Iterator, Sequence as _SB_Sequence

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
                \"\"\"A buffer export of the mmap under buffer, where buffer is a NumPy array in an mmap (numpy.memmap,
                open_array, an array or a memoryview of either), else None. NumPy keeps a memmap's mmap without an export,
                so mmap.close() would unmap the memory under a view of the array and the view's next read would crash the
                interpreter; a view holds this export (_sb_hold), and close() or resize() raise BufferError while it lives.
                ValueError if the mmap is closed already.\"\"\"
                obj: _SB_Any = buffer.obj if isinstance(buffer, memoryview) else buffer
                if _SB_np is None or not isinstance(obj, _SB_np.ndarray):
                    return None
                while not isinstance(obj, _SB_mmap.mmap):  # the arrays' bases, down to the memory's owner
                    if isinstance(obj, memoryview):
                        obj = obj.obj
                    else:
                        held = getattr(obj, "_mmap", None)  # numpy.memmap's mmap
                        obj = held if isinstance(held, _SB_mmap.mmap) else getattr(obj, "base", None)
                    if obj is None:
                        return None
                return memoryview(obj)


            def _sb_bytes(buffer: _SB_Any) -> memoryview:
                \"\"\"The bytes of buffer as a flat memoryview of format B (no copy): bytes, bytearray, memoryview, mmap,
                array.array or a C-contiguous NumPy array (a structured array or memmap of structs).\"\"\"
                if isinstance(buffer, memoryview):
                    mv = buffer
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
                \"\"\"A ValueError with the message of Java's StructValueException.\"\"\"
                text = f"{struct}.{path}: {rule}"
                if value is not None:
                    text += f"; value {value}"
                if offset >= 0:
                    text += f" (at byte offset {offset})"
                return ValueError(text)


            def _sb_quote(s: str) -> str:
                \"\"\"Text for a message, as Java's FixedStrings quotes it: at most 80 UTF-16 units (a pair may be cut),
                control characters as \\\\uXXXX (upper-case hex).\"\"\"
                units = s.encode("utf-16-le", "surrogatepass")
                head = units[:160].decode("utf-16-le", "surrogatepass")
                body = "".join(f"\\\\u{ord(c):04X}" if ord(c) < 0x20 or ord(c) == 0x7F else c for c in head)
                return '"' + body + ('..."' if len(units) > 160 else '"')


            def _sb_type_name(value: object) -> str:
                \"\"\"The name of value's type for a message: int, float, ... or numpy.int8, numpy.bool (module and name).\"\"\"
                t = type(value)
                return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


            def _sb_plain(value: object) -> object:
                \"\"\"A NumPy scalar as the Python value it holds, as Java's setter takes the primitive: numpy.bool as bool,
                an integer as int, a float of at most 64 bits as float (a longdouble only when a double holds it exactly);
                any other value unchanged.\"\"\"
                if _SB_np is not None and isinstance(value, _SB_np.generic):
                    if isinstance(value, _SB_np.bool_):
                        return bool(value)
                    if isinstance(value, _SB_np.integer) and not isinstance(value, _SB_np.timedelta64):
                        return int(value)  # a timedelta64 (a NumPy signed integer with a unit) stays refused
                    if isinstance(value, _SB_np.floating):
                        f = float(value)
                        if value.dtype.itemsize <= 8 or f != f or value == f:
                            return f
                return value


            def _sb_index(struct: str, index: object) -> int:
                \"\"\"An array index that is not an int: a NumPy integer (np.nonzero's) as its int; TypeError for anything
                else (bool, numpy.bool, a timedelta64, a float).\"\"\"
                if (_SB_np is not None and isinstance(index, _SB_np.integer) and not isinstance(index, _SB_np.timedelta64)
                        and not isinstance(index, bool)):
                    return int(index)
                raise TypeError(f"{struct}: the index must be an int, not {_sb_type_name(index)}")


            def _sb_read_only(mv: memoryview, struct: str, path: str, value: object) -> None:
                \"\"\"Called where a write raised TypeError: when the buffer is read-only, raises a TypeError naming the
                record, the member path and the value instead of CPython's bare one (else returns: the caller re-raises).\"\"\"
                if mv.readonly:
                    shown = _SB_j_text(value, False) if isinstance(value, float) else _sb_quote(value) if isinstance(value, str) else repr(value)
                    raise TypeError(f"{struct}{'.' if path else ''}{path}: the buffer is read-only (bytes, a read-only memoryview or mmap, an open_array "
                                    f"memmap of mode 'r'); value {shown}") from None


            def _sb_struct_of(order: str, code: str) -> _SB_struct.Struct:
                return _SB_struct.Struct(order + code)


            class _SB_Codec:
                \"\"\"Reads and writes one scalar member (or array element): get checks the stored bytes, check the
                value (returning what to pack), put packs a checked value.\"\"\"
                __slots__ = ("size",)
                size: int

                def get(self, mv: memoryview, off: int, struct: str, path: str) -> _SB_Any:
                    raise NotImplementedError

                def check(self, value: object, struct: str, path: str) -> _SB_Any:
                    raise NotImplementedError

                def put(self, mv: memoryview, off: int, checked: _SB_Any) -> None:
                    raise NotImplementedError


            class _SB_Int(_SB_Codec):
                \"\"\"An integer of C type ctype stored with fmt; values lo..hi (the C type's range, uint64_t read as a
                Java long: at most 2^63-1); checked_read refuses stored values above hi (uint64_t).\"\"\"
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
                \"\"\"A uint64_t held as raw bits (UINT64_BITS): any of the 2^64 patterns; Python sees 0..2^64-1 and
                takes -2^63..2^64-1 (a negative value is the Java long's two's complement).\"\"\"
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
                \"\"\"A Java char: a str of one UTF-16 code unit (U+0000..U+FFFF, lone surrogates included), at most hi.\"\"\"
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
                \"\"\"A C bool: one byte, 0 or 1 (any other byte is refused on read).\"\"\"
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
                \"\"\"A float, double or _Float16 (code f, d, e): a value the C type holds exactly (a Java float,
                a double narrowed to float, a float narrowed to _Float16: NaN and the infinities included).\"\"\"
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
                            raise _sb_error(struct, path, "must be exactly representable as double (IEEE 754 binary64)", str(value))
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
                \"\"\"char[capacity] text in encoding: no U+0000, every character encodable (no lone surrogate), at most
                capacity bytes (capacity - 1 with a NUL terminator) unless truncate cuts it at the last whole
                character that fits; stored NUL-padded. Read: the bytes up to the first NUL (a required NUL
                must be there), decoded strictly.\"\"\"
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
                \"\"\"An enum stored as its integer code: only the declared codes (an unknown code is refused on read).\"\"\"
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
                \"\"\"T[length] of a scalar codec: exactly length elements, each checked by the element's rule;
                byte arrays (Java byte[]) are bytes, char arrays (Java char[]) a str of length UTF-16 code units.\"\"\"
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
                        data = bytes(value)
                        if len(data) != self.length:
                            raise _sb_error(struct, path, f"array length must be exactly {self.length}", f"array of length {len(data)}")
                        return [data]
                    if _SB_np is not None and isinstance(value, _SB_np.ndarray) and value.ndim == 1:
                        value = value.tolist()  # NumPy's elements as Python values (numpy.float32 -> float, exactly)
                    if self.kind == "chars":
                        if not isinstance(value, str):
                            raise TypeError(f"{struct}.{path}: a str is required, not {_sb_type_name(value)}")
                        items: _SB_Sequence[object] = value
                    elif isinstance(value, (str, bytes)) or not isinstance(value, _SB_Sequence):
                        raise TypeError(f"{struct}.{path}: a sequence is required, not {_sb_type_name(value)}")
                    else:
                        items = value
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
                \"\"\"A bit-field of width bits at bit of its run's little-endian storage bytes (run_offset, run_size
                bytes from the struct's start); lo..hi is the width's range (bool: 0..1).\"\"\"
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
                \"\"\"The bytes that store value in char[capacity] (cut at the last whole character that fits when truncate),
                or the rule of Java's FixedStrings it breaks (str): the first offending character, a U+0000 or one the
                encoding lacks (index in UTF-16 units), else more bytes than the capacity holds (capacity - 1 with a NUL).\"\"\"
                nul_at = value.find("\\0")
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
                \"\"\"The TypeError for a value not of cls: names the member path (none for the struct itself), an enum's
                members, and both modules when the classes share a name (a standalone module and a package module define
                distinct classes).\"\"\"
                where = struct + ("." + path.rstrip(".") if path.rstrip(".") else "")
                t = type(value)
                member = " member" if issubclass(cls, _SB_enum.Enum) else ""
                if t.__name__ == cls.__name__:
                    return TypeError(f"{where}: a {cls.__name__}{member} of module {cls.__module__} is required, not a "
                                     f"{t.__name__}{member} of module {t.__module__} (each module defines its own classes)")
                if member:
                    names = [m.name for m in cls]  # type: ignore[var-annotated]
                    listed = f" ({', '.join(names[:12])}{', ...' if len(names) > 12 else ''})"
                    shown = f" {value!r}" if isinstance(value, (int, str, float)) else ""
                    return TypeError(f"{where}: a {cls.__name__} member is required{listed}, not {_sb_type_name(value)}{shown}")
                return TypeError(f"{where}: a {cls.__name__} is required, not {_sb_type_name(value)}")


            def _sb_struct_bytes(buffer: _SB_Any, name: str, size: int, dtype_name: str, array: bool) -> memoryview:
                \"\"\"The bytes of buffer for a view of name structs (size bytes each). A NumPy array must hold bytes (uint8,
                int8) or structs: a structured dtype of size-byte items equal to the module's dtype_name (field names,
                formats, offsets); any other dtype (float64, ...) is refused. array: buffer is an array of the structs,
                so its size must be a multiple of size (ValueError otherwise, the same message from count, at, iter, move).\"\"\"
                if _SB_np is not None and isinstance(buffer, _SB_np.ndarray):
                    dt = buffer.dtype
                    if dt.kind == "V":
                        expected = globals().get(dtype_name)
                        if array and dt.itemsize != size:
                            raise ValueError(f"{name}: a NumPy array of {dt.itemsize}-byte items ({dt}) is not an array of "
                                             f"{size}-byte {name} structs ({dtype_name})")
                        if array and dt.names is not None and expected is not None and dt != expected:
                            raise ValueError(f"{name}: the array's dtype {dt} is not {dtype_name} {expected}")
                    elif dt != _SB_np.uint8 and dt != _SB_np.int8:
                        raise TypeError(f"{name}: a NumPy array of {dt} is not a buffer of {name} structs: pass an array "
                                        f"of {dtype_name} (open_array) or of bytes (uint8)")
                mv = _sb_bytes(buffer)
                if array and mv.nbytes % size:
                    raise ValueError(f"{name}: a buffer of {mv.nbytes} bytes is not an array of {size}-byte structs")
                return mv


            def _sb_check_index(name: str, mv: memoryview, offset: int, size: int) -> None:
                if isinstance(offset, bool) or not isinstance(offset, int):
                    raise TypeError(f"{name}: the offset must be an int, not {type(offset).__name__}")
                if offset < 0 or offset + size > mv.nbytes:
                    raise IndexError(f"{name}: {size} bytes at offset {offset} do not fit the buffer's {mv.nbytes} bytes")
            """;
}

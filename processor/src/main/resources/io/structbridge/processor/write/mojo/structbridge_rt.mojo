# structbridge_rt.mojo: the Mojo runtime of the structs that structbridge generates (R.mojo imports it as
# `import structbridge_rt as _sbrt`). One file, the same for every record: the processor writes it into
# -Astructbridge.pythonDir beside the R.mojo files; put that folder on the import path (mojo build -I <folder>).
#
# Mojo lays a struct out as C does (each field at the next multiple of its alignment, the size rounded up to
# the alignment), but it has no packed structs, no per-field byte order, no bit-fields and no unions. Where
# a plain field would be wrong, the generated struct holds a member's bytes in one of the types below
# (alignment 1, so it sits at any offset) behind typed accessors, which load and store unaligned, swap the
# byte order and apply the value rules of the Java accessors with Java's messages
# ("Particle.label: text needs 17 UTF-8 bytes but ...; value \"...\"").
#
# Messages of reads name the byte offset of the member within the struct that declares it
# ("(at byte offset 3)"); Java's count from the start of the segment it reads, so they agree for a struct
# read at offset 0.

from std.collections import Array
from std.bit import byte_swap
from std.memory import bitcast
from std.sys import size_of

# Text encodings of Text (the Java annotation's Encoding).
comptime UTF_8 = 0
comptime ASCII = 1
comptime LATIN_1 = 2

comptime LONG_MAX: UInt64 = 9223372036854775807


# ---- messages (Java's StructValueException: "Struct.path: rule; value v (at byte offset n)") ----


def message(where: StringSlice, rule: StringSlice, value: StringSlice, offset: Int) -> String:
    """The text of Java's StructValueException for the member `where` ("Struct.path"); an empty value is
    left out (Java's null), as is a negative offset."""
    var text = String(where, ": ", rule)
    if value.byte_length() > 0:
        text += String("; value ", value)
    if offset >= 0:
        text += String(" (at byte offset ", offset, ")")
    return text^


def hex_byte(b: UInt8) -> String:
    """A byte as Java's String.format("%02x") writes it."""
    comptime digits = "0123456789abcdef"
    var out = String()
    out += digits[byte=Int(b >> 4)]
    out += digits[byte=Int(b & 15)]
    return out^


def _hex4(c: Int) -> String:
    """A code point as Java's %04X writes it (upper case, at least 4 digits)."""
    comptime digits = "0123456789ABCDEF"
    var out = String()
    var started = False
    for shift in range(20, -1, -4):
        var d = (c >> shift) & 15
        if d != 0 or started or shift < 16:
            out += digits[byte=d]
            started = True
    return out^


# ---- loads and stores: unaligned, in either byte order ----


@always_inline
def load[dtype: DType, big: Bool, n: Int](ref bytes: Array[UInt8, n]) -> Scalar[dtype]:
    """The value of type dtype in the first bytes of `bytes`, at any address; big: stored big-endian."""
    var v = Pointer(to=bytes).unsafe_bitcast[Scalar[dtype]]().unsafe_load[alignment=1]()
    comptime if big:
        return _swap(v)
    return v


@always_inline
def store[dtype: DType, big: Bool, n: Int](mut bytes: Array[UInt8, n], value: Scalar[dtype]):
    """Stores value in the first bytes of `bytes`, at any address; big: big-endian."""
    var v = value
    comptime if big:
        v = _swap(value)
    Pointer(to=bytes).unsafe_bitcast[Scalar[dtype]]().unsafe_store[alignment=1](v)


@always_inline
def _swap[dtype: DType](v: Scalar[dtype]) -> Scalar[dtype]:
    comptime if size_of[Scalar[dtype]]() == 1:
        return v
    elif size_of[Scalar[dtype]]() == 2:
        return bitcast[dtype](byte_swap(bitcast[DType.uint16](v)))
    elif size_of[Scalar[dtype]]() == 4:
        return bitcast[dtype](byte_swap(bitcast[DType.uint32](v)))
    else:
        return bitcast[dtype](byte_swap(bitcast[DType.uint64](v)))


# ---- member types with C's size and alignment 1 ----


struct Num[dtype: DType, big: Bool](Copyable):
    """A number of C type dtype (an integer, float, double or _Float16) where a plain field would be wrong:
    below its natural alignment (a packed struct, @Offset) or in big-endian byte order (big)."""

    var _sb_bytes: Array[UInt8, size_of[Scalar[Self.dtype]]()]

    def __init__(out self):
        """Zero."""
        self._sb_bytes = Array[UInt8, size_of[Scalar[Self.dtype]]()](fill=0)

    @always_inline
    def get(self) -> Scalar[Self.dtype]:
        return load[Self.dtype, Self.big](self._sb_bytes)

    @always_inline
    def set(mut self, value: Scalar[Self.dtype]):
        store[Self.dtype, Self.big](self._sb_bytes, value)


struct Flag[where: StaticString, offset: Int](Copyable):
    """A C bool: one byte, 0 or 1. Java refuses any other byte on read, and so does get."""

    var _sb_byte: UInt8

    def __init__(out self):
        """false."""
        self._sb_byte = 0

    def get(self) raises -> Bool:
        if self._sb_byte > 1:
            raise Error(message(Self.where, "bool byte must be 0 or 1", String("0x", hex_byte(self._sb_byte)), Self.offset))
        return self._sb_byte == 1

    def set(mut self, value: Bool):
        self._sb_byte = 1 if value else 0


struct JavaLong[big: Bool, where: StaticString, offset: Int](Copyable):
    """A uint64_t held in a Java long (@NativeType(UINT64) long): 0..2^63-1 both ways, as Java's accessors
    (a full-range uint64_t is @NativeType(UINT64_BITS), a plain UInt64)."""

    var _sb_bytes: Array[UInt8, 8]

    def __init__(out self):
        """Zero."""
        self._sb_bytes = Array[UInt8, 8](fill=0)

    def get(self) raises -> UInt64:
        var v = load[DType.uint64, Self.big](self._sb_bytes)
        if v > LONG_MAX:
            raise Error(message(Self.where, "uint64_t value does not fit a Java long (0..9223372036854775807)", String(v),
                                Self.offset))
        return v

    def set(mut self, value: UInt64) raises:
        if value > LONG_MAX:
            raise Error(message(Self.where, "must fit uint64_t (0..9223372036854775807)", String(value), -1))
        store[DType.uint64, Self.big](self._sb_bytes, value)


struct Code[dtype: DType, big: Bool, where: StaticString, offset: Int, enum_name: StaticString, *codes: Int](Copyable):
    """A Java enum stored as its integer code (@Code): only the declared codes, both ways."""

    var _sb_bytes: Array[UInt8, size_of[Scalar[Self.dtype]]()]

    def __init__(out self):
        """Code 0 (which may be no declared code)."""
        self._sb_bytes = Array[UInt8, size_of[Scalar[Self.dtype]]()](fill=0)

    @staticmethod
    def known(code: Scalar[Self.dtype]) -> Bool:
        comptime for c in Self.codes:
            if Int(code) == c:
                return True
        return False

    def get(self) raises -> Scalar[Self.dtype]:
        var code = load[Self.dtype, Self.big](self._sb_bytes)
        if not Self.known(code):
            raise Error(message(Self.where, String("unknown ", Self.enum_name, " code"), String(code), Self.offset))
        return code

    def set(mut self, code: Scalar[Self.dtype]) raises:
        if not Self.known(code):
            raise Error(message(Self.where, String("unknown ", Self.enum_name, " code"), String(code), -1))
        store[Self.dtype, Self.big](self._sb_bytes, code)


struct Unaligned[T: Copyable, n: Int](Copyable):
    """A nested struct (n = its size) below its alignment (a packed struct, @Offset): get copies it out,
    set copies it in, as C copies a packed member."""

    var _sb_bytes: Array[UInt8, Self.n]

    def __init__(out self):
        """All bytes zero."""
        self._sb_bytes = Array[UInt8, Self.n](fill=0)

    def get(self) -> Self.T:
        var out = Array[UInt8, Self.n](fill=0)
        for i in range(Self.n):
            out[i] = self._sb_bytes[i]
        return Pointer(to=out).unsafe_bitcast[Self.T]()[].copy()

    def set(mut self, value: Self.T):
        var src = Pointer(to=value).unsafe_bitcast[UInt8]()
        for i in range(Self.n):
            self._sb_bytes[i] = src[unsafe_offset=i]


# ---- text: char[capacity] in UTF-8, US-ASCII or ISO-8859-1 ----


def _encoding_name(encoding: Int) -> String:
    if encoding == ASCII:
        return "US-ASCII"
    if encoding == LATIN_1:
        return "ISO-8859-1"
    return "UTF-8"


def quote(s: StringSlice) -> String:
    """Text for a message as Java's FixedStrings quotes it: at most 80 UTF-16 units, control characters
    (below U+0020, U+007F) as \\uXXXX."""
    var out = String("\"")
    var units = 0
    var more = False
    for cp in s.codepoints():
        var c = Int(cp.to_u32())
        var w = 2 if c > 0xFFFF else 1
        if units >= 80:
            more = True
            break
        units += w
        if c < 0x20 or c == 0x7F:
            out += String("\\u", _hex4(c))
        else:
            out += String(cp)
    if units > 80 or more:
        out += "..."
    out += "\""
    return out^


def _utf16_units(s: StringSlice) -> Int:
    var n = 0
    for cp in s.codepoints():
        n += 2 if Int(cp.to_u32()) > 0xFFFF else 1
    return n


def _jdk_malformed[n: Int](b: Array[UInt8, n], length: Int) -> Tuple[Int, Int]:
    """Where the JDK's UTF-8 decoder (CodingErrorAction.REPORT) stops in the first `length` bytes and the
    malformed length it reports (a truncated sequence at the end counts every byte left); (-1, 0) if valid."""
    var i = 0
    while i < length:
        var b1 = Int(b[i])
        var rest = length - i
        if b1 < 0x80:
            i += 1
        elif b1 >= 0xC2 and b1 <= 0xDF:
            if rest < 2:
                return (i, rest)
            if Int(b[i + 1]) & 0xC0 != 0x80:
                return (i, 1)
            i += 2
        elif b1 >= 0xE0 and b1 <= 0xEF:
            if rest < 3:
                if rest > 1 and ((b1 == 0xE0 and Int(b[i + 1]) & 0xE0 == 0x80) or Int(b[i + 1]) & 0xC0 != 0x80):
                    return (i, 1)
                return (i, rest)
            var b2 = Int(b[i + 1])
            var b3 = Int(b[i + 2])
            var first = (b1 == 0xE0 and b2 & 0xE0 == 0x80) or b2 & 0xC0 != 0x80
            if first or b3 & 0xC0 != 0x80:
                return (i, 1 if first else 2)
            var c = (b1 & 0x0F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)
            if c >= 0xD800 and c <= 0xDFFF:
                return (i, 3)
            i += 3
        elif b1 >= 0xF0 and b1 <= 0xF7:
            if rest < 4:
                if b1 > 0xF4 or (rest > 1 and ((b1 == 0xF0 and not (Int(b[i + 1]) >= 0x90 and Int(b[i + 1]) <= 0xBF))
                                               or (b1 == 0xF4 and Int(b[i + 1]) & 0xF0 != 0x80)
                                               or Int(b[i + 1]) & 0xC0 != 0x80)):
                    return (i, 1)
                if rest > 2 and Int(b[i + 2]) & 0xC0 != 0x80:
                    return (i, 2)
                return (i, rest)
            var b2 = Int(b[i + 1])
            var b3 = Int(b[i + 2])
            var b4 = Int(b[i + 3])
            var uc = (b1 & 0x07) << 18 | (b2 & 0x3F) << 12 | (b3 & 0x3F) << 6 | (b4 & 0x3F)
            if b2 & 0xC0 != 0x80 or b3 & 0xC0 != 0x80 or b4 & 0xC0 != 0x80 or uc < 0x10000 or uc > 0x10FFFF:
                if (b1 > 0xF4 or (b1 == 0xF0 and not (b2 >= 0x90 and b2 <= 0xBF)) or (b1 == 0xF4 and b2 & 0xF0 != 0x80)
                        or b2 & 0xC0 != 0x80):
                    return (i, 1)
                return (i, 2 if b3 & 0xC0 != 0x80 else 3)
            i += 4
        else:
            return (i, 1)
    return (-1, 0)


struct Text[capacity: Int, encoding: Int, nul: Bool, truncate: Bool, where: StaticString, offset: Int](Copyable):
    """char[capacity] text (@Capacity): get decodes the bytes up to the first NUL (a required NUL must be
    there) strictly in the encoding; set refuses U+0000, characters the encoding lacks and text longer than
    the capacity (capacity - 1 with a NUL terminator) unless truncate cuts it at the last whole character,
    and stores it NUL-padded. A refused set changes no byte."""

    var _sb_bytes: Array[UInt8, Self.capacity]

    def __init__(out self):
        """Empty text (all bytes NUL)."""
        self._sb_bytes = Array[UInt8, Self.capacity](fill=0)

    def length(self) -> Int:
        """The stored text's length in bytes: up to the first NUL, or the capacity."""
        for i in range(Self.capacity):
            if self._sb_bytes[i] == 0:
                return i
        return Self.capacity

    def get(self) raises -> String:
        var n = self.length()
        if n == Self.capacity and Self.nul:
            raise Error(message(Self.where, String("no NUL terminator within the capacity of ", Self.capacity, " bytes"), "",
                                Self.offset))
        var out = String()
        comptime if Self.encoding == LATIN_1:
            for i in range(n):
                out += String(Codepoint(self._sb_bytes[i]))
            return out^
        comptime if Self.encoding == ASCII:
            for i in range(n):
                if self._sb_bytes[i] >= 0x80:
                    raise Error(message(Self.where, "byte is not US-ASCII", String("0x", hex_byte(self._sb_bytes[i])),
                                        Self.offset + i))
        var bad = _jdk_malformed(self._sb_bytes, n)
        if bad[0] >= 0:
            var shown = String()
            for i in range(min(n, 32)):
                if i > 0:
                    shown += " "
                shown += hex_byte(self._sb_bytes[i])
            if n > 32:
                shown += " ..."
            raise Error(message(Self.where, String("invalid UTF-8: malformed sequence of ", bad[1], " byte(s) at byte ", bad[0],
                                                   " of the text"), shown, Self.offset + bad[0]))
        return String(unsafe_from_utf8=Span(self._sb_bytes)[0:n])

    def set(mut self, value: StringSlice) raises:
        # the first character that cannot be stored (U+0000, or one the encoding lacks), by its UTF-16 index
        var index = 0
        var length = 0
        for cp in value.codepoints():
            var c = Int(cp.to_u32())
            if c == 0:
                raise Error(message(Self.where, String("text must not contain U+0000 (index ", index, "): C reads it as the end"),
                                    quote(value), -1))
            var limit = 0x7F if Self.encoding == ASCII else 0xFF if Self.encoding == LATIN_1 else 0x10FFFF
            if c > limit:
                raise Error(message(Self.where, String("character U+", _hex4(c), " at index ", index, " cannot be encoded as ",
                                                       _encoding_name(Self.encoding)), quote(value), -1))
            index += 2 if c > 0xFFFF else 1
            length += cp.utf8_byte_length() if Self.encoding == UTF_8 else 1
        comptime usable = Self.capacity - 1 if Self.nul else Self.capacity
        var keep = length
        if length > usable:
            comptime if not Self.truncate:
                raise Error(message(Self.where, String("text needs ", length, " ", _encoding_name(Self.encoding),
                                                       " bytes but the capacity is ", Self.capacity, " bytes",
                                                       String(" including the NUL terminator (", usable, " for text)") if Self.nul else ""),
                                    quote(value), -1))
            keep = 0  # cut after the last whole character that fits
            for cp in value.codepoints():
                var w = cp.utf8_byte_length() if Self.encoding == UTF_8 else 1
                if keep + w > usable:
                    break
                keep += w
        var at = 0
        for cp in value.codepoints():
            if at >= keep:
                break
            comptime if Self.encoding == UTF_8:
                var s = String(cp)
                for b in s.as_bytes():
                    self._sb_bytes[at] = b
                    at += 1
            else:
                self._sb_bytes[at] = UInt8(cp.to_u32())
                at += 1
        for i in range(at, Self.capacity):
            self._sb_bytes[i] = 0


# ---- bit-fields: bits of a run of storage bytes (little-endian, bit 0 = least significant bit of byte 0) ----


def bits_get[n: Int](bytes: Array[UInt8, n], bit: Int, width: Int, signed: Bool) -> Int128:
    """The width bits at bit offset `bit` of the run `bytes`, sign-extended when signed."""
    var v: UInt128 = 0
    var first = bit >> 3
    var last = (bit + width + 7) >> 3
    for i in range(last - 1, first - 1, -1):
        v = (v << 8) | UInt128(bytes[i])
    v = (v >> UInt128(bit & 7)) & ((UInt128(1) << UInt128(width)) - 1)
    var s = Int128(v)
    if signed and (v >> UInt128(width - 1)) & 1 == 1:
        s -= Int128(1) << Int128(width)
    return s


def bits_set[n: Int](mut bytes: Array[UInt8, n], bit: Int, width: Int, value: Int128):
    """Stores the low width bits of value at bit offset `bit` of the run `bytes`; the other bits keep theirs."""
    var first = bit >> 3
    var last = (bit + width + 7) >> 3
    var old: UInt128 = 0
    for i in range(last - 1, first - 1, -1):
        old = (old << 8) | UInt128(bytes[i])
    var mask = ((UInt128(1) << UInt128(width)) - 1) << UInt128(bit & 7)
    var new = (old & ~mask) | ((UInt128(value) << UInt128(bit & 7)) & mask)
    for i in range(first, last):
        bytes[i] = UInt8(new & 0xFF)
        new >>= 8


def bits_check(where: StaticString, ctype: StaticString, width: Int, lo: Int128, hi: Int128, value: Int128) raises:
    """Java's refusal of a bit-field value outside its width: "must fit int32_t : 3 (-4..3)"."""
    if value < lo or value > hi:
        raise Error(message(where, String("must fit ", ctype, " : ", width, " (", lo, "..", hi, ")"), String(value), -1))


def bits_read_check(where: StaticString, value: Int128, offset: Int) raises:
    """Java's refusal to read an unsigned 64-bit bit-field above Long.MAX_VALUE."""
    if value > Int128(LONG_MAX):
        raise Error(message(where, "uint64_t value does not fit a Java long (0..9223372036854775807)", String(value), offset))


def no_member(where: StaticString, tag: StaticString, shown: String, union_name: StaticString) -> Error:
    """Java's refusal of a tagged union whose discriminator selects no member."""
    return Error(message(where, String("discriminator ", tag, " = ", shown, " selects no member of union ", union_name), "", -1))

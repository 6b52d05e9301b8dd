# structbridge_rt.mojo: the Mojo runtime of the structs that structbridge generates (R.mojo imports it as
# `import structbridge_rt as _sbrt`). One file, the same for every record: the processor writes it into
# -Astructbridge.pythonDir beside the R.mojo files, and its jar holds it (io/structbridge/processor/write/mojo/);
# put the folder holding it on the import path (mojo build -I <folder>).
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
from std.ffi import c_int, c_size_t, external_call
from std.memory import bitcast, stack_allocation
from std.sys import CompilationTarget, align_of, size_of

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
        var aligned = stack_allocation[Self.n, UInt8, alignment=align_of[Self.T]()]()  # T's alignment, for the copy
        for i in range(Self.n):
            aligned[unsafe_offset=i] = self._sb_bytes[i]
        return aligned.unsafe_bitcast[Self.T]()[].copy()

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


def no_member(where: StaticString, tag: StaticString, shown: StaticString, union_name: StaticString) -> Error:
    """Java's refusal of a tagged union whose discriminator (shown: the enum constant) selects no member."""
    return Error(message(where, String("discriminator ", tag, " = ", shown, " selects no member of union ", union_name), "", -1))


def no_member(where: StaticString, tag: StaticString, code: Int, union_name: StaticString) -> Error:
    """Java's refusal of a tagged union whose integral discriminator (its value: code) selects no member."""
    return Error(message(where, String("discriminator ", tag, " = ", code, " selects no member of union ", union_name), "", -1))


# ---- struct files: the 128-byte header (format version 2) and the structs after it, mapped read-only ----


trait LaidOut:
    """What a generated struct says about its C layout: every generated struct conforms."""

    comptime SIZE: Int
    """The size in bytes."""
    comptime ALIGNMENT: Int
    """The alignment in bytes."""
    comptime FINGERPRINT: StaticString
    """The layout fingerprint (32 hex digits)."""
    comptime NAME: StaticString
    """The struct's name in struct files (StructType.name(), the record's C name)."""
    comptime LINEAGE: StaticString = ""
    """The layout versions 1 to V of a record of layout version V > 1, "version size alignment fingerprint" each,
    separated by semicolons; empty for a record of layout version 1 (its own SIZE, ALIGNMENT and FINGERPRINT)."""


# libc through external_call: Mojo refuses a program in which two calls of one C function disagree on its signature
# ("existing function with conflicting signature"), so each call here declares the function as Mojo's standard library
# does (open() and Pipe call open, close, fcntl; os.stat stat; ErrNo strerror and __errno_location; std.os.mmap, in
# later releases, mmap and munmap): c_int for int, c_size_t for size_t, Int64 for off_t, and open and fcntl
# variadic after their two fixed arguments (num_fixed_args=2, as C declares them).
comptime _HEADER = 128
comptime _O_RDONLY = 0
comptime _O_NONBLOCK = 0o4000
comptime _O_CLOEXEC = 0o2000000
comptime _F_SETLK = 6
comptime _F_OFD_SETLK = 37
comptime _EINVAL = 22


def _errno() -> Int:
    return Int(external_call["__errno_location", Pointer[c_int, MutAnyOrigin]]()[])


def _strerror(e: Int) -> String:
    var p = external_call["strerror", Pointer[UInt8, MutAnyOrigin]](c_int(e))
    var out = String()
    var i = 0
    while p[unsafe_offset=i] != 0:
        i += 1
    return String(unsafe_from_utf8=Span(unsafe_ptr=p, length=i))


def _c_path(path: String) -> List[UInt8]:
    var out = List[UInt8](capacity=path.byte_length() + 1)
    for b in path.as_bytes():
        out.append(b)
    out.append(0)
    return out^


def _le32(p: Pointer[UInt8, MutAnyOrigin], at: Int) -> UInt64:
    var v: UInt64 = 0
    for i in range(3, -1, -1):
        v = (v << 8) | UInt64(p[unsafe_offset=at + i])
    return v


def _le64(p: Pointer[UInt8, MutAnyOrigin], at: Int) -> UInt64:
    var v: UInt64 = 0
    for i in range(7, -1, -1):
        v = (v << 8) | UInt64(p[unsafe_offset=at + i])
    return v


def crc32(p: Pointer[UInt8, MutAnyOrigin], n: Int) -> UInt32:
    """CRC-32 as zlib's crc32 and java.util.zip.CRC32 compute it (polynomial 0xEDB88320, reflected)."""
    return crc32_more(0, p, n)


def crc32_more(crc: UInt32, p: Pointer[UInt8, MutAnyOrigin], n: Int) -> UInt32:
    """The CRC-32 crc of earlier bytes continued over the n bytes at p, as zlib.crc32(data, crc)."""
    var c: UInt32 = crc ^ 0xFFFFFFFF
    for i in range(n):
        c ^= UInt32(p[unsafe_offset=i])
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 & (0 - (c & 1)))
    return c ^ 0xFFFFFFFF


def _hex8(v: UInt64) -> String:
    comptime digits = "0123456789abcdef"
    var out = String()
    for k in range(7, -1, -1):
        out += digits[byte=Int((v >> UInt64(4 * k)) & 15)]
    return out^


def _plain_utf8(p: Pointer[UInt8, MutAnyOrigin], at: Int, n: Int) -> Bool:
    """Whether the n bytes at p + at are valid UTF-8 without control characters (below 0x20, or 0x7F)."""
    var i = 0
    while i < n:
        var c = Int(p[unsafe_offset=at + i])
        if c < 0x80:
            if c < 0x20 or c == 0x7F:
                return False
            i += 1
            continue
        var length = 2 if c >= 0xC2 and c <= 0xDF else 3 if c >= 0xE0 and c <= 0xEF else 4 if c >= 0xF0 and c <= 0xF4 else 0
        if length == 0 or i + length > n:
            return False
        var lo = 0xA0 if c == 0xE0 else 0x90 if c == 0xF0 else 0x80
        var hi = 0x9F if c == 0xED else 0x8F if c == 0xF4 else 0xBF
        var second = Int(p[unsafe_offset=at + i + 1])
        if second < lo or second > hi:
            return False
        for k in range(2, length):
            if Int(p[unsafe_offset=at + i + k]) & 0xC0 != 0x80:
                return False
        i += length
    return True


def _entry_shape(path: String, h: Pointer[UInt8, MutAnyOrigin], k: Int, n: Int) -> String:
    """The shape of lineage entry k of n (h: the header), with the words of Java's StructFileLineage.shape and C's
    sb_entry_shape: an alignment that is a power of two, a size that is a positive multiple of it, and for k > 1 an
    alignment and a size no smaller than entry k - 1's. The problem as its message, or an empty string."""
    var e = 136 + 56 * (k - 1)
    var size = _le64(h, e + 8)
    var alignment = _le64(h, e + 16)
    var what = String(path, ": lineage entry ", k, " of ", n, " has")
    if alignment == 0 or alignment & (alignment - 1) != 0:
        return String(what, " alignment ", alignment, ", not a power of two")
    if size == 0 or size % alignment != 0:
        return String(what, " size ", size, ", not a positive multiple of its alignment ", alignment)
    if k > 1:
        var before_size = _le64(h, e - 56 + 8)
        var before_alignment = _le64(h, e - 56 + 16)
        if alignment < before_alignment:
            return String(what, " alignment ", alignment, ", less than the alignment ", before_alignment, " of entry ",
                          k - 1, " (a later layout version only appends members)")
        if size < before_size:
            return String(what, " size ", size, ", less than the size ", before_size, " of entry ", k - 1,
                          " (a later layout version only appends members)")
    return ""


def _field_length(p: Pointer[UInt8, MutAnyOrigin], at: Int) -> Int:
    var n = 0
    while n < 32 and p[unsafe_offset=at + n] != 0:
        n += 1
    return n


def _shown(p: Pointer[UInt8, MutAnyOrigin], at: Int) -> String:
    """A header text field (up to its first NUL, at most 32 bytes) as the messages show it: as is if it is plain
    UTF-8, else byte by byte, printable ASCII as itself and any other byte as \\xNN."""
    var n = _field_length(p, at)
    if _plain_utf8(p, at, n):
        return String(unsafe_from_utf8=Span(unsafe_ptr=p.unsafe_offset(at), length=n))
    var out = String()
    for i in range(n):
        var b = p[unsafe_offset=at + i]
        if b >= 0x20 and b < 0x7F:
            out += String(Codepoint(b))
        else:
            out += String("\\x", hex_byte(b))
    return out^


def _kind(mode: UInt32) -> String:
    var t = mode & 0o170000
    if t == 0o040000:
        return "a directory"
    if t == 0o010000:
        return "a FIFO"
    if t == 0o020000:
        return "a character device"
    if t == 0o060000:
        return "a block device"
    if t == 0o140000:
        return "a socket"
    return "a special file (FIFO, socket or device)"  # Java's RegularFiles.kind for a kind it cannot name


def _stat_mode_size(buf: Pointer[UInt8, MutAnyOrigin]) -> Tuple[UInt32, Int]:
    """st_mode and st_size of a struct stat (x86-64: 24 and 48; AArch64: 16 and 48)."""
    comptime mode_at = 24 if CompilationTarget.is_x86() else 16
    return (UInt32(_le32(buf, mode_at)), Int(_le64(buf, 48)))


struct StructFile[T: LaidOut](Movable):
    """A struct file of T mapped read-only after checking its header in the order, and with the messages, of Java's
    StructFile.open, the C sb_map and Python's open_array: length, magic, version, checksum, flags, byte order,
    layout (fingerprint, name, size, alignment, stride), data offset, and the count against the file's length
    (exactly, unless flag 0x1 says a writer has the file open). The file is locked, shared (an open file description
    lock, F_OFD_SETLK; F_SETLK on older kernels), until close(), which no destructor calls for you: the structs
    are read through the mapping, so close it only once you are done with them."""

    var fd: Int32
    var base: Int
    """The address of the mapping (the header)."""
    var length: Int
    """The bytes mapped: the whole file."""
    var count: Int
    """The structs in the file."""
    var data_offset: Int
    """Where the first struct starts, in bytes from the start of the file."""
    var stride: Int
    """The bytes between structs in the file: the size of the file's layout version."""
    var version: Int
    """The file's layout version (1 for format 2): T's own, or an older or newer one of T's lineage."""

    def __init__(out self, path: String) raises:
        """Maps the struct file at path, or raises an Error naming the path and the first check that fails."""
        self.fd = -1
        self.base = 0
        self.length = 0
        self.count = 0
        self.data_offset = 0
        self.stride = 0
        self.version = 0
        var c_path = _c_path(path)
        var st = List[UInt8](length=256, fill=0)
        var stp = Pointer[UInt8, MutAnyOrigin](unsafe_from_address=Int(st.unsafe_ptr()))
        if external_call["stat", c_int](c_path.unsafe_ptr(), stp) != 0:
            raise Error(String(path, ": ", _strerror(_errno())))
        var ms = _stat_mode_size(stp)
        if ms[0] & 0o170000 != 0o100000:  # the words of Java's StructFile.open, Python's open_array and C's sb_map
            raise Error(String(path, ": ", _kind(ms[0]), ", not a regular file"))
        # O_NONBLOCK: should the path become a FIFO after stat, open(2) returns instead of waiting.
        var fd = external_call["open", c_int, num_fixed_args=2](c_path.unsafe_ptr(), c_int(_O_RDONLY | _O_NONBLOCK | _O_CLOEXEC),
                                                                 c_int(0))
        if fd < 0:
            raise Error(String(path, ": ", _strerror(_errno())))
        if external_call["fstat", c_int](fd, stp) != 0:
            var e = _errno()
            _ = external_call["close", c_int](fd)
            raise Error(String(path, ": fstat: ", _strerror(e)))
        ms = _stat_mode_size(stp)
        if ms[0] & 0o170000 != 0o100000:  # the path changed since stat()
            _ = external_call["close", c_int](fd)
            raise Error(String(path, ": ", _kind(ms[0]), ", not a regular file (the path changed while it was being opened)"))
        # struct flock: l_type 0 (F_RDLCK), l_whence 0, l_start 0, l_len 0 (the whole file), l_pid 0
        var lock = List[UInt8](length=32, fill=0)
        var lp = Pointer[UInt8, MutAnyOrigin](unsafe_from_address=Int(lock.unsafe_ptr()))
        var locked = external_call["fcntl", c_int, num_fixed_args=2](fd, c_int(_F_OFD_SETLK), lp)
        if locked != 0 and _errno() == _EINVAL:
            # a kernel without open file description locks
            locked = external_call["fcntl", c_int, num_fixed_args=2](fd, c_int(_F_SETLK), lp)
        if locked != 0:
            var e = _errno()
            _ = external_call["close", c_int](fd)
            raise Error(String(path, ": locked by another process (a structbridge writer holds an exclusive lock): ",
                               _strerror(e)))
        # the size once the lock is held: a writer that held the file until now may have trimmed it since
        if external_call["fstat", c_int](fd, stp) != 0:
            var e = _errno()
            _ = external_call["close", c_int](fd)
            raise Error(String(path, ": fstat: ", _strerror(e)))
        var file_size = _stat_mode_size(stp)[1]
        if file_size < _HEADER:
            _ = external_call["close", c_int](fd)
            raise Error(String(path, ": ", file_size, " bytes, shorter than the 128-byte header"))
        # PROT_READ, MAP_SHARED
        var mapped = external_call["mmap", Pointer[UInt8, MutAnyOrigin]](Int(0), c_size_t(file_size), c_int(1), c_int(1),
                                                                         fd, Int64(0))
        var base = Int(mapped)
        if base == -1:
            var e = _errno()
            _ = external_call["close", c_int](fd)
            raise Error(String(path, ": mmap: ", _strerror(e)))
        var h = Pointer[UInt8, MutAnyOrigin](unsafe_from_address=base)
        var problem = Self._check(path, h, file_size)
        if problem.byte_length() > 0:
            _ = external_call["munmap", c_int](mapped, c_size_t(file_size))
            _ = external_call["close", c_int](fd)
            raise Error(problem)
        self.fd = fd
        self.base = base
        self.length = file_size
        self.count = Int(_le64(h, 40))
        self.data_offset = Int(_le64(h, 48))
        self.stride = Int(_le64(h, 32))
        self.version = Int(_le32(h, 128)) if _le32(h, 8) == 3 else 1

    @staticmethod
    def _lineage() -> List[Tuple[Int, Int, Int, String]]:
        """T's layout versions 1 to V: (version, size, alignment, fingerprint)."""
        var out = List[Tuple[Int, Int, Int, String]]()
        if Self.T.LINEAGE.byte_length() == 0:
            out.append((1, Self.T.SIZE, Self.T.ALIGNMENT, String(Self.T.FINGERPRINT)))
            return out^
        for line in String(Self.T.LINEAGE).split(";"):
            var parts = String(line).split(" ")
            if len(parts) == 4:
                try:
                    out.append((Int(String(parts[0])), Int(String(parts[1])), Int(String(parts[2])), String(parts[3])))
                except:
                    pass
        return out^

    @staticmethod
    def _entry_is(h: Pointer[UInt8, MutAnyOrigin], at: Int, size: UInt64, alignment: UInt64, version: UInt64,
                  mine: Tuple[Int, Int, Int, String]) -> Bool:
        """Whether the layout (version, size, alignment, fingerprint field at h + at) is mine."""
        var fp = mine[3].as_bytes()
        if version != UInt64(mine[0]) or size != UInt64(mine[1]) or alignment != UInt64(mine[2]):
            return False
        if _field_length(h, at) != len(fp):
            return False
        for i in range(len(fp)):
            if h[unsafe_offset=at + i] != fp[i]:
                return False
        return True

    @staticmethod
    def _check(path: String, h: Pointer[UInt8, MutAnyOrigin], file_size: Int) -> String:
        """The first header check that fails, as its message, or an empty string."""
        var version = _le32(h, 8)
        var order = _le32(h, 12)
        var flags = _le32(h, 120)
        var stored = _le32(h, 124)
        var size = _le64(h, 16)
        var alignment = _le64(h, 24)
        var stride = _le64(h, 32)
        var count = _le64(h, 40)
        var data = _le64(h, 48)
        comptime magic = "SBRIDGE"
        for i in range(7):
            if h[unsafe_offset=i] != magic.as_bytes()[i]:
                return String(path, ": not a structbridge struct file (bad magic)")
        if h[unsafe_offset=7] != 0:
            return String(path, ": not a structbridge struct file (bad magic)")
        if version != 2 and version != 3:
            return String(path, ": format version ", version, ", this reader knows 2 and 3",
                          " (version 1 has no header checksum: write the file again)" if version == 1 else "")
        var entries = 1
        var end = 128
        if version == 3:
            if file_size < 136:
                return String(path, ": ", file_size, " bytes end inside the lineage block of a format-3 file (its entry ",
                              "count is bytes 128 to 131)")
            var n = _le32(h, 128)
            if n < 1 or n > 65535:
                return String(path, ": the lineage block lists ", n, " layout versions; a format-3 file lists 1 to 65535")
            end = 136 + 56 * Int(n)
            if end > file_size:
                return String(path, ": the lineage block of ", n, " layout versions (bytes 128 to ", end - 1,
                              ") does not fit the file's ", file_size, " bytes")
            entries = Int(n)
        var computed = crc32(h, 124)
        if end > 128:
            computed = crc32_more(computed, h.unsafe_offset(128), end - 128)
        if stored != UInt64(computed):
            return String(path, ": header checksum 0x", _hex8(stored), " does not match the header's bytes (CRC-32 0x",
                          _hex8(UInt64(computed)), "): the header is corrupt")
        if flags & ~UInt64(3) != 0:
            return String(path, ": header flags 0x", _hex8(flags), " hold bits this reader does not know (it knows 0x00000003)")
        if flags & 2 != 0:
            return String(path, ": a struct file that create did not finish (header flag 0x2): a temporary file, ",
                          "or a create that was interrupted")
        if order != 1 and order != 2:
            return String(path, ": data byte order ", order, " is neither 1 (little-endian) nor 2 (big-endian)")
        if order != 1:  # Mojo runs on little-endian machines (x86-64, AArch64)
            return String(path, ": data byte order ", order, " differs from this machine's 1")
        if version == 3:
            for k in range(entries + 1):
                var at = 132 if k == 0 else 136 + 56 * (k - 1) + 4
                var reserved = _le32(h, at)
                if reserved != 0:
                    return String(path, ": bytes ", at, " to ", at + 3, " (reserved, in the lineage block) hold 0x",
                                  _hex8(reserved), "; a format-3 file has 0 there")
                if k > 0:
                    var kv = _le32(h, at - 4)
                    if kv != UInt64(k):
                        return String(path, ": lineage entry ", k, " of ", entries, " holds layout version ", kv,
                                      "; the entries of a format-3 file are versions 1 to ", entries, " in order")
                    var wrong = _entry_shape(path, h, k, entries)
                    if wrong.byte_length() > 0:
                        return wrong
            var last = 136 + 56 * (entries - 1)
            var same_last = _le64(h, last + 8) == size and _le64(h, last + 16) == alignment
            var fl = _field_length(h, 56)
            same_last = same_last and fl == _field_length(h, last + 24)
            if same_last:
                for i in range(fl):
                    same_last = same_last and h[unsafe_offset=56 + i] == h[unsafe_offset=last + 24 + i]
            if not same_last:
                return String(path, ": the header's layout (fingerprint ", _shown(h, 56), ", size ", size, ", alignment ",
                              alignment, ") is not the last entry of the file's lineage (layout version ", entries,
                              ": fingerprint ", _shown(h, last + 24), ", size ", _le64(h, last + 8), ", alignment ",
                              _le64(h, last + 16), ")")
        # the layout: the file's lineage against T's, on every layout version both hold
        var lineage = Self._lineage()
        var differs = 0
        var shared = entries if entries < len(lineage) else len(lineage)
        for k in range(1, shared + 1):
            if differs != 0:
                break
            var e = 136 + 56 * (k - 1)
            var same = Self._entry_is(h, e + 24, _le64(h, e + 8), _le64(h, e + 16), _le32(h, e), lineage[k - 1]) \
                if version == 3 else Self._entry_is(h, 56, size, alignment, 1, lineage[k - 1])
            if not same:
                differs = k
        # the expected name: its first 31 UTF-8 bytes, cut at a character boundary, as the header keeps it
        var name = Self.T.NAME.as_bytes()
        var name_length = len(name)
        if name_length > 31:
            name_length = 31
            while name_length > 0 and Int(name[name_length]) & 0xC0 == 0x80:
                name_length -= 1
        var same_name = _field_length(h, 88) == name_length
        if same_name:
            for i in range(name_length):
                same_name = same_name and h[unsafe_offset=88 + i] == name[i]
        if not same_name or stride != size or differs != 0:
            var own = lineage[len(lineage) - 1].copy()
            var mine = String("fingerprint ", own[3], ", size ", own[1], ", alignment ", own[2], ", stride ", own[1], ")")
            # what to do: the same name means the record changed since the file was written (its new members go after
            # the old ones with @Since(K), K one more than the file's layout version), another one another struct
            var hint = String("; the file holds another struct type: open it with the reader of that type")
            if same_name:
                hint = String("; if the record changed since the file was written, read it by keeping the old members in ",
                              "their order and adding new ones after them with @Since(", entries + 1, ") (see \"Old ",
                              "files and new code\" in docs/layout-lock.md), or write the file again with the current ",
                              "record")
            if entries == 1 and len(lineage) == 1:
                return String(path, ": the file holds ", _shown(h, 88), " (fingerprint ", _shown(h, 56), ", size ", size,
                              ", alignment ", alignment, ", stride ", stride, "); the reader expects ", Self.T.NAME,
                              " (", mine, hint)
            var why = String()
            if differs != 0:
                var r = lineage[differs - 1].copy()
                var at = 136 + 56 * (differs - 1)
                var theirs = String("fingerprint ", _shown(h, at + 24), ", size ", _le64(h, at + 8), ", alignment ",
                                    _le64(h, at + 16)) if version == 3 else String("fingerprint ", _shown(h, 56), ", size ",
                                                                                   size, ", alignment ", alignment)
                why = String(" (layout version ", differs, " differs: the file's has ", theirs, ", the reader's fingerprint ",
                             r[3], ", size ", r[1], ", alignment ", r[2], ")")
            return String(path, ": the file holds ", _shown(h, 88), " (layout version ", entries, ", fingerprint ",
                          _shown(h, 56), ", size ", size, ", alignment ", alignment, ", stride ", stride,
                          "); the reader expects ", Self.T.NAME, " (layout version ", len(lineage), ", ", mine,
                          ": the file's layout is neither an ancestor nor a descendant of the reader's", why, hint)
        if version == 2 and (data < 128 or data % 64 != 0):
            return String(path, ": data offset ", data, " is not a multiple of 64 at least 128")
        if version == 3 and (data < UInt64(end) or data % 64 != 0):
            return String(path, ": data offset ", data, " is not a multiple of 64 at or past the end of the lineage block ",
                          "(byte ", end, ")")
        if data > UInt64(file_size):
            return String(path, ": data offset ", data, " lies past the end of the file's ", file_size, " bytes")
        # data + count * stride without overflow; "need" is shown only when it fits an int64_t, as in Java
        comptime long_max = UInt64(9223372036854775807)
        var fits = count <= long_max and (stride == 0 or count <= (long_max - data) // stride)
        var need = data + count * stride if fits else UInt64(0)
        var structs = String(count, " structs of ", stride, " bytes at data offset ", data)
        if not fits or need > UInt64(file_size):
            return String(path, ": ", structs, " do not fit the file's ", file_size, " bytes",
                          String(" (they need ", need, " bytes)") if fits else "")
        if need < UInt64(file_size) and flags & 1 == 0:
            return String(path, ": the file's ", file_size, " bytes are more than the ", need, " bytes that ", structs,
                          " take (a struct file its writer closed ends after its last struct)")
        return ""

    def struct_at(self, i: Int) raises -> Pointer[Self.T, MutAnyOrigin]:
        """Struct i where it lies in the mapping, for a file of T's layout version or a newer one (the file's stride
        apart; read-only memory). Raises for an older file, whose structs are shorter than T (a pointer to one would
        read past it): use read(i, out) there, which fills the members the file lacks with zeros."""
        self._in_place("struct_at")
        return Pointer[Self.T, MutAnyOrigin](unsafe_from_address=self.base + self.data_offset + i * self.stride)

    def _in_place(self, what: String) raises:
        """Raises unless the file's structs are at least T's size (a file of T's layout version or a newer one)."""
        if self.stride < Self.T.SIZE:
            raise Error(String(what, ": the file holds layout version ", self.version, " of ", Self.T.NAME,
                               ", older than the reader's: its structs are ", self.stride, " bytes, fewer than the ",
                               Self.T.SIZE, " of ", Self.T.NAME, "; read(i, out) copies one with zeros for the members ",
                               "it lacks"))

    def read(self, i: Int, out_struct: Pointer[Self.T, MutAnyOrigin]):
        """Copies struct i to out_struct: its first min(stride, T.SIZE) bytes, then zeros (the members an older file
        lacks read as zero, as Java's widened copy; a newer file's bytes past T's members are left out)."""
        var n = self.stride if self.stride < Self.T.SIZE else Self.T.SIZE
        var src = Pointer[UInt8, MutAnyOrigin](unsafe_from_address=self.base + self.data_offset + i * self.stride)
        var dst = Pointer[UInt8, MutAnyOrigin](unsafe_from_address=Int(out_struct))
        for k in range(Self.T.SIZE):
            dst[unsafe_offset=k] = src[unsafe_offset=k] if k < n else 0

    def structs(self) raises -> Pointer[Self.T, MutAnyOrigin]:
        """The first struct, where it lies in the mapping (read-only memory: do not write through it).
        Pointer arithmetic on it steps by T's size, so it raises for a file of another layout version (older: its
        structs are shorter than T, use read(i, out); newer: they are longer, use struct_at(i))."""
        self._in_place("structs")
        if self.stride != Self.T.SIZE:
            raise Error(String("structs: the file holds layout version ", self.version, " of ", Self.T.NAME,
                               ", newer than the reader's: its structs are ", self.stride, " bytes apart, not the ",
                               Self.T.SIZE, " of ", Self.T.NAME, "; struct_at(i) finds each"))
        return Pointer[Self.T, MutAnyOrigin](unsafe_from_address=self.base + self.data_offset)

    def close(mut self):
        """Unmaps the file and closes it, which releases the lock; the structs are gone after it."""
        if self.base != 0:
            _ = external_call["munmap", c_int](Pointer[UInt8, MutAnyOrigin](unsafe_from_address=self.base),
                                               c_size_t(self.length))
            self.base = 0
        if self.fd >= 0:
            _ = external_call["close", c_int](self.fd)
            self.fd = -1

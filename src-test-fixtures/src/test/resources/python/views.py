"""Drives the generated record views (RView) and value twins (RRecord) for PythonViewTest.

usage: views.py MODULE_DIR MODULE read FILE           -> every member of every struct in FILE, read through RView
                                                        (the reader.py/C reader format)
       views.py MODULE_DIR MODULE write FILE OUT1 OUT2 -> reads FILE through views, writes every struct again into
                                                        zeroed buffers with RView.store (OUT1) and member setters (OUT2)
       views.py MODULE_DIR MODULE set CORPUS           -> per corpus line (member, kind, value, Java's verdict, bytes):
                                                        the setter's verdict and bytes over the same initial bytes
       views.py MODULE_DIR MODULE get CORPUS           -> per corpus line (member, image): the getter's value or refusal
       views.py MODULE_DIR MODULE roundtrip FILE       -> view -> dataclass -> Pydantic -> dataclass -> view, bytes equal
       views.py MODULE_DIR MODULE misuse SIZE LABEL ENUMS -> wrong buffers, wrong objects and enum codes: the refusals
"""
import dataclasses
import keyword
import math
import struct
import sys

sys.path.insert(0, sys.argv[1])
name = sys.argv[2]
mod = __import__(name)
import structbridge_rt  # noqa: E402  (the runtime the module imports, beside it)
mode = sys.argv[3]
View = getattr(mod, name + "View")
Record = getattr(mod, name + "Record")
out = []


def codec_of(cname, i):
    return getattr(mod, f"_SB_{cname}_m{i}", None)


def text(s):
    return "".join(f"\\x{ord(c):02x}" if ord(c) < 0x20 or ord(c) == 0x7F or c == "\\" else c for c in s)


def floating(v, kind):
    bits = struct.unpack({"f": "<I", "d": "<Q", "e": "<H"}[kind], struct.pack("<" + kind, v))[0]
    width = {"f": 8, "d": 16, "e": 4}[kind]
    if v != v:
        t = "nan"
    elif math.isinf(v):
        t = "inf" if v > 0 else "-inf"
    else:
        t = float(v).hex()
    return f"{t} bits={bits:0{width}x}"


def leaf(key, value, codec):
    kind = type(codec).__name__
    if kind == "_SB_Array":
        if codec.kind == "bytes":
            for i, b in enumerate(value):
                out.append(f"{key}[{i}]={b - 256 if b > 127 else b}")
        else:
            for i, v in enumerate(value):
                leaf(f"{key}[{i}]", v, codec.element)
    elif kind == "_SB_Bool":
        out.append(f"{key}={'true' if value else 'false'}")
    elif kind == "_SB_Char":
        out.append(f"{key}={ord(value)}")
    elif kind == "_SB_Float":
        out.append(f"{key}={floating(value, codec.kind)}")
    elif kind == "_SB_Text":
        out.append(f"{key}={text(value)}")
    elif kind == "_SB_Enum":
        out.append(f"{key}={value.name}")
    else:
        out.append(f"{key}={int(value)}")


API = {"at", "iter", "count", "load", "store", "SIZE", "to_view", "from_view", "to_model", "from_model"}


def component(attribute):
    """The Java component name of a view/twin attribute (a Python keyword or an API name got a trailing underscore)."""
    while attribute.endswith("_") and (keyword.iskeyword(attribute[:-1]) or attribute[:-1] in API):
        attribute = attribute[:-1]
    return attribute


def walk(prefix, rec):
    cname = type(rec).__name__[:-len("Record")]
    for i, f in enumerate(dataclasses.fields(rec)):
        v = getattr(rec, f.name)
        c = codec_of(cname, i)
        key = f"{prefix}.{component(f.name)}"
        if c is not None:
            leaf(key, v, c)
        elif isinstance(v, tuple):
            for j, e in enumerate(v):
                walk(f"{key}[{j}]", e)
        else:
            walk(key, v)


def canon(value, codec):
    """The corpus's canonical form of a value (PythonViewTest.canon is the Java side)."""
    kind = type(codec).__name__
    if kind == "_SB_Array":
        if codec.kind == "bytes":
            return "[" + ",".join(str(b - 256 if b > 127 else b) for b in value) + "]"
        return "[" + ",".join(canon(v, codec.element) for v in value) + "]"
    if kind == "_SB_Bool":
        return "true" if value else "false"
    if kind == "_SB_Char":
        return str(ord(value))
    if kind == "_SB_Float":
        return "nan" if value != value else struct.pack(">d", value).hex()
    if kind == "_SB_Text":
        return value.encode("utf-16-be", "surrogatepass").hex() or "-"
    if kind == "_SB_Enum":
        return value.name
    return str(int(value))


def decode(kind, token):
    if kind == "int":
        return int(token)
    if kind == "bool":
        return token == "true"
    if kind == "float":
        return struct.unpack(">d", bytes.fromhex(token))[0]
    if kind == "char":
        return chr(int(token))
    if kind == "text":
        return "" if token == "-" else bytes.fromhex(token).decode("utf-16-be", "surrogatepass")
    raise ValueError(kind)


if mode == "read":
    data = bytearray(open(sys.argv[4], "rb").read())
    out.append(f"count={View.count(data)}")
    for i, v in enumerate(View.iter(data)):
        walk(f"{name}[{i}]", v.load())
    n = View.count(data)
    try:
        import numpy as np
        dtype = getattr(mod, name + "_dtype")
    except ImportError:
        dtype = None
    if dtype is not None and n:  # a NumPy array of the structs (union members overlap in its dtype): same values
        arr = np.frombuffer(bytes(data), dtype=dtype)
        for i in range(n):
            assert repr(View.at(arr, i).load()) == repr(View.at(data, i).load()), f"NumPy array, element {i}"
    try:
        View(memoryview(bytearray(2 * View.SIZE))[::2])
        raise AssertionError("a strided buffer was accepted")
    except ValueError:
        pass
    if n:  # one view moved along the array reads what a view per element reads; move refuses what at refuses
        cursor = View.at(data, 0)
        for i in range(n):
            assert repr(cursor.move(i).load()) == repr(View.at(data, i).load()), f"move({i})"  # repr: NaN != NaN
        for bad in (-1, n, True, 1.0):
            try:
                cursor.move(bad)
                raise AssertionError(f"move({bad!r}) accepted")
            except (IndexError, TypeError):
                pass
elif mode == "write":
    data = open(sys.argv[4], "rb").read()
    records = [v.load() for v in View.iter(data)]
    whole = bytearray(len(data))
    members = bytearray(len(data))
    for i, r in enumerate(records):
        r.to_view(whole, i * View.SIZE)
        v = View.at(members, i)
        for f in dataclasses.fields(r):
            setattr(v, f.name, getattr(r, f.name))
    open(sys.argv[5], "wb").write(whole)
    open(sys.argv[6], "wb").write(members)
    out.append(f"count={len(records)}")
elif mode == "set":
    try:
        import numpy as np
    except ImportError:
        np = None
    f32 = struct.Struct("<f")

    def numpy_forms(kind, value):
        """The value as the NumPy scalars a structured array hands back for it (the same number)."""
        if np is None:
            return []
        if kind == "int":
            forms = [t(value) for t, lo, hi in ((np.int64, -2 ** 63, 2 ** 63), (np.uint64, 2 ** 63, 2 ** 64),
                                                (np.int8, -128, 128), (np.uint16, 0, 2 ** 16)) if lo <= value < hi]
            return forms
        if kind == "float":
            forms = [np.float64(value)]
            try:
                exact = value != value or math.isinf(value) or f32.unpack(f32.pack(value))[0] == value
            except OverflowError:
                exact = False
            if exact:
                forms.append(np.float32(value))
            return forms
        if kind == "bool":
            return [np.bool_(value)]
        return []  # text and char: NumPy hands back bytes and integers for those, which the setters do not take

    def attempt(buf, value):
        try:
            setattr(View(buf), member, value)
            return "ok", None
        except (ValueError, TypeError) as e:
            return "refused", e

    for line in open(sys.argv[4]):
        member, index, kind, token, verdict, before, after, message = line.rstrip("\n").split("\t")
        message = "" if message == "-" else bytes.fromhex(message).decode("utf-16-be", "surrogatepass")
        value = decode(kind, token)
        for form in [value] + numpy_forms(kind, value):
            buf = bytearray(bytes.fromhex(before))
            got, e = attempt(buf, form)
            shown = f"{token} as {type(form).__module__}.{type(form).__name__}"
            if got == "refused" and bytes(buf) != bytes.fromhex(before):
                out.append(f"{member}\t{shown}\tbytes changed by a refused write: {e}")
            elif got != verdict:
                out.append(f"{member}\t{shown}\tJava {verdict}, Python {got}: {e}")
            elif got == "ok" and buf.hex() != after:
                out.append(f"{member}\t{shown}\tbytes differ: Java {after}, Python {buf.hex()}")
            elif got == "refused" and str(e) != message:
                out.append(f"{member}\t{shown}\tmessage differs: Java {message!r}, Python {str(e)!r}")
        if verdict == "ok":  # the same write through a read-only buffer: a TypeError naming record, member and value
            got, e = attempt(bytes.fromhex(before), value)
            if got != "refused" or not isinstance(e, TypeError) or f".{member}: the buffer is read-only" not in str(e):
                out.append(f"{member}\t{token}\tread-only buffer: {type(e).__name__ if e else 'accepted'} {e}")
    out.append("done")
elif mode == "get":
    fields = dataclasses.fields(Record)
    for line in open(sys.argv[4]):
        member, index, image, expected = line.rstrip("\n").split("\t")
        view = View(bytes.fromhex(image))
        codec = codec_of(name, int(index))
        before = bytes.fromhex(image)
        try:
            got = canon(getattr(view, member), codec)
        except ValueError as e:
            got = "refused " + str(e)
        if got != expected:
            out.append(f"{member}\t{image}\tJava {expected}, Python {got}")
    out.append("done")
elif mode == "misuse":
    import importlib.util
    import mmap
    import numpy as np
    size, label, enums = int(sys.argv[4]), sys.argv[5], sys.argv[6]

    def err(fn):
        try:
            fn()
            return None
        except (ValueError, TypeError, IndexError) as e:
            return f"{type(e).__name__}: {e}"

    def expect(what, got, want):
        if got != want:
            out.append(f"{what}: expected {want!r}, got {got!r}")

    def four(what, buf, want, init=None, move=True):
        expect(what + " count", err(lambda: View.count(buf)), want)
        expect(what + " at", err(lambda: View.at(buf, 0)), want)
        expect(what + " iter", err(lambda: list(View.iter(buf))), want)
        if init is not None:
            expect(what + " init", err(lambda: View(buf)), init)
        elif move:  # a view made with View(buffer, offset) on bytes, re-pointed to an index
            expect(what + " move", err(lambda: View(buf).move(0)), want)

    # a size that is not a multiple of SIZE: the same refusal from count, at, iter and move
    for buf in (bytes(size + 1), bytearray(2 * size - 1), np.zeros(size + 1, np.uint8)):
        n = memoryview(buf).nbytes
        four(type(buf).__name__, buf, f"ValueError: {name}: a buffer of {n} bytes is not an array of {size}-byte structs")
    # a NumPy array of numbers is not a buffer of structs, whatever its size
    floats = np.zeros(size, np.float64)
    want = (f"TypeError: {name}: a NumPy array of float64 is not a buffer of {name} structs: pass an array of "
            f"{name}_dtype (open_array) or of bytes (uint8)")
    four("float64", floats, want, want)
    # structured arrays: the itemsize and the dtype must be the module's
    wide = np.zeros(2, np.dtype([("x", f"V{size + 8}")]))
    want = f"ValueError: {name}: a NumPy array of {size + 8}-byte items ({wide.dtype}) is not an array of {size}-byte {name} structs ({name}_dtype)"
    four("wider dtype", wide, want, move=False)
    dtype = getattr(mod, name + "_dtype", None)
    if dtype is not None:
        other = np.zeros(2, np.dtype([("other_name", f"V{size}")]))
        four("other dtype", other, move=False, want=f"ValueError: {name}: the array's dtype {other.dtype} is not {name}_dtype {dtype}")
        expect("module dtype", View.count(np.zeros(2, dtype)), 2)
    for buf in (bytes(2 * size), bytearray(2 * size), np.zeros(2 * size, np.uint8), np.zeros(2 * size, np.int8),
                memoryview(bytearray(2 * size)), mmap.mmap(-1, 2 * size)):
        expect(type(buf).__name__ + " accepted", (View.count(buf), View.at(buf, 1)._sb_off), (2, size))
    # store of a wrong object: the struct itself has no member path; a same-named class of another module is named
    expect("store dict", err(lambda: View(bytearray(size)).store({})), f"TypeError: {label}: a {name}Record is required, not dict")
    spec = importlib.util.spec_from_file_location(name + "_copy", mod.__file__)
    copy = importlib.util.module_from_spec(spec)
    sys.modules[name + "_copy"] = copy
    spec.loader.exec_module(copy)
    alien = object.__new__(getattr(copy, name + "Record"))
    expect("store other module", err(lambda: View(bytearray(size)).store(alien)),
           f"TypeError: {label}: a {name}Record of module {name} is required, not a {name}Record of module {name}_copy "
           "(each module defines its own classes)")
    # an enum member takes its members only: the message names them (Java's constants, in order)
    for spec_text in filter(None, enums.split(";")):
        member, rest = spec_text.split("=")
        enum_name, constants = rest.split(":")
        cls = getattr(mod, enum_name)
        code = cls[constants.split(",")[0]].value
        view = View(bytearray(size))
        expect(member + " int", err(lambda: setattr(view, member, code)),
               f"TypeError: {label}.{member}: a {enum_name} member is required ({constants.replace(',', ', ')}), not int {code}")
    out.append("done")
elif mode == "roundtrip":
    import typing
    # every annotation of the views' properties names a type (a component named like a builtin must not shadow it)
    for cls_name in dir(mod):
        cls = getattr(mod, cls_name)
        if isinstance(cls, type) and cls_name.endswith("View"):
            for attr, prop in vars(cls).items():
                if isinstance(prop, property):
                    for fn in (prop.fget, prop.fset):
                        if fn is not None:
                            for hint in typing.get_type_hints(fn).values():
                                if isinstance(hint, property) or not (isinstance(hint, type) or typing.get_origin(hint)):
                                    out.append(f"{cls_name}.{attr}: annotation {hint!r} is not a type")
    data = open(sys.argv[4], "rb").read()
    for i, v in enumerate(View.iter(data)):
        r = v.load()
        again = Record.from_view(r.to_view(bytearray(View.SIZE)))
        if not structbridge_rt._sb_same(again, r):
            out.append(f"{i}: dataclass -> view -> dataclass changed {r} to {again}")
        if hasattr(r, "to_model"):
            try:
                m = r.to_model()
            except ValueError as e:
                errors = getattr(e, "errors", None)
                if errors is None:
                    raise
                for err in errors():
                    out.append(f"{i}: model refuses {'.'.join(map(str, err['loc']))}: {err['type']} input {err['input']!r}")
                continue
            back = Record.from_model(m)
            if not structbridge_rt._sb_same(back, r):
                out.append(f"{i}: dataclass -> model -> dataclass changed {r} to {back}")
            buf = bytearray(View.SIZE)
            back.to_view(buf)
            if bytes(buf) != data[i * View.SIZE:(i + 1) * View.SIZE]:
                out.append(f"{i}: model -> view bytes differ from Java's")
    out.append("done")
print("\n".join(out))

"""Reads structs through a structbridge-generated Python module, as the tests' oracle.

usage: reader.py MODULE_DIR MODULE FILE numpy   -> every member of every struct in FILE, read with the
                                                  generated NumPy dtype, in the C reader's format
       reader.py MODULE_DIR MODULE - layout     -> sizeof/offsetof of every member as ctypes and cffi see them
"""
import ctypes
import struct
import sys

sys.path.insert(0, sys.argv[1])
mod = __import__(sys.argv[2])
name, path, mode = sys.argv[2], sys.argv[3], sys.argv[4]
out = []
TEXT = {n[:-5]: getattr(mod, n) for n in dir(mod) if n.endswith("_TEXT")}
ENUMS = {n[:-6]: getattr(mod, n) for n in dir(mod) if n.endswith("_ENUMS")}


def text(raw, encoding):
    b = bytes(raw)
    if b"\0" in b:
        b = b[: b.index(b"\0")]
    s = b.decode(encoding)
    return "".join(f"\\x{ord(c):02x}" if ord(c) < 0x20 or ord(c) == 0x7F or c == "\\" else c for c in s)


def floating(v):
    # The raw bits straight from the array (a float32 NaN converted to a Python float would be quieted).
    import numpy as np
    bits = int(np.asarray(v).view(v.dtype.str.replace("f", "u")))
    width = v.dtype.itemsize * 2
    v = float(v)
    if v != v:
        t = "nan"
    elif v in (float("inf"), float("-inf")):
        t = "inf" if v > 0 else "-inf"
    else:
        t = float(v).hex()
    return f"{t} bits={bits:0{width}x}"


def leaf(key, v):
    kind = v.dtype.kind if hasattr(v, "dtype") else None
    if kind == "b":
        out.append(f"{key}={'true' if bool(v) else 'false'}")
    elif kind == "f":
        out.append(f"{key}={floating(v)}")
    else:
        out.append(f"{key}={int(v)}")


def record(prefix, rec):
    struct_name = next(n for n in TEXT if getattr(mod, n + "_dtype") == rec.dtype)
    for member in rec.dtype.names:
        v = rec[member]
        key = f"{prefix}.{member}"
        if member in TEXT[struct_name]:
            out.append(f"{key}={text(v, TEXT[struct_name][member][0])}")
        elif member in ENUMS[struct_name]:
            out.append(f"{key}={ENUMS[struct_name][member][int(v)]}")
        else:
            values(key, v)


def values(key, v):
    if v.dtype.names:
        if v.shape:
            for i in range(v.shape[0]):
                record(f"{key}[{i}]", v[i])
        else:
            record(key, v)
    elif v.shape:
        for i in range(v.shape[0]):
            leaf(f"{key}[{i}]", v[i])
    else:
        leaf(key, v)


if mode == "numpy":
    import numpy as np
    data = open(path, "rb").read()
    count = len(data) // mod.SIZE
    out.append(f"count={count}")
    arr = np.frombuffer(data, dtype=getattr(mod, name + "_dtype"), count=count)
    for i in range(count):
        record(f"{name}[{i}]", arr[i])
elif mode in ("ctypes", "cffi"):
    data = open(path, "rb").read()
    count = len(data) // mod.SIZE
    out.append(f"count={count}")
    import numpy as np
    if mode == "cffi":
        import cffi
        ffi = cffi.FFI()
        ffi.cdef(mod.CDEF, packed=True)
        buf = ffi.from_buffer(data)
        items = ffi.cast(name + " *", buf)

    def scalar_kind(struct_name, member):
        # the NumPy dtype says which C type each member has (float width, bool): the oracle reads the
        # value itself through ctypes/cffi, the dtype only tells how to print it
        return getattr(mod, struct_name + "_dtype").fields[member][0]

    def show(key, value, dt):
        if dt.subdtype is not None:
            base, shape = dt.subdtype
            for i in range(shape[0]):
                show(f"{key}[{i}]", value[i], base)
        elif dt.names:
            walk(key, value, next(n for n in TEXT if getattr(mod, n + "_dtype") == dt))
        elif dt.kind == "b":
            out.append(f"{key}={'true' if bool(value) else 'false'}")
        elif dt.kind == "f":
            if mode == "cffi" and dt.itemsize == 2:
                # cffi has no half type: the CDEF declares a _Float16 member as its uint16_t bits
                raw = np.array(value, dtype=dt.str.replace("f", "u")).view(dt)
            else:
                raw = np.array(value, dtype=dt)  # the bits ctypes/cffi returned, rounded to the member's width
            out.append(f"{key}={floating(raw[()])}")
        elif value is None:  # ctypes reads a NULL c_void_p as None
            out.append(f"{key}=0")
        elif mode == "cffi" and isinstance(value, ffi.CData):  # a pointer member: its address
            out.append(f"{key}={int(ffi.cast('uintptr_t', value))}")
        else:
            out.append(f"{key}={int(value)}")

    def member_value(obj, struct_name, member):
        if mode == "ctypes":
            if member in TEXT[struct_name]:
                field = getattr(type(obj), member)
                return bytes(memoryview(obj).cast("B")[field.offset:field.offset + field.size])
            return getattr(obj, member)
        v = getattr(obj, member)
        if member in TEXT[struct_name]:
            return bytes(ffi.buffer(v))
        return v

    def walk(prefix, obj, struct_name):
        dt = getattr(mod, struct_name + "_dtype")
        for member in dt.names:
            v = member_value(obj, struct_name, member)
            key = f"{prefix}.{member}"
            if member in TEXT[struct_name]:
                b = v.split(b"\0")[0] if TEXT[struct_name][member][1] or b"\0" in v else v
                out.append(f"{key}={text(b, TEXT[struct_name][member][0])}")
            elif member in ENUMS[struct_name]:
                out.append(f"{key}={ENUMS[struct_name][member][int(v)]}")
            else:
                show(key, v, dt.fields[member][0])

    for i in range(count):
        if mode == "ctypes":
            walk(f"{name}[{i}]", getattr(mod, name).from_buffer_copy(data, i * mod.SIZE), name)
        else:
            walk(f"{name}[{i}]", items[i], name)
elif mode == "layout":
    import cffi
    ffi = cffi.FFI()
    ffi.cdef(mod.CDEF, packed=True)
    for struct_name in TEXT:
        dt = getattr(mod, struct_name + "_dtype")
        out.append(f"numpy.{struct_name}.sizeof={dt.itemsize}")
        out.append(f"cffi.{struct_name}.sizeof={ffi.sizeof(struct_name)}")
        cls = getattr(mod, struct_name)
        ctypes_ok = hasattr(cls, "_fields_")
        if ctypes_ok:
            out.append(f"ctypes.{struct_name}.sizeof={ctypes.sizeof(cls)}")
        for member in dt.names:
            out.append(f"numpy.{struct_name}.{member}={dt.fields[member][1]}")
            out.append(f"cffi.{struct_name}.{member}={ffi.offsetof(struct_name, member)}")
            if ctypes_ok:
                field = getattr(cls, member)
                if isinstance(field, property):  # a _Float16: the property over the bits field _SB_f16_<name>
                    field = getattr(cls, f"_SB_f16_{member}")
                out.append(f"ctypes.{struct_name}.{member}={field.offset}")
print("\n".join(out))

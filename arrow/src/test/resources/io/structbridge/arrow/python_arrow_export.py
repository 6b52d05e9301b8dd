"""The Python Arrow export (to_arrow, record_batches, arrow_stream of a generated module) against its oracles, run by
PythonArrowExportTest: argv[1] the command, argv[2] the folder of the modules and the runtime, then the command's."""
import importlib
import sys

import numpy as np
import pyarrow as pa
import pyarrow.ipc
import pyarrow.parquet as pq


def module(folder, name):
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)


def values(arr):
    """Every value byte for byte (NaN payloads and -0.0 kept): the leaves of the array's tree."""
    t = arr.type
    if pa.types.is_struct(t):
        return [values(arr.field(i)) for i in range(t.num_fields)]
    if pa.types.is_fixed_size_list(t):
        return values(arr.flatten())
    if pa.types.is_integer(t) or pa.types.is_floating(t):
        return arr.to_numpy(zero_copy_only=False).tobytes()
    return arr.to_pylist()


def same(a, b):
    return [values(c.combine_chunks()) for c in a.columns] == [values(c.combine_chunks()) for c in b.columns]


def compare(folder, name, path, ipc, parquet):
    m = module(folder, name)
    java = pa.ipc.open_file(ipc).read_all()
    t = m.to_arrow(path)
    assert t.schema.equals(java.schema, check_metadata=True), f"schema:\n{t.schema}\nJava:\n{java.schema}"
    assert m.arrow_schema().equals(java.schema, check_metadata=True)
    assert t.num_rows == java.num_rows and same(t, java), "to_arrow differs from Java's export"
    small = pa.Table.from_batches(list(m.record_batches(path, batch_rows=16)), schema=java.schema)
    assert all(b.num_rows <= 16 for b in small.to_batches()) and same(small, java), "record_batches(16) differs"
    first = java.schema.names[-1:]
    assert m.to_arrow(path, columns=first).schema.names == first
    import polars as pl
    try:
        want = pl.from_arrow(java)
    except Exception as e:  # a type Polars has no form for: it must refuse the stream the same way
        want = type(e).__name__
    try:
        got = pl.DataFrame(m.arrow_stream(path, batch_rows=16))  # through __arrow_c_stream__
    except Exception as e:
        got = type(e).__name__
    if isinstance(want, str):
        assert got == want, f"Polars: {got} but {want} for Java's"
        polars = "refused " + want
    else:
        assert not isinstance(got, str), got
        assert got.schema == want.schema and same(got.to_arrow(), want.to_arrow()), "Polars' frames differ"
        polars = str(got.height)
    if parquet != "-":
        assert repr(pq.read_table(parquet).to_pylist()) == repr(t.to_pylist()), "Parquet differs"
    print(f"{name} rows {t.num_rows} polars {polars}")


def errors(folder, name, manifest):
    """Each line of manifest: a struct file, then Java's message (or "ok"): the export refuses with it, or not."""
    m = module(folder, name)
    for line in open(manifest, encoding="utf-8"):
        path, want = line.rstrip("\n").split("\t")
        try:
            m.to_arrow(path)
            got = "ok"
        except ValueError as e:
            assert type(e).__name__ == "ArrowDataError", repr(e)
            got = str(e)
        for rows in (7, 64):  # batches: the same first error (rows are indexes in the file)
            try:
                for _ in m.record_batches(path, batch_rows=rows):
                    pass
                batched = "ok"
            except ValueError as e:
                batched = str(e)
            assert (batched == "ok") == (want == "ok"), (path, batched, want)
        print(f"{path}\t{got}\t{want}" if got != want else "same")


def zero_copy(folder, name, path):
    """For each leaf's data buffer of to_arrow(open_array(path)) (read-only) and of mode "c" (writable): inside the
    mapping or not."""
    m = module(folder, name)
    for mode in ("r", "c"):
        a = m.open_array(path, mode)
        lo, hi = a.ctypes.data, a.ctypes.data + a.nbytes
        t = m.to_arrow(a)
        inside = []
        for col in t.columns:
            arr = col.chunk(0)
            leaf = arr.flatten() if pa.types.is_fixed_size_list(arr.type) else arr
            addr = leaf.buffers()[1].address
            inside.append("inside" if lo <= addr < hi else "outside")
        assert same(t, m.to_arrow(np.array(a))), "a view equals a copy"
        print(mode, " ".join(inside))
        del t, a


if __name__ == "__main__":
    args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    {"compare": compare, "errors": errors, "zero_copy": zero_copy}[args[0]](*args[1:])

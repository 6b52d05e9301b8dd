"""Times the Python Arrow export of a generated module (Tick.to_arrow: six numeric columns, no JVM) against
pyarrow.parquet.read_table of the same rows, and Polars reading the export's C stream.

usage: python3 arrow_export.py MODULES [ROWS] [REPEATS]
MODULES: a folder holding Tick.py (arrow/target/test-classes/io/structbridge/arrow) and structbridge_rt.py. The
script writes a struct file of ROWS random Ticks (header format 2, as Java's StructFile writes it; open_array checks
it) and the Parquet file of the same rows (pyarrow, snappy, one row group per 1M rows), then times each reader
REPEATS times after one warm-up, the page cache warm, and prints the median, min and max.
"""
import os
import statistics
import struct
import sys
import tempfile
import time
import zlib

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

sys.path.insert(0, sys.argv[1])
import Tick  # noqa: E402
import polars as pl  # noqa: E402

ROWS = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
REPEATS = int(sys.argv[3]) if len(sys.argv) > 3 else 15


def write_struct_file(path: str, a: np.ndarray) -> None:
    order = 1 if sys.byteorder == "little" else 2
    header = bytearray(128)
    header[:8] = b"SBRIDGE\0"
    struct.pack_into("<IIQQQQQ", header, 8, 2, order, Tick.SIZE, Tick.ALIGNMENT, Tick.SIZE, len(a), 128)
    header[56:56 + len(Tick.FINGERPRINT)] = Tick.FINGERPRINT.encode("ascii")
    header[88:88 + len(Tick.NAME)] = Tick.NAME.encode("utf-8")
    struct.pack_into("<I", header, 120, 0)
    struct.pack_into("<I", header, 124, zlib.crc32(bytes(header[:124])))
    with open(path, "wb") as f:
        f.write(header)
        f.write(a.tobytes())


def timed(fn, repeats: int) -> list[float]:
    fn()
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    rng = np.random.default_rng(24)
    a = np.zeros(ROWS, dtype=Tick.Tick_dtype)
    a["id"] = np.arange(ROWS)
    a["price"] = rng.random(ROWS) * 1000
    a["qty"] = rng.random(ROWS).astype(np.float32)
    a["venue"] = rng.integers(0, 50, ROWS)
    a["flags"] = rng.integers(-1000, 1000, ROWS)
    a["side"] = rng.integers(-1, 2, ROWS)
    with tempfile.TemporaryDirectory() as d:
        sb = os.path.join(d, "ticks.sb")
        pqf = os.path.join(d, "ticks.parquet")
        write_struct_file(sb, a)
        table = Tick.to_arrow(sb)
        pq.write_table(table, pqf, row_group_size=1 << 20)
        assert pq.read_table(pqf).equals(table), "the Parquet file holds the same rows"
        cases = {
            "Tick.to_arrow(path)": lambda: Tick.to_arrow(sb),
            "Tick.to_arrow(path, batch_rows=65536)": lambda: Tick.to_arrow(sb, batch_rows=65536),
            "pyarrow.parquet.read_table(path)": lambda: pq.read_table(pqf),
            "polars.DataFrame(Tick.arrow_stream(path))": lambda: pl.DataFrame(Tick.arrow_stream(sb)),
            "polars.read_parquet(path)": lambda: pl.read_parquet(pqf),
        }
        print(f"rows {ROWS}, struct {Tick.SIZE} bytes, struct file {os.path.getsize(sb)} bytes, Parquet file "
              f"{os.path.getsize(pqf)} bytes; pyarrow {pa.__version__}, polars {pl.__version__}, numpy {np.__version__}, "
              f"cpus {os.cpu_count()}, loadavg {os.getloadavg()[0]:.2f}")
        for name, fn in cases.items():
            ts = [t * 1000 for t in timed(fn, REPEATS)]
            print(f"{name:45s} median {statistics.median(ts):8.2f} ms  min {min(ts):8.2f}  max {max(ts):8.2f}  "
                  f"(n={len(ts)})")


if __name__ == "__main__":
    main()

"""Member access from Python over the main job's struct file: the generated PlaceView against NumPy field
access and the generated ctypes class, in one run (ratios to ctypes, the issue's reference).

usage: python3 view_access_bench.py MODULE_DIR CITIES_SB [REPEATS]

MODULE_DIR holds the generated Place.py and its runtime structbridge_rt.py (examples/target/python after
`mvn -B -q -o -pl examples -am -Prun -DskipTests package`), CITIES_SB the main job's struct file
(examples/target/cities.sb), opened with the generated open_array (a numpy.memmap, not copied). Each case
reads (or writes) one member of 10,000 structs spread over the file, timed with time.perf_counter_ns;
REPEATS (default 15) runs per case, after 3 warm-up runs of each peer; the peers of a case run interleaved (each
repeat runs every peer once, the order rotated). Printed per case and peer: min and median ns per access, the spread
(half the distance between the 25th and 75th percentiles), and the ratio to ctypes within the same repeat (min,
median, max over the repeats).
  read  lat   PlaceView.at(arr, i).lat | PlaceView.at(mm, i).lat (mm: the memoryview of the array's bytes that ctypes
              gets too; at(arr) also pays NumPy's buffer export of the structured array per call) | view.move(i).lat (one view re-pointed) | arr["lat"][i] | Place.from_buffer(mm, off).lat
  read  name  PlaceView.at(arr, i).name (checked UTF-8 decode) | arr["name"][i] (raw bytes) | ctypes .name (raw bytes)
  write lat   view.lat = v (range-checked)  | arr["lat"][i] = v | ctypes .lat = v     (on a private copy: mode "c")
"""
import statistics
import sys
import time

sys.path.insert(0, sys.argv[1])
import numpy as np  # noqa: E402
import Place  # noqa: E402

repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 15
arr = Place.open_array(sys.argv[2], mode="c")  # copy-on-write: writes stay in this process
n = len(arr)
idx = [int(i) for i in np.linspace(0, n - 1, 10_000).astype(np.int64)]
mm = memoryview(arr.view(np.uint8).reshape(-1))  # the array's bytes (copy-on-write mapping), for ctypes
size = Place.SIZE
View = Place.PlaceView
CT = Place.Place


def run_interleaved(fns):
    """Times the peers of one case interleaved: each repeat runs every peer once (the order rotated), so
    a change of the shared machine's load hits all of them alike. Returns per peer the ns per access of
    each repeat and the ratio to ctypes (the last peer) within the same repeat."""
    for fn in fns:
        for _ in range(3):
            fn()
    times = [[] for _ in fns]
    for r in range(repeats):
        order = list(range(len(fns)))
        order = order[r % len(order):] + order[:r % len(order)]
        for k in order:
            t0 = time.perf_counter_ns()
            fns[k]()
            times[k].append((time.perf_counter_ns() - t0) / len(idx))
    return times, [[t / c for t, c in zip(ts, times[-1])] for ts in times]


def view_lat():
    s = 0.0
    for i in idx:
        s += View.at(arr, i).lat
    return s


def view_mm_lat():
    s = 0.0
    for i in idx:
        s += View.at(mm, i).lat
    return s


def cursor_lat():
    s = 0.0
    v = View.at(arr, 0)
    for i in idx:
        s += v.move(i).lat
    return s


def numpy_lat():
    s = 0.0
    for i in idx:
        s += arr["lat"][i]
    return s


def ctypes_lat():
    s = 0.0
    for i in idx:
        s += CT.from_buffer(mm, i * size).lat
    return s


def view_name():
    return [View.at(arr, i).name for i in idx]


def view_mm_name():
    return [View.at(mm, i).name for i in idx]


def cursor_name():
    v = View.at(arr, 0)
    return [v.move(i).name for i in idx]


def numpy_name():
    return [arr["name"][i] for i in idx]


def ctypes_name():
    return [CT.from_buffer(mm, i * size).name for i in idx]


def view_write():
    for i in idx:
        View.at(arr, i).lat = 45.0


def view_mm_write():
    for i in idx:
        View.at(mm, i).lat = 45.0


def cursor_write():
    v = View.at(arr, 0)
    for i in idx:
        v.move(i).lat = 45.0


def numpy_write():
    for i in idx:
        arr["lat"][i] = 45.0


def ctypes_write():
    for i in idx:
        CT.from_buffer(mm, i * size).lat = 45.0


assert abs(view_lat() - ctypes_lat()) < 1e-6 and abs(numpy_lat() - ctypes_lat()) < 1e-6, "the peers disagree"
print(f"{n} places, {len(idx)} accesses per run, {repeats} runs; Python {sys.version.split()[0]}, NumPy {np.__version__}")
for case, fns in (("read lat", (view_lat, view_mm_lat, cursor_lat, numpy_lat, ctypes_lat)),
                  ("read name", (view_name, view_mm_name, cursor_name, numpy_name, ctypes_name)),
                  ("write lat", (view_write, view_mm_write, cursor_write, numpy_write, ctypes_write))):
    times, ratios = run_interleaved(fns)
    for label, ts, rs in zip(("PlaceView.at(arr)", "PlaceView.at(mm)", "view.move(i)", "numpy arr[f][i]", "ctypes"), times, ratios):
        q = statistics.quantiles(ts, n=4)
        print(f"{case:10s} {label:17s} min {min(ts):7.1f} median {statistics.median(ts):7.1f} ns (IQR/2 {(q[2] - q[0]) / 2:5.1f})"
              f"  x ctypes in the same repeat: min {min(rs):5.2f} median {statistics.median(rs):5.2f} max {max(rs):5.2f}")

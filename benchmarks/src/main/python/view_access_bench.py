"""Member access from Python over the main job's struct file: the generated PlaceView against NumPy field
access and the generated ctypes class, in one run (ratios to ctypes, the issue's reference).

usage: python3 view_access_bench.py MODULE_DIR CITIES_SB [REPEATS]

MODULE_DIR holds the generated Place.py (examples/target/classes/io/structbridge/examples/cities after
`mvn -B -q -o -pl examples -am -Prun -DskipTests package`), CITIES_SB the main job's struct file
(examples/target/cities.sb), opened with the generated open_array (a numpy.memmap, not copied). Each case
reads (or writes) one member of 10,000 structs spread over the file, timed with time.perf_counter_ns;
REPEATS (default 15) runs per case, after 3 warm-up runs. Printed per case: the median ns per access and the
spread of the runs (half the distance between the 25th and 75th percentiles), then the ratio to ctypes.
  read  lat   PlaceView.at(arr, i).lat | view.move(i).lat (one view re-pointed) | arr["lat"][i] | Place.from_buffer(mm, off).lat
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


def run(fn):
    for _ in range(3):
        fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter_ns()
        fn()
        times.append((time.perf_counter_ns() - t0) / len(idx))
    q = statistics.quantiles(times, n=4)
    return statistics.median(times), (q[2] - q[0]) / 2


def view_lat():
    s = 0.0
    for i in idx:
        s += View.at(arr, i).lat
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
for case, fns in (("read lat", (view_lat, cursor_lat, numpy_lat, ctypes_lat)),
                  ("read name", (view_name, cursor_name, numpy_name, ctypes_name)),
                  ("write lat", (view_write, cursor_write, numpy_write, ctypes_write))):
    results = [run(f) for f in fns]
    ref = results[3][0]
    for label, (med, err) in zip(("PlaceView.at", "view.move(i)", "numpy arr[f][i]", "ctypes"), results):
        print(f"{case:10s} {label:16s} {med:8.1f} ± {err:5.1f} ns  ({med / ref:5.2f}x ctypes)")

"""The cities kernel (the k places nearest to a point) over the main job's struct file, three ways, in one run:
the Mojo kernel (the Python extension module nearest_mojo, examples/src/main/mojo/nearest_mojo.mojo), the C kernel
(examples/src/main/c/cities.c, libcities.so, called through ctypes) and NumPy (the vectorised haversine of
examples/src/main/python/nearest.py). All three read the same numpy.memmap of the file in place.

usage: python3 nearest_kernel_bench.py MODULE_DIR CITIES_SB LIBCITIES [REPEATS]

MODULE_DIR is examples/target/python (the generated Place.py, Hit.py, Place.mojo and structbridge_rt.mojo, after
`mvn -B -q -o -pl examples -am -Prun -DskipTests package`), CITIES_SB the main job's struct file
(examples/target/cities.sb), LIBCITIES examples/target/native/libcities.so (gcc -O2). The Mojo module is built by
examples/src/main/python/nearest_mojo.py (mojo build --emit shared-lib, -O3 by default) if it is missing.
Each repeat runs every peer once over all 171,071 places (the order rotated, so a change of the shared machine's
load hits all alike), after 3 warm-up runs of each; REPEATS (default 21). Printed per peer: min and median ms, the
spread (half the distance between the 25th and 75th percentiles), and the ratio to C within the same repeat
(median, min-max), with the load average before and after. The peers must agree on the hits (checked first).
"""
import ctypes
import os
import pathlib
import statistics
import subprocess
import sys
import time

modules = pathlib.Path(sys.argv[1]).resolve()
struct_file = sys.argv[2]
library = sys.argv[3]
repeats = int(sys.argv[4]) if len(sys.argv) > 4 else 21
examples = pathlib.Path(__file__).resolve().parents[4] / "examples"
built = examples / "target" / "mojo"
build = subprocess.run([sys.executable, str(examples / "src" / "main" / "python" / "nearest_mojo.py"), struct_file, "0", "0", "1",
                        str(modules)], capture_output=True, text=True)  # builds nearest_mojo.so when missing or stale
if build.returncode != 0:
    sys.exit(build.stderr)
sys.path.insert(0, str(modules))
sys.path.insert(0, str(built))
import numpy as np  # noqa: E402
import Hit  # noqa: E402
import Place  # noqa: E402
import nearest_mojo  # noqa: E402

places = Place.open_array(struct_file)
n = len(places)
address = places.ctypes.data
lat, lng, k = 52.52, 13.405, 5

lib = ctypes.CDLL(library)
lib.nearest.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_double, ctypes.c_double, ctypes.c_int32, ctypes.c_void_p]
lib.nearest.restype = None
out = (Hit.Hit * k)()


def c_kernel():
    lib.nearest(address, n, lat, lng, k, ctypes.addressof(out))
    return [(out[j].index, out[j].km) for j in range(k)]


def mojo_kernel():
    return [(int(i), float(km)) for i, km in nearest_mojo.nearest(address, n, lat, lng, k)]


def numpy_kernel():
    rad = np.pi / 180.0
    p1 = lat * rad
    p2 = places["lat"] * rad
    dp = p2 - p1
    dl = (places["lng"] - lng) * rad
    a = np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    km = 2 * 6371.0088 * np.arcsin(np.sqrt(a))
    order = np.argpartition(km, k)[:k]
    order = order[np.lexsort((order, km[order]))]
    return [(int(i), float(km[i])) for i in order]


peers = [("Mojo", mojo_kernel), ("NumPy", numpy_kernel), ("C", c_kernel)]
reference = c_kernel()
for name, fn in peers:
    got = fn()
    if [i for i, _ in got] != [i for i, _ in reference] or any(abs(a - b) > 1e-9 for (_, a), (_, b) in zip(got, reference)):
        sys.exit(f"{name} disagrees with C: {got} vs {reference}")

load_before = os.getloadavg()
for _, fn in peers:
    for _ in range(3):
        fn()
times = {name: [] for name, _ in peers}
for r in range(repeats):
    order = peers[r % len(peers):] + peers[:r % len(peers)]
    for name, fn in order:
        t0 = time.perf_counter_ns()
        fn()
        times[name].append((time.perf_counter_ns() - t0) / 1e6)
load_after = os.getloadavg()

print(f"nearest_kernel_bench: {n} places, k={k}, {repeats} repeats after 3 warm-ups, on {os.cpu_count()} cores; "
      f"load average (1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
      f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
print(f"{'peer':<6} {'min ms':>8} {'median ms':>10} {'spread ms':>10} {'ratio to C (median, min-max)':>32}")
for name, _ in peers:
    ts = sorted(times[name])
    q = statistics.quantiles(ts, n=4)
    ratios = sorted(t / c for t, c in zip(times[name], times["C"]))
    print(f"{name:<6} {ts[0]:8.2f} {statistics.median(ts):10.2f} {(q[2] - q[0]) / 2:10.2f} "
          f"{statistics.median(ratios):17.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})")

"""validate_array over 1M Place structs vs a per-row PlaceModel.model_validate loop over the same rows.

usage: python3 validate_array_bench.py MODULE_DIR CITIES_SB [N] [WORK_DIR]

MODULE_DIR holds the generated Place.py and its runtime structbridge_rt.py (examples/target/python after
`mvn -B -q -o -pl examples -am -Prun -DskipTests package`), CITIES_SB the main job's struct file of GeoNames
places (examples/target/cities.sb). The script writes a struct file of N (default 1,000,000) places to WORK_DIR
(default /tmp): the GeoNames places repeated, with 1 row in 100 damaged (latitude 95, NaN longitude, blank name),
and opens it with the generated open_array (a memmap, not copied). Then it times, interleaved, REPEATS (environment,
default 5) repeats of each (min, median, max; the ratios within the same repeat):
  validate_array(places)                          the vectorised checks (violations built for the damaged rows)
  dict per row + PlaceModel.model_validate        what a Pydantic user must do: one dict per row, then validate
  PlaceModel.model_validate over prebuilt dicts   Pydantic alone, the dicts built beforehand (not timed)
and prints the times, the violation counts and the ratios. Plain timing, no JMH; run on a quiet machine.
"""
import os
import struct
import sys
import time
import zlib

sys.path.insert(0, sys.argv[1])
import numpy as np  # noqa: E402
import Place  # noqa: E402

n = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
work = sys.argv[4] if len(sys.argv) > 4 else "/tmp"
source = Place.open_array(sys.argv[2])
with open(sys.argv[2], "rb") as f:
    header = bytearray(f.read(128))
data_offset = struct.unpack_from("<Q", header, 48)[0]
path = os.path.join(work, f"places-{n}.sb")
rows = np.resize(np.asarray(source), n)  # the GeoNames places, repeated
damaged = np.arange(0, n, 100)
rows["lat"][damaged[0::3]] = 95.0
rows["lng"][damaged[1::3]] = np.nan
rows["name"][damaged[2::3]] = b"   "
struct.pack_into("<Q", header, 40, n)  # the count
struct.pack_into("<I", header, 120, 0)  # flags: no writer has it open, so its length is exactly data offset + n * stride
struct.pack_into("<I", header, 124, zlib.crc32(bytes(header[:124])))  # the header checksum (format version 2)
with open(path, "wb") as f:
    f.write(header)
    f.write(b"\0" * (data_offset - 128))
    rows.tofile(f)
del rows
places = Place.open_array(path)


def per_row_dicts():
    lat, lng, name, country = places["lat"], places["lng"], places["name"], places["country"]
    return [{"lat": float(lat[i]), "lng": float(lng[i]), "name": name[i].decode("utf-8"),
             "country": country[i].decode("utf-8")} for i in range(len(places))]


def pydantic_loop(dicts=None):
    bad = 0
    model = Place.PlaceModel
    for d in dicts if dicts is not None else per_row_dicts():
        try:
            model.model_validate(d)
        except Exception:  # pydantic.ValidationError
            bad += 1
    return bad


import statistics  # noqa: E402

repeats = int(os.environ.get("REPEATS", "5"))
violations = Place.validate_array(places)  # warm-up (and the count)
dicts = per_row_dicts()
runs = {"va": [], "loop": [], "model": []}
bad_rows = 0
for r in range(repeats):  # interleaved: each repeat times every peer once, so load changes hit all alike
    t0 = time.perf_counter()
    found = Place.validate_array(places)
    runs["va"].append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    bad_rows = pydantic_loop()
    runs["loop"].append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    pydantic_loop(dicts)
    runs["model"].append(time.perf_counter() - t0)
    assert len(found) == len(violations)


def line(label, ts):
    return f"{label:38s} min {min(ts) * 1e3:9.1f} ms  median {statistics.median(ts) * 1e3:9.1f} ms  max {max(ts) * 1e3:9.1f} ms"


print(f"{n} Place structs ({places.dtype.itemsize} bytes each), {len(damaged)} damaged rows, {repeats} interleaved repeats")
print(line("validate_array:", runs["va"]) + f"  {len(violations)} violations")
print(line("dict per row + model_validate loop:", runs["loop"]) + f"  {bad_rows} rows refused")
print(line("model_validate over prebuilt dicts:", runs["model"]))
for label, key in (("loop / validate_array", "loop"), ("model_validate / validate_array", "model")):
    rs = [a / b for a, b in zip(runs[key], runs["va"])]
    print(f"ratio {label} (same repeat): min {min(rs):5.1f}x  median {statistics.median(rs):5.1f}x  max {max(rs):5.1f}x;"
          f" min/min {min(runs[key]) / min(runs['va']):5.1f}x")

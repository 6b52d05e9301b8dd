"""validate_array over 1M Place structs vs a per-row PlaceModel.model_validate loop over the same rows.

usage: python3 validate_array_bench.py MODULE_DIR CITIES_SB [N] [WORK_DIR]

MODULE_DIR holds the generated Place.py (examples/target/classes/io/structbridge/examples/cities after
`mvn -B -q -o -pl examples -am -Prun -DskipTests package`), CITIES_SB the main job's struct file of GeoNames
places (examples/target/cities.sb). The script writes a struct file of N (default 1,000,000) places to WORK_DIR
(default /tmp): the GeoNames places repeated, with 1 row in 100 damaged (latitude 95, NaN longitude, blank name),
and opens it with the generated open_array (a memmap, not copied). Then it times, each best of 3:
  validate_array(places)                          the vectorised checks (violations built for the damaged rows)
  dict per row + PlaceModel.model_validate        what a Pydantic user must do: one dict per row, then validate
  PlaceModel.model_validate over prebuilt dicts   Pydantic alone, the dicts built beforehand (not timed)
and prints the times, the violation counts and the ratios. Plain timing, no JMH; run on a quiet machine.
"""
import os
import struct
import sys
import time

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
with open(path, "wb") as f:
    f.write(header)
    f.write(b"\0" * (data_offset - 128))
    rows.tofile(f)
del rows
places = Place.open_array(path)


def best(fn, repeat=3):
    times = []
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), result


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


t_va, violations = best(lambda: Place.validate_array(places))
t_loop, bad_rows = best(pydantic_loop)
dicts = per_row_dicts()
t_model, _ = best(lambda: pydantic_loop(dicts))
print(f"{n} Place structs ({places.dtype.itemsize} bytes each), {len(damaged)} damaged rows")
print(f"validate_array:                       {t_va * 1e3:9.1f} ms  {len(violations)} violations")
print(f"dict per row + model_validate loop:   {t_loop * 1e3:9.1f} ms  {bad_rows} rows refused")
print(f"model_validate over prebuilt dicts:   {t_model * 1e3:9.1f} ms")
print(f"ratio loop / validate_array:          {t_loop / t_va:9.1f}x")
print(f"ratio model_validate / validate_array:{t_model / t_va:9.1f}x")

"""Python side of handing N LatLng structs over: the generated open_array (numpy.memmap of the struct file,
no copy) vs reading the same bytes with a copy (np.fromfile) vs json.loads of the same points (n <= 1e5)."""
import json, sys, timeit
import numpy as np
import LatLng

def touch(a):
    return float(a[0]["lat"]) + float(a[-1]["lng"])

for n in (1000, 100000, 10000000):
    path = f"/tmp/py/latlng-{n}.sb"
    a = LatLng.open_array(path)
    assert len(a) == n
    def mapped():
        return touch(LatLng.open_array(path))
    def copied():
        # the data starts at offset 128 (the header, aligned to 64); np.fromfile reads (copies) every byte
        return touch(np.fromfile(path, dtype=LatLng.LatLng_dtype, offset=128))
    res = {}
    for name, fn in (("open_array (mmap)", mapped), ("np.fromfile copy", copied)):
        reps = 200 if n <= 100000 else 5
        t = min(timeit.repeat(fn, number=reps, repeat=3)) / reps
        res[name] = t
    if n <= 100000:
        js = json.dumps([{"lat": float(x["lat"]), "lng": float(x["lng"])} for x in a])
        reps = 20 if n > 1000 else 200
        t = min(timeit.repeat(lambda: json.loads(js), number=reps, repeat=3)) / reps
        res["json.loads"] = t
    print(n, {k: f"{v * 1e6:.1f} us" for k, v in res.items()})

# nearest_mojo: a Python extension module written in Mojo (PyInit_nearest_mojo, PythonModuleBuilder), built with
#   mojo build --emit shared-lib -I examples/target/python -o nearest_mojo.so examples/src/main/mojo/nearest_mojo.mojo
# (examples/src/main/python/nearest_mojo.py builds it on first use). Its kernel reads the Place structs of a struct
# file where they lie: Python hands over the address of the NumPy memmap's first struct and the count, and the kernel
# walks them through the generated Mojo struct Place (Place.mojo, whose layout the compiler asserts against C's).

from std.math import asin, cos, sin, sqrt
from std.os import abort
from std.python import Python, PythonObject
from std.python.bindings import PythonModuleBuilder

from Place import Place

comptime EARTH_RADIUS_KM = 6371.0088
"""Mean Earth radius in km (IUGG), as Nearest.EARTH_RADIUS_KM in Java and cities.c."""
comptime RAD = 3.141592653589793 / 180.0


@export
def PyInit_nearest_mojo() abi("C") -> PythonObject:
    try:
        var m = PythonModuleBuilder("nearest_mojo")
        m.def_function[nearest]("nearest", docstring="nearest(address, count, lat, lng, k): the k places nearest to "
                                + "(lat, lng) among count Place structs at address, as [(index, km)], by distance then index")
        m.def_function[layout]("layout", docstring="layout(): (Place.SIZE, Place.ALIGNMENT, Place.FINGERPRINT)")
        return m.finalize()
    except e:
        abort(String("nearest_mojo: cannot create the Python module: ", e))


@always_inline
def haversine(lat1: Float64, lng1: Float64, lat2: Float64, lng2: Float64) -> Float64:
    """The great-circle distance in km, the formula of Nearest.haversine."""
    var p1 = lat1 * RAD
    var p2 = lat2 * RAD
    var dp = p2 - p1
    var dl = (lng2 - lng1) * RAD
    var a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
    return 2 * EARTH_RADIUS_KM * asin(sqrt(a))


def nearest(address: PythonObject, count: PythonObject, lat: PythonObject, lng: PythonObject, k: PythonObject) raises -> PythonObject:
    """The k nearest of count Place structs at address (Java's Nearest.JAVA: insertion into the k best, ties by index)."""
    var n = Int(py=count)
    var kk = Int(py=k)
    var la = Float64(py=lat)
    var lo = Float64(py=lng)
    if kk < 1 or n < 0:
        raise Error(String("nearest: k must be at least 1 and count not negative; k ", kk, ", count ", n))
    var places = Pointer[Place, MutAnyOrigin](unsafe_from_address=Int(py=address))
    if Int(places) % Place.ALIGNMENT != 0:
        raise Error(String("nearest: the address ", Int(places), " is not aligned to ", Place.ALIGNMENT, " bytes"))
    var best = List[Int](length=kk, fill=0)
    var km = List[Float64](length=kk, fill=0)
    var found = 0
    for i in range(n):
        ref p = places[unsafe_offset=i]
        var d = haversine(la, lo, p.lat, p.lng)
        if found < kk or d < km[found - 1]:
            var j = min(found, kk - 1)
            while j > 0 and km[j - 1] > d:
                best[j] = best[j - 1]
                km[j] = km[j - 1]
                j -= 1
            best[j] = i
            km[j] = d
            found = min(found + 1, kk)
    var out = Python.list()
    for j in range(found):
        out.append(Python.tuple(best[j], km[j]))
    return out


def layout() raises -> PythonObject:
    return Python.tuple(Place.SIZE, Place.ALIGNMENT, Place.FINGERPRINT)

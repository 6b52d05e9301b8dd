/* The k-nearest kernel of the cities pipeline, over the structs Java placed in a struct file.
   Built by the examples module against the generated Place.h and Hit.h. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "Place.h"
#include "Hit.h"

static const double EARTH_RADIUS_KM = 6371.0088;

static double haversine(double lat1, double lng1, double lat2, double lng2) {
    const double rad = 3.14159265358979323846 / 180.0;
    double p1 = lat1 * rad, p2 = lat2 * rad, dp = p2 - p1, dl = (lng2 - lng1) * rad;
    double a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2);
    return 2 * EARTH_RADIUS_KM * asin(sqrt(a));
}

/* Writes the k places nearest to (lat, lng) into out[0..k), sorted by distance, then index. */
void nearest(const Place* places, int64_t count, double lat, double lng, int32_t k, Hit* out) {
    int32_t found = 0;
    for (int64_t i = 0; i < count; i++) {
        double d = haversine(lat, lng, places[i].lat, places[i].lng);
        if (found < k || d < out[found - 1].km) {
            int32_t j = found < k ? found : k - 1;
            while (j > 0 && out[j - 1].km > d) {
                out[j] = out[j - 1];
                j--;
            }
            out[j].index = (int32_t) i;
            out[j].km = d;
            memcpy(out[j].name, places[i].name, sizeof out[j].name);
            memcpy(out[j].country, places[i].country, sizeof out[j].country);
            if (found < k) {
                found++;
            }
        }
    }
}

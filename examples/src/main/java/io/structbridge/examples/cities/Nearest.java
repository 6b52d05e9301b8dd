package io.structbridge.examples.cities;

/**
 * The kernel: the {@code k} places nearest to a point, by haversine distance, written into
 * {@code out} sorted by distance (then index). {@code nearest} in {@code cities.c} is the native
 * implementation; {@link #JAVA} the same algorithm over generated views.
 */
@FunctionalInterface
public interface Nearest {
    /** Mean Earth radius in km (IUGG). */
    double EARTH_RADIUS_KM = 6371.0088;

    void apply(PlaceArray places, long count, double lat, double lng, int k, HitArray out);

    /** {@return the great-circle distance in km} */
    static double haversine(double lat1, double lng1, double lat2, double lng2) {
        double p1 = Math.toRadians(lat1);
        double p2 = Math.toRadians(lat2);
        double dp = p2 - p1;
        double dl = Math.toRadians(lng2 - lng1);
        double a = Math.sin(dp / 2) * Math.sin(dp / 2) + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) * Math.sin(dl / 2);
        return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
    }

    /** The Java implementation, over views (no records built). */
    Nearest JAVA = (places, count, lat, lng, k, out) -> {
        int[] best = new int[k];
        double[] km = new double[k];
        int found = 0;
        PlaceView v = places.view(0);
        for (int i = 0; i < count; i++) {
            v.wrap(places.segment(), (long) i * PlaceStruct.SIZE);
            double d = haversine(lat, lng, v.lat(), v.lng());
            if (found < k || d < km[found - 1]) {
                int j = Math.min(found, k - 1);
                while (j > 0 && km[j - 1] > d) {
                    best[j] = best[j - 1];
                    km[j] = km[j - 1];
                    j--;
                }
                best[j] = i;
                km[j] = d;
                found = Math.min(found + 1, k);
            }
        }
        for (int j = 0; j < found; j++) {
            PlaceView p = places.view(best[j]);
            out.set(j, new Hit(best[j], km[j], p.name(), p.country()));
        }
    };
}

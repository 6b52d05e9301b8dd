package io.structbridge.benchmarks;

import com.sun.jna.Structure;

/** The JNA peer of {@link LatLng} ({@code double lat; double lng;}, 16 bytes). */
@Structure.FieldOrder({"lat", "lng"})
public class LatLngJna extends Structure {
    /** latitude */
    public double lat;
    /** longitude */
    public double lng;

    /** A structure with its own memory ({@link #toArray} places the array in one block). */
    public LatLngJna() {
        super();
    }
}

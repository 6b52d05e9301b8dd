package io.structbridge.benchmarks;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * The JNA peer of {@link Tick}: the same C struct as a {@link Structure} (default alignment,
 * so size 32 and the same offsets as {@link TickStruct}; checked in the benchmark setup).
 */
@Structure.FieldOrder({"id", "timestamp", "price", "qty", "venue"})
public class TickJna extends Structure {
    public int id;
    public long timestamp;
    public double price;
    public float qty;
    public short venue;

    /** A structure with its own (JNA-allocated) memory. */
    public TickJna() {
        super();
    }

    /**
     * A structure over existing native memory (not read until {@link #read()}).
     *
     * @param p the address of the struct
     */
    public TickJna(Pointer p) {
        super(p);
    }

    /**
     * {@return the byte offset JNA computed for {@code field}}
     *
     * @param field the field name
     */
    public long offsetOf(String field) {
        return fieldOffset(field);
    }
}

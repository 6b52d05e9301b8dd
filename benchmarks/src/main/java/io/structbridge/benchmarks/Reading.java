package io.structbridge.benchmarks;

import io.structbridge.annotations.Struct;
import io.structbridge.annotations.Union;

/**
 * A sensor reading whose 8 bytes are read as raw bits, a double or an int code: a C union
 * ({@code union { int64_t bits; double value; int32_t code; }}, size 8, alignment 8), held by
 * {@link Reading.Event} ({@code int32_t kind; /* 4 bytes hole * / union reading;}, size 16).
 *
 * @param bits the raw 64 bits
 * @param value the bits as an IEEE 754 double
 * @param code the first 4 bytes as an int
 */
@Union
public record Reading(long bits, double value, int code) {
    /**
     * An event holding a reading.
     *
     * @param kind the event kind
     * @param reading the reading
     */
    @Struct
    public record Event(int kind, Reading reading) {}
}

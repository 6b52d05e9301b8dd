package io.structbridge.examples.tzif;

import io.structbridge.annotations.Endian;
import io.structbridge.annotations.Struct;

/**
 * One version 1 transition time (RFC 8536 section 3.2): a signed 32-bit big-endian count of
 * seconds since 1970-01-01T00:00:00Z.
 *
 * @param time the transition time, seconds since the epoch
 */
@Struct(pack = 1, order = Endian.BIG, size = 4)
public record TransitionTime32(int time) {
}

package io.structbridge.examples.tzif;

import io.structbridge.annotations.Endian;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * A version 2+ leap-second record (RFC 8536 section 3.2): a signed 64-bit occurrence followed,
 * unaligned, by a signed 32-bit correction; 12 bytes, big-endian.
 *
 * @param occurrence UNIX time at which the correction takes effect
 * @param correction total correction after that time
 */
@Struct(pack = 1, order = Endian.BIG, size = 12)
public record LeapSecond64(@Offset(0) long occurrence, @Offset(8) int correction) {
}

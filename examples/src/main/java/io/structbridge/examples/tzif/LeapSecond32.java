package io.structbridge.examples.tzif;

import io.structbridge.annotations.Endian;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * A version 1 leap-second record (RFC 8536 section 3.2): occurrence and correction, both signed
 * 32-bit big-endian.
 *
 * @param occurrence UNIX time at which the correction takes effect
 * @param correction total correction after that time
 */
@Struct(pack = 1, order = Endian.BIG, size = 8)
public record LeapSecond32(@Offset(0) int occurrence, @Offset(4) int correction) {
}

package io.structbridge.examples.tzif;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * A local time type record, {@code ttinfo} (RFC 8536 section 3.2): six packed big-endian bytes.
 *
 * @param utoff    seconds to add to UT to get local time (never -2^31)
 * @param isdst    whether local time is daylight saving time (byte 0 or 1; anything else is an error)
 * @param desigidx index of the NUL-terminated designation ("CET") in the designation bytes
 */
@Struct(pack = 1, order = Endian.BIG, size = 6)
public record TtInfo(
        @Offset(0) int utoff,
        @Offset(4) boolean isdst,
        @Offset(5) @NativeType(CType.UINT8) int desigidx) {
}

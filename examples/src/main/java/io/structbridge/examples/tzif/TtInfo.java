package io.structbridge.examples.tzif;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * A local time type record, {@code ttinfo} (RFC 8536 section 3.2): six packed big-endian bytes.
 *
 * @param utoff    seconds to add to UT to get local time (never -2^31; RFC 8536 section 3.2 recommends
 *                 -89999 through 93599, which the generated validator checks)
 * @param isdst    whether local time is daylight saving time (byte 0 or 1; anything else is an error)
 * @param desigidx index of the NUL-terminated designation ("CET") in the designation bytes
 */
@Struct(pack = 1, order = Endian.BIG, size = 6)
public record TtInfo(
        @Offset(0) @Min(-89999) @Max(93599) int utoff,
        @Offset(4) boolean isdst,
        @Offset(5) @NativeType(CType.UINT8) int desigidx) {
}

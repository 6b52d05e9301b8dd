package io.structbridge.examples.tzif;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Capacity;
import io.structbridge.annotations.Encoding;
import io.structbridge.annotations.Endian;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * The 44-byte TZif header (RFC 8536 section 3.1), big-endian ("network byte order"). It starts
 * the file and, in version 2 and later, again the second (64-bit) data block.
 *
 * <p>{@code pack = 1}: TZif is a byte stream with no alignment anywhere (the second header starts
 * right after the variable-length version 1 data block, at any offset), so every TZif struct is
 * packed; the offsets below are the ones of RFC 8536 figure 1 all the same.
 *
 * @param magic    "TZif" (0x54 0x5A 0x69 0x66)
 * @param version  0x00 (version 1), or '2', '3', '4' (0x32..0x34)
 * @param reserved fifteen unused bytes
 * @param isutcnt  number of UT/local indicators (0 or typecnt)
 * @param isstdcnt number of standard/wall indicators (0 or typecnt)
 * @param leapcnt  number of leap-second records
 * @param timecnt  number of transition times
 * @param typecnt  number of local time type records (at least 1)
 * @param charcnt  number of bytes of time zone designation strings (at least 1)
 */
@Struct(pack = 1, order = Endian.BIG, size = 44)
public record TzifHeader(
        @Offset(0) @Capacity(value = 4, encoding = Encoding.ASCII, nulTerminated = false) String magic,
        @Offset(4) @NativeType(CType.UINT8) int version,
        @Offset(5) @Length(15) byte[] reserved,
        @Offset(20) @NativeType(CType.UINT32) long isutcnt,
        @Offset(24) @NativeType(CType.UINT32) long isstdcnt,
        @Offset(28) @NativeType(CType.UINT32) long leapcnt,
        @Offset(32) @NativeType(CType.UINT32) long timecnt,
        @Offset(36) @NativeType(CType.UINT32) long typecnt,
        @Offset(40) @NativeType(CType.UINT32) long charcnt) {
}

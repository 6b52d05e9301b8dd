package io.structbridge.examples.tzif;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Struct;

/**
 * One transition type index (RFC 8536 section 3.2): the local time type that starts at the
 * transition time of the same index; an unsigned byte, less than {@code typecnt}.
 *
 * @param index zero-based index into the local time type records
 */
@Struct(pack = 1, size = 1)
public record TransitionType(@NativeType(CType.UINT8) int index) {
}

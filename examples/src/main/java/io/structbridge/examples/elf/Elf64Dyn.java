package io.structbridge.examples.elf;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * {@code Elf64_Dyn} from {@code <elf.h>}: one entry of the dynamic section. The C union
 * {@code d_un} ({@code Elf64_Xword d_val} / {@code Elf64_Addr d_ptr}, both 8 bytes) is one
 * unsigned 64-bit component here. Used only to tell a position-independent executable from a
 * shared object (DT_FLAGS_1 & DF_1_PIE), as readelf does.
 *
 * <p>Pinned values from {@code sizeof}/{@code offsetof} on glibc 2.36's {@code <elf.h>}, gcc 12.2.0,
 * x86-64 ({@code src/test/c/elf_offsets.c}): {@code sizeof(Elf64_Dyn) == 16},
 * {@code offsetof(d_un) == 8}.
 *
 * @param dTag {@code Elf64_Sxword d_tag}: entry type (DT_NULL ends the array)
 * @param dVal {@code d_un.d_val}: value or address
 */
@Struct(size = 16)
public record Elf64Dyn(
        @Offset(0) long dTag,
        @Offset(8) @NativeType(CType.UINT64) long dVal) {
}

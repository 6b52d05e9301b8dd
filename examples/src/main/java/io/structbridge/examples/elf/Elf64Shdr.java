package io.structbridge.examples.elf;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * {@code Elf64_Shdr} from {@code <elf.h>}: one entry of the section header table.
 *
 * <p>Pinned values from {@code sizeof}/{@code offsetof} on glibc 2.36's {@code <elf.h>}, gcc 12.2.0,
 * x86-64 ({@code src/test/c/elf_offsets.c}): {@code sizeof(Elf64_Shdr) == 64},
 * {@code offsetof(sh_type) == 4}, {@code offsetof(sh_flags) == 8}, {@code offsetof(sh_offset) == 24},
 * {@code offsetof(sh_link) == 40}, {@code offsetof(sh_entsize) == 56}.
 *
 * @param shName      {@code Elf64_Word sh_name}: offset of the name in the section name string table
 * @param shType      {@code Elf64_Word sh_type}: SHT_PROGBITS, SHT_STRTAB, ...
 * @param shFlags     {@code Elf64_Xword sh_flags}: SHF_WRITE, SHF_ALLOC, ...
 * @param shAddr      {@code Elf64_Addr sh_addr}: virtual address at execution
 * @param shOffset    {@code Elf64_Off sh_offset}: file offset
 * @param shSize      {@code Elf64_Xword sh_size}: size in bytes
 * @param shLink      {@code Elf64_Word sh_link}: link to another section
 * @param shInfo      {@code Elf64_Word sh_info}: additional information
 * @param shAddralign {@code Elf64_Xword sh_addralign}: alignment
 * @param shEntsize   {@code Elf64_Xword sh_entsize}: entry size if the section holds a table
 */
@Struct(size = 64)
public record Elf64Shdr(
        @Offset(0) @NativeType(CType.UINT32) long shName,
        @Offset(4) @NativeType(CType.UINT32) long shType,
        @Offset(8) @NativeType(CType.UINT64) long shFlags,
        @Offset(16) @NativeType(CType.UINT64) long shAddr,
        @Offset(24) @NativeType(CType.UINT64) long shOffset,
        @Offset(32) @NativeType(CType.UINT64) long shSize,
        @Offset(40) @NativeType(CType.UINT32) long shLink,
        @Offset(44) @NativeType(CType.UINT32) long shInfo,
        @Offset(48) @NativeType(CType.UINT64) long shAddralign,
        @Offset(56) @NativeType(CType.UINT64) long shEntsize) {
}

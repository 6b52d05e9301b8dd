package io.structbridge.examples.elf;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * {@code Elf64_Phdr} from {@code <elf.h>}: one entry of the program header table.
 *
 * <p>Pinned values from {@code sizeof}/{@code offsetof} on glibc 2.36's {@code <elf.h>}, gcc 12.2.0,
 * x86-64 ({@code src/test/c/elf_offsets.c}): {@code sizeof(Elf64_Phdr) == 56},
 * {@code offsetof(p_flags) == 4}, {@code offsetof(p_offset) == 8}, {@code offsetof(p_filesz) == 32},
 * {@code offsetof(p_align) == 48}.
 *
 * @param pType   {@code Elf64_Word p_type}: PT_LOAD, PT_DYNAMIC, ...
 * @param pFlags  {@code Elf64_Word p_flags}: PF_R, PF_W, PF_X
 * @param pOffset {@code Elf64_Off p_offset}: file offset
 * @param pVaddr  {@code Elf64_Addr p_vaddr}: virtual address
 * @param pPaddr  {@code Elf64_Addr p_paddr}: physical address
 * @param pFilesz {@code Elf64_Xword p_filesz}: size in the file
 * @param pMemsz  {@code Elf64_Xword p_memsz}: size in memory
 * @param pAlign  {@code Elf64_Xword p_align}: alignment
 */
@Struct(size = 56)
public record Elf64Phdr(
        @Offset(0) @NativeType(CType.UINT32) long pType,
        @Offset(4) @NativeType(CType.UINT32) long pFlags,
        @Offset(8) @NativeType(CType.UINT64) long pOffset,
        @NativeType(CType.UINT64) long pVaddr,
        @NativeType(CType.UINT64) long pPaddr,
        @Offset(32) @NativeType(CType.UINT64) long pFilesz,
        @NativeType(CType.UINT64) long pMemsz,
        @Offset(48) @NativeType(CType.UINT64) long pAlign) {
}

package io.structbridge.examples.elf;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Length;
import io.structbridge.annotations.NativeType;
import io.structbridge.annotations.Offset;
import io.structbridge.annotations.Struct;

/**
 * {@code Elf64_Ehdr} from {@code <elf.h>}: the ELF-64 file header, in the file's byte order, which
 * this example requires to be the machine's (native) one.
 *
 * <p>Sizes and offsets pinned with {@code @Struct(size)} and {@code @Offset} come from
 * {@code sizeof}/{@code offsetof} on glibc 2.36's {@code <elf.h>} compiled with gcc 12.2.0 on
 * x86-64 (the program is {@code src/test/c/elf_offsets.c}; {@code ElfLayoutOracleTest} reruns it):
 * {@code sizeof(Elf64_Ehdr) == 64}, {@code offsetof(e_type) == 16}, {@code offsetof(e_entry) == 24},
 * {@code offsetof(e_shoff) == 40}, {@code offsetof(e_flags) == 48}, {@code offsetof(e_phnum) == 56},
 * {@code offsetof(e_shstrndx) == 62}.
 *
 * @param eIdent     {@code unsigned char e_ident[EI_NIDENT]}: magic, class, data, version, OS/ABI
 * @param eType      {@code Elf64_Half e_type}: object file type (ET_REL, ET_EXEC, ET_DYN, ...)
 * @param eMachine   {@code Elf64_Half e_machine}: architecture (EM_X86_64 = 62, ...)
 * @param eVersion   {@code Elf64_Word e_version}: object file version (EV_CURRENT = 1)
 * @param eEntry     {@code Elf64_Addr e_entry}: entry point virtual address
 * @param ePhoff     {@code Elf64_Off e_phoff}: program header table file offset
 * @param eShoff     {@code Elf64_Off e_shoff}: section header table file offset
 * @param eFlags     {@code Elf64_Word e_flags}: processor-specific flags
 * @param eEhsize    {@code Elf64_Half e_ehsize}: ELF header size in bytes
 * @param ePhentsize {@code Elf64_Half e_phentsize}: program header table entry size
 * @param ePhnum     {@code Elf64_Half e_phnum}: program header table entry count
 * @param eShentsize {@code Elf64_Half e_shentsize}: section header table entry size
 * @param eShnum     {@code Elf64_Half e_shnum}: section header table entry count
 * @param eShstrndx  {@code Elf64_Half e_shstrndx}: section header string table index
 */
@Struct(size = 64)
public record Elf64Ehdr(
        @Offset(0) @Length(16) byte[] eIdent,
        @Offset(16) @NativeType(CType.UINT16) int eType,
        @Offset(18) @NativeType(CType.UINT16) int eMachine,
        @Offset(20) @NativeType(CType.UINT32) long eVersion,
        @Offset(24) @NativeType(CType.UINT64) long eEntry,
        @Offset(32) @NativeType(CType.UINT64) long ePhoff,
        @Offset(40) @NativeType(CType.UINT64) long eShoff,
        @Offset(48) @NativeType(CType.UINT32) long eFlags,
        @Offset(52) @NativeType(CType.UINT16) int eEhsize,
        @NativeType(CType.UINT16) int ePhentsize,
        @Offset(56) @NativeType(CType.UINT16) int ePhnum,
        @NativeType(CType.UINT16) int eShentsize,
        @Offset(60) @NativeType(CType.UINT16) int eShnum,
        @Offset(62) @NativeType(CType.UINT16) int eShstrndx) {

    /** {@code EI_NIDENT}: size of {@link #eIdent()}. */
    public static final int EI_NIDENT = 16;
}

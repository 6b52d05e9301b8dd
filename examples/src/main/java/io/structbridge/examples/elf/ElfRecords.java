package io.structbridge.examples.elf;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads the {@code Elf64*} records with their 64-bit unsigned members ({@code Elf64_Addr},
 * {@code Elf64_Off}, {@code Elf64_Xword}) as raw 64-bit patterns, the way readelf reads them.
 *
 * <p>The generated {@code read}, {@code get} and member accessors enforce the Java range of a
 * {@code @NativeType(UINT64) long}, 0..2^63-1, and refuse larger values; but ELF files hold valid
 * values at and above 2^63: a Linux kernel's {@code e_entry = 0xffffffff81000000}, the
 * {@code p_vaddr}/{@code sh_addr} of higher-half code, high {@code sh_flags} bits. So these
 * members are read here through the generated offset constants ({@code Elf64EhdrStruct.E_ENTRY_OFFSET}
 * ...) with {@link ValueLayout#JAVA_LONG_UNALIGNED} in the native byte order (the records' order;
 * {@link ElfFile} has checked that the file's is the same), and the members of 32 bits or less
 * through the generated accessors. A value at or above 2^63 is a negative {@code long}: print it
 * with {@link Long#toUnsignedString(long)} or {@link Long#toHexString(long)}, compare it with
 * {@link Long#compareUnsigned(long, long)}. Offsets and sizes that must address the file are
 * checked by {@link ElfFile}.
 */
final class ElfRecords {
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED;

    private ElfRecords() {
    }

    private static long u64(MemorySegment s, long at) {
        return s.get(U64, at);
    }

    /** {@return the ELF header at {@code offset}} */
    static Elf64Ehdr ehdr(MemorySegment s, long offset) {
        return new Elf64Ehdr(
                Elf64EhdrStruct.eIdent(s, offset),
                Elf64EhdrStruct.eType(s, offset),
                Elf64EhdrStruct.eMachine(s, offset),
                Elf64EhdrStruct.eVersion(s, offset),
                u64(s, offset + Elf64EhdrStruct.E_ENTRY_OFFSET),
                u64(s, offset + Elf64EhdrStruct.E_PHOFF_OFFSET),
                u64(s, offset + Elf64EhdrStruct.E_SHOFF_OFFSET),
                Elf64EhdrStruct.eFlags(s, offset),
                Elf64EhdrStruct.eEhsize(s, offset),
                Elf64EhdrStruct.ePhentsize(s, offset),
                Elf64EhdrStruct.ePhnum(s, offset),
                Elf64EhdrStruct.eShentsize(s, offset),
                Elf64EhdrStruct.eShnum(s, offset),
                Elf64EhdrStruct.eShstrndx(s, offset));
    }

    /** {@return the section header at {@code offset}} */
    static Elf64Shdr shdr(MemorySegment s, long offset) {
        return new Elf64Shdr(
                Elf64ShdrStruct.shName(s, offset),
                Elf64ShdrStruct.shType(s, offset),
                u64(s, offset + Elf64ShdrStruct.SH_FLAGS_OFFSET),
                u64(s, offset + Elf64ShdrStruct.SH_ADDR_OFFSET),
                u64(s, offset + Elf64ShdrStruct.SH_OFFSET_OFFSET),
                u64(s, offset + Elf64ShdrStruct.SH_SIZE_OFFSET),
                Elf64ShdrStruct.shLink(s, offset),
                Elf64ShdrStruct.shInfo(s, offset),
                u64(s, offset + Elf64ShdrStruct.SH_ADDRALIGN_OFFSET),
                u64(s, offset + Elf64ShdrStruct.SH_ENTSIZE_OFFSET));
    }

    /** {@return the program header at {@code offset}} */
    static Elf64Phdr phdr(MemorySegment s, long offset) {
        return new Elf64Phdr(
                Elf64PhdrStruct.pType(s, offset),
                Elf64PhdrStruct.pFlags(s, offset),
                u64(s, offset + Elf64PhdrStruct.P_OFFSET_OFFSET),
                u64(s, offset + Elf64PhdrStruct.P_VADDR_OFFSET),
                u64(s, offset + Elf64PhdrStruct.P_PADDR_OFFSET),
                u64(s, offset + Elf64PhdrStruct.P_FILESZ_OFFSET),
                u64(s, offset + Elf64PhdrStruct.P_MEMSZ_OFFSET),
                u64(s, offset + Elf64PhdrStruct.P_ALIGN_OFFSET));
    }

    /** {@return {@code d_val}/{@code d_ptr} of the dynamic entry at {@code offset}} */
    static long dVal(MemorySegment s, long offset) {
        return u64(s, offset + Elf64DynStruct.D_VAL_OFFSET);
    }
}

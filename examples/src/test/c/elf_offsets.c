/*
 * Prints sizeof and offsetof of the ELF-64 structs in <elf.h>, one line each:
 *   struct <Type> <sizeof> <_Alignof>
 *   field <Type> <member> <offsetof> <sizeof member>
 * The @Struct(size) and @Offset values of io.structbridge.examples.elf.* were taken from this
 * program's output (glibc 2.36 <elf.h>, gcc 12.2.0, x86-64), and ElfLayoutOracleTest compiles
 * and runs it again to compare with the generated *_OFFSET, SIZE and ALIGNMENT constants.
 */
#include <elf.h>
#include <stddef.h>
#include <stdio.h>

#define S(T) printf("struct %s %zu %zu\n", #T, sizeof(T), _Alignof(T))
#define F(T, f) printf("field %s %s %zu %zu\n", #T, #f, offsetof(T, f), sizeof(((T *)0)->f))

int main(void) {
    S(Elf64_Ehdr);
    F(Elf64_Ehdr, e_ident); F(Elf64_Ehdr, e_type); F(Elf64_Ehdr, e_machine);
    F(Elf64_Ehdr, e_version); F(Elf64_Ehdr, e_entry); F(Elf64_Ehdr, e_phoff);
    F(Elf64_Ehdr, e_shoff); F(Elf64_Ehdr, e_flags); F(Elf64_Ehdr, e_ehsize);
    F(Elf64_Ehdr, e_phentsize); F(Elf64_Ehdr, e_phnum); F(Elf64_Ehdr, e_shentsize);
    F(Elf64_Ehdr, e_shnum); F(Elf64_Ehdr, e_shstrndx);
    S(Elf64_Shdr);
    F(Elf64_Shdr, sh_name); F(Elf64_Shdr, sh_type); F(Elf64_Shdr, sh_flags);
    F(Elf64_Shdr, sh_addr); F(Elf64_Shdr, sh_offset); F(Elf64_Shdr, sh_size);
    F(Elf64_Shdr, sh_link); F(Elf64_Shdr, sh_info); F(Elf64_Shdr, sh_addralign);
    F(Elf64_Shdr, sh_entsize);
    S(Elf64_Phdr);
    F(Elf64_Phdr, p_type); F(Elf64_Phdr, p_flags); F(Elf64_Phdr, p_offset);
    F(Elf64_Phdr, p_vaddr); F(Elf64_Phdr, p_paddr); F(Elf64_Phdr, p_filesz);
    F(Elf64_Phdr, p_memsz); F(Elf64_Phdr, p_align);
    S(Elf64_Dyn);
    F(Elf64_Dyn, d_tag); F(Elf64_Dyn, d_un);
    return 0;
}

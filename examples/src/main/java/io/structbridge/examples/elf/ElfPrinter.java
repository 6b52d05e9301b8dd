package io.structbridge.examples.elf;

import java.util.Locale;
import java.util.Map;

/**
 * Formats an {@link ElfFile} the way GNU readelf 2.40 prints {@code readelf -h -S -l -W}: the file
 * header, the section header table and the program header table, with readelf's column widths,
 * so that the two outputs can be compared line by line. The 64-bit members are unsigned
 * ({@code Elf64_Addr}, {@code Elf64_Off}, {@code Elf64_Xword}): a value at or above 2^63 is a negative
 * {@code long} here and is printed as readelf prints it, unsigned.
 */
public final class ElfPrinter {
    private ElfPrinter() {
    }

    /** {@return the ELF header, section headers and program headers as readelf -h -S -l -W prints them} */
    public static String format(ElfFile elf) {
        StringBuilder out = new StringBuilder();
        out.append("File: ").append(elf.path()).append('\n');
        header(elf, out);
        out.append('\n');
        sections(elf, out);
        out.append('\n');
        programHeaders(elf, out);
        return out.toString();
    }

    /** readelf -h. */
    static void header(ElfFile elf, StringBuilder out) {
        Elf64Ehdr h = elf.header();
        byte[] ident = h.eIdent();
        out.append("ELF Header:\n");
        out.append("  Magic:   ");
        for (byte b : ident) {
            out.append(String.format("%02x ", Byte.toUnsignedInt(b)));
        }
        out.append('\n');
        field(out, "Class:", "ELF64");
        field(out, "Data:", "2's complement, " + (ident[ElfFile.EI_DATA] == ElfFile.ELFDATA2LSB ? "little" : "big")
                + " endian");
        int identVersion = Byte.toUnsignedInt(ident[ElfFile.EI_VERSION]);
        field(out, "Version:", identVersion + (identVersion == 1 ? " (current)" : " <unknown>"));
        field(out, "OS/ABI:", osAbiName(Byte.toUnsignedInt(ident[ElfFile.EI_OSABI])));
        field(out, "ABI Version:", Integer.toString(Byte.toUnsignedInt(ident[ElfFile.EI_ABIVERSION])));
        field(out, "Type:", typeName(h.eType(), elf.positionIndependentExecutable()));
        field(out, "Machine:", machineName(h.eMachine()));
        field(out, "Version:", "0x" + Long.toHexString(h.eVersion()));
        field(out, "Entry point address:", "0x" + Long.toHexString(h.eEntry()));
        field(out, "Start of program headers:", Long.toUnsignedString(h.ePhoff()) + " (bytes into file)");
        field(out, "Start of section headers:", Long.toUnsignedString(h.eShoff()) + " (bytes into file)");
        field(out, "Flags:", "0x" + Long.toHexString(h.eFlags()));
        field(out, "Size of this header:", h.eEhsize() + " (bytes)");
        field(out, "Size of program headers:", h.ePhentsize() + " (bytes)");
        field(out, "Number of program headers:", h.ePhnum() == ElfFile.PN_XNUM && elf.sectionCount() > 0
                ? h.ePhnum() + " (" + elf.programHeaderCount() + ")" : Integer.toString(h.ePhnum()));
        field(out, "Size of section headers:", h.eShentsize() + " (bytes)");
        field(out, "Number of section headers:", h.eShnum() == 0 && elf.sectionCount() > 0
                ? "0 (" + elf.sectionCount() + ")" : Integer.toString(h.eShnum()));
        field(out, "Section header string table index:", h.eShstrndx() == ElfFile.SHN_XINDEX
                ? h.eShstrndx() + " (" + elf.shstrndx() + ")" : Integer.toString(h.eShstrndx()));
    }

    private static void field(StringBuilder out, String label, String value) {
        out.append(String.format("  %-35s%s\n", label, value));
    }

    /** readelf -S -W. */
    static void sections(ElfFile elf, StringBuilder out) {
        if (elf.sections().isEmpty()) {
            out.append("There are no sections in this file.\n");
            return;
        }
        out.append("Section Headers:\n");
        out.append("  [Nr] Name              Type            Address          Off    Size   ES Flg Lk Inf Al\n");
        for (ElfFile.Section s : elf.sections()) {
            Elf64Shdr h = s.header();
            out.append(String.format(Locale.ROOT, "  [%2d] %-17s %-15s %016x %06x %06x %02x %3s %2d %3d %2s\n",
                    s.index(), s.name(), sectionTypeName(h.shType(), elf.header().eMachine()),
                    h.shAddr(), h.shOffset(), h.shSize(), h.shEntsize(),
                    sectionFlags(h.shFlags(), elf.header()), h.shLink(), h.shInfo(), Long.toUnsignedString(h.shAddralign())));
        }
    }

    /** readelf -l -W (the table only). */
    static void programHeaders(ElfFile elf, StringBuilder out) {
        if (elf.programHeaders().isEmpty()) {
            out.append("There are no program headers in this file.\n");
            return;
        }
        out.append("Program Headers:\n");
        out.append("  Type           Offset   VirtAddr           PhysAddr           FileSiz  MemSiz   Flg Align\n");
        for (Elf64Phdr p : elf.programHeaders()) {
            out.append(String.format(Locale.ROOT, "  %-14s 0x%06x 0x%016x 0x%016x 0x%06x 0x%06x %c%c%c %s\n",
                    segmentTypeName(p.pType()), p.pOffset(), p.pVaddr(), p.pPaddr(), p.pFilesz(), p.pMemsz(),
                    (p.pFlags() & 4) != 0 ? 'R' : ' ', (p.pFlags() & 2) != 0 ? 'W' : ' ',
                    (p.pFlags() & 1) != 0 ? 'E' : ' ', p.pAlign() == 0 ? "0" : "0x" + Long.toHexString(p.pAlign())));
        }
    }

    private static final Map<Integer, String> OS_ABI = Map.ofEntries(
            Map.entry(0, "UNIX - System V"), Map.entry(1, "UNIX - HP-UX"), Map.entry(2, "UNIX - NetBSD"),
            Map.entry(3, "UNIX - GNU"), Map.entry(6, "UNIX - Solaris"), Map.entry(7, "UNIX - AIX"),
            Map.entry(8, "UNIX - IRIX"), Map.entry(9, "UNIX - FreeBSD"), Map.entry(10, "UNIX - TRU64"),
            Map.entry(11, "Novell - Modesto"), Map.entry(12, "UNIX - OpenBSD"), Map.entry(13, "VMS - OpenVMS"),
            Map.entry(14, "HP - Non-Stop Kernel"), Map.entry(15, "AROS"), Map.entry(16, "FenixOS"),
            Map.entry(17, "Nuxi CloudABI"), Map.entry(18, "Stratus Technologies OpenVOS"));

    /** readelf's OS/ABI names (the generic ones). */
    public static String osAbiName(int osabi) {
        String name = OS_ABI.get(osabi);
        return name != null ? name : String.format("<unknown: %x>", osabi);
    }

    /** readelf's "Type:" value. */
    public static String typeName(int type, boolean pie) {
        return switch (type) {
            case 0 -> "NONE (None)";
            case 1 -> "REL (Relocatable file)";
            case 2 -> "EXEC (Executable file)";
            case 3 -> pie ? "DYN (Position-Independent Executable file)" : "DYN (Shared object file)";
            case 4 -> "CORE (Core file)";
            default -> type >= 0xff00 ? String.format("Processor Specific: (%x)", type)
                    : type >= 0xfe00 ? String.format("OS Specific: (%x)", type)
                    : String.format("<unknown>: %x", type);
        };
    }

    private static final Map<Integer, String> MACHINES = Map.ofEntries(
            Map.entry(0, "None"), Map.entry(2, "Sparc"), Map.entry(3, "Intel 80386"), Map.entry(4, "MC68000"),
            Map.entry(8, "MIPS R3000"), Map.entry(20, "PowerPC"), Map.entry(21, "PowerPC64"),
            Map.entry(22, "IBM S/390"), Map.entry(40, "ARM"), Map.entry(42, "Renesas / SuperH SH"),
            Map.entry(43, "Sparc v9"), Map.entry(50, "Intel IA-64"), Map.entry(62, "Advanced Micro Devices X86-64"),
            Map.entry(183, "AArch64"), Map.entry(243, "RISC-V"), Map.entry(247, "Linux BPF"),
            Map.entry(258, "LoongArch"));

    /** readelf's "Machine:" value for the common architectures. */
    public static String machineName(int machine) {
        String name = MACHINES.get(machine);
        return name != null ? name : String.format("<unknown>: 0x%x", machine);
    }

    /** readelf's section type names (generic, GNU, and x86-64 processor-specific). */
    public static String sectionTypeName(long type, int machine) {
        String generic = switch ((int) type) {
            case 0 -> "NULL";
            case 1 -> "PROGBITS";
            case 2 -> "SYMTAB";
            case 3 -> "STRTAB";
            case 4 -> "RELA";
            case 5 -> "HASH";
            case 6 -> "DYNAMIC";
            case 7 -> "NOTE";
            case 8 -> "NOBITS";
            case 9 -> "REL";
            case 10 -> "SHLIB";
            case 11 -> "DYNSYM";
            case 14 -> "INIT_ARRAY";
            case 15 -> "FINI_ARRAY";
            case 16 -> "PREINIT_ARRAY";
            case 17 -> "GROUP";
            case 18 -> "SYMTAB SECTION INDICES";
            case 19 -> "RELR";
            case 0x6ffffff5 -> "GNU_ATTRIBUTES";
            case 0x6ffffff6 -> "GNU_HASH";
            case 0x6ffffff7 -> "GNU_LIBLIST";
            case 0x6ffffffd -> "VERDEF";
            case 0x6ffffffe -> "VERNEED";
            case 0x6fffffff -> "VERSYM";
            case 0x6fff4c00 -> "LLVM_ODRTAB";
            case 0x6fff4c01 -> "LLVM_LINKER_OPTIONS";
            case 0x6fff4c02 -> "LLVM_CALL_GRAPH_PROFILE";
            case 0x6fff4c03 -> "LLVM_ADDRSIG";
            case 0x6fff4c04 -> "LLVM_DEPENDENT_LIBRARIES";
            case 0x6fff4c05 -> "LLVM_SYMPART";
            case 0x6fff4c06 -> "LLVM_PART_EHDR";
            case 0x6fff4c07 -> "LLVM_PART_PHDR";
            case 0x6fff4c08 -> "LLVM_BB_ADDR_MAP_V0";
            case 0x6fff4c09 -> "LLVM_CALL_GRAPH_PROFILE";
            case 0x6fff4c0a -> "LLVM_BB_ADDR_MAP";
            case 0x6fff4c0b -> "LLVM_OFFLOADING";
            case 0x6fff4c0c -> "LLVM_LTO";
            default -> null;
        };
        if (generic != null) {
            return generic;
        }
        if (machine == 62 && type == 0x70000001L) {
            return "X86_64_UNWIND";
        }
        if (type >= 0x70000000L && type <= 0x7fffffffL) {
            return String.format("LOPROC+%x", type - 0x70000000L);
        }
        if (type >= 0x60000000L && type <= 0x6fffffffL) {
            return String.format("LOOS+%x", type - 0x60000000L);
        }
        if (type >= 0x80000000L && type <= 0xffffffffL) {
            return String.format("LOUSER+%x", type - 0x80000000L);
        }
        return String.format("%08x: <unknown>", type);
    }

    /** readelf's one-letter section flags, lowest bit first (readelf -S without -t). */
    public static String sectionFlags(long flags, Elf64Ehdr header) {
        StringBuilder b = new StringBuilder();
        int osabi = Byte.toUnsignedInt(header.eIdent()[ElfFile.EI_OSABI]);
        long rest = flags;
        while (rest != 0) {
            long flag = rest & -rest;
            rest &= ~flag;
            char c;
            if (flag == 0x1) {
                c = 'W';
            } else if (flag == 0x2) {
                c = 'A';
            } else if (flag == 0x4) {
                c = 'X';
            } else if (flag == 0x10) {
                c = 'M';
            } else if (flag == 0x20) {
                c = 'S';
            } else if (flag == 0x40) {
                c = 'I';
            } else if (flag == 0x80) {
                c = 'L';
            } else if (flag == 0x100) {
                c = 'O';
            } else if (flag == 0x200) {
                c = 'G';
            } else if (flag == 0x400) {
                c = 'T';
            } else if (flag == 0x80000000L) {
                c = 'E';
            } else if (flag == 0x800) {
                c = 'C';
            } else if (header.eMachine() == 62 && flag == 0x10000000L) {
                c = 'l';
            } else if ((flag & 0x0ff00000L) != 0) {
                if ((osabi == 3 || osabi == 9) && flag == 0x200000L) {
                    c = 'R';
                } else if ((osabi == 0 || osabi == 3 || osabi == 9) && flag == 0x01000000L) {
                    c = 'D';
                } else {
                    c = 'o';
                    rest &= ~0x0ff00000L; // ~SHF_MASKOS: an int, sign-extended, so bits 32..63 stay
                }
            } else if ((flag & 0xf0000000L) != 0) {
                c = 'p';
                // readelf clears with ~SHF_MASKPROC, an unsigned int (0x0fffffff) zero-extended to
                // 64 bits: that also clears bits 32..63, so no letter follows for them.
                rest &= 0x0fffffffL;
            } else {
                c = 'x';
            }
            b.append(c);
        }
        return b.toString();
    }

    /** readelf's program header type names. */
    public static String segmentTypeName(long type) {
        return switch ((int) type) {
            case 0 -> "NULL";
            case 1 -> "LOAD";
            case 2 -> "DYNAMIC";
            case 3 -> "INTERP";
            case 4 -> "NOTE";
            case 5 -> "SHLIB";
            case 6 -> "PHDR";
            case 7 -> "TLS";
            case 0x6474e550 -> "GNU_EH_FRAME";
            case 0x6474e551 -> "GNU_STACK";
            case 0x6474e552 -> "GNU_RELRO";
            case 0x6474e553 -> "GNU_PROPERTY";
            case 0x6474e554 -> "GNU_SFRAME";
            default -> type >= 0x70000000L && type <= 0x7fffffffL ? String.format("LOPROC+%#x", type - 0x70000000L)
                    : type >= 0x60000000L && type <= 0x6fffffffL ? String.format("LOOS+%#x", type - 0x60000000L)
                    : String.format("<unknown>: %x", type);
        };
    }
}

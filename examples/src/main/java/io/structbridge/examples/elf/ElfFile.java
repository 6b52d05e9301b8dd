package io.structbridge.examples.elf;

import io.structbridge.examples.MalformedFileException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An ELF-64 file read through the generated {@code Elf64*Struct}/{@code Elf64*Array} classes: the
 * file is mapped read-only ({@link FileChannel#map(FileChannel.MapMode, long, long, Arena)}), every
 * count and offset of the header is checked against the file size before the table it describes is
 * touched, and the result is copied out into records so that the mapping can be closed.
 *
 * <p>Only ELFCLASS64 files whose byte order is the machine's are read: the records are declared
 * with the native byte order, exactly like {@code <elf.h>} on the machine that runs this.
 *
 * @param path            the file
 * @param fileSize        its size in bytes
 * @param header          the ELF header
 * @param sections        the section headers with their names, in table order
 * @param programHeaders  the program headers, in table order
 * @param sectionCount    the number of sections (e_shnum, or section 0's sh_size when e_shnum is 0)
 * @param shstrndx        the section name string table index (resolving SHN_XINDEX)
 * @param programHeaderCount the number of program headers (e_phnum, or section 0's sh_info for PN_XNUM)
 * @param positionIndependentExecutable whether an ET_DYN file has DF_1_PIE in DT_FLAGS_1
 */
public record ElfFile(
        Path path,
        long fileSize,
        Elf64Ehdr header,
        List<Section> sections,
        List<Elf64Phdr> programHeaders,
        long sectionCount,
        long shstrndx,
        long programHeaderCount,
        boolean positionIndependentExecutable) {

    /** {@code ELFMAG}: the four magic bytes {@code 0x7f 'E' 'L' 'F'}. */
    static final byte[] ELFMAG = {0x7f, 'E', 'L', 'F'};
    static final int EI_CLASS = 4;
    static final int EI_DATA = 5;
    static final int EI_VERSION = 6;
    static final int EI_OSABI = 7;
    static final int EI_ABIVERSION = 8;
    static final int ELFCLASS32 = 1;
    static final int ELFCLASS64 = 2;
    static final int ELFDATA2LSB = 1;
    static final int ELFDATA2MSB = 2;
    static final int ET_DYN = 3;
    static final int SHN_UNDEF = 0;
    static final int SHN_LORESERVE = 0xff00;
    static final int SHN_XINDEX = 0xffff;
    static final int PN_XNUM = 0xffff;
    static final long SHT_NOBITS = 8;
    static final long PT_DYNAMIC = 2;
    static final long DT_NULL = 0;
    static final long DT_FLAGS_1 = 0x6ffffffbL;
    static final long DF_1_PIE = 0x08000000L;
    /** Longest section name accepted; real ones are far shorter, and this bounds the work per name. */
    static final int MAX_NAME_BYTES = 1 << 16;

    /**
     * One section header with its name.
     *
     * @param index  the index in the section header table ([Nr] in readelf)
     * @param name   the name from the section name string table ("" when there is none)
     * @param header the section header
     */
    public record Section(int index, String name, Elf64Shdr header) {
        public Section {
            Objects.requireNonNull(name);
            Objects.requireNonNull(header);
        }
    }

    public ElfFile {
        sections = List.copyOf(sections);
        programHeaders = List.copyOf(programHeaders);
    }

    /**
     * Maps and reads an ELF-64 file.
     *
     * @param path the file
     * @return its headers
     * @throws MalformedFileException if the file is not a well-formed ELF-64 file of this machine's
     *                                byte order; the message names the field and its value
     * @throws IOException            if the file cannot be read
     */
    public static ElfFile read(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            if (!Files.exists(path)) {
                throw new java.nio.file.NoSuchFileException(path.toString());
            }
            throw new MalformedFileException(path, "not a regular file");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
             Arena arena = Arena.ofConfined()) {
            long size = channel.size();
            if (size < ELFMAG.length) {
                throw new MalformedFileException(path, "not an ELF file: only " + size
                        + " bytes, too short for the 4-byte magic 7f 45 4c 46");
            }
            MemorySegment file = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return new Reader(path, file).read();
        }
    }

    /** {@return the section named {@code name}, if any} */
    public java.util.Optional<Section> section(String name) {
        return sections.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The reading steps; one instance per call, confined to the mapping's lifetime. */
    private static final class Reader {
        private final Path path;
        private final MemorySegment file;
        private final long size;

        Reader(Path path, MemorySegment file) {
            this.path = path;
            this.file = file;
            this.size = file.byteSize();
        }

        private MalformedFileException bad(String detail) {
            return new MalformedFileException(path, detail);
        }

        ElfFile read() throws MalformedFileException {
            checkIdent();
            // e_entry, e_phoff and e_shoff are read as raw 64 bits: see ElfRecords.
            Elf64Ehdr header = ElfRecords.ehdr(file, 0);
            if (header.eEhsize() != Elf64EhdrStruct.SIZE) {
                throw bad("e_ehsize is " + header.eEhsize() + ", expected " + Elf64EhdrStruct.SIZE
                        + " (sizeof(Elf64_Ehdr))");
            }

            Elf64ShdrArray table = sectionHeaderTable(header);
            long count = table == null ? 0 : table.count();
            List<Section> sections = new ArrayList<>();
            long shstrndx = header.eShstrndx();
            if (table != null) {
                List<Elf64Shdr> headers = new ArrayList<>();
                for (long i = 0; i < count; i++) {
                    headers.add(shdr(table, i));
                }
                if (shstrndx == SHN_XINDEX) {
                    shstrndx = headers.get(0).shLink();
                }
                MemorySegment names = sectionNames(headers, shstrndx);
                for (int i = 0; i < headers.size(); i++) {
                    Elf64Shdr h = headers.get(i);
                    sections.add(new Section(i, names == null ? "" : name(names, i, h.shName()), h));
                }
            } else if (shstrndx != SHN_UNDEF) {
                throw bad("e_shstrndx is " + shstrndx + " but the file has no section header table");
            }

            long phnum = header.ePhnum();
            if (phnum == PN_XNUM && !sections.isEmpty()) {
                phnum = sections.get(0).header().shInfo();
            }
            List<Elf64Phdr> programHeaders = programHeaders(header, phnum);
            boolean pie = header.eType() == ET_DYN && hasPieFlag(programHeaders);
            return new ElfFile(path, size, header, sections, programHeaders, count, shstrndx, phnum, pie);
        }

        /** e_ident: magic, class, data, version; before anything else is read. */
        private void checkIdent() throws MalformedFileException {
            for (int i = 0; i < ELFMAG.length; i++) {
                if (file.get(ValueLayout.JAVA_BYTE, i) != ELFMAG[i]) {
                    throw bad("not an ELF file: magic is " + hex(file, 0, ELFMAG.length)
                            + ", expected 7f 45 4c 46");
                }
            }
            if (size < Elf64EhdrStruct.SIZE) {
                throw bad("truncated ELF header: the file has " + size + " bytes, an ELF-64 header needs "
                        + Elf64EhdrStruct.SIZE);
            }
            int elfClass = Byte.toUnsignedInt(Elf64EhdrStruct.eIdent(file, 0, EI_CLASS));
            if (elfClass != ELFCLASS64) {
                throw bad("e_ident[EI_CLASS] is " + elfClass + (elfClass == ELFCLASS32 ? " (ELFCLASS32)" : "")
                        + ", only ELFCLASS64 (2) is supported");
            }
            int data = Byte.toUnsignedInt(Elf64EhdrStruct.eIdent(file, 0, EI_DATA));
            ByteOrder fileOrder = switch (data) {
                case ELFDATA2LSB -> ByteOrder.LITTLE_ENDIAN;
                case ELFDATA2MSB -> ByteOrder.BIG_ENDIAN;
                default -> throw bad("e_ident[EI_DATA] is " + data
                        + ", expected ELFDATA2LSB (1) or ELFDATA2MSB (2)");
            };
            if (fileOrder != ByteOrder.nativeOrder()) {
                throw bad("e_ident[EI_DATA] is " + data + " (" + orderName(fileOrder)
                        + "), but this machine is " + orderName(ByteOrder.nativeOrder())
                        + " and the Elf64 records use the native byte order");
            }
            int version = Byte.toUnsignedInt(Elf64EhdrStruct.eIdent(file, 0, EI_VERSION));
            if (version != 1) {
                throw bad("e_ident[EI_VERSION] is " + version + ", expected EV_CURRENT (1)");
            }
        }

        /**
         * Checks e_shoff, e_shentsize, e_shnum (and section 0's sh_size for extended numbering)
         * against the file, then returns the table, or null when the file has none.
         */
        private Elf64ShdrArray sectionHeaderTable(Elf64Ehdr h) throws MalformedFileException {
            long shoff = h.eShoff();
            long shnum = h.eShnum();
            if (shoff == 0) {
                if (shnum != 0) {
                    throw bad("e_shnum is " + shnum + " but e_shoff is 0 (no section header table)");
                }
                return null;
            }
            if (h.eShentsize() != Elf64ShdrStruct.SIZE) {
                throw bad("e_shentsize is " + h.eShentsize() + ", expected " + Elf64ShdrStruct.SIZE
                        + " (sizeof(Elf64_Shdr))");
            }
            if (shoff % Elf64ShdrStruct.ALIGNMENT != 0) {
                throw bad("e_shoff 0x" + Long.toHexString(shoff) + " is not a multiple of "
                        + Elf64ShdrStruct.ALIGNMENT + " (_Alignof(Elf64_Shdr))");
            }
            if (Long.compareUnsigned(shoff, size - Elf64ShdrStruct.SIZE) > 0) {
                throw bad("e_shoff 0x" + Long.toHexString(shoff) + " is past the end of the file: a "
                        + Elf64ShdrStruct.SIZE + "-byte section header there would end at 0x"
                        + end(shoff, Elf64ShdrStruct.SIZE) + ", the file has " + size + " bytes");
            }
            if (shnum == 0) {
                // Extended numbering (gABI): the real count is in section 0's sh_size (raw 64 bits).
                shnum = ElfRecords.shdr(file, shoff).shSize();
                if (shnum != 0 && Long.compareUnsigned(shnum, SHN_LORESERVE) < 0) {
                    throw bad("e_shnum is 0 and section 0's sh_size is " + shnum
                            + "; extended numbering is only for " + SHN_LORESERVE + " sections or more");
                }
                if (shnum == 0) {
                    return null;
                }
            }
            long room = (size - shoff) / Elf64ShdrStruct.SIZE;
            if (Long.compareUnsigned(shnum, room) > 0) {
                throw bad("e_shnum " + Long.toUnsignedString(shnum) + " section headers of " + Elf64ShdrStruct.SIZE
                        + " bytes at e_shoff 0x" + Long.toHexString(shoff) + " would end at 0x"
                        + end(shoff, shnum, Elf64ShdrStruct.SIZE) + ", past the end of the file ("
                        + size + " bytes, room for " + room + ")");
            }
            return Elf64ShdrArray.over(file, shoff, shnum);
        }

        /** Section header {@code i} of the bounds-checked table, its 64-bit members read raw (ElfRecords). */
        private static Elf64Shdr shdr(Elf64ShdrArray table, long i) {
            return ElfRecords.shdr(table.segment(), java.util.Objects.checkIndex(i, table.count()) * table.stride());
        }

        /** The section name string table as a bounds-checked slice, or null when e_shstrndx is SHN_UNDEF. */
        private MemorySegment sectionNames(List<Elf64Shdr> headers, long shstrndx) throws MalformedFileException {
            if (shstrndx == SHN_UNDEF) {
                return null;
            }
            if (shstrndx >= headers.size()) {
                throw bad("e_shstrndx " + shstrndx + " is not less than the number of sections " + headers.size());
            }
            Elf64Shdr strtab = headers.get((int) shstrndx);
            if (strtab.shType() == SHT_NOBITS) {
                throw bad("section [" + shstrndx + "] (e_shstrndx) is SHT_NOBITS and has no bytes in the file");
            }
            checkRange("section [" + shstrndx + "] (e_shstrndx)", "sh_offset", strtab.shOffset(), "sh_size", strtab.shSize());
            return file.asSlice(strtab.shOffset(), strtab.shSize());
        }

        /** The NUL-terminated name at {@code offset} of the string table, bounds-checked. */
        private String name(MemorySegment names, int section, long offset) throws MalformedFileException {
            long limit = names.byteSize();
            if (offset >= limit) {
                throw bad("section [" + section + "] sh_name " + offset
                        + " is outside the section name string table (" + limit + " bytes)");
            }
            long end = offset;
            long stop = Math.min(limit, offset + MAX_NAME_BYTES + 1);
            while (end < stop && names.get(ValueLayout.JAVA_BYTE, end) != 0) {
                end++;
            }
            if (end == stop) {
                throw bad("section [" + section + "] sh_name " + offset + ": no NUL terminator "
                        + (stop == limit ? "before the end of the section name string table (" + limit + " bytes)"
                                : "within " + MAX_NAME_BYTES + " bytes"));
            }
            byte[] bytes = names.asSlice(offset, end - offset).toArray(ValueLayout.JAVA_BYTE);
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }

        private List<Elf64Phdr> programHeaders(Elf64Ehdr h, long phnum) throws MalformedFileException {
            long phoff = h.ePhoff();
            if (phnum == 0) {
                return List.of();
            }
            if (phoff == 0) {
                throw bad("e_phnum is " + phnum + " but e_phoff is 0 (no program header table)");
            }
            if (h.ePhentsize() != Elf64PhdrStruct.SIZE) {
                throw bad("e_phentsize is " + h.ePhentsize() + ", expected " + Elf64PhdrStruct.SIZE
                        + " (sizeof(Elf64_Phdr))");
            }
            if (phoff % Elf64PhdrStruct.ALIGNMENT != 0) {
                throw bad("e_phoff 0x" + Long.toHexString(phoff) + " is not a multiple of "
                        + Elf64PhdrStruct.ALIGNMENT + " (_Alignof(Elf64_Phdr))");
            }
            if (Long.compareUnsigned(phoff, size) > 0) {
                throw bad("e_phoff 0x" + Long.toHexString(phoff) + " is past the end of the file (" + size + " bytes)");
            }
            long room = (size - phoff) / Elf64PhdrStruct.SIZE;
            if (phnum > room) {
                throw bad("e_phnum " + phnum + " program headers of " + Elf64PhdrStruct.SIZE
                        + " bytes at e_phoff 0x" + Long.toHexString(phoff) + " would end at 0x"
                        + end(phoff, phnum, Elf64PhdrStruct.SIZE) + ", past the end of the file ("
                        + size + " bytes, room for " + room + ")");
            }
            Elf64PhdrArray table = Elf64PhdrArray.over(file, phoff, phnum);
            MemorySegment headers = table.segment();
            List<Elf64Phdr> result = new ArrayList<>();
            for (long i = 0; i < phnum; i++) {
                // p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_align: raw 64 bits (ElfRecords).
                result.add(ElfRecords.phdr(headers, i * table.stride()));
            }
            return result;
        }

        /** Looks for DT_FLAGS_1 with DF_1_PIE in the PT_DYNAMIC segment, as readelf does for "Type:". */
        private boolean hasPieFlag(List<Elf64Phdr> programHeaders) throws MalformedFileException {
            for (int i = 0; i < programHeaders.size(); i++) {
                Elf64Phdr p = programHeaders.get(i);
                if (p.pType() != PT_DYNAMIC) {
                    continue;
                }
                String what = "program header [" + i + "] (PT_DYNAMIC)";
                checkRange(what, "p_offset", p.pOffset(), "p_filesz", p.pFilesz());
                if (p.pOffset() % Elf64DynStruct.ALIGNMENT != 0) {
                    throw bad(what + " p_offset 0x" + Long.toHexString(p.pOffset()) + " is not a multiple of "
                            + Elf64DynStruct.ALIGNMENT + " (_Alignof(Elf64_Dyn))");
                }
                Elf64DynArray dynamic = Elf64DynArray.over(file, p.pOffset(), p.pFilesz() / Elf64DynStruct.SIZE);
                for (long j = 0; j < dynamic.count(); j++) {
                    Elf64DynView entry = dynamic.view(j);
                    long tag = entry.dTag();
                    if (tag == DT_NULL) {
                        break;
                    }
                    if (tag == DT_FLAGS_1) {
                        return (ElfRecords.dVal(dynamic.segment(), j * dynamic.stride()) & DF_1_PIE) != 0;
                    }
                }
                return false;
            }
            return false;
        }

        private void checkRange(String what, String offsetField, long offset, String lengthField, long length)
                throws MalformedFileException {
            // Unsigned: an offset or length of 2^63 or more (a negative long) is past the end of any file.
            if (Long.compareUnsigned(offset, size) > 0 || Long.compareUnsigned(length, size - offset) > 0) {
                throw bad(what + " " + offsetField + " 0x" + Long.toHexString(offset) + " + " + lengthField + " 0x"
                        + Long.toHexString(length) + " = 0x" + end(offset, length) + " is past the end of the file ("
                        + size + " bytes)");
            }
        }
    }

    /** {@return offset + count * size in hex, computed without wrapping (ELF offsets are unsigned 64-bit)} */
    static String end(long offset, long count, long size) {
        return new java.math.BigInteger(Long.toUnsignedString(offset))
                .add(new java.math.BigInteger(Long.toUnsignedString(count)).multiply(java.math.BigInteger.valueOf(size)))
                .toString(16);
    }

    /** {@return offset + length in hex, computed without wrapping} */
    static String end(long offset, long length) {
        return end(offset, length, 1);
    }

    static String orderName(ByteOrder order) {
        return order == ByteOrder.LITTLE_ENDIAN ? "little-endian" : "big-endian";
    }

    static String hex(MemorySegment s, long offset, int count) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(String.format("%02x", Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, offset + i))));
        }
        return b.toString();
    }
}

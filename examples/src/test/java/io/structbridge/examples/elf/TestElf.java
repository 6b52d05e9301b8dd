package io.structbridge.examples.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A small, valid little-endian ELF-64 relocatable-looking file built byte by byte, to be broken
 * on purpose by the malformed-input tests. Layout:
 * <pre>
 *   0   ELF header (64)
 *   64  one program header, PT_LOAD (56)
 *   120 padding (8)
 *   128 .text (16 bytes of 0x90)
 *   144 .shstrtab "\0.text\0.shstrtab\0" (17)
 *   161 padding (7)
 *   168 section headers: [0] NULL, [1] .text, [2] .shstrtab (3 x 64)
 *   360 end
 * </pre>
 */
final class TestElf {
    static final int PHOFF = 64;
    static final int TEXT = 128;
    static final int SHSTRTAB = 144;
    static final byte[] NAMES = "\0.text\0.shstrtab\0".getBytes(StandardCharsets.US_ASCII);
    static final int SHOFF = 168;
    static final int SHNUM = 3;
    static final int SIZE = SHOFF + SHNUM * 64;

    // Field offsets from elf.h (see src/test/c/elf_offsets.c), written here by hand on purpose:
    // the builder must not depend on the code under test.
    static final int E_TYPE = 16;
    static final int E_MACHINE = 18;
    static final int E_VERSION = 20;
    static final int E_ENTRY = 24;
    static final int E_PHOFF = 32;
    static final int E_SHOFF = 40;
    static final int E_EHSIZE = 52;
    static final int E_PHENTSIZE = 54;
    static final int E_PHNUM = 56;
    static final int E_SHENTSIZE = 58;
    static final int E_SHNUM = 60;
    static final int E_SHSTRNDX = 62;
    static final int SH_NAME = 0;
    static final int SH_TYPE = 4;
    static final int SH_OFFSET = 24;
    static final int SH_SIZE = 32;
    static final int SH_LINK = 40;

    private TestElf() {
    }

    /** {@return the valid file} */
    static byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        b.putShort(E_TYPE, (short) 2); // ET_EXEC
        b.putShort(E_MACHINE, (short) 62); // EM_X86_64
        b.putInt(E_VERSION, 1);
        b.putLong(E_ENTRY, 0x401000L);
        b.putLong(E_PHOFF, PHOFF);
        b.putLong(E_SHOFF, SHOFF);
        b.putShort(E_EHSIZE, (short) 64);
        b.putShort(E_PHENTSIZE, (short) 56);
        b.putShort(E_PHNUM, (short) 1);
        b.putShort(E_SHENTSIZE, (short) 64);
        b.putShort(E_SHNUM, (short) SHNUM);
        b.putShort(E_SHSTRNDX, (short) 2);
        // PT_LOAD, R+X, offset 0, vaddr 0x400000, filesz/memsz = whole file, align 0x1000
        b.putInt(PHOFF, 1);
        b.putInt(PHOFF + 4, 5);
        b.putLong(PHOFF + 8, 0);
        b.putLong(PHOFF + 16, 0x400000L);
        b.putLong(PHOFF + 24, 0x400000L);
        b.putLong(PHOFF + 32, SIZE);
        b.putLong(PHOFF + 40, SIZE);
        b.putLong(PHOFF + 48, 0x1000);
        for (int i = 0; i < 16; i++) {
            b.put(TEXT + i, (byte) 0x90);
        }
        b.put(SHSTRTAB, NAMES);
        // [1] .text: PROGBITS, AX, addr 0x401000
        int s1 = SHOFF + 64;
        b.putInt(s1 + SH_NAME, 1);
        b.putInt(s1 + SH_TYPE, 1);
        b.putLong(s1 + 8, 0x6);
        b.putLong(s1 + 16, 0x401000L);
        b.putLong(s1 + SH_OFFSET, TEXT);
        b.putLong(s1 + SH_SIZE, 16);
        b.putLong(s1 + 48, 16);
        // [2] .shstrtab: STRTAB
        int s2 = SHOFF + 128;
        b.putInt(s2 + SH_NAME, 7);
        b.putInt(s2 + SH_TYPE, 3);
        b.putLong(s2 + SH_OFFSET, SHSTRTAB);
        b.putLong(s2 + SH_SIZE, NAMES.length);
        b.putLong(s2 + 48, 1);
        return b.array();
    }

    /** {@return the offset of section header {@code index}} */
    static int shdr(int index) {
        return SHOFF + 64 * index;
    }

    static byte[] putShort(byte[] file, int offset, int value) {
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putShort(offset, (short) value);
        return file;
    }

    static byte[] putInt(byte[] file, int offset, int value) {
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
        return file;
    }

    static byte[] putLong(byte[] file, int offset, long value) {
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putLong(offset, value);
        return file;
    }
}

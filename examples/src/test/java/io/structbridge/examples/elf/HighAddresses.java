package io.structbridge.examples.elf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes a copy of a real ELF-64 file whose 64-bit fields hold valid values at and above 2^63, as in
 * a Linux kernel image: e_entry 0xffffffff81000000; the PT_GNU_STACK program header (which maps
 * nothing, so readelf has nothing to complain about) with p_vaddr 0xffffffff80000000, p_paddr
 * 0xffffffff80001000, p_memsz 0x8000000000001000 and p_align 2^63; section 1 with sh_flags
 * 0x8000000000000002, sh_addr 0xffffffff81000000, sh_addralign 2^63 and sh_entsize 0xfffffffffffffff8;
 * sections 2 and 3 with sh_flags 0xffffffff0ff00002 and 0xfffffffff0000004.
 * readelf reads the copy without a warning. Field offsets are those of {@code <elf.h>}, written
 * here by hand (independent of the code under test).
 */
final class HighAddresses {
    static final long ENTRY = 0xffffffff81000000L;

    private HighAddresses() {
    }

    /** {@return the patched copy of {@code original}, in a new temporary folder} */
    static Path copy(Path original) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(original)).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(24, ENTRY);
        long phoff = b.getLong(32);
        long shoff = b.getLong(40);
        int phnum = Short.toUnsignedInt(b.getShort(56));
        boolean stack = false;
        for (int i = 0; i < phnum; i++) {
            int p = (int) phoff + i * 56;
            if (b.getInt(p) == 0x6474e551) { // PT_GNU_STACK
                b.putLong(p + 16, 0xffffffff80000000L);
                b.putLong(p + 24, 0xffffffff80001000L);
                b.putLong(p + 40, 0x8000000000001000L);
                b.putLong(p + 48, 0x8000000000000000L);
                stack = true;
            }
        }
        if (!stack) {
            throw new IllegalArgumentException(original + " has no PT_GNU_STACK program header");
        }
        int s1 = (int) shoff + 64;
        b.putLong(s1 + 8, 0x8000000000000002L);
        b.putLong(s1 + 16, ENTRY);
        b.putLong(s1 + 48, 0x8000000000000000L);
        b.putLong(s1 + 56, 0xfffffffffffffff8L);
        // Flags with OS- and processor-specific bits and bits 32..63: readelf prints "Ao" and 32 "x", and "Xlp".
        b.putLong(s1 + 64 + 8, 0xffffffff0ff00002L);
        b.putLong(s1 + 128 + 8, 0xfffffffff0000004L);
        Path dir = Files.createTempDirectory("elf-high");
        dir.toFile().deleteOnExit();
        Path copy = dir.resolve(original.getFileName() + "-high");
        Files.write(copy, b.array());
        copy.toFile().deleteOnExit();
        return copy;
    }
}

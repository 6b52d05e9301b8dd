package io.structbridge.examples.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.examples.MalformedFileException;
import io.structbridge.examples.Oracles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Broken ELF files: each must be refused with one {@link MalformedFileException} whose message
 * names the field and its value, never an out-of-bounds read, another exception, or a hang.
 */
@Timeout(60)
class ElfMalformedTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void theTestFileItselfIsValid() throws IOException {
        ElfFile elf = ElfFile.read(write("valid", TestElf.bytes()));
        assertEquals(List.of("", ".text", ".shstrtab"),
                elf.sections().stream().map(ElfFile.Section::name).toList());
        assertEquals(0x401000L, elf.header().eEntry());
        assertEquals(1, elf.programHeaders().size());
        assertEquals(0x400000L, elf.programHeaders().get(0).pVaddr());
    }

    @Test
    void theTestFileReadsLikeReadelfReadsIt() throws IOException {
        Path readelf = Oracles.require("readelf");
        Path file = write("valid", TestElf.bytes());
        ReadelfOutput expected = ReadelfOutput.parse(
                Oracles.run(List.of(readelf.toString(), "-h", "-S", "-l", "-W", file.toString())));
        ReadelfOutput ours = ReadelfOutput.parse(ElfPrinter.format(ElfFile.read(file)));
        assertEquals(expected.header(), ours.header());
        assertEquals(expected.sections(), ours.sections());
        assertEquals(expected.segments(), ours.segments());
    }

    @Test
    void addressesAndSizesAtOrAbove2To63AreReadUnsignedLikeReadelf() throws IOException {
        byte[] b = TestElf.bytes();
        TestElf.putLong(b, TestElf.E_ENTRY, 0xffffffff81000000L);
        TestElf.putLong(b, TestElf.PHOFF + 16, 0xffffffff80000000L); // p_vaddr
        TestElf.putLong(b, TestElf.PHOFF + 24, 0xffffffff80000000L); // p_paddr
        TestElf.putLong(b, TestElf.PHOFF + 40, 0x8000000000000000L); // p_memsz
        TestElf.putLong(b, TestElf.PHOFF + 48, 0x8000000000000000L); // p_align
        int text = TestElf.shdr(1);
        TestElf.putLong(b, text + 8, 0x8000000000000006L); // sh_flags: AX and bit 63
        TestElf.putLong(b, text + 16, 0xffffffff81000000L); // sh_addr
        TestElf.putLong(b, text + 48, 0x8000000000000000L); // sh_addralign
        Path file = write("high", b);
        ElfFile elf = ElfFile.read(file);
        assertEquals("18446744071578845184", Long.toUnsignedString(elf.header().eEntry()));
        Path readelf = Oracles.require("readelf");
        String text1 = Oracles.run(List.of(readelf.toString(), "-h", "-S", "-l", "-W", file.toString()));
        ReadelfOutput expected = ReadelfOutput.parse(text1);
        ReadelfOutput ours = ReadelfOutput.parse(ElfPrinter.format(elf));
        assertEquals(expected.header(), ours.header());
        assertEquals(expected.sections(), ours.sections());
        assertEquals(expected.segments(), ours.segments());
        assertEquals("0xffffffff81000000", expected.field("Entry point address:"), "readelf itself, as a check of the test");
        assertEquals(0xffffffff81000000L, elf.sections().get(1).header().shAddr());
    }

    static Stream<Arguments> cases() {
        int strtab = TestElf.shdr(2);
        return Stream.of(
                bad("empty file", b -> new byte[0], "only 0 bytes"),
                bad("3 bytes", b -> Arrays.copyOf(b, 3), "only 3 bytes"),
                bad("wrong magic", b -> "#!/bin/sh\necho hello, this is not ELF at all........................"
                        .getBytes(StandardCharsets.US_ASCII), "not an ELF file", "23 21 2f 62"),
                bad("truncated header", b -> Arrays.copyOf(b, 40), "truncated ELF header", "40 bytes"),
                bad("ELFCLASS32", b -> set(b, 4, 1), "e_ident[EI_CLASS] is 1 (ELFCLASS32)"),
                bad("big-endian", b -> set(b, 5, 2), "e_ident[EI_DATA] is 2 (big-endian)"),
                bad("bad EI_DATA", b -> set(b, 5, 0), "e_ident[EI_DATA] is 0"),
                bad("bad EI_VERSION", b -> set(b, 6, 9), "e_ident[EI_VERSION] is 9"),
                bad("e_ehsize", b -> TestElf.putShort(b, TestElf.E_EHSIZE, 52), "e_ehsize is 52"),
                bad("wrong e_shentsize", b -> TestElf.putShort(b, TestElf.E_SHENTSIZE, 40), "e_shentsize is 40",
                        "expected 64"),
                bad("misaligned e_shoff", b -> TestElf.putLong(b, TestElf.E_SHOFF, 164),
                        "e_shoff 0xa4 is not a multiple of 8"),
                bad("e_shoff past the end", b -> TestElf.putLong(b, TestElf.E_SHOFF, 0x10000),
                        "e_shoff 0x10000 is past the end of the file", "360 bytes"),
                bad("e_shoff at the last 8 bytes", b -> TestElf.putLong(b, TestElf.E_SHOFF, 352),
                        "e_shoff 0x160 is past the end of the file"),
                bad("e_shoff with the top bit set", b -> TestElf.putLong(b, TestElf.E_SHOFF, 0x8000000000000008L),
                        "e_shoff 0x8000000000000008 is past the end of the file", "would end at 0x8000000000000048"),
                bad("e_shoff near 2^64", b -> TestElf.putLong(b, TestElf.E_SHOFF, 0xfffffffffffffff8L),
                        "e_shoff 0xfffffffffffffff8 is past the end of the file", "would end at 0x10000000000000038"),
                bad("e_phoff with the top bit set", b -> TestElf.putLong(b, TestElf.E_PHOFF, 0xfffffffffffffff8L),
                        "e_phoff 0xfffffffffffffff8 is past the end of the file (360 bytes)"),
                bad("extended e_shnum of 2^63", b -> TestElf.putLong(TestElf.putShort(b, TestElf.E_SHNUM, 0),
                        TestElf.shdr(0) + TestElf.SH_SIZE, 0x8000000000000000L),
                        "e_shnum 9223372036854775808 section headers", "would end at 0x2000000000000000a8"),
                bad("string table offset of 2^63", b -> TestElf.putLong(b, strtab + TestElf.SH_OFFSET,
                        0x8000000000000000L), "section [2] (e_shstrndx) sh_offset 0x8000000000000000 + sh_size 0x11 "
                        + "= 0x8000000000000011 is past the end of the file (360 bytes)"),
                bad("string table size near 2^64", b -> TestElf.putLong(b, strtab + TestElf.SH_SIZE, -1L),
                        "sh_offset 0x90 + sh_size 0xffffffffffffffff = 0x1000000000000008f is past the end"),
                bad("PT_DYNAMIC offset of 2^63", b -> TestElf.putLong(TestElf.putInt(TestElf.putShort(b,
                        TestElf.E_TYPE, 3), TestElf.PHOFF, 2), TestElf.PHOFF + 8, 0x8000000000000000L),
                        "program header [0] (PT_DYNAMIC) p_offset 0x8000000000000000", "past the end of the file"),
                bad("PT_DYNAMIC size near 2^64", b -> TestElf.putLong(TestElf.putInt(TestElf.putShort(b,
                        TestElf.E_TYPE, 3), TestElf.PHOFF, 2), TestElf.PHOFF + 32, 0xfffffffffffffff0L),
                        "p_filesz 0xfffffffffffffff0", "past the end of the file"),
                bad("e_shnum past the end", b -> TestElf.putShort(b, TestElf.E_SHNUM, 1000),
                        "e_shnum 1000 section headers", "past the end of the file (360 bytes, room for 3)"),
                bad("extended e_shnum past the end", b -> TestElf.putLong(TestElf.putShort(b, TestElf.E_SHNUM, 0),
                        TestElf.shdr(0) + TestElf.SH_SIZE, 0x10000), "e_shnum 65536 section headers"),
                bad("truncated section table", b -> Arrays.copyOf(b, 300), "e_shnum 3 section headers",
                        "300 bytes, room for 2"),
                bad("sections without e_shoff", b -> TestElf.putLong(b, TestElf.E_SHOFF, 0), "e_shnum is 3",
                        "e_shoff is 0"),
                bad("e_shstrndx without sections", b -> TestElf.putShort(TestElf.putLong(b, TestElf.E_SHOFF, 0),
                        TestElf.E_SHNUM, 0), "e_shstrndx is 2", "no section header table"),
                bad("e_shstrndx out of range", b -> TestElf.putShort(b, TestElf.E_SHSTRNDX, 3),
                        "e_shstrndx 3 is not less than the number of sections 3"),
                bad("SHN_XINDEX to a missing section", b -> TestElf.putInt(
                        TestElf.putShort(b, TestElf.E_SHSTRNDX, 0xffff), TestElf.shdr(0) + TestElf.SH_LINK, 9),
                        "e_shstrndx 9 is not less than the number of sections 3"),
                bad("string table past the end", b -> TestElf.putLong(b, strtab + TestElf.SH_OFFSET, 0x1000),
                        "section [2] (e_shstrndx) sh_offset 0x1000", "past the end of the file"),
                bad("string table too long", b -> TestElf.putLong(b, strtab + TestElf.SH_SIZE, 0x7fffffffffffL),
                        "sh_size 0x7fffffffffff", "past the end of the file"),
                bad("string table is NOBITS", b -> TestElf.putInt(b, strtab + TestElf.SH_TYPE, 8), "SHT_NOBITS"),
                bad("sh_name outside the string table", b -> TestElf.putInt(b, TestElf.shdr(1) + TestElf.SH_NAME, 100),
                        "section [1] sh_name 100 is outside the section name string table (17 bytes)"),
                bad("name without NUL", b -> set(b, TestElf.SHSTRTAB + TestElf.NAMES.length - 1, 'x'),
                        "section [2] sh_name 7: no NUL terminator"),
                bad("misaligned e_phoff", b -> TestElf.putLong(b, TestElf.E_PHOFF, 65),
                        "e_phoff 0x41 is not a multiple of 8"),
                bad("e_phnum past the end", b -> TestElf.putShort(b, TestElf.E_PHNUM, 100),
                        "e_phnum 100 program headers"),
                bad("wrong e_phentsize", b -> TestElf.putShort(b, TestElf.E_PHENTSIZE, 32), "e_phentsize is 32"),
                bad("program headers without e_phoff", b -> TestElf.putLong(b, TestElf.E_PHOFF, 0),
                        "e_phnum is 1 but e_phoff is 0"));
    }

    private static Arguments bad(String name, UnaryOperator<byte[]> mutation, String... expected) {
        return Arguments.of(name, mutation, List.of(expected));
    }

    private static byte[] set(byte[] b, int offset, int value) {
        b[offset] = (byte) value;
        return b;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRefusedWithAClearMessage(String name, UnaryOperator<byte[]> mutation, List<String> expected)
            throws IOException {
        Path file = write("broken", mutation.apply(TestElf.bytes()));
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> ElfFile.read(file));
        for (String part : expected) {
            assertTrue(e.getMessage().contains(part), "message should contain \"" + part + "\": " + e.getMessage());
        }
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void everyTruncationIsRefused() throws IOException {
        byte[] valid = TestElf.bytes();
        for (int length = 0; length < valid.length; length++) {
            Path file = write("cut" + length, Arrays.copyOf(valid, length));
            assertThrows(MalformedFileException.class, () -> ElfFile.read(file), "truncated to " + length);
        }
    }

    /** Random byte changes: the result is a file read or a MalformedFileException, nothing else. */
    @Test
    void randomCorruptionNeverEscapesAsAnotherException() throws IOException {
        Random random = new Random(20240522);
        byte[] valid = TestElf.bytes();
        int refused = 0;
        for (int round = 0; round < 3000; round++) {
            byte[] b = valid.clone();
            int changes = 1 + random.nextInt(4);
            for (int i = 0; i < changes; i++) {
                // Mostly the header and section table, where the counts and offsets are.
                int at = random.nextBoolean() ? random.nextInt(64) : TestElf.SHOFF + random.nextInt(3 * 64);
                b[at] = (byte) (random.nextInt(3) == 0 ? 0xff : random.nextInt(256));
            }
            Path file = write("fuzz", b);
            try {
                ElfFile.read(file);
            } catch (MalformedFileException e) {
                refused++;
            } catch (RuntimeException e) {
                fail("round " + round + ": " + e + " for bytes changed from the valid file", e);
            }
        }
        assertTrue(refused > 100, "most corruptions should be refused, were " + refused);
    }
}

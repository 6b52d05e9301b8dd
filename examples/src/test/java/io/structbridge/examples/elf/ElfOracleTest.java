package io.structbridge.examples.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.structbridge.examples.Oracles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads real ELF files and compares every header field, section header and program header with
 * {@code readelf -h -S -l -W}: once against the values of our records, once against our printed
 * text parsed with the same parser. Expected values come only from readelf.
 */
class ElfOracleTest {

    /** Files to compare; resolved in the test so that a missing one is reported there. */
    static Stream<String> files() {
        return Stream.of(
                "jdk:lib/server/libjvm.so",
                "jdk:lib/libjava.so",
                "jdk:lib/libzip.so",
                "jdk:bin/java",
                "/bin/ls",
                "mapped:libc.so.6",
                "mapped:ld-linux-x86-64.so.2",
                "tool:readelf",
                "tool:zdump",
                "optional:/usr/lib/x86_64-linux-gnu/crt1.o",
                "high:/bin/ls",
                "high:jdk:lib/libzip.so");
    }

    static Path resolve(String spec) throws IOException {
        String[] parts = spec.split(":", 2);
        return switch (parts[0]) {
            case "jdk" -> Oracles.requireFile(Path.of(System.getProperty("java.home")).resolve(parts[1]),
                    "part of the JDK that runs the tests");
            case "mapped" -> mapped(parts[1]);
            case "high" -> HighAddresses.copy(resolve(parts[1]));
            case "tool" -> Oracles.require(parts[1]).toRealPath();
            case "optional" -> {
                Path p = Path.of(parts[1]);
                Assumptions.assumeTrue(Files.isRegularFile(p), p + " is not installed (optional: libc6-dev)");
                yield p;
            }
            default -> Oracles.requireFile(Path.of(spec), "a base system file");
        };
    }

    /** A shared library this JVM has mapped, found in /proc/self/maps: always present on Linux. */
    static Path mapped(String name) throws IOException {
        Path maps = Path.of("/proc/self/maps");
        Optional<Path> found = Files.isReadable(maps) ? Files.readAllLines(maps).stream()
                .map(l -> l.indexOf('/') >= 0 ? l.substring(l.indexOf('/')) : "")
                .filter(p -> p.endsWith("/" + name))
                .map(Path::of)
                .findFirst() : Optional.empty();
        return Oracles.requireFile(found.orElse(Path.of("/lib/x86_64-linux-gnu", name)), "mapped by the JVM");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void recordsMatchReadelf(String spec) throws IOException {
        Path file = resolve(spec);
        Path readelf = Oracles.require("readelf");
        ReadelfOutput expected = ReadelfOutput.parse(
                Oracles.run(List.of(readelf.toString(), "-h", "-S", "-l", "-W", file.toString())));
        assertFalse(expected.header().isEmpty(), "readelf printed no header for " + file);

        ElfFile elf = ElfFile.read(file);
        Elf64Ehdr h = elf.header();

        assertEquals(expected.field("Class:"), "ELF64", "Class");
        assertEquals(expected.field("Data:"), "2's complement, little endian", "Data");
        assertEquals(expected.field("Machine:"), ElfPrinter.machineName(h.eMachine()), "Machine");
        assertEquals(expected.field("Type:"),
                ElfPrinter.typeName(h.eType(), elf.positionIndependentExecutable()), "Type");
        assertEquals(expected.field("OS/ABI:"), ElfPrinter.osAbiName(Byte.toUnsignedInt(h.eIdent()[7])), "OS/ABI");
        assertEquals(hex(expected.field("Entry point address:")), h.eEntry(), "Entry point address");
        assertEquals(hex(expected.fields("Version:").get(1)), h.eVersion(), "e_version");
        assertEquals(hex(expected.field("Flags:")), h.eFlags(), "Flags");
        assertEquals(leadingNumber(expected.field("Start of program headers:")), h.ePhoff(), "e_phoff");
        assertEquals(leadingNumber(expected.field("Start of section headers:")), h.eShoff(), "e_shoff");
        assertEquals(leadingNumber(expected.field("Size of this header:")), h.eEhsize(), "e_ehsize");
        assertEquals(leadingNumber(expected.field("Size of program headers:")), h.ePhentsize(), "e_phentsize");
        assertEquals(leadingNumber(expected.field("Number of program headers:")), h.ePhnum(), "e_phnum");
        assertEquals(leadingNumber(expected.field("Size of section headers:")), h.eShentsize(), "e_shentsize");
        assertEquals(leadingNumber(expected.field("Number of section headers:")), h.eShnum(), "e_shnum");
        assertEquals(leadingNumber(expected.field("Section header string table index:")), h.eShstrndx(),
                "e_shstrndx");
        StringBuilder magic = new StringBuilder();
        for (byte b : h.eIdent()) {
            magic.append(String.format("%02x ", b & 0xff));
        }
        assertEquals(expected.field("Magic:"), magic.toString().trim(), "e_ident");

        assertEquals(expected.sections().size(), elf.sections().size(), "number of sections");
        for (int i = 0; i < elf.sections().size(); i++) {
            ReadelfOutput.SectionRow r = expected.sections().get(i);
            ElfFile.Section s = elf.sections().get(i);
            Elf64Shdr sh = s.header();
            String where = file + " section [" + i + "] " + r.name() + ": ";
            assertEquals(r.nr(), s.index(), where + "index");
            assertEquals(r.name(), s.name(), where + "name");
            assertEquals(r.type(), ElfPrinter.sectionTypeName(sh.shType(), h.eMachine()), where + "type");
            assertEquals(r.address(), sh.shAddr(), where + "address");
            assertEquals(r.offset(), sh.shOffset(), where + "offset");
            assertEquals(r.size(), sh.shSize(), where + "size");
            assertEquals(r.entsize(), sh.shEntsize(), where + "entsize");
            assertEquals(r.flags(), ElfPrinter.sectionFlags(sh.shFlags(), h), where + "flags");
            assertEquals(r.link(), sh.shLink(), where + "link");
            assertEquals(r.info(), sh.shInfo(), where + "info");
            assertEquals(r.align(), sh.shAddralign(), where + "align");
        }

        assertEquals(expected.segments().size(), elf.programHeaders().size(), "number of program headers");
        for (int i = 0; i < elf.programHeaders().size(); i++) {
            ReadelfOutput.SegmentRow r = expected.segments().get(i);
            Elf64Phdr p = elf.programHeaders().get(i);
            String where = file + " program header [" + i + "] " + r.type() + ": ";
            assertEquals(r.type(), ElfPrinter.segmentTypeName(p.pType()), where + "type");
            assertEquals(r.offset(), p.pOffset(), where + "offset");
            assertEquals(r.vaddr(), p.pVaddr(), where + "vaddr");
            assertEquals(r.paddr(), p.pPaddr(), where + "paddr");
            assertEquals(r.filesz(), p.pFilesz(), where + "filesz");
            assertEquals(r.memsz(), p.pMemsz(), where + "memsz");
            assertEquals(r.flags(), String.valueOf(new char[] {
                (p.pFlags() & 4) != 0 ? 'R' : ' ', (p.pFlags() & 2) != 0 ? 'W' : ' ', (p.pFlags() & 1) != 0 ? 'E' : ' '}),
                    where + "flags");
            assertEquals(r.align(), p.pAlign(), where + "align");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void printedTextMatchesReadelf(String spec) throws IOException {
        Path file = resolve(spec);
        Path readelf = Oracles.require("readelf");
        ReadelfOutput expected = ReadelfOutput.parse(
                Oracles.run(List.of(readelf.toString(), "-h", "-S", "-l", "-W", file.toString())));
        ReadelfOutput ours = ReadelfOutput.parse(ElfPrinter.format(ElfFile.read(file)));
        assertEquals(expected.header(), ours.header(), "ELF header lines of " + file);
        assertEquals(expected.sections(), ours.sections(), "section header rows of " + file);
        assertEquals(expected.segments(), ours.segments(), "program header rows of " + file);
        // And the section rows character for character.
        List<String> expectedRows = sectionLines(Oracles.run(
                List.of(readelf.toString(), "-S", "-W", file.toString())));
        assertEquals(expectedRows, sectionLines(ElfPrinter.format(ElfFile.read(file))), "section lines of " + file);
    }

    private static List<String> sectionLines(String text) {
        List<String> rows = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("  [")) {
                rows.add(line);
            }
        }
        return rows;
    }

    private static long hex(String text) {
        if (!text.startsWith("0x")) {
            throw new AssertionError("not a hex number: " + text);
        }
        return Long.parseUnsignedLong(text.substring(2), 16);
    }

    /** "64 (bytes into file)" -> 64; "0 (70000)" -> 0 (the field's own value). */
    private static long leadingNumber(String text) {
        int end = 0;
        while (end < text.length() && Character.isDigit(text.charAt(end))) {
            end++;
        }
        return Long.parseUnsignedLong(text.substring(0, end));
    }
}

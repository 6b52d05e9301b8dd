package io.structbridge.examples.elf;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the text of GNU {@code readelf -h -S -l -W} (binutils 2.40 format): the "ELF Header:"
 * fields in order, the section header rows and the program header rows. Unrecognised lines
 * (legends, section-to-segment mapping, interpreter notes) are ignored.
 *
 * @param header   the "label: value" lines of the ELF header, in order (the label keeps its colon)
 * @param sections the section header rows
 * @param segments the program header rows
 */
public record ReadelfOutput(List<Field> header, List<SectionRow> sections, List<SegmentRow> segments) {

    /** One "  Label:   value" line of the ELF header. */
    public record Field(String label, String value) {
    }

    /** One row of "Section Headers:" in wide mode; numbers as readelf prints them, parsed. */
    public record SectionRow(int nr, String name, String type, long address, long offset, long size,
            long entsize, String flags, long link, long info, long align) {
    }

    /** One row of "Program Headers:" in wide mode. */
    public record SegmentRow(String type, long offset, long vaddr, long paddr, long filesz, long memsz,
            String flags, long align) {
    }

    // "  [ 1] .interp           PROGBITS        0000000000000318 000318 00001c 00   A  0   0  1"
    // Name: no spaces (section 0 has an empty one); type: may contain spaces ("SYMTAB SECTION INDICES").
    private static final Pattern SECTION = Pattern.compile(
            "^\\s*\\[\\s*(\\d+)]\\s(\\S*)\\s+(\\S.*?)\\s+([0-9a-f]{16})\\s+([0-9a-f]+)\\s+([0-9a-f]+)"
                    + "\\s+([0-9a-f]+)\\s+([A-Za-z]*)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)$");
    // "  LOAD           0x000000 0x0000000000000000 0x0000000000000000 0x0005a8 0x0005a8 R   0x1000"
    private static final Pattern SEGMENT = Pattern.compile(
            "^\\s+(\\S+)\\s+0x([0-9a-f]+)\\s+0x([0-9a-f]+)\\s+0x([0-9a-f]+)\\s+0x([0-9a-f]+)\\s+0x([0-9a-f]+)"
                    + " ([R ][W ][E ]) (0x[0-9a-f]+|0)$");
    private static final Pattern FIELD = Pattern.compile("^  ([^:]+:)\\s+(.*?)\\s*$");

    /**
     * Parses readelf's output (or ours, which has the same format).
     *
     * @param text the output
     * @return the parsed header fields and rows
     */
    public static ReadelfOutput parse(String text) {
        List<Field> header = new ArrayList<>();
        List<SectionRow> sections = new ArrayList<>();
        List<SegmentRow> segments = new ArrayList<>();
        String part = "";
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("ELF Header:")) {
                part = "header";
                continue;
            } else if (line.startsWith("Section Headers:")) {
                part = "sections";
                continue;
            } else if (line.startsWith("Program Headers:")) {
                part = "segments";
                continue;
            } else if (!line.startsWith(" ")) {
                part = "";
                continue;
            }
            switch (part) {
                case "header" -> {
                    Matcher m = FIELD.matcher(line);
                    if (m.matches()) {
                        header.add(new Field(m.group(1), m.group(2)));
                    }
                }
                case "sections" -> {
                    Matcher m = SECTION.matcher(line);
                    if (m.matches()) {
                        sections.add(new SectionRow(Integer.parseInt(m.group(1)), m.group(2), m.group(3),
                                hex(m.group(4)), hex(m.group(5)), hex(m.group(6)), hex(m.group(7)), m.group(8),
                                Long.parseLong(m.group(9)), Long.parseLong(m.group(10)), Long.parseUnsignedLong(m.group(11))));
                    }
                }
                case "segments" -> {
                    Matcher m = SEGMENT.matcher(line);
                    if (m.matches()) {
                        segments.add(new SegmentRow(m.group(1), hex(m.group(2)), hex(m.group(3)), hex(m.group(4)),
                                hex(m.group(5)), hex(m.group(6)), m.group(7), unsignedDecode(m.group(8))));
                    }
                }
                default -> {
                }
            }
        }
        return new ReadelfOutput(header, sections, segments);
    }

    /** {@return the value of the first header field with this label (e.g. "Machine:")} */
    public String field(String label) {
        return header.stream().filter(f -> f.label().equals(label)).map(Field::value).findFirst()
                .orElseThrow(() -> new AssertionError("readelf output has no field " + label + ": " + header));
    }

    /** {@return the values of every header field with this label, in order ("Version:" appears twice)} */
    public List<String> fields(String label) {
        return header.stream().filter(f -> f.label().equals(label)).map(Field::value).toList();
    }

    /** "0x1000" or "0": unsigned, as readelf prints p_align (up to 0xffffffffffffffff). */
    private static long unsignedDecode(String s) {
        return s.startsWith("0x") ? hex(s.substring(2)) : Long.parseUnsignedLong(s);
    }

    private static long hex(String s) {
        return Long.parseUnsignedLong(s, 16);
    }
}

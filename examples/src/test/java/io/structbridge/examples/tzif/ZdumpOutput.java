package io.structbridge.examples.tzif;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code zdump -v} output (tzcode format, as in glibc 2.36's zdump):
 * <pre>
 * Europe/Berlin  -9223372036854775808 = NULL
 * Europe/Berlin  Sun Mar 29 00:59:59 1981 UT = Sun Mar 29 01:59:59 1981 CET isdst=0 gmtoff=3600
 * Europe/Berlin  Sun Mar 29 01:00:00 1981 UT = Sun Mar 29 03:00:00 1981 CEST isdst=1 gmtoff=7200
 * </pre>
 * zdump prints each change of local time as two lines, the last second before it and the first
 * second after it. "= NULL" lines (times localtime cannot convert) are skipped.
 *
 * @param lines the parsed non-NULL lines, in order
 */
public record ZdumpOutput(List<Line> lines) {

    /**
     * One line.
     *
     * @param text   the line as printed
     * @param zone   the zone label
     * @param ut     the UT time as UNIX seconds
     * @param local  the local time as printed
     * @param abbr   the designation
     * @param isdst  the isdst flag
     * @param gmtoff the UT offset in seconds
     */
    public record Line(String text, String zone, long ut, LocalDateTime local, String abbr, boolean isdst,
            int gmtoff) {
    }

    /**
     * A change of local time: zdump's pair of lines.
     *
     * @param before the line for the last second before the change
     * @param after  the line for the first second after it
     */
    public record Change(Line before, Line after) {
        /** {@return the UNIX time of the change} */
        public long at() {
            return after.ut();
        }
    }

    private static final String TIME = "(\\w{3}) (\\w{3}) ([ \\d]\\d) (\\d\\d):(\\d\\d):(\\d\\d) (-?\\d+)";
    private static final Pattern LINE = Pattern.compile(
            "^(\\S+)  " + TIME + " UT = " + TIME + " (\\S+) isdst=(\\d+) gmtoff=(-?\\d+)$");
    private static final Pattern NULL_LINE = Pattern.compile("^(\\S+)  -?\\d+ = NULL$");
    private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
            "Sep", "Oct", "Nov", "Dec");

    /**
     * Parses zdump -v output (or the lines we print in the same format).
     *
     * @param text the output
     * @return the lines
     * @throws IllegalArgumentException on a line of neither form
     */
    public static ZdumpOutput parse(String text) {
        List<Line> lines = new ArrayList<>();
        for (String s : text.split("\n")) {
            if (s.isEmpty() || NULL_LINE.matcher(s).matches()) {
                continue;
            }
            Matcher m = LINE.matcher(s);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a zdump -v line: " + s);
            }
            LocalDateTime ut = time(m, 2);
            LocalDateTime local = time(m, 9);
            lines.add(new Line(s, m.group(1), ut.toEpochSecond(ZoneOffset.UTC), local, m.group(16),
                    m.group(17).equals("1"), Integer.parseInt(m.group(18))));
        }
        return new ZdumpOutput(lines);
    }

    private static LocalDateTime time(Matcher m, int g) {
        int month = MONTHS.indexOf(m.group(g + 1)) + 1;
        if (month == 0) {
            throw new IllegalArgumentException("month " + m.group(g + 1));
        }
        LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(g + 6)), month,
                Integer.parseInt(m.group(g + 2).trim()), Integer.parseInt(m.group(g + 3)),
                Integer.parseInt(m.group(g + 4)), Integer.parseInt(m.group(g + 5)));
        String day = t.getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.US);
        if (!day.equals(m.group(g))) {
            throw new IllegalArgumentException("weekday " + m.group(g) + " does not match " + t);
        }
        return t;
    }

    /**
     * {@return the changes: pairs of consecutive lines one second apart}. zdump -v prints nothing
     * else between its first and last lines, so every line belongs to exactly one pair.
     *
     * @throws IllegalArgumentException if a line has no partner
     */
    public List<Change> changes() {
        List<Change> result = new ArrayList<>();
        for (int i = 0; i < lines.size(); i += 2) {
            if (i + 1 >= lines.size() || lines.get(i + 1).ut() != lines.get(i).ut() + 1) {
                throw new IllegalArgumentException("zdump line without its pair: " + lines.get(i).text());
            }
            result.add(new Change(lines.get(i), lines.get(i + 1)));
        }
        return result;
    }
}

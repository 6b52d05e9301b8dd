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
 * right/UTC  Fri Jun 30 23:59:60 1972 UT = Fri Jun 30 23:59:60 1972 UTC isdst=0 gmtoff=0
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
     * @param utText the UT time as printed ("Fri Jun 30 23:59:60 1972"), or the UNIX time when
     *               zdump could not break it down
     * @param ut     the UT time as seconds since 1970 counting every minute as 60 seconds (a leap
     *               second "23:59:60" counts as the next minute's second 0), or the printed number
     * @param localText the local time as printed, or "NULL"
     * @param abbr   the designation ("" if none is printed)
     * @param isdst  the isdst flag
     * @param gmtoff the UT offset in seconds
     */
    public record Line(String text, String zone, String utText, long ut, String localText, String abbr, boolean isdst,
            int gmtoff) {
        /** {@return the local time as printed, as a date-time; a second 60 counts as the next minute} */
        public LocalDateTime local() {
            return parseTime(localText);
        }
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

    private static final String TIME = "\\w{3} \\w{3} [ \\d]\\d \\d\\d:\\d\\d:\\d\\d -?\\d+";
    private static final Pattern TIME_FIELDS = Pattern.compile(
            "(\\w{3}) (\\w{3}) ([ \\d]\\d) (\\d\\d):(\\d\\d):(\\d\\d) (-?\\d+)");
    private static final Pattern LINE = Pattern.compile(
            "^(\\S+)  (" + TIME + ") UT = (" + TIME + ")(?: (\\S+))? isdst=(\\d+) gmtoff=(-?\\d+)$");
    private static final Pattern NULL_LINE = Pattern.compile("^(\\S+)  -?\\d+ = NULL$");
    private static final Pattern UT_NULL_LINE = Pattern.compile("^(\\S+)  (" + TIME + ") UT = NULL$");
    private static final List<String> MONTHS = List.of("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
            "Sep", "Oct", "Nov", "Dec");

    /**
     * Parses zdump -v output (or the lines we print in the same format). Lines "N = NULL" (neither
     * time could be broken down: zdump's fixed lines at the ends of time) are skipped; a line whose
     * UT time could be broken down but not its local time ("... UT = NULL") is kept with
     * localText "NULL".
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
            Matcher n = UT_NULL_LINE.matcher(s);
            if (n.matches()) {
                lines.add(new Line(s, n.group(1), n.group(2), seconds(n.group(2)), "NULL", "", false, 0));
                continue;
            }
            Matcher m = LINE.matcher(s);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a zdump -v line: " + s);
            }
            if (inJavaTimeRange(m.group(3))) {
                parseTime(m.group(3)); // checks the weekday
            }
            lines.add(new Line(s, m.group(1), m.group(2), seconds(m.group(2)), m.group(3),
                    m.group(4) == null ? "" : m.group(4), m.group(5).equals("1"), Integer.parseInt(m.group(6))));
        }
        return new ZdumpOutput(lines);
    }

    /** Seconds since 1970 of a printed time, every minute counted as 60 seconds (years java.time handles). */
    private static long seconds(String time) {
        if (!inJavaTimeRange(time)) {
            return time.contains(" -") ? Long.MIN_VALUE : Long.MAX_VALUE; // years of 2^31: only the text is compared
        }
        return parseTime(time).toEpochSecond(ZoneOffset.UTC);
    }

    private static boolean inJavaTimeRange(String time) {
        String year = time.substring(time.lastIndexOf(' ') + 1);
        return year.length() <= 9 || year.startsWith("-") && year.length() <= 10;
    }

    /** A printed time; its weekday is checked; a second 60 becomes the next minute's second 0. */
    static LocalDateTime parseTime(String time) {
        Matcher m = TIME_FIELDS.matcher(time);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a time: " + time);
        }
        int month = MONTHS.indexOf(m.group(2)) + 1;
        if (month == 0) {
            throw new IllegalArgumentException("month " + m.group(2));
        }
        int second = Integer.parseInt(m.group(6));
        LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(7)), month, Integer.parseInt(m.group(3).trim()),
                Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), 0);
        String day = t.getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.US);
        if (!day.equals(m.group(1))) {
            throw new IllegalArgumentException("weekday " + m.group(1) + " does not match " + t);
        }
        return t.plusSeconds(second);
    }

    /**
     * {@return the changes: consecutive pairs of lines}. zdump -v prints each change it finds as
     * two lines (the last second before it, the first second after it) and nothing else between
     * its fixed first and last lines, which {@link #parse} skipped.
     *
     * @throws IllegalArgumentException if the number of lines is odd
     */
    public List<Change> changes() {
        if (lines.size() % 2 != 0) {
            throw new IllegalArgumentException("an odd number of zdump lines: " + lines.size());
        }
        List<Change> result = new ArrayList<>();
        for (int i = 0; i < lines.size(); i += 2) {
            result.add(new Change(lines.get(i), lines.get(i + 1)));
        }
        return result;
    }
}

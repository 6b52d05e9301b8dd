package io.structbridge.examples.tzif;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Formats a {@link TzifFile}: a summary of its header and local time types, and its changes of
 * local time in the format of {@code zdump -v} (two lines per change: the last second before it
 * and the first second after it, each as UT and as local time with designation, isdst and UT
 * offset), so that the lines can be compared with zdump's.
 */
public final class TzifPrinter {
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
        "Oct", "Nov", "Dec"};

    private TzifPrinter() {
    }

    /**
     * {@return the summary, then the changes in zdump -v format}
     *
     * @param tz    the file
     * @param label the zone name or path as given, printed first on each line like zdump does
     * @param limit print at most this many changes (the first half and the last half), or all if negative
     */
    public static String format(TzifFile tz, String label, int limit) {
        StringBuilder out = new StringBuilder();
        summary(tz, label, out);
        List<TzifFile.Change> changes = tz.changes();
        out.append("Transitions (zdump -v format; the file's explicit transitions that change local time):\n");
        if (changes.isEmpty()) {
            out.append("  (none: ").append(tz.initialType().designation()).append(" at all times covered by the ")
                    .append("transition table)\n");
            return out.toString();
        }
        if (limit < 0 || changes.size() <= limit) {
            for (TzifFile.Change c : changes) {
                change(label, c, out);
            }
        } else {
            int head = limit / 2;
            for (TzifFile.Change c : changes.subList(0, head)) {
                change(label, c, out);
            }
            out.append("... ").append(changes.size() - limit).append(" more transitions; run \"tzif ")
                    .append(label).append("\" for all ...\n");
            for (TzifFile.Change c : changes.subList(changes.size() - (limit - head), changes.size())) {
                change(label, c, out);
            }
        }
        return out.toString();
    }

    static void summary(TzifFile tz, String label, StringBuilder out) {
        out.append("TZif file: ").append(tz.path()).append(" (").append(label).append(")\n");
        out.append(String.format("  %-22s%d%s\n", "Version:", tz.versionNumber(),
                tz.version() == 0 ? " (32-bit data only)" : " (64-bit data block read, version 1 block skipped)"));
        TzifHeader h = tz.dataHeader();
        out.append(String.format("  %-22sisutcnt %d, isstdcnt %d, leapcnt %d, timecnt %d, typecnt %d, charcnt %d\n",
                "Counts:", h.isutcnt(), h.isstdcnt(), h.leapcnt(), h.timecnt(), h.typecnt(), h.charcnt()));
        if (!tz.transitions().isEmpty()) {
            out.append(String.format("  %-22s%s .. %s UT (%d explicit, %d change local time)\n", "Transition range:",
                    asctimeOrNumber(tz.transitions().getFirst().at()), asctimeOrNumber(tz.transitions().getLast().at()),
                    tz.transitions().size(), tz.changes().size()));
        }
        out.append("  Local time types:\n");
        for (int i = 0; i < tz.types().size(); i++) {
            TzifFile.LocalTimeType t = tz.types().get(i);
            out.append(String.format("    [%d] %-8s utoff %7d (%s) isdst=%d%s%s\n", i, t.designation(), t.utoff(),
                    offset(t.utoff()), t.isdst() ? 1 : 0,
                    i < tz.standardWall().size() ? (tz.standardWall().get(i) ? " std" : " wall") : "",
                    i < tz.utLocal().size() ? (tz.utLocal().get(i) ? " ut" : " local") : ""));
        }
        out.append(String.format("  %-22s%d\n", "Leap seconds:", tz.leapSeconds().size()));
        if (tz.footer() != null) {
            out.append(String.format("  %-22s%s\n", "Footer TZ string:", tz.footer().isEmpty()
                    ? "(empty: local time after the last transition is unspecified)" : tz.footer()));
        }
    }

    /** The two zdump -v lines of one change. */
    public static void change(String label, TzifFile.Change c, StringBuilder out) {
        out.append(line(label, c.at() - 1, c.before())).append('\n');
        out.append(line(label, c.at(), c.after())).append('\n');
    }

    /** One zdump -v line: {@code label  UT-time UT = local-time designation isdst=D gmtoff=S}. */
    public static String line(String label, long ut, TzifFile.LocalTimeType type) {
        String utText = asctime(ut);
        String localText;
        try {
            localText = asctime(Math.addExact(ut, type.utoff()));
        } catch (ArithmeticException | DateTimeException e) {
            return label + "  " + ut + " = NULL";
        }
        if (utText == null || localText == null) {
            return label + "  " + ut + " = NULL";
        }
        return label + "  " + utText + " UT = " + localText + " " + type.designation() + " isdst="
                + (type.isdst() ? 1 : 0) + " gmtoff=" + type.utoff();
    }

    /** {@code asctime}-style text of a UNIX time ("Sun Mar 29 01:00:00 1981"), or null if out of range. */
    public static String asctime(long epochSecond) {
        LocalDateTime t;
        try {
            t = LocalDateTime.ofEpochSecond(epochSecond, 0, ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return null;
        }
        return String.format("%s %s %2d %02d:%02d:%02d %d", DAYS[t.getDayOfWeek().ordinal()],
                MONTHS[t.getMonthValue() - 1], t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond(),
                t.getYear());
    }

    private static String asctimeOrNumber(long epochSecond) {
        String text = asctime(epochSecond);
        return text != null ? text : Long.toString(epochSecond);
    }

    private static String offset(int seconds) {
        int a = Math.abs(seconds);
        return String.format("%s%02d:%02d:%02d", seconds < 0 ? "-" : "+", a / 3600, a / 60 % 60, a % 60);
    }
}

package io.structbridge.examples.tzif;

import java.util.List;

/**
 * Formats a {@link TzifFile}: a summary of its header and local time types, and its changes of
 * local time in the format of {@code zdump -v} (two lines per change: the last second before it
 * and the first second after it, each as UT and as local time with designation, isdst and UT
 * offset), so that the lines can be compared with zdump's. Times count leap seconds when the file
 * has leap-second records, as glibc's {@code gmtime}/{@code localtime} apply them (second 60 during a
 * leap second). zdump -v finds changes by comparing local time every 12 hours, so it misses changes
 * that revert within 12 hours; every explicit change is printed here.
 */
public final class TzifPrinter {

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
        out.append("Transitions (zdump -v format; the file's explicit transitions that change local time, and its leap seconds):\n");
        if (changes.isEmpty()) {
            out.append("  (none: ").append(tz.initialType().designation()).append(" at all times covered by the ")
                    .append("transition table)\n");
            return out.toString();
        }
        if (limit < 0 || changes.size() <= limit) {
            for (TzifFile.Change c : changes) {
                change(tz, label, c, out);
            }
        } else {
            int head = limit / 2;
            for (TzifFile.Change c : changes.subList(0, head)) {
                change(tz, label, c, out);
            }
            out.append("... ").append(changes.size() - limit).append(" more transitions; run \"tzif ")
                    .append(label).append("\" for all ...\n");
            for (TzifFile.Change c : changes.subList(changes.size() - (limit - head), changes.size())) {
                change(tz, label, c, out);
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
                    asctimeOrNumber(tz, tz.transitions().getFirst().at()),
                    asctimeOrNumber(tz, tz.transitions().getLast().at()), tz.transitions().size(), tz.typeChanges()));
        }
        out.append("  Local time types:\n");
        for (int i = 0; i < tz.types().size(); i++) {
            TzifFile.LocalTimeType t = tz.types().get(i);
            out.append(String.format("    [%d] %-8s utoff %7d (%s) isdst=%d%s%s\n", i, t.designation(), t.utoff(),
                    offset(t.utoff()), t.isdst() ? 1 : 0,
                    i < tz.standardWall().size() ? (tz.standardWall().get(i) ? " std" : " wall") : "",
                    i < tz.utLocal().size() ? (tz.utLocal().get(i) ? " ut" : " local") : ""));
        }
        out.append(String.format("  %-22s%d%s\n", "Leap seconds:", tz.leapSeconds().size(), tz.leapSeconds().isEmpty()
                ? "" : " (times in this file count them; zdump -v shows each as a change, second 60)"));
        if (tz.footer() != null) {
            out.append(String.format("  %-22s%s\n", "Footer TZ string:", tz.footer().isEmpty()
                    ? "(empty: local time after the last transition is unspecified)" : tz.footer()));
        }
    }

    /**
     * The two zdump -v lines of one change: the last second before it and the first second after
     * it. A change at a time whose year C's {@code struct tm} cannot hold (beyond 2^31 years) is one
     * line that says so, where zdump -v shows nothing (it only finds changes it can convert).
     */
    public static void change(TzifFile tz, String label, TzifFile.Change c, StringBuilder out) {
        if (tz.universalTime(c.at() - 1) == null && tz.universalTime(c.at()) == null) {
            out.append("(UNIX time ").append(c.at()).append(": a change to ").append(describe(c.after()))
                    .append(" in a year outside C's struct tm, which zdump -v does not list)\n");
            return;
        }
        out.append(line(tz, label, c.at() - 1)).append('\n');
        out.append(line(tz, label, c.at())).append('\n');
    }

    private static String describe(TzifFile.LocalTimeType t) {
        return (t.designation().isEmpty() ? "" : t.designation() + " ") + "isdst=" + (t.isdst() ? 1 : 0)
                + " gmtoff=" + t.utoff();
    }

    /**
     * One zdump -v line, as tzcode's {@code show()} prints it:
     * {@code label  UT-time UT = local-time designation isdst=D gmtoff=S}, with the leap seconds
     * applied to both times; {@code label  N = ...} when UT cannot be broken down, {@code NULL} for
     * a local time that cannot; no designation when it is empty.
     *
     * @param tz    the file (local time types and leap seconds)
     * @param label the zone name as given
     * @param time  UNIX time in the file's time scale
     */
    public static String line(TzifFile tz, String label, long time) {
        StringBuilder b = new StringBuilder(label).append("  ");
        BrokenDownTime ut = tz.universalTime(time);
        b.append(ut == null ? Long.toString(time) : ut.text() + " UT").append(" = ");
        BrokenDownTime local = tz.localTime(time);
        if (local == null) {
            return b.append("NULL").toString();
        }
        TzifFile.LocalTimeType type = tz.typeAt(time);
        b.append(local.text());
        if (!type.designation().isEmpty()) {
            b.append(' ').append(type.designation());
        }
        return b.append(" isdst=").append(type.isdst() ? 1 : 0).append(" gmtoff=").append(type.utoff()).toString();
    }

    /** {@code asctime}-style text of a UNIX time without leap seconds ("Sun Mar 29 01:00:00 1981"), or null if out of range. */
    public static String asctime(long epochSecond) {
        BrokenDownTime t = BrokenDownTime.of(epochSecond, 0, 0);
        return t == null ? null : t.text();
    }

    private static String asctimeOrNumber(TzifFile tz, long epochSecond) {
        BrokenDownTime t = tz.universalTime(epochSecond);
        return t != null ? t.text() : Long.toString(epochSecond);
    }

    private static String offset(int seconds) {
        int a = Math.abs(seconds);
        return String.format("%s%02d:%02d:%02d", seconds < 0 ? "-" : "+", a / 3600, a / 60 % 60, a % 60);
    }
}

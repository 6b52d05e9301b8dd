package io.structbridge.examples.tzif;

/**
 * A UNIX time broken down into calendar fields the way glibc's {@code __offtime} does for
 * {@code gmtime}/{@code localtime} (proleptic Gregorian calendar, any {@code long} time without
 * overflow), including the leap second: {@link #second()} is 60 during a positive leap second.
 *
 * <p>As in C, the year must fit {@code struct tm}'s {@code int tm_year} (year - 1900); beyond that
 * {@link #of} returns null, where glibc fails with {@code EOVERFLOW} and {@code zdump} prints
 * {@code NULL}.
 *
 * @param year    the year as C's {@code tm_year + 1900}, e.g. 1972 (astronomical numbering: 0 is 1 BC)
 * @param month   1..12
 * @param day     1..31
 * @param hour    0..23
 * @param minute  0..59
 * @param second  0..59, or 60 (61 ...) during a leap second
 * @param weekday 0 = Sunday .. 6 = Saturday, as C's {@code tm_wday}
 */
public record BrokenDownTime(long year, int month, int day, int hour, int minute, int second, int weekday) {
    private static final long SECONDS_PER_DAY = 86_400;
    private static final String[] DAYS = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
        "Oct", "Nov", "Dec"};

    /**
     * {@return {@code time + offset} broken down, with {@code extraSeconds} added to the seconds
     * field (glibc's leap-second "hit"), or null if the year does not fit C's {@code int tm_year}}.
     * {@code time + offset} is never computed as one sum, so no value of either overflows.
     *
     * @param time         seconds since 1970-01-01T00:00:00 (the file's time scale)
     * @param offset       seconds to add: the UT offset minus the leap-second correction
     * @param extraSeconds 0, or the number of leap seconds being inserted at {@code time}
     */
    public static BrokenDownTime of(long time, long offset, int extraSeconds) {
        long days = Math.floorDiv(time, SECONDS_PER_DAY);
        long rem = Math.floorMod(time, SECONDS_PER_DAY);
        days += Math.floorDiv(offset, SECONDS_PER_DAY);
        rem += Math.floorMod(offset, SECONDS_PER_DAY);
        if (rem >= SECONDS_PER_DAY) {
            rem -= SECONDS_PER_DAY;
            days++;
        }
        // days is within +-(2^63 / 86400 + 2^63 / 86400 + 1): no overflow below.
        int weekday = (int) Math.floorMod(days + 4, 7L); // 1970-01-01 was a Thursday
        // Civil date from a day count (the algorithm of H. Hinnant's "chrono-compatible low-level date algorithms").
        long z = days + 719_468;
        long era = Math.floorDiv(z, 146_097L);
        long doe = z - era * 146_097;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        int day = (int) (doy - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        if (year - 1900 < Integer.MIN_VALUE || year - 1900 > Integer.MAX_VALUE) {
            return null;
        }
        int secondOfDay = (int) rem;
        return new BrokenDownTime(year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60,
                secondOfDay % 60 + extraSeconds, weekday);
    }

    /**
     * {@return the seconds of this calendar time counted as if every minute had 60 seconds}: the
     * arithmetic of zdump's {@code delta} on two {@code struct tm}, which sees a leap second as no
     * step at all and a UT offset change as a step other than one second.
     */
    long naiveSeconds() {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400L);
        long yoe = y - era * 400;
        long doy = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        long days = era * 146_097 + doe - 719_468;
        return days * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second;
    }

    /** {@return the text of C's {@code asctime} without the newline, as zdump prints it: "Sat Jul  1 00:59:60 1972"} */
    public String text() {
        return String.format("%s %s %2d %02d:%02d:%02d %d", DAYS[weekday], MONTHS[month - 1], day, hour, minute,
                second, year);
    }
}

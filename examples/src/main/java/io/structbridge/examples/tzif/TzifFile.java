package io.structbridge.examples.tzif;

import io.structbridge.examples.MalformedFileException;
import io.structbridge.runtime.StructValueException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A TZif file (RFC 8536) read through the generated classes of {@link TzifHeader}, {@link TtInfo},
 * {@link TransitionTime32}/{@link TransitionTime64}, {@link TransitionType}, {@link LeapSecond32}/
 * {@link LeapSecond64} and {@link Indicator}. For version 2 and later the version 1 data block is
 * skipped (its size checked) and the 64-bit block is read, as RFC 8536 section 4 asks of readers.
 * Every count is checked against the file size before anything it counts is read.
 *
 * @param path                 the file
 * @param version              the version byte: 0 for version 1, or '2', '3', '4'
 * @param v1Header             the first header
 * @param dataHeader           the header of the data block that was read (the second one for v2+)
 * @param transitions          the explicit transitions, in strictly ascending time order
 * @param types                the local time types, with their designations
 * @param leapSeconds          the leap-second records
 * @param standardWall         the standard/wall indicators (empty, or one per type)
 * @param utLocal              the UT/local indicators (empty, or one per type)
 * @param footer               the TZ string of the v2+ footer ("" when empty), or null for version 1
 */
public record TzifFile(
        Path path,
        int version,
        TzifHeader v1Header,
        TzifHeader dataHeader,
        List<Transition> transitions,
        List<LocalTimeType> types,
        List<LeapSecond64> leapSeconds,
        List<Boolean> standardWall,
        List<Boolean> utLocal,
        String footer) {

    /** RFC 8536 section 3.1: the magic "TZif". */
    public static final String MAGIC = "TZif";

    /**
     * One local time type.
     *
     * @param utoff        seconds east of UT
     * @param isdst        daylight saving time
     * @param designation  the abbreviation, e.g. "CEST"
     */
    public record LocalTimeType(int utoff, boolean isdst, String designation) {
    }

    /**
     * One explicit transition.
     *
     * @param at        UNIX time of the transition
     * @param typeIndex index of the local time type that starts at {@code at}
     */
    public record Transition(long at, int typeIndex) {
    }

    /**
     * A change of local time as {@code zdump -v} finds one: between {@code at - 1} and {@code at}
     * the broken-down local time does not advance by exactly one second, or the DST flag or the
     * designation changes. That is an explicit transition to a type with another UT offset, DST
     * flag or designation, or a leap second (a positive one at occurrence T shows as the pair
     * T ("23:59:60") and T + 1, a negative one as T - 1 and T).
     *
     * @param at         UNIX time (in the file's time scale) of the first second after the change
     * @param before     the local time type at {@code at - 1}
     * @param after      the local time type at {@code at}
     * @param leapSecond whether a leap-second record causes (or shares) this change
     */
    public record Change(long at, LocalTimeType before, LocalTimeType after, boolean leapSecond) {
    }

    /**
     * The leap-second state at one time, as glibc's {@code __tzfile_compute} gives it.
     *
     * @param correction   the total correction in seconds (LEAPCORR) to subtract from the time
     * @param extraSeconds 1 (or more, for adjacent leap seconds) during an inserted leap second, else 0
     */
    public record LeapState(long correction, int extraSeconds) {
        static final LeapState NONE = new LeapState(0, 0);
    }

    public TzifFile {
        transitions = List.copyOf(transitions);
        types = List.copyOf(types);
        leapSeconds = List.copyOf(leapSeconds);
        standardWall = List.copyOf(standardWall);
        utLocal = List.copyOf(utLocal);
    }

    /** {@return the version as RFC 8536 writes it: 1, 2, 3 or 4} */
    public int versionNumber() {
        return version == 0 ? 1 : version - '0';
    }

    /**
     * {@return the local time type for times before the first transition}: time type 0 (RFC 8536
     * section 3.2).
     */
    public LocalTimeType initialType() {
        return types.get(0);
    }

    /**
     * {@return the local time type at a time}: the type of the last transition at or before
     * {@code time}, or type 0 before the first transition. After the last transition this is the
     * last transition's type (the footer's TZ rule is not evaluated).
     *
     * @param time UNIX time in the file's time scale
     */
    public LocalTimeType typeAt(long time) {
        int lo = 0;
        int hi = transitions.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (transitions.get(mid).at() <= time) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? initialType() : types.get(transitions.get(found).typeIndex());
    }

    /**
     * {@return the leap-second correction at a time}, by the rule of glibc's {@code __tzfile_compute}
     * (and tzcode's {@code timesub}): the correction of the last leap-second record at or before
     * {@code time}; exactly at the occurrence of a record whose correction is larger than the
     * previous one's (or positive, for the first record) the second is an inserted leap second,
     * shown as second 60.
     *
     * @param time UNIX time in the file's time scale
     */
    public LeapState leapAt(long time) {
        int i = leapSeconds.size();
        do {
            if (i-- == 0) {
                return LeapState.NONE;
            }
        } while (time < leapSeconds.get(i).occurrence());
        LeapSecond64 leap = leapSeconds.get(i);
        int extra = 0;
        if (time == leap.occurrence()
                && (i == 0 ? leap.correction() > 0 : leap.correction() > leapSeconds.get(i - 1).correction())) {
            extra = 1;
            while (i > 0 && leapSeconds.get(i).occurrence() == leapSeconds.get(i - 1).occurrence() + 1
                    && leapSeconds.get(i).correction() == leapSeconds.get(i - 1).correction() + 1) {
                extra++;
                i--;
            }
        }
        return new LeapState(leap.correction(), extra);
    }

    /**
     * {@return UT at {@code time} broken down with the leap seconds applied, as glibc's
     * {@code gmtime} gives it when this zone is loaded, or null if the year does not fit C's
     * {@code struct tm}}
     *
     * @param time UNIX time in the file's time scale
     */
    public BrokenDownTime universalTime(long time) {
        LeapState leap = leapAt(time);
        return BrokenDownTime.of(time, -leap.correction(), leap.extraSeconds());
    }

    /**
     * {@return local time at {@code time} broken down with the leap seconds applied, as glibc's
     * {@code localtime} gives it, or null if the year does not fit C's {@code struct tm}}
     *
     * @param time UNIX time in the file's time scale
     */
    public BrokenDownTime localTime(long time) {
        LeapState leap = leapAt(time);
        return BrokenDownTime.of(time, typeAt(time).utoff() - leap.correction(), leap.extraSeconds());
    }

    /**
     * {@return the changes of local time zdump -v shows for the file's explicit data, in time
     * order}: the explicit transitions to a type with another UT offset, DST flag or designation,
     * and the leap seconds (see {@link Change}). A transition at {@link Long#MIN_VALUE} has no
     * second before it: its type holds from the beginning of time and it is no change.
     */
    public List<Change> changes() {
        java.util.TreeMap<Long, Boolean> candidates = new java.util.TreeMap<>();
        for (Transition t : transitions) {
            candidates.put(t.at(), false);
        }
        for (int i = 0; i < leapSeconds.size(); i++) {
            long occurrence = leapSeconds.get(i).occurrence();
            candidates.put(occurrence, true);
            if (occurrence != Long.MAX_VALUE) {
                candidates.put(occurrence + 1, true);
            }
        }
        List<Change> result = new ArrayList<>();
        for (var candidate : candidates.entrySet()) {
            long at = candidate.getKey();
            if (at == Long.MIN_VALUE) {
                continue;
            }
            LocalTimeType before = typeAt(at - 1);
            LocalTimeType after = typeAt(at);
            boolean typeChanged = before.isdst() != after.isdst() || !before.designation().equals(after.designation())
                    || before.utoff() != after.utoff();
            BrokenDownTime localBefore = localTime(at - 1);
            BrokenDownTime localAfter = localTime(at);
            boolean step = localBefore != null && localAfter != null
                    && localAfter.naiveSeconds() - localBefore.naiveSeconds() != 1;
            if (typeChanged || step) {
                result.add(new Change(at, before, after, candidate.getValue() && step));
            }
        }
        return result;
    }

    /** {@return the number of explicit transitions to a type with another UT offset, DST flag or designation} */
    public long typeChanges() {
        return changes().stream().filter(c -> !c.before().equals(c.after())).count();
    }

    /**
     * Maps and reads a TZif file.
     *
     * @param path the file
     * @return its contents
     * @throws MalformedFileException if the file is not well-formed TZif; the message names the field
     * @throws IOException            if it cannot be read
     */
    public static TzifFile read(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            if (!Files.exists(path)) {
                throw new NoSuchFileException(path.toString());
            }
            throw new MalformedFileException(path, "not a regular file");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
             Arena arena = Arena.ofConfined()) {
            long size = channel.size();
            if (size < MAGIC.length()) {
                throw new MalformedFileException(path, "not a TZif file: only " + size
                        + " bytes, too short for the 4-byte magic \"TZif\"");
            }
            MemorySegment file = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return new Reader(path, file).read();
        }
    }

    /** The reading steps over one mapping. */
    private static final class Reader {
        private final Path path;
        private final MemorySegment file;
        private final long size;

        Reader(Path path, MemorySegment file) {
            this.path = path;
            this.file = file;
            this.size = file.byteSize();
        }

        private MalformedFileException bad(String detail) {
            return new MalformedFileException(path, detail);
        }

        TzifFile read() throws MalformedFileException {
            TzifHeader first = header(0, "first header");
            long v1Size = dataBlockSize(first, 4);
            checkBlock("version 1 data block", first, TzifHeaderStruct.SIZE, v1Size);
            if (first.version() == 0) {
                return block(first, first, TzifHeaderStruct.SIZE, 4, null);
            }
            long secondAt = TzifHeaderStruct.SIZE + v1Size;
            TzifHeader second = header(secondAt, "second header");
            if (second.version() != first.version()) {
                throw bad("second header version is " + versionText(second.version())
                        + ", the first header says " + versionText(first.version()));
            }
            long v2At = secondAt + TzifHeaderStruct.SIZE;
            long v2Size = dataBlockSize(second, 8);
            checkBlock("version " + versionText(second.version()) + " data block", second, v2At, v2Size);
            String footer = footer(v2At + v2Size);
            return block(first, second, v2At, 8, footer);
        }

        /** Reads and checks a header at {@code offset}; the magic first, then the version. */
        private TzifHeader header(long offset, String what) throws MalformedFileException {
            if (offset > size - MAGIC.length()) {
                throw bad("truncated: the " + what + " would start at offset " + offset + ", the file has "
                        + size + " bytes");
            }
            for (int i = 0; i < MAGIC.length(); i++) {
                if (file.get(ValueLayout.JAVA_BYTE, offset + i) != MAGIC.charAt(i)) {
                    throw bad("not a TZif file: " + what + " magic at offset " + offset + " is "
                            + hex(offset, MAGIC.length()) + ", expected 54 5a 69 66 (\"TZif\")");
                }
            }
            if (offset > size - TzifHeaderStruct.SIZE) {
                throw bad("truncated " + what + ": it needs " + TzifHeaderStruct.SIZE + " bytes at offset " + offset
                        + ", the file has " + size + " bytes");
            }
            TzifHeader h;
            try {
                h = TzifHeaderStruct.read(file, offset);
            } catch (StructValueException e) {
                throw new MalformedFileException(path, what + ": " + e.getMessage(), e);
            }
            if (!MAGIC.equals(h.magic())) {
                throw bad(what + " magic reads as \"" + h.magic() + "\"");
            }
            int v = h.version();
            if (v != 0 && v < '2') {
                throw bad(what + " version byte is 0x" + Integer.toHexString(v)
                        + ", expected 0x00 (version 1) or '2', '3', '4' (0x32..)");
            }
            if (h.typecnt() == 0) {
                throw bad(what + " typecnt is 0; at least one local time type is required");
            }
            if (h.charcnt() == 0) {
                throw bad(what + " charcnt is 0; at least one designation byte is required");
            }
            if (h.isutcnt() != 0 && h.isutcnt() != h.typecnt()) {
                throw bad(what + " isutcnt is " + h.isutcnt() + ", must be 0 or typecnt (" + h.typecnt() + ")");
            }
            if (h.isstdcnt() != 0 && h.isstdcnt() != h.typecnt()) {
                throw bad(what + " isstdcnt is " + h.isstdcnt() + ", must be 0 or typecnt (" + h.typecnt() + ")");
            }
            return h;
        }

        /** RFC 8536 section 3.2: the size of the data block, with 4- or 8-byte times. */
        private static long dataBlockSize(TzifHeader h, int timeSize) {
            return h.timecnt() * timeSize + h.timecnt() + h.typecnt() * TtInfoStruct.SIZE + h.charcnt()
                    + h.leapcnt() * (timeSize + 4L) + h.isstdcnt() + h.isutcnt();
        }

        private void checkBlock(String what, TzifHeader h, long at, long blockSize) throws MalformedFileException {
            if (at > size || blockSize > size - at) {
                throw bad(what + " is past the end of the file: timecnt " + h.timecnt() + ", typecnt " + h.typecnt()
                        + ", charcnt " + h.charcnt() + ", leapcnt " + h.leapcnt() + ", isstdcnt " + h.isstdcnt()
                        + ", isutcnt " + h.isutcnt() + " need " + blockSize + " bytes at offset " + at
                        + ", the file has " + size + " bytes");
            }
            long[] counts = {h.isutcnt(), h.isstdcnt(), h.leapcnt(), h.timecnt(), h.typecnt(), h.charcnt()};
            for (long count : counts) {
                if (count > Integer.MAX_VALUE - 16) {
                    throw bad(what + ": a count of " + count + " is more than this reader handles");
                }
            }
        }

        /** Reads one data block, whose extent {@link #checkBlock} has checked. */
        private TzifFile block(TzifHeader first, TzifHeader h, long at, int timeSize, String footer)
                throws MalformedFileException {
            int timecnt = (int) h.timecnt();
            int typecnt = (int) h.typecnt();
            int charcnt = (int) h.charcnt();
            int leapcnt = (int) h.leapcnt();
            long offset = at;

            long[] times = new long[timecnt];
            if (timeSize == 4) {
                TransitionTime32Array array = TransitionTime32Array.over(file, offset, timecnt);
                for (int i = 0; i < timecnt; i++) {
                    times[i] = array.get(i).time();
                }
            } else {
                TransitionTime64Array array = TransitionTime64Array.over(file, offset, timecnt);
                for (int i = 0; i < timecnt; i++) {
                    times[i] = array.get(i).time();
                }
            }
            offset += (long) timecnt * timeSize;
            for (int i = 1; i < timecnt; i++) {
                if (times[i] <= times[i - 1]) {
                    throw bad("transition times are not strictly ascending: [" + (i - 1) + "] = " + times[i - 1]
                            + ", [" + i + "] = " + times[i]);
                }
            }

            TransitionTypeArray indices = TransitionTypeArray.over(file, offset, timecnt);
            List<Transition> transitions = new ArrayList<>(timecnt);
            for (int i = 0; i < timecnt; i++) {
                int index = indices.get(i).index();
                if (index >= typecnt) {
                    throw bad("transition type index [" + i + "] is " + index + ", not less than typecnt " + typecnt);
                }
                transitions.add(new Transition(times[i], index));
            }
            offset += timecnt;

            TtInfoArray ttinfos = TtInfoArray.over(file, offset, typecnt);
            offset += (long) typecnt * TtInfoStruct.SIZE;
            MemorySegment designations = file.asSlice(offset, charcnt);
            offset += charcnt;
            List<LocalTimeType> types = new ArrayList<>(typecnt);
            for (int i = 0; i < typecnt; i++) {
                TtInfo t;
                try {
                    t = ttinfos.get(i);
                } catch (StructValueException e) {
                    throw new MalformedFileException(path, "local time type [" + i + "]: " + e.getMessage(), e);
                }
                if (t.utoff() == Integer.MIN_VALUE) {
                    throw bad("local time type [" + i + "] utoff is -2^31, which RFC 8536 forbids");
                }
                if (t.desigidx() >= charcnt) {
                    throw bad("local time type [" + i + "] desigidx is " + t.desigidx() + ", not less than charcnt "
                            + charcnt);
                }
                types.add(new LocalTimeType(t.utoff(), t.isdst(), designation(designations, i, t.desigidx())));
            }

            List<LeapSecond64> leaps = new ArrayList<>(leapcnt);
            if (timeSize == 4) {
                LeapSecond32Array array = LeapSecond32Array.over(file, offset, leapcnt);
                for (int i = 0; i < leapcnt; i++) {
                    LeapSecond32 l = array.get(i);
                    leaps.add(new LeapSecond64(l.occurrence(), l.correction()));
                }
                offset += (long) leapcnt * LeapSecond32Struct.SIZE;
            } else {
                LeapSecond64Array array = LeapSecond64Array.over(file, offset, leapcnt);
                for (int i = 0; i < leapcnt; i++) {
                    leaps.add(array.get(i));
                }
                offset += (long) leapcnt * LeapSecond64Struct.SIZE;
            }

            checkLeapSeconds(leaps, h.version());

            List<Boolean> standardWall = indicators(offset, (int) h.isstdcnt(), "standard/wall indicator");
            offset += h.isstdcnt();
            List<Boolean> utLocal = indicators(offset, (int) h.isutcnt(), "UT/local indicator");
            for (int i = 0; i < utLocal.size(); i++) {
                if (utLocal.get(i) && !(i < standardWall.size() && standardWall.get(i))) {
                    throw bad("local time type [" + i + "] is UT (UT/local indicator 1) but not standard "
                            + "(standard/wall indicator 0), which RFC 8536 forbids");
                }
            }
            return new TzifFile(path, h.version(), first, h, transitions, types, leaps, standardWall, utLocal, footer);
        }

        /**
         * RFC 8536 section 3.2 and tzfile(5): occurrences in strictly ascending order; the first
         * correction +1 or -1 (any value in version 4, whose files may be truncated at the start);
         * each later correction one more or one less than the previous one, except that in version 4
         * the last record may repeat the previous correction (the table's expiry).
         */
        private void checkLeapSeconds(List<LeapSecond64> leaps, int version) throws MalformedFileException {
            for (int i = 0; i < leaps.size(); i++) {
                LeapSecond64 leap = leaps.get(i);
                if (i == 0) {
                    if (version < '4' && Math.abs((long) leap.correction()) != 1) {
                        throw bad("leap-second record [0] correction is " + leap.correction()
                                + ", must be 1 or -1 before version 4");
                    }
                    continue;
                }
                LeapSecond64 previous = leaps.get(i - 1);
                if (leap.occurrence() <= previous.occurrence()) {
                    throw bad("leap-second occurrences are not strictly ascending: [" + (i - 1) + "] = "
                            + previous.occurrence() + ", [" + i + "] = " + leap.occurrence());
                }
                long step = (long) leap.correction() - previous.correction();
                boolean expiry = step == 0 && i == leaps.size() - 1 && version >= '4';
                if (Math.abs(step) != 1 && !expiry) {
                    throw bad("leap-second record [" + i + "] correction is " + leap.correction() + " after "
                            + previous.correction() + " in [" + (i - 1) + "]; adjacent corrections must differ by 1"
                            + (i == leaps.size() - 1 ? " (or, in version 4, be equal in the last record)" : ""));
                }
            }
        }

        private List<Boolean> indicators(long offset, int count, String what) throws MalformedFileException {
            IndicatorArray array = IndicatorArray.over(file, offset, count);
            List<Boolean> result = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                try {
                    result.add(array.get(i).value());
                } catch (StructValueException e) {
                    throw new MalformedFileException(path, what + " [" + i + "] at offset " + (offset + i)
                            + " is " + Byte.toUnsignedInt(file.get(ValueLayout.JAVA_BYTE, offset + i))
                            + ", must be 0 or 1", e);
                }
            }
            return result;
        }

        /** The NUL-terminated ASCII designation at {@code index} of the designation bytes. */
        private String designation(MemorySegment designations, int type, int index) throws MalformedFileException {
            long end = index;
            while (end < designations.byteSize() && designations.get(ValueLayout.JAVA_BYTE, end) != 0) {
                byte b = designations.get(ValueLayout.JAVA_BYTE, end);
                if (b < 0x20 || b > 0x7e) {
                    throw bad("local time type [" + type + "] designation at desigidx " + index
                            + " has the non-printable or non-ASCII byte 0x" + Integer.toHexString(b & 0xff));
                }
                end++;
            }
            if (end == designations.byteSize()) {
                throw bad("local time type [" + type + "] designation at desigidx " + index
                        + " has no NUL terminator within charcnt " + designations.byteSize() + " bytes");
            }
            return new String(designations.asSlice(index, end - index).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.US_ASCII);
        }

        /** RFC 8536 section 3.3: newline, TZ string (ASCII, no NUL or newline), newline. */
        private String footer(long at) throws MalformedFileException {
            if (at >= size || file.get(ValueLayout.JAVA_BYTE, at) != '\n') {
                throw bad("footer missing: expected a newline at offset " + at + " after the data block"
                        + (at >= size ? ", but the file ends there" : ""));
            }
            long end = at + 1;
            while (end < size && file.get(ValueLayout.JAVA_BYTE, end) != '\n') {
                byte b = file.get(ValueLayout.JAVA_BYTE, end);
                if (b < 0x20 || b > 0x7e) {
                    throw bad("footer TZ string has the byte 0x" + Integer.toHexString(b & 0xff) + " at offset " + end);
                }
                end++;
            }
            if (end >= size) {
                throw bad("footer TZ string starting at offset " + (at + 1) + " has no closing newline");
            }
            return new String(file.asSlice(at + 1, end - at - 1).toArray(ValueLayout.JAVA_BYTE),
                    StandardCharsets.US_ASCII);
        }

        private String hex(long offset, int count) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < count && offset + i < size; i++) {
                if (i > 0) {
                    b.append(' ');
                }
                b.append(String.format("%02x", Byte.toUnsignedInt(file.get(ValueLayout.JAVA_BYTE, offset + i))));
            }
            return b.toString();
        }
    }

    static String versionText(int version) {
        return version == 0 ? "1 (0x00)" : version >= 0x20 && version < 0x7f
                ? "'" + (char) version + "'" : "0x" + Integer.toHexString(version);
    }
}

package io.structbridge.arrow;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The address ranges this process can read, taken from the kernel's list of its mappings
 * ({@code /proc/self/maps} on Linux: one line per mapping, {@code start-end perms ...}, addresses in hex,
 * a mapping readable when its permissions start with {@code r}); adjacent readable mappings are merged.
 *
 * <p>The C Data Interface does not transmit buffer sizes: a producer's {@code offset} or {@code length}
 * that runs past its buffers cannot be detected from the structs. This snapshot bounds the damage: a
 * byte range that is not wholly inside readable memory (an offset of 2^40 values, a pointer into
 * nothing, a guard page) is refused before a byte of it is read, instead of killing the process with
 * SIGSEGV. A range inside readable memory that is not the producer's buffer (past its end, in a
 * neighbouring allocation) cannot be told apart and is read as it is.
 *
 * <p>Where the list is not available (not Linux, no procfs), {@link #of()} gives a snapshot that
 * covers every range: the producer's word is then taken.
 */
final class ReadableMemory {
    /** The snapshot that checks nothing (no list of mappings). */
    static final ReadableMemory UNKNOWN = new ReadableMemory(null, null);

    private static final String MAPS = "/proc/self/maps";

    /** Sorted, merged, disjoint: {@code [starts[i], ends[i])} readable; null for {@link #UNKNOWN}. */
    private final long[] starts;
    private final long[] ends;

    private ReadableMemory(long[] starts, long[] ends) {
        this.starts = starts;
        this.ends = ends;
    }

    /** {@return the readable ranges now, or {@link #UNKNOWN} if the kernel does not list them} */
    static ReadableMemory of() {
        byte[] text;
        try (InputStream in = new FileInputStream(MAPS)) {
            text = in.readAllBytes();
        } catch (IOException | SecurityException e) {
            return UNKNOWN;
        }
        return parse(new String(text, StandardCharsets.ISO_8859_1));
    }

    /** {@return the readable ranges of a {@code /proc/<pid>/maps} text} */
    static ReadableMemory parse(String maps) {
        long[] s = new long[64];
        long[] e = new long[64];
        int n = 0;
        int at = 0;
        while (at < maps.length()) {
            int eol = maps.indexOf('\n', at);
            if (eol < 0) {
                eol = maps.length();
            }
            int dash = maps.indexOf('-', at);
            int space = maps.indexOf(' ', at);
            if (dash > at && space > dash && space + 1 < eol && maps.charAt(space + 1) == 'r') {
                long start = Long.parseUnsignedLong(maps, at, dash, 16);
                long end = Long.parseUnsignedLong(maps, dash + 1, space, 16);
                if (n > 0 && e[n - 1] == start) {
                    e[n - 1] = end;
                } else {
                    if (n == s.length) {
                        s = Arrays.copyOf(s, 2 * n);
                        e = Arrays.copyOf(e, 2 * n);
                    }
                    s[n] = start;
                    e[n] = end;
                    n++;
                }
            }
            at = eol + 1;
        }
        return new ReadableMemory(Arrays.copyOf(s, n), Arrays.copyOf(e, n));
    }

    /**
     * {@return whether bytes {@code [address, address + bytes)} all lie in readable memory} (0 bytes: always
     * true; a range that wraps around the address space: false)
     *
     * @param address the first byte's address (unsigned)
     * @param bytes the number of bytes, not negative
     */
    boolean covers(long address, long bytes) {
        if (bytes == 0 || starts == null) {
            return true;
        }
        long last = address + (bytes - 1);
        if (Long.compareUnsigned(last, address) < 0) {
            return false;
        }
        // the last range starting at or below address (the list is sorted, ranges disjoint, unsigned order)
        int lo = 0;
        int hi = starts.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(starts[mid], address) <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found >= 0 && Long.compareUnsigned(last, ends[found] - 1) <= 0;
    }

    /** {@return whether this snapshot checks ranges (the kernel listed the mappings)} */
    boolean known() {
        return starts != null;
    }
}

package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link ReadableMemory}: the readable ranges of a {@code /proc/<pid>/maps} text (proc(5): {@code start-end
 * perms offset dev inode path}, addresses in hex, end exclusive), and of this process.
 */
class ReadableMemoryTest {
    private static final String MAPS = """
            00400000-00651000 r-xp 00000000 08:02 173521      /usr/bin/dbus-daemon
            00651000-00652000 r--p 00051000 08:02 173521      /usr/bin/dbus-daemon
            00652000-00655000 rw-p 00052000 08:02 173521      /usr/bin/dbus-daemon
            00e03000-00e24000 rw-p 00000000 00:00 0           [heap]
            00e24000-011f7000 ---p 00000000 00:00 0           guard
            011f7000-01200000 rw-p 00000000 00:00 0
            7fffb2c0d000-7fffb2c2e000 rw-p 00000000 00:00 0   [stack]
            ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0 [vsyscall]
            """;

    @Test
    void rangesAreReadableOnlyWithinReadableMappings() {
        ReadableMemory m = ReadableMemory.parse(MAPS);
        assertTrue(m.known());
        assertTrue(m.covers(0x400000, 0x251000), "a whole mapping");
        assertTrue(m.covers(0x650000, 0x4000), "across adjacent readable mappings (r-x, r--, rw-)");
        assertTrue(m.covers(0x400000, 0x655000 - 0x400000), "three adjacent mappings as one");
        assertFalse(m.covers(0x654fff, 2), "one byte past the end");
        assertFalse(m.covers(0xe23000, 0x2000), "into a PROT_NONE guard");
        assertFalse(m.covers(0xe24000, 1), "inside the guard");
        assertTrue(m.covers(0x11f7000, 0x9000), "after the guard");
        assertFalse(m.covers(0x3fffff, 2), "one byte before the first mapping");
        assertFalse(m.covers(0x10, 1), "page zero");
        assertFalse(m.covers(0xffffffffff600000L, 1), "execute-only");
        assertTrue(m.covers(0x10, 0), "no bytes: nothing to read");
        assertFalse(m.covers(0x7fffb2c2d000L, Long.MAX_VALUE), "a count that wraps the address space");
        assertFalse(m.covers(-16, 32), "a range that wraps around zero");
        assertFalse(ReadableMemory.parse("").covers(0x400000, 1), "no mapping");
        assertTrue(ReadableMemory.UNKNOWN.covers(0x10, 1), "no list: every range is taken");
    }

    @Test
    void thisProcessesMemoryIsListed() {
        Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux"), "/proc/self/maps is Linux's");
        assertTrue(ReadableMemory.of().known(), "Linux lists the mappings");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(1 << 20);
            ReadableMemory m = ReadableMemory.of();
            assertTrue(m.covers(s.address(), s.byteSize()), "a fresh allocation");
            assertFalse(m.covers(0x10, 1), "page zero (vm.mmap_min_addr)");
            assertFalse(m.covers(s.address(), 1L << 46), "64 TiB from an allocation");
        }
    }
}

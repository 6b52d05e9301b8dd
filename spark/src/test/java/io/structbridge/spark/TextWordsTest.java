package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TextWords} against the byte-by-byte definition it replaces: over members of 1 to 40 bytes at every offset of
 * a 64-byte segment (so words reach past the member and, near the end, past the data), filled with bytes drawn to
 * hit every case (NUL at each place or none, bytes above 0x7F before or after the NUL, all-ASCII).
 */
class TextWordsTest {
    /** The definition: bytes up to the first NUL, all of them 0x01-0x7F, and a NUL within the capacity when required. */
    private static int expectedAsciiLength(MemorySegment s, long at, int capacity, boolean nulTerminated) {
        for (int i = 0; i < capacity; i++) {
            byte b = s.get(ValueLayout.JAVA_BYTE, at + i);
            if (b == 0) {
                return i;
            }
            if (b < 0) {
                return TextWords.SLOW;
            }
        }
        return nulTerminated ? TextWords.SLOW : capacity;
    }

    /** The definition of a group key: the bytes before the first NUL (or the capacity), packed little-endian. */
    private static long expectedPacked(MemorySegment s, long at, int capacity) {
        long k = 0;
        for (int i = 0; i < capacity; i++) {
            long b = s.get(ValueLayout.JAVA_BYTE, at + i) & 0xffL;
            if (b == 0) {
                break;
            }
            k |= b << (8 * i);
        }
        return k;
    }

    @Test
    void wordsGiveWhatTheByteByByteReadGives() {
        SplittableRandom random = new SplittableRandom(24);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(64);
            for (int round = 0; round < 20_000; round++) {
                int style = random.nextInt(4);
                for (int i = 0; i < 64; i++) {
                    int b = switch (style) {
                        case 0 -> 1 + random.nextInt(127);                          // ASCII, no NUL
                        case 1 -> random.nextInt(12) == 0 ? 0 : 1 + random.nextInt(127); // ASCII with NULs
                        case 2 -> random.nextInt(8) == 0 ? 0x80 + random.nextInt(128) : random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(127);
                        default -> random.nextInt(256);
                    };
                    s.set(ValueLayout.JAVA_BYTE, i, (byte) b);
                }
                for (int capacity = 1; capacity <= 40; capacity++) {
                    for (long at = 0; at + capacity <= 64; at += 1 + random.nextInt(3)) {
                        for (boolean nul : new boolean[] {true, false}) {
                            assertEquals(expectedAsciiLength(s, at, capacity, nul), TextWords.asciiLength(s, at, capacity, nul),
                                    "capacity " + capacity + " at " + at + " nul " + nul + " round " + round);
                        }
                        if (capacity <= 8) {
                            assertEquals(expectedPacked(s, at, capacity), TextWords.packed(s, at, capacity),
                                    "packed, capacity " + capacity + " at " + at + " round " + round);
                        }
                    }
                }
            }
        }
    }
}

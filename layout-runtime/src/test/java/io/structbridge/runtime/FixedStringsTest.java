package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** Fixed char[N] strings; expected bytes come from the JDK's own UTF-8 encoder and decoder. */
class FixedStringsTest {

    private static MemorySegment filled(int size) {
        MemorySegment s = Arena.ofAuto().allocate(size);
        s.fill((byte) 0x5a);
        return s;
    }

    private static byte[] store(String text, TextEncoding e, int capacity, boolean nul, boolean truncate) {
        MemorySegment s = filled(capacity);
        int n = FixedStrings.storedLength(text, e, capacity, nul, truncate, "T", "f");
        FixedStrings.store(s, 0, text, n, e, capacity);
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    private static byte[] padded(byte[] text, int capacity) {
        return Arrays.copyOf(text, capacity);
    }

    @Test
    void caseJ4_truncationNeverSplitsAUtf8Sequence() {
        // Python: 'abⒶ'.encode('utf-8') == b'ab\xe2\x92\xb6'; capacity 8 NUL-terminated leaves 7 bytes for text.
        byte[] stored = store("abⒶⒶⒶ", TextEncoding.UTF_8, 8, true, true);
        assertArrayEquals(new byte[] {0x61, 0x62, (byte) 0xe2, (byte) 0x92, (byte) 0xb6, 0, 0, 0}, stored);
        assertEquals("abⒶ", FixedStrings.load(MemorySegment.ofArray(stored), 0, TextEncoding.UTF_8, 8, true, "T", "f"));
    }

    @Test
    void caseJ4_overlongTextIsRefusedByDefaultWithTheByteCount() {
        StructValueException e = assertThrows(StructValueException.class,
                () -> FixedStrings.storedLength("abⒶⒶⒶ", TextEncoding.UTF_8, 8, true, false, "Name", "name"));
        assertTrue(e.getMessage().startsWith("Name.name: text needs 11 UTF-8 bytes but the capacity is 8 bytes"), e.getMessage());
        assertEquals("\"abⒶⒶⒶ\"", e.value());
    }

    @Test
    void boundariesOfANulTerminatedField() {
        // capacity 8: 7 bytes of text fit, 8 do not.
        assertEquals(7, FixedStrings.storedLength("abcdefg", TextEncoding.UTF_8, 8, true, false, "T", "f"));
        assertThrows(StructValueException.class, () -> FixedStrings.storedLength("abcdefgh", TextEncoding.UTF_8, 8, true, false, "T", "f"));
        // fixed width: all 8 fit.
        assertEquals(8, FixedStrings.storedLength("abcdefgh", TextEncoding.UTF_8, 8, false, false, "T", "f"));
        assertEquals("abcdefgh", FixedStrings.load(MemorySegment.ofArray("abcdefgh".getBytes(StandardCharsets.US_ASCII)), 0,
                TextEncoding.UTF_8, 8, false, "T", "f"));
    }

    @Test
    void emojiCjkAndCombiningMarksCountEncodedBytes() {
        String emoji = "\uD83D\uDCA9"; // U+1F4A9: 2 UTF-16 units, 1 code point, 4 UTF-8 bytes
        String cjk = "漢字"; // 2 code points, 6 UTF-8 bytes
        String combining = "e\u0301"; // 2 code points, 3 UTF-8 bytes
        for (String s : new String[] {emoji, cjk, combining}) {
            int bytes = s.getBytes(StandardCharsets.UTF_8).length;
            assertEquals(bytes, FixedStrings.storedLength(s, TextEncoding.UTF_8, bytes + 1, true, false, "T", "f"));
            assertThrows(StructValueException.class, () -> FixedStrings.storedLength(s, TextEncoding.UTF_8, bytes, true, false, "T", "f"));
            assertArrayEquals(padded(s.getBytes(StandardCharsets.UTF_8), bytes + 1), store(s, TextEncoding.UTF_8, bytes + 1, true, false));
        }
        // Truncating an emoji to 3 usable bytes drops it entirely rather than splitting it.
        assertArrayEquals(new byte[] {0x61, 0, 0, 0}, store("a" + emoji, TextEncoding.UTF_8, 4, true, true));
    }

    @Test
    void unencodableTextIsRefused() {
        assertThrows(StructValueException.class, () -> FixedStrings.storedLength("é", TextEncoding.ASCII, 8, true, false, "T", "f"));
        assertThrows(StructValueException.class, () -> FixedStrings.storedLength("€", TextEncoding.LATIN_1, 8, true, false, "T", "f"));
        assertThrows(StructValueException.class, () -> FixedStrings.storedLength("a\uD800b", TextEncoding.UTF_8, 8, true, false, "T", "f"));
        assertThrows(StructValueException.class, () -> FixedStrings.storedLength("a\uDC00", TextEncoding.UTF_8, 8, true, false, "T", "f"));
        StructValueException nul = assertThrows(StructValueException.class,
                () -> FixedStrings.storedLength("a\0b", TextEncoding.UTF_8, 8, true, false, "T", "f"));
        assertTrue(nul.getMessage().contains("U+0000"), nul.getMessage());
        // Latin-1 é is one byte 0xE9 (ISO-8859-1), as the JDK encodes it.
        assertArrayEquals(padded("é".getBytes(StandardCharsets.ISO_8859_1), 4), store("é", TextEncoding.LATIN_1, 4, true, false));
    }

    @Test
    void invalidStoredBytesAreErrorsNotReplacementCharacters() {
        byte[][] invalid = {
            {(byte) 0xc3, 0x28, 0}, // bad continuation
            {(byte) 0x80, 0}, // lone continuation byte
            {(byte) 0xc0, (byte) 0xaf, 0}, // overlong '/'
            {(byte) 0xed, (byte) 0xa0, (byte) 0x80, 0}, // UTF-16 surrogate D800 encoded (CESU-8)
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80, 0}, // above U+10FFFF
            {(byte) 0xe2, (byte) 0x92, 0}, // truncated sequence (case J4's dangling bytes)
        };
        for (byte[] b : invalid) {
            StructValueException e = assertThrows(StructValueException.class, () -> FixedStrings.load(
                    MemorySegment.ofArray(b), 0, TextEncoding.UTF_8, b.length, true, "T", "f"), Arrays.toString(b));
            assertTrue(e.getMessage().contains("invalid UTF-8"), e.getMessage());
        }
        assertThrows(StructValueException.class, () -> FixedStrings.load(
                MemorySegment.ofArray(new byte[] {(byte) 0xe9, 0}), 0, TextEncoding.ASCII, 2, true, "T", "f"));
    }

    @Test
    void missingNulTerminatorIsAnErrorWithTheOffset() {
        MemorySegment s = MemorySegment.ofArray("xxabcd".getBytes(StandardCharsets.US_ASCII));
        StructValueException e = assertThrows(StructValueException.class,
                () -> FixedStrings.load(s, 2, TextEncoding.UTF_8, 4, true, "T", "f"));
        assertEquals(2, e.offset());
    }

    @Property
    void storedBytesEqualTheJdkEncoderAndReadBack(@ForAll @StringLength(max = 20) String raw) {
        String s = raw.replace('\0', ' ');
        boolean wellFormed = s.codePoints().noneMatch(cp -> cp >= 0xd800 && cp <= 0xdfff);
        if (!wellFormed) {
            assertThrows(StructValueException.class, () -> FixedStrings.storedLength(s, TextEncoding.UTF_8, 100, true, false, "T", "f"));
            return;
        }
        byte[] expected = s.getBytes(StandardCharsets.UTF_8);
        byte[] stored = store(s, TextEncoding.UTF_8, expected.length + 1, true, false);
        assertArrayEquals(padded(expected, expected.length + 1), stored);
        assertEquals(s, FixedStrings.load(MemorySegment.ofArray(stored), 0, TextEncoding.UTF_8, stored.length, true, "T", "f"));
    }

    @Property
    void truncationKeepsTheLongestPrefixOfWholeCodePoints(@ForAll @StringLength(max = 12) String raw) {
        String s = new String(raw.replace('\0', ' ').codePoints().filter(cp -> cp < 0xd800 || cp > 0xdfff).toArray(), 0,
                (int) raw.replace('\0', ' ').codePoints().filter(cp -> cp < 0xd800 || cp > 0xdfff).count());
        int capacity = 6;
        byte[] stored = store(s, TextEncoding.UTF_8, capacity, true, true);
        String back = FixedStrings.load(MemorySegment.ofArray(stored), 0, TextEncoding.UTF_8, capacity, true, "T", "f");
        assertTrue(s.startsWith(back));
        assertTrue(back.getBytes(StandardCharsets.UTF_8).length <= capacity - 1);
        if (back.length() < s.length()) {
            int next = s.codePointAt(back.length());
            assertTrue(back.getBytes(StandardCharsets.UTF_8).length + new String(Character.toChars(next)).getBytes(StandardCharsets.UTF_8).length > capacity - 1);
        }
    }
    /** Large capacities: the bytes loaded are bounded by the text, and no size is an overflowing int. */
    @Property(tries = 200)
    void largeMembersLoadWhatTheJdkDecodes(@ForAll @StringLength(max = 600) String text) {
        String clean = text.replace('\0', ' ');
        byte[] utf8 = clean.getBytes(StandardCharsets.UTF_8);
        if (new String(utf8, StandardCharsets.UTF_8).equals(clean)) { // the JDK round-trips it: valid UTF-16
            int capacity = 4000;
            MemorySegment s = filled(capacity + 16);
            MemorySegment.copy(MemorySegment.ofArray(utf8), 0, s, 8, utf8.length);
            s.set(ValueLayout.JAVA_BYTE, 8 + utf8.length, (byte) 0);
            assertEquals(clean, FixedStrings.load(s, 8, TextEncoding.UTF_8, capacity, true, "T", "f"));
            // a capacity of Integer.MAX_VALUE over the same bytes: the NUL ends the text, no byte[capacity + 8]
            assertEquals(clean, FixedStrings.load(s, 8, TextEncoding.UTF_8, Integer.MAX_VALUE, true, "T", "f"));
        }
    }

    @Test
    void aLargeMemberWithoutNulIsTheUsualError() {
        MemorySegment s = filled(300);
        StructValueException e = assertThrows(StructValueException.class,
                () -> FixedStrings.load(s, 0, TextEncoding.ASCII, 300, true, "T", "f"));
        assertTrue(e.getMessage().contains("no NUL terminator within the capacity of 300 bytes"), e.getMessage());
        assertEquals("Z".repeat(300), FixedStrings.load(s, 0, TextEncoding.ASCII, 300, false, "T", "f"));
    }

    @Test
    void copyIntoABufferShorterThanTheCapacityCopiesTextThatFitsAndRefusesLongerText() {
        MemorySegment s = filled(64);
        s.set(ValueLayout.JAVA_BYTE, 10, (byte) 0);
        byte[] small = new byte[16];
        assertEquals(10, FixedStrings.copyInto(s, 0, 64, true, small, "T", "f"));
        s.set(ValueLayout.JAVA_BYTE, 16, (byte) 0);
        s.set(ValueLayout.JAVA_BYTE, 10, (byte) 'x');
        assertEquals(16, FixedStrings.copyInto(s, 0, 64, true, small, "T", "f"));
        s.set(ValueLayout.JAVA_BYTE, 16, (byte) 'y');
        StructValueException e = assertThrows(StructValueException.class, () -> FixedStrings.copyInto(s, 0, 64, true, small, "T", "f"));
        assertTrue(e.getMessage().contains("does not fit the 16-byte buffer"), e.getMessage());
    }
}

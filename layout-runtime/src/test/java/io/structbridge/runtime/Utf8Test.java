package io.structbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** {@link Utf8#classify} and the allocation-free text paths, against the JDK's UTF-8 decoder and encoder. */
class Utf8Test {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    private final java.nio.CharBuffer chars = java.nio.CharBuffer.allocate(16);

    /**
     * {@return the JDK's verdict on the first {@code n} bytes of {@code b}: well-formed or not, and whether a
     * character needs a surrogate pair} The decoder's steps as
     * {@link CharsetDecoder#decode(ByteBuffer)} takes them (reset, decode to the end of input, flush), with its verdict
     * as a result rather than a {@link CharacterCodingException}: millions of malformed sequences are checked, and an
     * exception each would cost most of the time.
     */
    private int jdk(byte[] b, int n) {
        decoder.reset();
        chars.clear();
        java.nio.charset.CoderResult r = decoder.decode(ByteBuffer.wrap(b, 0, n), chars, true);
        if (r.isError() || (r = decoder.flush(chars)).isError()) {
            return Utf8.MALFORMED;
        }
        if (r.isOverflow()) {
            throw new IllegalStateException("more than " + chars.capacity() + " chars from " + n + " bytes");
        }
        chars.flip();
        String s = chars.toString();
        if (s.codePoints().allMatch(c -> c < 0x80)) {
            return Utf8.ASCII;
        }
        return s.codePoints().anyMatch(c -> c > 0xffff) ? Utf8.SUPPLEMENTARY : Utf8.BMP;
    }

    @Test
    void everySequenceOfUpToThreeBytesIsClassifiedAsTheJdkDecodes() {
        byte[] b = new byte[3];
        int checked = 0;
        for (int x = 0; x < 256; x++) {
            b[0] = (byte) x;
            assertEquals(jdk(b, 1), Utf8.classify(b, 0, 1), () -> hex(b, 1));
            for (int y = 0; y < 256; y++) {
                b[1] = (byte) y;
                assertEquals(jdk(b, 2), Utf8.classify(b, 0, 2), () -> hex(b, 2));
                if (x < 0xc0) {
                    continue; // a third byte after an ASCII or continuation start adds nothing new
                }
                for (int z = 0; z < 256; z++) {
                    b[2] = (byte) z;
                    int expected = jdk(b, 3);
                    if (expected != Utf8.classify(b, 0, 3)) {
                        assertEquals(expected, Utf8.classify(b, 0, 3), hex(b, 3));
                    }
                    checked++;
                }
            }
        }
        assertEquals(64 * 256 * 256, checked);
    }

    @Test
    void fourByteSequencesAroundEveryBoundaryAndRandomBytesAgreeWithTheJdk() {
        int[] leads = {0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xf8, 0xff};
        int[] tails = {0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff};
        byte[] b = new byte[4];
        for (int lead : leads) {
            for (int t1 : tails) {
                for (int t2 : tails) {
                    for (int t3 : tails) {
                        b[0] = (byte) lead;
                        b[1] = (byte) t1;
                        b[2] = (byte) t2;
                        b[3] = (byte) t3;
                        assertEquals(jdk(b, 4), Utf8.classify(b, 0, 4), hex(b, 4));
                    }
                }
            }
        }
        SplittableRandom random = new SplittableRandom(20261129);
        byte[] r = new byte[12];
        for (int i = 0; i < 200_000; i++) {
            for (int k = 0; k < r.length; k++) { // mostly continuation and lead bytes, where the rules are
                r[k] = (byte) (random.nextInt(4) == 0 ? random.nextInt(0x80) : 0x80 + random.nextInt(0x80));
            }
            int n = random.nextInt(r.length + 1);
            assertEquals(jdk(r, n), Utf8.classify(r, 0, n), hex(r, n));
        }
    }

    @Property(tries = 500)
    void realTextIsClassifiedByItsWidestCharacter(@ForAll String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (s.chars().anyMatch(c -> Character.isSurrogate((char) c)) && !new String(b, StandardCharsets.UTF_8).equals(s)) {
            return; // a lone surrogate: getBytes replaced it, nothing to compare
        }
        assertEquals(jdk(b, b.length), Utf8.classify(b, 0, b.length));
    }

    @Property(tries = 500)
    void storingSingleByteCharactersGivesTheSetterBytesOrLeavesTheRestToTheSetter(
            @ForAll @StringLength(max = 20) @CharRange(from = '\u0000', to = '\u0101') String s) {
        for (TextEncoding encoding : TextEncoding.values()) {
            for (boolean nul : new boolean[] {true, false}) {
                for (boolean zeroed : new boolean[] {true, false}) {
                    int capacity = 13;
                    MemorySegment fast = Arena.ofAuto().allocate(32);
                    fast.fill((byte) 0x5a);
                    if (zeroed) {
                        fast.asSlice(3, capacity).fill((byte) 0);
                    }
                    byte[] before = fast.toArray(ValueLayout.JAVA_BYTE);
                    char[] chars = ("<<" + s + ">>").toCharArray();
                    boolean stored = FixedStrings.storeSingleByte(fast, 3, chars, 2, s.length(), encoding, capacity, nul, zeroed);
                    MemorySegment setter = Arena.ofAuto().allocate(32);
                    setter.fill((byte) 0x5a);
                    boolean fits;
                    try {
                        int n = FixedStrings.storedLength(s, encoding, capacity, nul, false, "T", "f");
                        FixedStrings.store(setter, 3, s, n, encoding, capacity);
                        fits = true;
                    } catch (StructValueException e) {
                        fits = false;
                    }
                    int limit = encoding == TextEncoding.LATIN_1 ? 0xff : 0x7f;
                    boolean single = s.chars().allMatch(c -> c != 0 && c <= limit);
                    assertEquals(fits && single, stored, s + " " + encoding + " " + nul);
                    if (stored) {
                        assertArrayEquals(setter.toArray(ValueLayout.JAVA_BYTE), fast.toArray(ValueLayout.JAVA_BYTE));
                    } else { // only the text's first bytes may have been written; the bytes around the member never
                        byte[] after = fast.toArray(ValueLayout.JAVA_BYTE);
                        for (int i = 0; i < after.length; i++) {
                            if (i < 3 || i >= 3 + Math.min(s.length(), capacity)) {
                                assertEquals(before[i], after[i], "byte " + i + " changed");
                            }
                        }
                    }
                }
            }
        }
    }

    @Property(tries = 1000)
    void storingUtf8CharactersGivesTheSetterBytesWheneverTheSetterAcceptsTheText(@ForAll @StringLength(max = 12) String s) {
        String text = s.length() > 3 ? s.substring(0, 2) + "\ud83d\ude00" + s.substring(2) : s + "\u00e9\u6771"; // astral, 2 and 3 bytes
        for (boolean nul : new boolean[] {true, false}) {
            for (boolean zeroed : new boolean[] {true, false}) {
                int capacity = 17;
                MemorySegment fast = Arena.ofAuto().allocate(32);
                fast.fill((byte) 0x5a);
                if (zeroed) {
                    fast.asSlice(3, capacity).fill((byte) 0);
                }
                byte[] before = fast.toArray(ValueLayout.JAVA_BYTE);
                char[] chars = ("<" + text + ">").toCharArray();
                boolean stored = FixedStrings.storeUtf8(fast, 3, chars, 1, text.length(), capacity, nul, zeroed);
                MemorySegment setter = Arena.ofAuto().allocate(32);
                setter.fill((byte) 0x5a);
                boolean fits;
                try {
                    int n = FixedStrings.storedLength(text, TextEncoding.UTF_8, capacity, nul, false, "T", "f");
                    FixedStrings.store(setter, 3, text, n, TextEncoding.UTF_8, capacity);
                    fits = true;
                } catch (StructValueException e) {
                    fits = false;
                }
                assertEquals(fits, stored, text);
                byte[] after = fast.toArray(ValueLayout.JAVA_BYTE);
                if (stored) {
                    assertArrayEquals(setter.toArray(ValueLayout.JAVA_BYTE), after, text);
                }
                for (int i = 0; i < after.length; i++) { // never outside the member
                    if (i < 3 || i >= 3 + capacity) {
                        assertEquals(before[i], after[i], "byte " + i + " changed");
                    }
                }
            }
        }
    }

    @Test
    void loadAndDecodeGiveTheJdkStringForWellFormedBytesAndNameMalformedOnes() {
        byte[] ok = "Zürich 東京 😀".getBytes(StandardCharsets.UTF_8);
        assertEquals("Zürich 東京 😀",
                FixedStrings.load(MemorySegment.ofArray(pad(ok, 24)), 0, TextEncoding.UTF_8, 24, true, "T", "f"));
        byte[] bad = {'a', (byte) 0xed, (byte) 0xa0, (byte) 0x80, 0};
        StructValueException e = org.junit.jupiter.api.Assertions.assertThrows(StructValueException.class,
                () -> FixedStrings.load(MemorySegment.ofArray(bad), 0, TextEncoding.UTF_8, 5, true, "T", "f"));
        assertTrue(e.getMessage().contains("invalid UTF-8") && e.getMessage().contains("61 ed a0 80"), e.getMessage());
        assertFalse(e.getMessage().contains("00"), e.getMessage());
    }

    private static byte[] pad(byte[] b, int n) {
        byte[] p = new byte[n];
        System.arraycopy(b, 0, p, 0, b.length);
        return p;
    }

    private static String hex(byte[] b, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(String.format("%02x ", b[i] & 0xff));
        }
        return s.toString().trim();
    }
}

package io.structbridge.benchmarks;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/**
 * What a careful programmer writes by hand with FFM and the generated offset constants: the
 * peers of the generated code. Same semantics where it matters for speed (text: at most 15
 * UTF-8 bytes, no U+0000, checked before any byte is stored, the rest of the 16 bytes NUL);
 * the ASCII case is a tight loop, anything else takes a simple allocating path.
 */
final class HandCoded {
    private HandCoded() {}

    static final int SYMBOL_CAPACITY = 16;

    /** Stores one Tick with the natural (aligned) value layouts. */
    static void storeTick(MemorySegment s, long off, Tick t) {
        s.set(ValueLayout.JAVA_INT, off + TickStruct.ID_OFFSET, t.id());
        s.set(ValueLayout.JAVA_LONG, off + TickStruct.TIMESTAMP_OFFSET, t.timestamp());
        s.set(ValueLayout.JAVA_DOUBLE, off + TickStruct.PRICE_OFFSET, t.price());
        s.set(ValueLayout.JAVA_FLOAT, off + TickStruct.QTY_OFFSET, t.qty());
        s.set(ValueLayout.JAVA_SHORT, off + TickStruct.VENUE_OFFSET, t.venue());
    }

    /** Stores one Tick with the unaligned value layouts, exactly the ones the generated code uses. */
    static void storeTickUnaligned(MemorySegment s, long off, Tick t) {
        s.set(ValueLayout.JAVA_INT_UNALIGNED, off + TickStruct.ID_OFFSET, t.id());
        s.set(ValueLayout.JAVA_LONG_UNALIGNED, off + TickStruct.TIMESTAMP_OFFSET, t.timestamp());
        s.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, off + TickStruct.PRICE_OFFSET, t.price());
        s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, off + TickStruct.QTY_OFFSET, t.qty());
        s.set(ValueLayout.JAVA_SHORT_UNALIGNED, off + TickStruct.VENUE_OFFSET, t.venue());
    }

    /** Stores one Quote: checks the symbol, then writes every member. */
    static void storeQuote(MemorySegment s, long off, Quote q) {
        String symbol = q.symbol();
        if (!isShortAscii(symbol)) {
            storeSymbolSlow(s, off + QuoteStruct.SYMBOL_OFFSET, symbol);
        } else {
            storeAscii(s, off + QuoteStruct.SYMBOL_OFFSET, symbol);
        }
        s.set(ValueLayout.JAVA_LONG, off + QuoteStruct.ID_OFFSET, q.id());
        s.set(ValueLayout.JAVA_DOUBLE, off + QuoteStruct.BID_OFFSET, q.bid());
        s.set(ValueLayout.JAVA_DOUBLE, off + QuoteStruct.ASK_OFFSET, q.ask());
        s.set(ValueLayout.JAVA_INT, off + QuoteStruct.SIZE_OFFSET, q.size());
    }

    /** Stores a symbol at {@code off} (the member's own offset). */
    static void storeSymbol(MemorySegment s, long off, String symbol) {
        if (isShortAscii(symbol)) {
            storeAscii(s, off, symbol);
        } else {
            storeSymbolSlow(s, off, symbol);
        }
    }

    /** Stores one Quote whose symbol {@link #isShortAscii} already accepted (no second check). */
    static void storeQuoteChecked(MemorySegment s, long off, Quote q) {
        storeAscii(s, off + QuoteStruct.SYMBOL_OFFSET, q.symbol());
        s.set(ValueLayout.JAVA_LONG, off + QuoteStruct.ID_OFFSET, q.id());
        s.set(ValueLayout.JAVA_DOUBLE, off + QuoteStruct.BID_OFFSET, q.bid());
        s.set(ValueLayout.JAVA_DOUBLE, off + QuoteStruct.ASK_OFFSET, q.ask());
        s.set(ValueLayout.JAVA_INT, off + QuoteStruct.SIZE_OFFSET, q.size());
    }

    /** {@return whether {@code v} is at most 15 ASCII characters without U+0000} */
    static boolean isShortAscii(String v) {
        int n = v.length();
        if (n >= SYMBOL_CAPACITY) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = v.charAt(i);
            if (c == 0 || c >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static void storeAscii(MemorySegment s, long off, String v) {
        int n = v.length();
        for (int i = 0; i < n; i++) {
            s.set(ValueLayout.JAVA_BYTE, off + i, (byte) v.charAt(i));
        }
        for (int i = n; i < SYMBOL_CAPACITY; i++) {
            s.set(ValueLayout.JAVA_BYTE, off + i, (byte) 0);
        }
    }

    private static void storeSymbolSlow(MemorySegment s, long off, String v) {
        byte[] b = v.getBytes(StandardCharsets.UTF_8);
        if (b.length >= SYMBOL_CAPACITY || v.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("symbol does not fit char[16]: " + v);
        }
        MemorySegment.copy(b, 0, s, ValueLayout.JAVA_BYTE, off, b.length);
        for (int i = b.length; i < SYMBOL_CAPACITY; i++) {
            s.set(ValueLayout.JAVA_BYTE, off + i, (byte) 0);
        }
    }

    /** Loads the symbol at {@code off} (the member's own offset): bytes up to the NUL, as UTF-8. */
    static String loadSymbol(MemorySegment s, long off) {
        int n = 0;
        while (n < SYMBOL_CAPACITY && s.get(ValueLayout.JAVA_BYTE, off + n) != 0) {
            n++;
        }
        if (n == SYMBOL_CAPACITY) {
            throw new IllegalStateException("no NUL in char[16] at " + off);
        }
        byte[] b = new byte[n];
        MemorySegment.copy(s, ValueLayout.JAVA_BYTE, off, b, 0, n);
        return new String(b, StandardCharsets.UTF_8);
    }
}

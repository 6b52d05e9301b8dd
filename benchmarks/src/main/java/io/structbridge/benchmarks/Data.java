package io.structbridge.benchmarks;

import java.util.ArrayList;
import java.util.List;

/** Deterministic test data shared by the benchmarks. */
final class Data {
    private Data() {}

    static Tick tick(int i) {
        return new Tick(i, 1_700_000_000_000_000_000L + i * 1_000L, 100.0 + (i % 1000) * 0.25, (i % 500) + 0.5f,
                (short) (i % 64));
    }

    static Quote quote(int i) {
        // ASCII symbols of 3..10 characters, all within the 15-byte text capacity.
        String symbol = "SYM" + Integer.toString(i % 10_000_000, 36).toUpperCase();
        return new Quote(i, symbol, 99.5 + (i % 100), 100.5 + (i % 100), i % 10_000);
    }

    static List<Tick> ticks(int n) {
        List<Tick> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(tick(i));
        }
        return list;
    }

    static List<Quote> quotes(int n) {
        List<Quote> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(quote(i));
        }
        return list;
    }
}

package io.structbridge.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the distinct group keys of a split densely, in order of first appearance: no key (a global aggregate) is
 * slot 0; one key is looked up in an open-addressing table of {@code long}s; several in a hash map of key tuples.
 */
final class GroupSlots {
    private final int width;
    private long[] table = new long[64];
    private int[] slots = new int[64];
    private boolean[] used = new boolean[64];
    private final Map<Tuple, Integer> tuples = new HashMap<>();
    private final List<long[]> keys = new ArrayList<>();

    /** A tuple of keys. @param keys the keys */
    private record Tuple(long[] keys) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Tuple t && Arrays.equals(keys, t.keys);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(keys);
        }
    }

    /** @param width the number of keys per group (0 for a global aggregate) */
    GroupSlots(int width) {
        this.width = width;
        if (width == 0) {
            keys.add(new long[0]);
        }
    }

    /** {@return the number of groups met} */
    int size() {
        return keys.size();
    }

    /** {@return the keys of group {@code slot}} */
    long[] keys(int slot) {
        return keys.get(slot);
    }

    /** {@return the slot of the single key {@code k} (width 1)} */
    int slot(long k) {
        int mask = table.length - 1;
        int i = (int) (mix(k) & mask);
        while (used[i]) {
            if (table[i] == k) {
                return slots[i];
            }
            i = (i + 1) & mask;
        }
        int s = keys.size();
        keys.add(new long[] {k});
        used[i] = true;
        table[i] = k;
        slots[i] = s;
        if (2 * keys.size() > table.length) {
            grow();
        }
        return s;
    }

    /** {@return the slot of the key tuple {@code k} (width 2 or more; {@code k} is copied when new)} */
    int slot(long[] k) {
        Integer s = tuples.get(new Tuple(k));
        if (s == null) {
            s = keys.size();
            long[] copy = k.clone();
            keys.add(copy);
            tuples.put(new Tuple(copy), s);
        }
        return s;
    }

    private static long mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    private void grow() {
        long[] oldTable = table;
        int[] oldSlots = slots;
        boolean[] oldUsed = used;
        table = new long[oldTable.length * 2];
        slots = new int[table.length];
        used = new boolean[table.length];
        int mask = table.length - 1;
        for (int j = 0; j < oldTable.length; j++) {
            if (oldUsed[j]) {
                int i = (int) (mix(oldTable[j]) & mask);
                while (used[i]) {
                    i = (i + 1) & mask;
                }
                used[i] = true;
                table[i] = oldTable[j];
                slots[i] = oldSlots[j];
            }
        }
    }
}

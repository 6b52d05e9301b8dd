package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A member grouped by, inside a split's aggregate: reads a struct's (checked) value as a {@code long} key (bools and
 * integers: the value; enums: the code; text of at most 8 bytes: its bytes packed into the long; longer text: its
 * number in this split's dictionary of the texts met) and turns a key
 * back into the Spark value of the member.
 */
final class GroupColumn {
    private final MemorySegment data;
    private final long offset;
    private final ScalarKind kind;
    private final DataType type;
    private final IntReader ints;
    private final RowFilters.TextReader text;
    private final Map<Long, UTF8String> enumNames = new HashMap<>();
    /** Text of at most 8 bytes: the key is its bytes packed little-endian (no NUL lies inside a text). */
    private final boolean packed;
    private final int capacity;
    private final Map<UTF8String, Integer> dictionary = new HashMap<>();
    private final List<UTF8String> texts = new ArrayList<>();

    GroupColumn(Column c, MemorySegment data) {
        this.data = data;
        this.offset = c.offset();
        this.kind = ScalarKind.of(c);
        this.type = SparkTypes.element(c);
        this.ints = kind == ScalarKind.TEXT ? null : new IntReader(c);
        this.text = kind == ScalarKind.TEXT ? new RowFilters.TextReader(c, data) : null;
        this.capacity = c.length();
        this.packed = kind == ScalarKind.TEXT && c.length() <= 8;
        if (kind == ScalarKind.ENUM) {
            c.constants().forEach(k -> enumNames.put(k.code(), UTF8String.fromString(k.name())));
        }
    }

    /** {@return the key of the struct at byte {@code at} of the data} */
    long key(long at) {
        if (text == null) {
            return ints.read(data, at + offset);
        }
        if (packed) {
            return TextWords.packed(data, at + offset, capacity);
        }
        UTF8String probe = text.read(at + offset);
        Integer id = dictionary.get(probe);
        if (id == null) {
            id = texts.size();
            UTF8String copy = UTF8String.fromBytes(probe.getBytes());
            texts.add(copy);
            dictionary.put(copy, id);
        }
        return id;
    }

    private static UTF8String unpack(long key) {
        byte[] b = new byte[8];
        int n = 0;
        while (n < 8 && (key >>> (8 * n) & 0xff) != 0) {
            b[n] = (byte) (key >>> (8 * n));
            n++;
        }
        return UTF8String.fromBytes(b, 0, n);
    }

    /** {@return the Spark value (internal form) of {@code key}} */
    Object value(long key) {
        return switch (kind) {
            case TEXT -> packed ? unpack(key) : texts.get((int) key);
            case ENUM -> enumNames.get(key);
            case BOOL -> key != 0;
            default -> SparkValues.integer(type, key);
        };
    }
}

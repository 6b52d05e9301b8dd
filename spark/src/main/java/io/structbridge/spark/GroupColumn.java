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
 * integers: the value; enums: the code; text: its number in this split's dictionary of the texts met) and turns a key
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
    private final Map<UTF8String, Integer> dictionary = new HashMap<>();
    private final List<UTF8String> texts = new ArrayList<>();

    GroupColumn(Column c, MemorySegment data) {
        this.data = data;
        this.offset = c.offset();
        this.kind = ScalarKind.of(c);
        this.type = SparkTypes.element(c);
        this.ints = kind == ScalarKind.TEXT ? null : new IntReader(c);
        this.text = kind == ScalarKind.TEXT ? new RowFilters.TextReader(c, data) : null;
        if (kind == ScalarKind.ENUM) {
            c.constants().forEach(k -> enumNames.put(k.code(), UTF8String.fromString(k.name())));
        }
    }

    /** {@return the key of the struct at byte {@code at} of the data} */
    long key(long at) {
        if (text == null) {
            return ints.read(data, at + offset);
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

    /** {@return the Spark value (internal form) of {@code key}} */
    Object value(long key) {
        return switch (kind) {
            case TEXT -> texts.get((int) key);
            case ENUM -> enumNames.get(key);
            case BOOL -> key != 0;
            default -> SparkValues.integer(type, key);
        };
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Enum members as the constant's name ({@code StringType}). Each code of a batch is looked up when the
 * batch loads (a code that is no constant is an error); the getter returns the name found then.
 */
final class EnumVector extends MappedVector {
    private final IntReader reader;
    private final long offset;
    private final long[] codes;
    private final UTF8String[] names;
    private final String constants;
    private final boolean signed;
    private int[] found = new int[0];

    EnumVector(MemorySegment data, Rows rows, String member, Column c) {
        super(DataTypes.StringType, data, rows, member);
        this.reader = new IntReader(c);
        this.offset = c.offset();
        this.signed = c.signed();
        List<Column.EnumConstant> sorted = c.constants().stream()
                .sorted(Comparator.comparingLong(Column.EnumConstant::code)).toList();
        this.codes = sorted.stream().mapToLong(Column.EnumConstant::code).toArray();
        this.names = sorted.stream().map(k -> UTF8String.fromString(k.name())).toArray(UTF8String[]::new);
        this.constants = constants(c);
    }

    /** {@return an enum code or integer of column {@code c} as text (unsigned if the column is)} */
    static String code(Column c, long code) {
        return c.signed() ? Long.toString(code) : Long.toUnsignedString(code);
    }

    /** {@return the constants of enum column {@code c} as errors list them: {@code RED=1, GREEN=2, BLUE=200}} */
    static String constants(Column c) {
        return String.join(", ", c.constants().stream().map(k -> k.name() + "=" + code(c, k.code())).toList());
    }

    @Override
    void load(int n) {
        if (found.length < n) {
            found = new int[n];
        }
        for (int i = 0; i < n; i++) {
            if (mayDie && rows.dead(i)) {
                found[i] = 0;
                continue;
            }
            long code = reader.read(data, rows.offset(i) + offset);
            int k = Arrays.binarySearch(codes, code);
            if (k < 0) {
                throw rows.fail(i, member, "enum code " + (signed ? Long.toString(code) : Long.toUnsignedString(code)) + " is not one of " + constants);
            }
            found[i] = k;
        }
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        return names[found[rowId]];
    }
}

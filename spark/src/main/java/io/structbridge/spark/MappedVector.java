package io.structbridge.spark;

import java.lang.foreign.MemorySegment;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark column vector over the mapped structs: it reads each value where it lies, in place, when
 * Spark asks for it (nothing is copied into the vector). {@link #load} runs once per batch before
 * Spark sees it: vectors whose stored bytes can be invalid (bool, enum, text) check every value of the
 * batch there, so an invalid value fails the read before any row of the batch is used. No value is
 * null, except in a dead member of a tagged union ({@link Rows#dead}): its bytes are neither read nor checked.
 * Each subclass implements the getters of its Spark type; the others throw.
 */
abstract class MappedVector extends ColumnVector {
    /** The mapped structs of the file (all of them: offsets come from {@link #rows}). */
    final MemorySegment data;
    /** The index space of this vector's values. */
    final Rows rows;
    /** The member's path relative to {@link #rows} (for errors). */
    final String member;
    /** Whether a value can be dead (in a tagged union's member): {@link #load} skips dead values. */
    final boolean mayDie;

    MappedVector(DataType type, MemorySegment data, Rows rows, String member) {
        super(type);
        this.data = data;
        this.rows = rows;
        this.member = member;
        this.mayDie = rows.nullable();
    }

    /**
     * Prepares values {@code [0, n)} of the current batch (the batch's position is in {@link Rows.Top}).
     *
     * @throws StructReadException if a stored value is invalid
     */
    void load(int n) {}

    /**
     * Checks the window's {@code n} values as {@link #load} does, with the same errors, for a reader that hands none of
     * them to Spark (a pushed aggregate): by default {@link #load} itself.
     */
    void check(int n) {
        load(n);
    }

    @Override
    public void close() {}

    @Override
    public boolean hasNull() {
        return mayDie && rows.nulls() > 0;
    }

    @Override
    public int numNulls() {
        return mayDie ? rows.nulls() : 0;
    }

    @Override
    public boolean isNullAt(int rowId) {
        return mayDie && rows.dead(rowId);
    }

    private UnsupportedOperationException wrongGetter(String what) {
        return new UnsupportedOperationException("structbridge: member '" + member + "' is " + type.simpleString() + ", not " + what);
    }

    @Override
    public boolean getBoolean(int rowId) {
        throw wrongGetter("boolean");
    }

    @Override
    public byte getByte(int rowId) {
        throw wrongGetter("byte");
    }

    @Override
    public short getShort(int rowId) {
        throw wrongGetter("short");
    }

    @Override
    public int getInt(int rowId) {
        throw wrongGetter("int");
    }

    @Override
    public long getLong(int rowId) {
        throw wrongGetter("long");
    }

    @Override
    public float getFloat(int rowId) {
        throw wrongGetter("float");
    }

    @Override
    public double getDouble(int rowId) {
        throw wrongGetter("double");
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        throw wrongGetter("array");
    }

    @Override
    public ColumnarMap getMap(int ordinal) {
        throw wrongGetter("map");
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        throw wrongGetter("decimal");
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        throw wrongGetter("string");
    }

    @Override
    public byte[] getBinary(int rowId) {
        throw wrongGetter("binary");
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        throw wrongGetter("struct");
    }
}

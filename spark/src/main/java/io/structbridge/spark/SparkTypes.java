package io.structbridge.spark;

import io.structbridge.runtime.Column;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark type of each member. No field is nullable (a struct always holds a value), except a tagged union's: the
 * union and its members are nullable, and in each struct the member the discriminator selects holds the value, the
 * dead members are null.
 *
 * <table>
 * <caption>Member kinds and Spark types</caption>
 * <tr><th>member</th><th>Spark type</th></tr>
 * <tr><td>{@code bool}</td><td>BooleanType (a stored byte other than 0 or 1 is an error)</td></tr>
 * <tr><td>{@code int8, int16, int32, int64}</td><td>ByteType, ShortType, IntegerType, LongType</td></tr>
 * <tr><td>{@code uint8, uint16, uint32}</td><td>ShortType, IntegerType, LongType (the next wider signed type: exact)</td></tr>
 * <tr><td>{@code uint64}, {@code UINT64_BITS}</td><td>DecimalType(20,0): every value 0..2^64-1 exactly, never wrapped</td></tr>
 * <tr><td>{@code FLOAT16}, {@code float}, {@code double}</td><td>FloatType (binary16 widens exactly), FloatType, DoubleType</td></tr>
 * <tr><td>text {@code char[N]}</td><td>StringType (Latin-1 converted; invalid UTF-8, non-ASCII in ASCII text, a missing NUL: error)</td></tr>
 * <tr><td>enum</td><td>StringType, the constant's name (an unknown code is an error)</td></tr>
 * <tr><td>{@code T[N]}</td><td>ArrayType(T, containsNull = false), N elements per row (also for N = 1)</td></tr>
 * <tr><td>nested struct, {@code S[N]}</td><td>StructType, ArrayType(StructType)</td></tr>
 * <tr><td>bit-field</td><td>the smallest type above that holds every value of its width and signedness</td></tr>
 * <tr><td>tagged union ({@code @Tag})</td><td>StructType of its members (each nullable, typed as above): the live member set, the dead ones null</td></tr>
 * <tr><td>member of an untagged union, pointer</td><td>refused: a union's bytes do not say which member is live; an address means nothing to another process</td></tr>
 * </table>
 */
final class SparkTypes {
    private SparkTypes() {}

    /** Spark's type for {@code uint64}: 20 decimal digits hold 18446744073709551615. */
    static final DecimalType UINT64 = DataTypes.createDecimalType(20, 0);

    /** {@return the schema of the struct whose member tree is {@code root}} */
    static StructType schema(Node.Group root) {
        return struct(root);
    }

    private static StructType struct(Node.Group g) {
        List<StructField> fields = new ArrayList<>(g.children().size());
        for (Node n : g.children()) {
            fields.add(DataTypes.createStructField(n.name(), of(n), n instanceof Node.Union));
        }
        return DataTypes.createStructType(fields);
    }

    /** {@return the struct of a union's members, each nullable (null where dead)} */
    private static StructType union(Node.Union u) {
        List<StructField> fields = new ArrayList<>(u.members().children().size());
        for (Node n : u.members().children()) {
            fields.add(DataTypes.createStructField(n.name(), of(n), true));
        }
        return DataTypes.createStructType(fields);
    }

    /** {@return the Spark type of member {@code n}} */
    static DataType of(Node n) {
        return switch (n) {
            case Node.Group g -> struct(g);
            case Node.Repeated r -> DataTypes.createArrayType(struct(r.element()), false);
            case Node.Leaf l -> leaf(l.column());
            case Node.Union u -> union(u);
        };
    }

    private static DataType leaf(Column c) {
        DataType element = element(c);
        return c.array() ? new ArrayType(element, false) : element;
    }

    /** {@return the Spark type of one element of {@code c}} */
    static DataType element(Column c) {
        if (c.bitField()) {
            return c.kind() == Column.Kind.BOOL ? DataTypes.BooleanType
                    : c.kind() == Column.Kind.ENUM ? DataTypes.StringType : integer(c.bitWidth(), c.signed());
        }
        return switch (c.kind()) {
            case BOOL -> DataTypes.BooleanType;
            case SIGNED_INT -> integer(8 * c.elementSize(), true);
            case UNSIGNED_INT -> integer(8 * c.elementSize(), false);
            case UINT64_BITS -> UINT64;
            case FLOAT16, FLOAT -> DataTypes.FloatType;
            case DOUBLE -> DataTypes.DoubleType;
            case TEXT, ENUM -> DataTypes.StringType;
            case POINTER -> throw new UnsupportedOperationException("structbridge: member '" + c.path()
                    + "' is a pointer: an address means nothing outside the process that wrote it");
        };
    }

    /** {@return the smallest Spark integer type holding every {@code bits}-bit value of the signedness} */
    private static DataType integer(int bits, boolean signed) {
        int need = signed ? bits : bits + 1;
        if (need <= 8) {
            return DataTypes.ByteType;
        } else if (need <= 16) {
            return DataTypes.ShortType;
        } else if (need <= 32) {
            return DataTypes.IntegerType;
        } else if (need <= 64) {
            return DataTypes.LongType;
        }
        return UINT64;
    }
}

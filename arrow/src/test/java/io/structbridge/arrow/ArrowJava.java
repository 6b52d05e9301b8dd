package io.structbridge.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Compares a record, component by component, with the values Arrow Java decoded from our C structs:
 * Arrow's own field types (signedness, widths, list sizes) decide how the buffers are read.
 */
final class ArrowJava {
    private ArrowJava() {}

    /** The {@code @Code} values of the fixture enums, as their sources declare them. */
    static final java.util.Map<String, Long> DECLARED_CODES = java.util.Map.of("Color.RED", 1L, "Color.GREEN", 2L, "Color.BLUE", 200L);

    static void assertRecord(Record expected, StructVector vector, int index, String where) {
        assertTrue(vector.isSet(index) == 1, where + " is null");
        for (RecordComponent c : expected.getClass().getRecordComponents()) {
            FieldVector child = vector.getChild(c.getName());
            if (child == null) {
                fail(where + ": Arrow has no child '" + c.getName() + "', children " + vector.getChildFieldNames());
            }
            Object value;
            try {
                value = c.getAccessor().invoke(expected);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
            assertValue(value, child, index, where + "." + c.getName());
        }
    }

    static void assertValue(Object expected, FieldVector v, int index, String where) {
        assertEquals(0, v.getNullCount(), where + ": null count");
        switch (v) {
            case StructVector s -> assertRecord((Record) expected, s, index, where);
            case FixedSizeListVector l -> {
                int n = l.getListSize();
                assertEquals(Array.getLength(expected), n, where + ": list size");
                for (int j = 0; j < n; j++) {
                    assertValue(Array.get(expected, j), (FieldVector) l.getDataVector(), index * n + j, where + "[" + j + "]");
                }
            }
            case BitVector b -> assertEquals(expected, b.get(index) == 1, where);
            case VarCharVector s -> assertEquals(expected, new String(s.get(index), StandardCharsets.UTF_8), where);
            case Float2Vector h -> assertEquals(Float.floatToIntBits((Float) expected),
                    Float.floatToIntBits(Float.float16ToFloat(h.get(index))), where);
            case Float4Vector f -> assertEquals(((Number) expected).doubleValue(), (double) f.get(index), 0.0, where);
            case Float8Vector d -> assertEquals(Double.doubleToLongBits((Double) expected), Double.doubleToLongBits(d.get(index)), where);
            case BaseFixedWidthVector w when v.getField().getType() instanceof ArrowType.Int t -> {
                long raw = switch (t.getBitWidth()) {
                    case 8 -> w.getDataBuffer().getByte(index);
                    case 16 -> w.getDataBuffer().getShort(2L * index);
                    case 32 -> w.getDataBuffer().getInt(4L * index);
                    default -> w.getDataBuffer().getLong(8L * index);
                };
                if (!t.getIsSigned() && t.getBitWidth() < 64) {
                    raw &= (1L << t.getBitWidth()) - 1;
                }
                assertEquals(expectedLong(expected, v, where), raw, where);
            }
            default -> fail(where + ": unexpected vector " + v.getClass().getSimpleName() + " " + v.getField());
        }
    }

    private static long expectedLong(Object expected, FieldVector v, String where) {
        return switch (expected) {
            case Enum<?> e -> {
                // the codes as declared in the enum's source (@Code has CLASS retention)
                Long code = DECLARED_CODES.get(e.getDeclaringClass().getSimpleName() + "." + e.name());
                assertTrue(code != null, where + ": no declared code for " + e);
                String names = v.getField().getMetadata().get("structbridge.enum");
                assertTrue(names != null && ("," + names + ",").contains("," + e.name() + "=" + code + ","), where + " metadata " + names);
                yield code;
            }
            case Character c -> c;
            case Boolean b -> b ? 1 : 0;
            case Number n -> n.longValue();
            default -> throw new AssertionError(where + ": " + expected);
        };
    }
}

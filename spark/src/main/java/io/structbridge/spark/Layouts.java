package io.structbridge.spark;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Reads unaligned scalars in either byte order through constant layouts: {@code MemorySegment.get} compiles to a plain
 * load only when its layout is a constant, so each order has its own {@code static final} layout and the caller
 * branches on the (per-column, perfectly predictable) order instead of holding a layout in a field.
 */
final class Layouts {
    private Layouts() {}

    private static final ValueLayout.OfShort S2_LE = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort S2_BE = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt S4_LE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt S4_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong S8_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong S8_BE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfFloat F4_LE = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat F4_BE = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfDouble F8_LE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble F8_BE = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    static short short16(MemorySegment s, long at, boolean big) {
        return big ? s.get(S2_BE, at) : s.get(S2_LE, at);
    }

    static int int32(MemorySegment s, long at, boolean big) {
        return big ? s.get(S4_BE, at) : s.get(S4_LE, at);
    }

    static long int64(MemorySegment s, long at, boolean big) {
        return big ? s.get(S8_BE, at) : s.get(S8_LE, at);
    }

    static float float32(MemorySegment s, long at, boolean big) {
        return big ? s.get(F4_BE, at) : s.get(F4_LE, at);
    }

    static double float64(MemorySegment s, long at, boolean big) {
        return big ? s.get(F8_BE, at) : s.get(F8_LE, at);
    }
}

package io.structbridge.spark;

import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Fills struct memory with random valid values, column by column (bool 0/1, enum constants, text in
 * its encoding within its capacity, uint64 within a Java long, finite floats), so the generated reader
 * ({@code StructType.read}) yields the records the Arrow consumers must see.
 */
final class RandomStructs {
    private RandomStructs() {}

    private static final String UTF8_CHARS = "abcXYZ 019é€😀ß漢";

    static void fill(StructType<?> type, MemorySegment seg, long n, Random r) {
        for (long row = 0; row < n; row++) {
            long base = row * type.size();
            for (Column c : type.columns()) {
                if (c.union() != null || c.kind() == Column.Kind.POINTER) {
                    continue;
                }
                fill(c, seg, base + c.offset(), r);
            }
        }
    }

    private static void fill(Column c, MemorySegment seg, long at, Random r) {
        if (c.kind() == Column.Kind.TEXT) {
            int budget = c.length() - (c.nulTerminated() ? 1 : 0);
            StringBuilder s = new StringBuilder();
            byte[] bytes = new byte[0];
            int want = r.nextInt(budget + 1);
            for (int i = 0; i < want; i++) {
                String ch = switch (c.encoding()) {
                    case ASCII -> String.valueOf((char) (0x20 + r.nextInt(0x5F)));
                    case LATIN_1 -> String.valueOf((char) (0x20 + r.nextInt(0xE0)));
                    case UTF_8 -> UTF8_CHARS.substring(0, UTF8_CHARS.length()).codePoints().skip(r.nextInt((int) UTF8_CHARS.codePoints().count())).limit(1)
                            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
                };
                String next = s + ch;
                byte[] b = next.getBytes(c.encoding() == io.structbridge.runtime.TextEncoding.UTF_8 ? StandardCharsets.UTF_8
                        : StandardCharsets.ISO_8859_1);
                if (b.length > budget) {
                    break;
                }
                s.append(ch);
                bytes = b;
            }
            seg.asSlice(at, c.length()).fill((byte) 0);
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, at, bytes.length);
            return;
        }
        for (int j = 0; j < c.length(); j++) {
            long p = at + (long) j * c.elementSize();
            long v = switch (c.kind()) {
                case BOOL -> r.nextInt(2);
                case ENUM -> c.constants().get(r.nextInt(c.constants().size())).code();
                case FLOAT16 -> {
                    int exp = r.nextInt(31);
                    yield (r.nextBoolean() ? 0x8000 : 0) | exp << 10 | r.nextInt(1024);
                }
                case FLOAT -> Float.floatToRawIntBits((float) (r.nextGaussian() * 1000));
                case DOUBLE -> Double.doubleToRawLongBits(r.nextGaussian() * 1e6);
                case UNSIGNED_INT -> c.elementSize() == 8 ? r.nextLong() >>> 1 : r.nextLong();
                default -> r.nextLong();
            };
            if (c.bitField()) {
                long bits = v;
                for (int i = 0; i < c.bitWidth(); i++) {
                    long bit = 8L * c.offset() + c.bitShift() + i;
                    long byteAt = at - c.offset() + (bit >>> 3);
                    byte old = seg.get(ValueLayout.JAVA_BYTE, byteAt);
                    int mask = 1 << (bit & 7);
                    seg.set(ValueLayout.JAVA_BYTE, byteAt, (byte) ((bits >>> i & 1) != 0 ? old | mask : old & ~mask));
                }
                continue;
            }
            switch (c.elementSize()) {
                case 1 -> seg.set(ValueLayout.JAVA_BYTE, p, (byte) v);
                case 2 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(c.order()), p, (short) v);
                case 4 -> seg.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(c.order()), p, (int) v);
                default -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(c.order()), p, v);
            }
        }
    }
}

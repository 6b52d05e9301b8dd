package io.structbridge.examples.tzif;

import io.structbridge.runtime.Violation;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Validates a TZif file's local time types in place with the generated {@code TtInfoValidator},
 * then does the same on a corrupted copy, to show what a violation looks like. The file must
 * already have passed {@link TzifFile#read} (every count checked against the file size).
 */
public final class TzifValidation {
    private TzifValidation() {}

    /** {@return the report text} */
    public static String report(Path path) throws IOException {
        TzifFile.read(path);
        StringBuilder b = new StringBuilder();
        b.append("JSON Schema of ttinfo: ").append(TtInfoStruct.class.getPackageName().replace('.', '/'))
                .append('/').append(TtInfoStruct.JSON_SCHEMA_RESOURCE).append(" (in the examples jar)\n");
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ); Arena arena = Arena.ofConfined()) {
            MemorySegment file = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            long[] block = lastTtinfoBlock(file);
            TtInfoArray types = TtInfoArray.over(file, block[0], block[1]);
            List<Violation> clean = TtInfoValidator.validateAll(types);
            b.append("validated in place: ").append(types.count()).append(" ttinfo records at byte ").append(block[0])
                    .append(", ").append(clean.size()).append(" violations\n");
            for (Violation v : clean) {
                b.append("  ").append(v).append('\n');
            }
            MemorySegment copy = arena.allocate(file.byteSize());
            copy.copyFrom(file);
            // The record to corrupt: the second one, or the only one of a zone with one local time type.
            long target = corruptedIndex(block[1]);
            long at = block[0] + target * TtInfoStruct.SIZE;
            copy.set(ValueLayout.JAVA_BYTE, at + TtInfoStruct.ISDST_OFFSET, (byte) 2);
            copy.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), at + TtInfoStruct.UTOFF_OFFSET,
                    100_000);
            List<Violation> broken = TtInfoValidator.validateAll(TtInfoArray.over(copy, block[0], block[1]));
            b.append("corrupted copy (ttinfo[").append(target).append("] of ").append(block[1])
                    .append(": isdst byte 2, utoff 100000): ").append(broken.size()).append(" violations\n");
            for (Violation v : broken) {
                b.append("  ").append(v.propertyPath()).append(": ").append(v.constraint()).append(", ")
                        .append(v.message()).append(", value ").append(v.invalidValue()).append('\n');
            }
        }
        return b.toString();
    }

    /**
     * {@return the index of the ttinfo record the demonstration corrupts}: 1, or 0 when the file has
     * only one local time type (it always has at least one: {@link TzifFile#read} checks typecnt).
     *
     * @param count the number of ttinfo records
     */
    static long corruptedIndex(long count) {
        return count > 1 ? 1 : 0;
    }

    /** {@return the byte offset and count of the last data block's ttinfo records} */
    static long[] lastTtinfoBlock(MemorySegment file) {
        TzifHeader first = TzifHeaderStruct.read(file, 0);
        long at = TzifHeaderStruct.SIZE;
        if (first.version() == 0) {
            return new long[] {at + first.timecnt() * 5, first.typecnt()};
        }
        long v1 = first.timecnt() * 5 + first.typecnt() * TtInfoStruct.SIZE + first.charcnt()
                + first.leapcnt() * 8 + first.isstdcnt() + first.isutcnt();
        long secondAt = at + v1;
        TzifHeader second = TzifHeaderStruct.read(file, secondAt);
        return new long[] {secondAt + TzifHeaderStruct.SIZE + second.timecnt() * 9, second.typecnt()};
    }
}

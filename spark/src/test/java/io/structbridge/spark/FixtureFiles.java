package io.structbridge.spark;

import io.structbridge.fixtures.support.RandomStructs;
import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Struct files of random valid structs, and the records Java's generated reader decodes from them. */
final class FixtureFiles {
    private FixtureFiles() {}

    /** {@return the records of a new file of {@code n} random structs of {@code type} at {@code file}} */
    static <R extends Record> List<R> write(Path file, StructType<R> type, int n, long seed) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
            RandomStructs.fill(type, seg, n, new Random(seed));
            try (StructFile<R> f = StructFile.create(file, type, n)) {
                f.appendStructs(seg);
            }
        }
        List<R> out = new ArrayList<>(n);
        try (StructFile<R> f = StructFile.open(file, type, false)) {
            for (long i = 0; i < f.count(); i++) {
                out.add(f.get(i));
            }
        }
        return out;
    }
}

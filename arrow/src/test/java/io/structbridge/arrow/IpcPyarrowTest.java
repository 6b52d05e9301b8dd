package io.structbridge.arrow;

import io.structbridge.fixtures.support.RandomStructs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.structbridge.runtime.StructFile;
import io.structbridge.runtime.StructType;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrow IPC files from struct memory, read by pyarrow in a python3 subprocess: our C export, imported by
 * Arrow Java as a VectorSchemaRoot and written with Arrow Java's {@code ArrowFileWriter} (the IPC format
 * frames its metadata as FlatBuffers; the reference writer is used rather than a hand-made FlatBuffers
 * encoder, so the only code of ours on the path is the C export). Every value of every row, for every
 * fixture and the GeoNames file, equals the record in canonical form.
 */
class IpcPyarrowTest {
    @TempDir
    Path dir;

    private static final String READ = Canonical.PYTHON + """
            import sys, pyarrow.ipc
            with pyarrow.ipc.open_file(sys.argv[2]) as f:
                t = f.read_all()
            out = sys.stdout
            for row in t.to_pylist():
                out.write(canon(row) + "\\n")
            """;

    static void writeIpc(StructType<?> type, MemorySegment seg, long n, Path file) throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
             ArrowSchema s = ArrowSchema.allocateNew(allocator); ArrowArray a = ArrowArray.allocateNew(allocator)) {
            ArrowExport.exportSchema(type, MemorySegment.ofAddress(s.memoryAddress()));
            ArrowExport.exportArray(type, seg, 0, n, MemorySegment.ofAddress(a.memoryAddress()));
            try (VectorSchemaRoot root = Data.importVectorSchemaRoot(allocator, a, s, null);
                 FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 ArrowFileWriter w = new ArrowFileWriter(root, null, ch)) {
                w.start();
                w.writeBatch();
                w.end();
            }
        }
    }

    private static String expected(StructType<Record> type, MemorySegment seg, long n) {
        return Stream.iterate(0L, i -> i + 1).limit(n).map(i -> Canonical.of(type.read(seg, i * type.size()), type.columns()) + "\n")
                .collect(Collectors.joining());
    }

    @TestFactory
    Stream<DynamicTest> pyarrowReadsEveryFixture() {
        return ArrowJavaOracleTest.FIXTURES.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Python.requireModule("pyarrow");
            StructType<Record> type = ArrowJavaOracleTest.type(name);
            int n = 64;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment seg = arena.allocate(type.size() * n, type.alignment());
                RandomStructs.fill(type, seg, n, new Random(name.hashCode() + 2));
                Path file = dir.resolve(name + ".arrow");
                writeIpc(type, seg, n, file);
                assertEquals(expected(type, seg, n), Python.read(READ, file.toString()), name);
            }
        }));
    }

    @Test
    void pyarrowReadsTheGeoNamesStructFile() throws Exception {
        Python.requireModule("pyarrow");
        List<GeoPlace> places = GeoNames.places();
        Path sb = dir.resolve("places.sb");
        try (StructFile<GeoPlace> f = StructFile.create(sb, GeoPlaceStruct.TYPE, places.size())) {
            f.appendAll(places);
        }
        Path file = dir.resolve("places.arrow");
        try (StructFile<GeoPlace> f = StructFile.open(sb, GeoPlaceStruct.TYPE, false)) {
            writeIpc(f.type(), f.elements(), f.count(), file);
        }
        StringBuilder expected = new StringBuilder();
        for (GeoPlace p : places) {
            expected.append(Canonical.of(p, GeoPlaceStruct.COLUMNS)).append('\n');
        }
        assertEquals(expected.toString(), Python.read(READ, file.toString()));
    }
}

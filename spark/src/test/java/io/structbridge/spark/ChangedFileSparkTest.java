package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.structbridge.fixtures.Vec3;
import io.structbridge.fixtures.Vec3Struct;
import io.structbridge.oracles.OracleProcess;
import io.structbridge.oracles.OracleTool;
import io.structbridge.runtime.StructFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that change under Spark: a corrupted header is refused at {@code load} with the message of
 * an independent oracle (Python's {@code zlib}); a file replaced by rename between planning and the
 * reading of the splits fails the split, naming what changed, instead of handing Spark rows of both
 * files. Planning and replacement are ordered by the test itself (the planned splits, or the physical
 * plan's scan made to plan before the query runs): nothing waits or sleeps.
 */
class ChangedFileSparkTest {
    static SparkSession spark;
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** Writes {@code n} Vec3 with x = base + i at {@code file} (replacing a file there by create's rename). */
    static void writeVecs(Path file, int n, int base) throws IOException {
        List<Vec3> v = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            v.add(new Vec3(base + i, i, -i));
        }
        try (StructFile<Vec3> f = StructFile.create(file, Vec3Struct.TYPE, n)) {
            f.appendAll(v);
        }
    }

    /** Replaces {@code file} by rename with a file of the same layout: {@code n} Vec3 with x = base + i. */
    static void replace(Path file, int n, int base) throws IOException {
        Path next = file.resolveSibling("next-" + file.getFileName());
        writeVecs(next, n, base);
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** What the file's identity reads, from the file system and its raw header bytes (not from StructFile). */
    static String identity(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        int crc = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(124);
        return "device " + Files.getAttribute(file, "unix:dev") + ", inode " + Files.getAttribute(file, "unix:ino") + ", "
                + b.length + " bytes, header checksum 0x" + HexFormat.of().toHexDigits(crc);
    }

    static List<Float> read(StructReaderFactory factory, InputPartition split) throws IOException {
        List<Float> xs = new ArrayList<>();
        try (PartitionReader<InternalRow> r = factory.createReader(split)) {
            while (r.next()) {
                xs.add(r.get().getFloat(0));
            }
        }
        return xs;
    }

    /**
     * The case: 60 structs in splits of 52, the file replaced by rename after split 0 was
     * read. Split 1 must not read 8 rows of the new file (52 old + 8 new with no error): it fails,
     * naming the file, its first row, and both identities.
     */
    @Test
    void eachSplitReadsTheFilePlanningSawOrFailsNamingTheChange() throws Exception {
        Path f = dir.resolve("splits.sb");
        writeVecs(f, 60, 0);
        ReadOptions o = ReadOptions.from(Map.of("path", f.toString(), "type", Vec3.class.getName(), "rowsPerSplit", "52"));
        StructType schema = spark.read().format("structbridge").option("type", Vec3.class.getName()).load(f.toString()).schema();
        InputPartition[] splits = new StructScan(o, schema).planInputPartitions();
        assertEquals(2, splits.length);
        String planned = identity(f);
        StructReaderFactory factory = new StructReaderFactory(schema);
        List<Float> first = read(factory, splits[0]);
        assertEquals(52, first.size());
        assertEquals(51f, first.get(51));
        replace(f, 60, 1000);
        String now = identity(f);
        assertTrue(!now.equals(planned), now);
        StructReadException e = assertThrows(StructReadException.class, () -> fail("split 1 read " + read(factory, splits[1])));
        assertEquals(f + ": row 52: the file changed after the query was planned (planned: " + planned + "; now: " + now
                + "): run the query again", e.getMessage());
        // A split planned against the new file reads it.
        InputPartition[] again = new StructScan(o, schema).planInputPartitions();
        assertEquals(1052f, read(factory, again[1]).get(0));
    }

    /**
     * A real query: the physical plan's scan plans its splits, the file is replaced by rename, then the
     * same query runs: it fails naming the change instead of returning the new file's rows.
     */
    @Test
    void aQueryWhoseFileIsReplacedAfterPlanningFails() throws Exception {
        Path f = dir.resolve("query.sb");
        writeVecs(f, 60, 0);
        Dataset<Row> df = spark.read().format("structbridge").option("type", Vec3.class.getName()).option("rowsPerSplit", 13)
                .load(f.toString()).selectExpr("x");
        SparkPlan plan = df.queryExecution().executedPlan();
        BatchScanExec scan = null;
        for (SparkPlan leaf : scala.jdk.javaapi.CollectionConverters.asJava(plan.collectLeaves())) {
            if (leaf instanceof BatchScanExec b) {
                scan = b;
            }
        }
        assertTrue(scan != null, plan.toString());
        assertEquals(5, scan.inputPartitions().size(), "planned now, before the file is replaced");
        replace(f, 60, 1000);
        Exception e = assertThrows(Exception.class, () -> fail("the query returned " + df.collectAsList().size() + " rows, from "
                + df.collectAsList().get(0)));
        String m = ErrorsSparkTest.messages(e);
        assertTrue(m.contains(f + ": row ") && m.contains(": the file changed after the query was planned (planned: "), m);
        // A new query plans against the new file.
        assertEquals(1000f, spark.read().format("structbridge").option("type", Vec3.class.getName()).load(f.toString())
                .selectExpr("min(x)").first().getFloat(0));
    }

    /** The Python oracle of StructFileHeaderTest: per listed path, the refusal a reader must give, or "OK". */
    static final String ORACLE = """
            import struct, sys, zlib
            for path in open(sys.argv[1], encoding="utf-8").read().splitlines():
                b = open(path, "rb").read()
                if len(b) < 128:
                    print(f"{path}: {len(b)} bytes, shorter than the 128-byte header")
                elif b[:8] != b"SBRIDGE\\0":
                    print(f"{path}: not a structbridge struct file (bad magic)")
                elif struct.unpack_from("<I", b, 8)[0] not in (2, 3):
                    v = struct.unpack_from("<I", b, 8)[0]
                    print(f"{path}: format version {v}, this reader knows 2 and 3"
                          + (" (version 1 has no header checksum: write the file again)" if v == 1 else ""))
                elif struct.unpack_from("<I", b, 8)[0] == 3 and len(b) < 136:
                    print(f"{path}: {len(b)} bytes end inside the lineage block of a format-3 file (its entry count is "
                          "bytes 128 to 131)")
                elif struct.unpack_from("<I", b, 8)[0] == 3 and not 1 <= struct.unpack_from("<I", b, 128)[0] <= 65535:
                    print(f"{path}: the lineage block lists {struct.unpack_from('<I', b, 128)[0]} layout versions; a "
                          "format-3 file lists 1 to 65535")
                elif struct.unpack_from("<I", b, 8)[0] == 3 and 136 + 56 * struct.unpack_from("<I", b, 128)[0] > len(b):
                    n = struct.unpack_from("<I", b, 128)[0]
                    print(f"{path}: the lineage block of {n} layout versions (bytes 128 to {135 + 56 * n}) does not fit "
                          f"the file's {len(b)} bytes")
                elif struct.unpack_from("<I", b, 124)[0] != (crc := zlib.crc32(
                        b[128:136 + 56 * struct.unpack_from("<I", b, 128)[0]] if struct.unpack_from("<I", b, 8)[0] == 3
                        else b"", zlib.crc32(b[:124]))):
                    print(f"{path}: header checksum 0x{struct.unpack_from('<I', b, 124)[0]:08x} does not match the "
                          f"header's bytes (CRC-32 0x{crc:08x}): the header is corrupt")
                else:
                    print("OK")
            """;

    static List<String> oracle(List<Path> files) throws Exception {
        OracleTool.require("python3", "Debian package python3");
        Path list = Files.createTempFile(dir, "files", ".txt");
        Files.write(list, files.stream().map(Path::toString).toList());
        String out = OracleProcess.of("python3", "-c", ORACLE, list.toString()).timeout(300).check().stdout();
        List<String> lines = out.lines().toList();
        assertEquals(files.size(), lines.size(), out);
        return lines;
    }

    static Path flipped(byte[] original, int bit, String name) throws IOException {
        byte[] b = original.clone();
        b[bit / 8] ^= (byte) (1 << (bit % 8));
        Path f = dir.resolve(name);
        Files.write(f, b);
        return f;
    }

    /** The file: 199,940 structs, bit 2 of byte 40 flipped (the count then says 199,936): refused at load. */
    @Test
    void aFlippedBitOfTheCountIsRefusedAtLoad() throws Exception {
        Path f = dir.resolve("big.sb");
        writeVecs(f, 199_940, 0);
        Path bad = flipped(Files.readAllBytes(f), 40 * 8 + 2, "big-flipped.sb");
        String expected = oracle(List.of(bad)).get(0);
        assertTrue(expected.startsWith(bad + ": header checksum 0x"), expected);
        Exception e = assertThrows(Exception.class, () -> fail("Spark read " + spark.read().format("structbridge")
                .option("type", Vec3.class.getName()).load(bad.toString()).count() + " rows"));
        String m = ErrorsSparkTest.messages(e);
        assertTrue(m.contains(expected), m);
        assertEquals(199_940L, spark.read().format("structbridge").option("type", Vec3.class.getName()).load(f.toString()).count());
    }

    /** Each of the 1,024 single-bit flips of a real file's header is refused at load with the oracle's message. */
    @Test
    void everySingleBitFlipOfTheHeaderIsRefusedAtLoad() throws Exception {
        Path f = dir.resolve("small.sb");
        writeVecs(f, 10, 0);
        byte[] b = Files.readAllBytes(f);
        List<Path> files = new ArrayList<>();
        for (int bit = 0; bit < 1024; bit++) {
            files.add(flipped(b, bit, "flip" + bit + ".sb"));
        }
        List<String> expected = oracle(files);
        for (int i = 0; i < files.size(); i++) {
            Path bad = files.get(i);
            assertTrue(!expected.get(i).equals("OK"), "the oracle accepts " + bad);
            Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge")
                    .option("type", Vec3.class.getName()).load(bad.toString()));
            String m = ErrorsSparkTest.messages(e);
            // Bit 0 of byte 8 makes the version 3, which every reader and the oracle read (format 3: a lineage block at
            // byte 128, here struct 0, whose x = 0 is no entry count).
            String want = expected.get(i);
            assertTrue(m.contains(want), "bit " + (i % 8) + " of byte " + (i / 8) + ": " + m);
        }
    }
}

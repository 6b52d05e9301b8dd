package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.AllScalars;
import io.structbridge.fixtures.AllScalarsStruct;
import io.structbridge.fixtures.Envelope;
import io.structbridge.fixtures.EnvelopeStruct;
import io.structbridge.fixtures.Vec3;
import io.structbridge.fixtures.Vec3Struct;
import io.structbridge.runtime.Column;
import io.structbridge.runtime.StructFile;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the connector refuses, and how it says so: a file of another layout and a truncated file at
 * {@code load}, a file that shrank after planning in the split's reader, invalid stored values (bool
 * byte, UTF-8, enum code) when the batch holding them is read, naming row and field.
 */
class ErrorsSparkTest {
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

    static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append('\n');
        }
        return b.toString();
    }

    static long offset(List<Column> columns, String path) {
        return columns.stream().filter(c -> c.path().equals(path)).findFirst().orElseThrow().offset();
    }

    /** Overwrites bytes of struct {@code row} at {@code offset} in {@code file} (no struct file holds it open). */
    static void poke(Path file, long stride, long row, long offset, byte... bytes) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(StructFile.HEADER_SIZE + row * stride + offset);
            f.write(bytes);
        }
    }

    @Test
    void fileOfAnotherLayoutIsRefusedAtLoadNamingBothLayouts() throws Exception {
        Path f = dir.resolve("scalars.sb");
        FixtureFiles.write(f, AllScalarsStruct.TYPE, 10, 1);
        Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge")
                .option("type", Vec3.class.getName()).load(f.toString()));
        String m = messages(e);
        assertTrue(m.contains(f.toString()), m);
        assertTrue(m.contains("the file holds AllScalars (fingerprint " + AllScalarsStruct.TYPE.fingerprint()), m);
        assertTrue(m.contains("the reader expects Vec3 (fingerprint " + Vec3Struct.TYPE.fingerprint()), m);
    }

    @Test
    void truncatedFileIsRefusedAtLoadNamingFileAndSizes() throws Exception {
        Path f = dir.resolve("truncated.sb");
        FixtureFiles.write(f, Vec3Struct.TYPE, 100, 2);
        long full = Files.size(f);
        assertEquals(StructFile.HEADER_SIZE + 100 * Vec3Struct.TYPE.size(), full);
        try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "rw")) {
            r.setLength(full - 5);
        }
        Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge")
                .option("type", Vec3.class.getName()).load(f.toString()));
        String m = messages(e);
        assertTrue(m.contains(f + ": 100 structs of 12 bytes at data offset 128 do not fit the file's " + (full - 5)
                + " bytes (they need " + full + " bytes)"), m);
    }

    @Test
    void fileThatShrankAfterPlanningFailsTheSplitNamingSizes() throws Exception {
        Path f = dir.resolve("shrunk.sb");
        FixtureFiles.write(f, Vec3Struct.TYPE, 10, 3);
        ReadOptions o = ReadOptions.from(java.util.Map.of("path", f.toString(), "type", Vec3.class.getName()));
        StructType schema = spark.read().format("structbridge").option("type", Vec3.class.getName()).load(f.toString()).schema();
        StructReaderFactory factory = new StructReaderFactory(schema);
        StructReadException e = assertThrows(StructReadException.class,
                () -> factory.createColumnarReader(new StructSplit(o, StructFiles.probe(o).identity(), 5, 20)));
        assertTrue(e.getMessage().contains(f + ": row 10: the split reads structs [5, 25) but the file now"
                + " holds 10 structs (expected at least " + (128 + 25 * 12) + " bytes, the file has " + (128 + 10 * 12)
                + " bytes)"), e.getMessage());
    }

    @Test
    void badBoolByteNamesRowAndField() throws Exception {
        Path f = dir.resolve("badbool.sb");
        FixtureFiles.write(f, AllScalarsStruct.TYPE, 1000, 4);
        poke(f, AllScalarsStruct.TYPE.size(), 777, offset(AllScalarsStruct.COLUMNS, "flag"), (byte) 2);
        Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge")
                .option("type", AllScalars.class.getName()).option("rowsPerSplit", 300).load(f.toString())
                .selectExpr("count_if(flag)").collect());
        String m = messages(e);
        assertTrue(m.contains(f + ": row 777, field 'flag': bool byte 2 is neither 0 nor 1"), m);
        // a query that does not read the member does not read the byte
        assertEquals(1000L, spark.read().format("structbridge").option("type", AllScalars.class.getName())
                .load(f.toString()).selectExpr("count(*)", "sum(i32)").first().getLong(0));
    }

    @Test
    void badUtf8NamesRowAndField() throws Exception {
        Path f = dir.resolve("badutf8.sb");
        FixtureFiles.write(f, EnvelopeStruct.TYPE, 500, 5);
        poke(f, EnvelopeStruct.TYPE.size(), 321, offset(EnvelopeStruct.COLUMNS, "note.utf8"), (byte) 'a', (byte) 0xC3,
                (byte) 0x28, (byte) 0);
        Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge")
                .option("type", Envelope.class.getName()).load(f.toString()).select("note.utf8").collect());
        String m = messages(e);
        assertTrue(m.contains(f + ": row 321, field 'note.utf8': invalid UTF-8 0x61c328"), m);
    }

    @Test
    void unknownEnumCodeInAStructArrayNamesRowElementAndField() throws Exception {
        Path f = dir.resolve("badenum.sb");
        FixtureFiles.write(f, EnvelopeStruct.TYPE, 500, 6);
        poke(f, EnvelopeStruct.TYPE.size(), 42, offset(EnvelopeStruct.COLUMNS, "tags[1].color"), (byte) 7);
        Exception e = assertThrows(Exception.class, () -> spark.read().format("structbridge")
                .option("type", Envelope.class.getName()).load(f.toString()).select("tags").collect());
        String m = messages(e);
        assertTrue(m.contains(f + ": row 42, field 'tags[1].color': enum code 7 is not one of RED=1, GREEN=2, BLUE=200"), m);
    }

    @Test
    void missingTypeAndUnknownClassAreClearErrors() {
        Path f = dir.resolve("any.sb");
        String m = messages(assertThrows(Exception.class, () -> spark.read().format("structbridge").load(f.toString())));
        assertTrue(m.contains("option \"type\" is missing"), m);
        m = messages(assertThrows(Exception.class, () -> spark.read().format("structbridge").option("type", "no.such.Rec")
                .load(f.toString())));
        assertTrue(m.contains("class no.such.Rec not found"), m);
        m = messages(assertThrows(Exception.class, () -> spark.read().format("structbridge").option("type", "x")
                .load("hdfs://nn/x.sb")));
        assertTrue(m.contains("scheme hdfs is not one"), m);
    }

    @Test
    void theGeneratedStructClassNamesTheTypeToo() throws Exception {
        Path f = dir.resolve("vec.sb");
        List<Vec3> records = FixtureFiles.write(f, Vec3Struct.TYPE, 50, 7);
        double sum = records.stream().mapToDouble(Vec3::y).sum();
        double s = spark.read().format("structbridge").option("type", Vec3Struct.class.getName()).load(f.toString())
                .selectExpr("sum(y)").first().getDouble(0);
        assertEquals(sum, s, 1e-6 * Math.max(1, Math.abs(sum)));
        assertTrue(new String(Files.readAllBytes(f), 0, 7, StandardCharsets.US_ASCII).equals("SBRIDGE"));
    }
}

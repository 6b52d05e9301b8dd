package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.fixtures.AllScalars;
import io.structbridge.fixtures.AllScalarsStruct;
import io.structbridge.fixtures.Arrays;
import io.structbridge.fixtures.ArraysStruct;
import io.structbridge.fixtures.BigEndianHeader;
import io.structbridge.fixtures.BigEndianHeaderStruct;
import io.structbridge.fixtures.Body;
import io.structbridge.fixtures.BodyStruct;
import io.structbridge.fixtures.Envelope;
import io.structbridge.fixtures.EnvelopeStruct;
import io.structbridge.fixtures.WideScalars;
import io.structbridge.fixtures.WideScalarsStruct;
import io.structbridge.runtime.StructType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixture structs of every kind the connector maps (all scalar types, uint64 and UINT64_BITS, float16,
 * big-endian members, fixed arrays, nested structs and struct arrays, enums, text in three encodings),
 * random valid values in struct files: every value Spark reads equals the record Java's generated
 * reader decodes, over 1 split and over 7 splits of 128-struct batches; aggregates equal Java's and
 * DuckDB's.
 */
class FixturesSparkTest {
    static final int N = 2000;
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

    static Dataset<Row> read(Path file, Class<?> type, long rowsPerSplit) {
        return SparkSession.active().read().format("structbridge").option("type", type.getName())
                .option("rowsPerSplit", rowsPerSplit).option("batchRows", 128).load(file.toString());
    }

    /** Every row Spark reads, over one split and over seven, equals the record at the same index. */
    static <R extends Record> void everyValueEqualsJava(Path file, List<R> records, Class<R> type) {
        everyValueEqualsJava(file, records, type, 300, 7);
    }

    /** Every row Spark reads, over one split and over {@code splits} splits of {@code perSplit}, equals the record at the same index. */
    static <R extends Record> void everyValueEqualsJava(Path file, List<R> records, Class<R> type, long perSplit, int splits) {
        for (long split : new long[] {records.size(), perSplit}) {
            Dataset<Row> df = read(file, type, split);
            assertEquals(split == records.size() ? 1 : splits, df.rdd().getNumPartitions());
            List<Row> rows = df.collectAsList();
            assertEquals(records.size(), rows.size());
            for (int i = 0; i < rows.size(); i++) {
                assertEquals(Normalized.java(records.get(i), df.schema()), Normalized.spark(rows.get(i), df.schema()),
                        type.getSimpleName() + " row " + i + " over splits of " + split);
            }
        }
    }

    static <R extends Record> List<R> file(String name, StructType<R> type, long seed) throws Exception {
        return FixtureFiles.write(dir.resolve(name), type, N, seed);
    }

    static BigDecimal unsignedSum(List<Long> values) {
        BigInteger s = BigInteger.ZERO;
        for (long v : values) {
            s = s.add(new BigInteger(Long.toUnsignedString(v)));
        }
        return new BigDecimal(s);
    }

    static BigDecimal decimal(Object o) {
        return switch (o) {
            case BigDecimal d -> d;
            case BigInteger b -> new BigDecimal(b);
            case Number n -> BigDecimal.valueOf(n.longValue());
            default -> new BigDecimal(o.toString());
        };
    }

    @Test
    void allScalars() throws Exception {
        List<AllScalars> records = file("scalars.sb", AllScalarsStruct.TYPE, 1);
        Path f = dir.resolve("scalars.sb");
        assertEquals("struct<flag:boolean,i8:tinyint,i16:smallint,c16:int,i32:int,i64:bigint,f32:float,f64:double,"
                + "u8:smallint,u16:int,u32:bigint,u64:decimal(20,0),i8InInt:tinyint,i16InLong:smallint,i32InLong:int,"
                + "f32InDouble:float,u8InShort:smallint,u8InChar:smallint>", read(f, AllScalars.class, N).schema().simpleString());
        everyValueEqualsJava(f, records, AllScalars.class);
        long sumI32 = records.stream().mapToLong(AllScalars::i32).sum();
        BigDecimal sumU64 = unsignedSum(records.stream().map(AllScalars::u64).toList());
        long sumU32 = records.stream().mapToLong(AllScalars::u32).sum();
        long flags = records.stream().filter(AllScalars::flag).count();
        List<Object> d = DuckDb.query(f, AllScalarsStruct.TYPE,
                "SELECT count(*), sum(i32), sum(u64), sum(u32), count(*) FILTER (WHERE flag) FROM t").getFirst();
        for (long split : new long[] {N, 300}) {
            Row r = read(f, AllScalars.class, split).selectExpr("count(*)", "sum(cast(i32 as bigint))", "sum(u64)", "sum(u32)",
                    "count_if(flag)").first();
            assertEquals(List.of((long) N, sumI32, sumU64, sumU32, flags),
                    List.of(r.getLong(0), r.getLong(1), r.getDecimal(2), r.getLong(3), r.getLong(4)));
            assertEquals(List.of((long) N, BigDecimal.valueOf(sumI32), sumU64, BigDecimal.valueOf(sumU32), flags),
                    List.of(((Number) d.get(0)).longValue(), decimal(d.get(1)), decimal(d.get(2)), decimal(d.get(3)),
                            ((Number) d.get(4)).longValue()));
        }
        assertTrue(records.stream().anyMatch(r -> r.u64() > Integer.MAX_VALUE), "large uint64 values present");
    }

    @Test
    void wideScalarsUint64BitsAndFloat16() throws Exception {
        List<WideScalars> records = file("wide.sb", WideScalarsStruct.TYPE, 2);
        Path f = dir.resolve("wide.sb");
        assertEquals("struct<full:decimal(20,0),half:float,tag:tinyint,halves:array<float>,fulls:array<decimal(20,0)>>",
                read(f, WideScalars.class, N).schema().simpleString());
        everyValueEqualsJava(f, records, WideScalars.class);
        assertTrue(records.stream().anyMatch(r -> r.full() < 0), "uint64 values above 2^63 present");
        BigDecimal sumFull = unsignedSum(records.stream().map(WideScalars::full).toList());
        double sumHalf = records.stream().mapToDouble(WideScalars::half).sum();
        BigDecimal sumFulls1 = unsignedSum(records.stream().map(r -> r.fulls()[1]).toList());
        for (long split : new long[] {N, 300}) {
            Row r = read(f, WideScalars.class, split).selectExpr("sum(`full`)", "sum(cast(half as double))", "sum(fulls[1])").first();
            assertEquals(sumFull, r.getDecimal(0));
            assertEquals(sumHalf, r.getDouble(1), 1e-9 * Math.max(1, Math.abs(sumHalf)));
            assertEquals(sumFulls1, r.getDecimal(2));
        }
    }

    /** DuckDB 2.0 imports no Arrow half floats ("Unsupported Internal Arrow Type e"): uint64 against it without float16. */
    @Test
    void uint64AboveTwoToTheSixtyThreeEqualsDuckDb() throws Exception {
        List<Counters> records = file("counters.sb", CountersStruct.TYPE, 7);
        Path f = dir.resolve("counters.sb");
        everyValueEqualsJava(f, records, Counters.class);
        assertTrue(records.stream().anyMatch(r -> r.full() < 0), "uint64 values above 2^63 present");
        BigDecimal sumFull = unsignedSum(records.stream().map(Counters::full).toList());
        BigDecimal sumFulls1 = unsignedSum(records.stream().map(r -> r.fulls()[1]).toList());
        BigDecimal sumSmall = unsignedSum(records.stream().map(Counters::small).toList());
        BigDecimal maxFull = new BigDecimal(records.stream().map(r -> new java.math.BigInteger(Long.toUnsignedString(r.full())))
                .max(java.math.BigInteger::compareTo).orElseThrow());
        List<Object> d = DuckDb.query(f, CountersStruct.TYPE,
                "SELECT sum(\"full\"), sum(fulls[2]), sum(small), max(\"full\") FROM t").getFirst();
        assertEquals(List.of(sumFull, sumFulls1, sumSmall, maxFull), d.stream().map(FixturesSparkTest::decimal).toList());
        for (long split : new long[] {N, 300}) {
            Row r = read(f, Counters.class, split).selectExpr("sum(`full`)", "sum(fulls[1])", "sum(small)", "max(`full`)").first();
            assertEquals(List.of(sumFull, sumFulls1, sumSmall, maxFull),
                    List.of(r.getDecimal(0), r.getDecimal(1), r.getDecimal(2), r.getDecimal(3)));
        }
    }

    @Test
    void bigEndianMembers() throws Exception {
        List<BigEndianHeader> records = file("big.sb", BigEndianHeaderStruct.TYPE, 3);
        Path f = dir.resolve("big.sb");
        everyValueEqualsJava(f, records, BigEndianHeader.class);
        long sumMagic = records.stream().mapToLong(BigEndianHeader::magic).sum();
        long sumVersion = records.stream().mapToLong(BigEndianHeader::version).sum();
        long sumLittle = records.stream().mapToLong(BigEndianHeader::littleEndian).sum();
        List<Object> d = DuckDb.query(f, BigEndianHeaderStruct.TYPE,
                "SELECT sum(magic), sum(version), sum(littleEndian) FROM t").getFirst();
        assertEquals(List.of(sumMagic, sumVersion, sumLittle), d.stream().map(o -> ((Number) o).longValue()).toList());
        Row r = read(f, BigEndianHeader.class, 300)
                .selectExpr("sum(cast(magic as bigint))", "sum(version)", "sum(littleEndian)").first();
        assertEquals(List.of(sumMagic, sumVersion, sumLittle), List.of(r.getLong(0), r.getLong(1), r.getLong(2)));
    }

    @Test
    void fixedArrays() throws Exception {
        List<Arrays> records = file("arrays.sb", ArraysStruct.TYPE, 4);
        Path f = dir.resolve("arrays.sb");
        everyValueEqualsJava(f, records, Arrays.class);
        long sumInts2 = records.stream().mapToLong(r -> r.ints()[2]).sum();
        long sumU8s4 = records.stream().mapToLong(r -> r.u8s()[4]).sum();
        long flags1 = records.stream().filter(r -> r.flags()[1]).count();
        List<Object> d = DuckDb.query(f, ArraysStruct.TYPE,
                "SELECT sum(ints[3]), sum(u8s[5]), count(*) FILTER (WHERE flags[2]) FROM t").getFirst();
        assertEquals(List.of(sumInts2, sumU8s4, flags1), d.stream().map(o -> ((Number) o).longValue()).toList());
        Row r = read(f, Arrays.class, 300)
                .selectExpr("sum(cast(ints[2] as bigint))", "sum(u8s[4])", "count_if(flags[1])").first();
        assertEquals(List.of(sumInts2, sumU8s4, flags1), List.of(r.getLong(0), r.getLong(1), r.getLong(2)));
    }

    @Test
    void nestedStructsStructArraysEnumsAndTexts() throws Exception {
        List<Envelope> records = file("envelope.sb", EnvelopeStruct.TYPE, 5);
        Path f = dir.resolve("envelope.sb");
        everyValueEqualsJava(f, records, Envelope.class);
        Map<String, Long> java = records.stream().collect(Collectors.groupingBy(r -> r.tags()[1].color().name(),
                TreeMap::new, Collectors.counting()));
        Map<Long, String> names = new TreeMap<>();
        for (io.structbridge.fixtures.Color c : io.structbridge.fixtures.Color.values()) {
            names.put(switch (c) { case RED -> 1L; case GREEN -> 2L; case BLUE -> 200L; }, c.name()); // @Code values
        }
        Map<String, Long> duck = new TreeMap<>();
        for (List<Object> row : DuckDb.query(f, EnvelopeStruct.TYPE, "SELECT tags[2].color, count(*) FROM t GROUP BY 1")) {
            duck.put(names.get(((Number) row.get(0)).longValue()), ((Number) row.get(1)).longValue());
        }
        assertEquals(java, duck);
        for (long split : new long[] {N, 300}) {
            Map<String, Long> sp = new TreeMap<>();
            for (Row r : read(f, Envelope.class, split).groupBy(org.apache.spark.sql.functions.expr("tags[1].color")).count().collectAsList()) {
                sp.put(r.getString(0), r.getLong(1));
            }
            assertEquals(java, sp);
        }
        double sumVelocity = records.stream().mapToDouble(r -> r.lead().velocity()[2]).sum();
        long latin = records.stream().filter(r -> r.note().latin1().chars().anyMatch(c -> c > 0x7f)).count();
        Row r = read(f, Envelope.class, 300).selectExpr("sum(lead.velocity[2])",
                "count_if(note.latin1 rlike '[\\\\x{80}-\\\\x{ff}]')", "sum(lead.id)").first();
        assertEquals(sumVelocity, r.getDouble(0), 1e-9 * Math.max(1, Math.abs(sumVelocity)));
        assertEquals(latin, r.getLong(1));
        assertTrue(latin > 0, "Latin-1 text with bytes above 0x7F present");
        List<Object> d = DuckDb.query(f, EnvelopeStruct.TYPE, "SELECT sum(lead.velocity[3]), sum(lead.id) FROM t").getFirst();
        assertEquals(((Number) d.get(0)).doubleValue(), r.getDouble(0), 1e-9 * Math.max(1, Math.abs(sumVelocity)));
        assertEquals(records.stream().mapToLong(e -> e.lead().id()).sum(), ((Number) d.get(1)).longValue());
        assertEquals(((Number) d.get(1)).longValue(), r.getLong(2));
    }

    @Test
    void nestedStructArraysAndColumnPruning() throws Exception {
        List<Body> records = file("body.sb", BodyStruct.TYPE, 6);
        Path f = dir.resolve("body.sb");
        everyValueEqualsJava(f, records, Body.class);
        Dataset<Row> pruned = read(f, Body.class, 300).select("corners", "mass");
        List<Row> rows = pruned.collectAsList();
        Function<Body, List<Object>> expected = b -> List.of(Normalized.java(b.corners(), pruned.schema().fields()[0].dataType()),
                b.mass());
        List<List<Object>> java = new ArrayList<>();
        List<List<Object>> sp = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            java.add(expected.apply(records.get(i)));
            sp.add(Normalized.spark(rows.get(i), pruned.schema()));
        }
        assertEquals(java, sp);
        double sumZ = records.stream().mapToDouble(b -> b.corners()[1].z()).sum();
        List<Object> d = DuckDb.query(f, BodyStruct.TYPE, "SELECT sum(corners[2].z), avg(position.x) FROM t").getFirst();
        Row r = read(f, Body.class, 300).selectExpr("sum(corners[1].z)", "avg(position.x)").first();
        assertEquals(sumZ, r.getDouble(0), 1e-6 * Math.max(1, Math.abs(sumZ)));
        assertEquals(((Number) d.get(0)).doubleValue(), r.getDouble(0), 1e-6 * Math.max(1, Math.abs(sumZ)));
        assertEquals(((Number) d.get(1)).doubleValue(), r.getDouble(1), 1e-9);
    }
}

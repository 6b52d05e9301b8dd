package io.structbridge.jackson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.structbridge.jackson.fixtures.Point;
import io.structbridge.jackson.fixtures.PointArray;
import io.structbridge.jackson.fixtures.PointJson;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** readSkipping counts every rejected record and describes at most maxDetails of them, the first ones. */
class BatchDetailsTest {
    private static final JsonMapper CODEC = StrictJson.codecMapper();

    /** 250 lines: every fifth a valid point, the others refused for one reason each that databind also refuses. */
    private static String lines() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 250; i++) {
            b.append(switch (i % 5) {
                case 0 -> "{\"x\":" + i + ",\"y\":1}";
                case 1 -> "{\"x\":1.5,\"y\":1}";
                case 2 -> "{\"x\":1}";
                case 3 -> "{\"x\":1,\"y\":1,\"z\":0}";
                default -> "[1,2]";
            }).append('\n');
        }
        return b.toString();
    }

    private static BatchResult read(String json, PointArray target, int maxDetails) throws Exception {
        try (JsonParser p = CODEC.createParser(json)) {
            return maxDetails < 0 ? PointJson.readSkipping(p, target, 0) : PointJson.readSkipping(p, target, 0, false, maxDetails);
        }
    }

    @Test
    void everyRejectedRecordIsCountedAndTheFirstOnesAreDescribed() throws Exception {
        String json = lines();
        // the oracle: databind refuses exactly the lines that are not i % 5 == 0
        JsonMapper strict = StrictJson.mapper();
        List<Long> refusedByDatabind = LongStream.range(0, 250).filter(i -> {
            try {
                strict.readValue(json.lines().toList().get((int) i), Point.class);
                return false;
            } catch (tools.jackson.core.JacksonException e) {
                return true;
            }
        }).boxed().toList();
        assertEquals(200, refusedByDatabind.size());
        try (Arena arena = Arena.ofConfined()) {
            for (int max : new int[] {-1, 0, 1, 7, 100, 200, 1000}) {
                PointArray target = PointArray.allocate(arena, 51); // a full target stops the batch (checkRoom)
                BatchResult r = read(json, target, max);
                int kept = max < 0 ? BatchResult.DEFAULT_DETAILS : Math.min(max, 200);
                assertEquals(50, r.accepted(), "max " + max);
                assertEquals(200, r.rejectedCount(), "max " + max);
                assertEquals(refusedByDatabind.subList(0, kept), r.rejected().stream().map(BatchResult.Rejected::index).toList());
                assertEquals(kept < 200, r.detailsCapped());
                for (BatchResult.Rejected x : r.rejected()) {
                    assertEquals(x.index() + 1, x.line());
                    assertTrue(x.message().startsWith(x.jsonPath() + " (line " + x.line() + ", column " + x.column() + "): "
                            + x.field() + ": " + x.rule()), x.message());
                }
                assertEquals(strict.readValue(json.lines().filter(l -> l.contains(",\"y\":1}") && !l.contains("1.5")).toList().toString(),
                        new TypeReference<List<Point>>() {}), target.slice(0, 50).toList());
            }
            PointArray target = PointArray.allocate(arena, 50);
            assertThrows(IllegalArgumentException.class, () -> {
                try (JsonParser p = CODEC.createParser(json)) {
                    PointJson.readSkipping(p, target, 0, false, -1);
                }
            });
        }
    }
}

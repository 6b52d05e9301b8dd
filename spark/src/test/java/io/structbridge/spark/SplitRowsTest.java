package io.structbridge.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The default split size, as Spark's own file sources cut files ({@code FilePartition.maxSplitBytes}: at most
 * {@code maxPartitionBytes} = 128 MiB, at least {@code openCostInBytes} = 4 MiB, else an even share over the cores).
 */
class SplitRowsTest {
    static ReadOptions options(Map<String, String> more) {
        Map<String, String> o = new java.util.HashMap<>(Map.of("path", "/tmp/x.sb", "type", "x.Y"));
        o.putAll(more);
        return ReadOptions.from(o);
    }

    @Test
    void aFileUnder128MiBPerCoreIsSharedOverTheCores() {
        // 1,000,000 structs of 88 bytes (84 MiB): one split of 128 MiB would leave one of 2 cores idle
        assertEquals(500_000, options(Map.of()).splitRows(88, 1_000_000, 2));
        assertEquals(125_000, options(Map.of()).splitRows(88, 1_000_000, 8));
    }

    @Test
    void splitsHoldAtMost128MiBAndAtLeast4MiB() {
        assertEquals((128L << 20) / 88, options(Map.of()).splitRows(88, 10_000_000, 2));
        assertEquals((4L << 20) / 88, options(Map.of()).splitRows(88, 1_000, 2)); // a small file stays one split
    }

    @Test
    void theOptionWins() {
        assertEquals(2900, options(Map.of("rowsPerSplit", "2900")).splitRows(88, 1_000_000, 2));
    }
}

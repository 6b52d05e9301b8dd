package io.structbridge.benchmarks;

import io.structbridge.annotations.Struct;

/**
 * A trade with six numeric members, for {@code DuckDbBenchmark}'s queries over 2 of 6 columns. Natural C
 * layout: {@code int64_t id; int64_t timestamp; double price; float qty; int32_t account; int16_t venue;}
 * (size 40, alignment 8).
 *
 * @param id trade id, the row number
 * @param timestamp nanoseconds since the epoch, rising with the id
 * @param price trade price
 * @param qty traded quantity
 * @param account account number, 0..100,002, scattered over the rows (no sorted runs for Parquet's statistics)
 * @param venue venue code 0..63
 */
@Struct
public record Trade(long id, long timestamp, double price, float qty, int account, short venue) {
    /** {@return trade {@code i} of the benchmark data} */
    static Trade of(long i) {
        return new Trade(i, 1_700_000_000_000_000_000L + i * 1_000L, 100.0 + (i % 1000) * 0.25, (i % 500) + 0.5f,
                (int) ((i * 7_919L) % 100_003L), (short) (i % 64));
    }
}
